"""Hostile-input fuzzer: ``python3 -m kassen fuzz [--game G] [--seconds S] [--seed N] [--json]``.

Every case goes through exactly the path the page (or the command line) takes with that kind
of input, and the outcome is judged by oracles that do not trust the code under test:

- ``link``: an address opened at start-up (routing, then the controller's link opening, as the
  page's boot does; sometimes as an embed), then what the page does with what it opened: draw the
  screen, Copy link, play on, reload;
- ``save``: a save file imported while another game is saved, then the page reloaded;
- ``slot``: localStorage holding a damaged current slot (or index) next to a good game, resumed at
  page load;
- ``scenario``: a scenario file loaded, then a game set up, drawn and played a little on it;
- ``show``: ``python3 -m kassen show LINK [--frame N]`` and ``render``;
- ``action``: action texts applied to real positions (as a save's record is replayed).

Cases are hostile variants of real artefacts (links, views, saves, slots and scenario files made
from seeded games), re-encoded with a valid checksum: type confusion, huge numbers, deep nesting,
lone surrogates, huge strings and keys, markup, special floats, values borrowed from elsewhere in
the same document, derived fields that no longer follow from the rest (outcome, player to move,
combat totals, anonymous numbering), missing and renamed fields; and some made from scratch.

A finding is one of the classes in ``CLASSES``. The closing line gives the cases tried per input
kind and the findings per class. Standard library only; runs under CPython.
"""
from __future__ import annotations

import io
import json
import random
import signal
import sys
import tempfile
import time
import traceback
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Optional

from .app.controller import Controller, outcome_text
from .app.routing import route
from .app.storage import INDEX_KEY, SLOT_PREFIX, MemoryStore, Saves
from .engine import codec
from .engine.actions import Action
from .engine.errors import IllegalAction, KassenError, ScenarioError
from .engine.history import History
from .engine.play import sample_chance
from .engine.rules import GameRules
from .engine.scenario import load_scenario_file
from .engine.state import CHANCE, TERMINAL, State, clone
from .games import load_rules, rules_for, scenario_ids

KINDS = ("link", "save", "slot", "scenario", "show", "action")

#: finding classes (issue 7 section 2), in the order the report lists them
CLASSES = {
    "crash": "an exception escapes where the page or command expects a refusal (the page stops, or a "
             "button fails)",
    "derived-fields": "a spectator view whose player to move or outcome does not follow from the position "
                      "is accepted",
    "inconsistent-record": "a position whose records contradict each other (combat totals, anonymous numbering) "
                           "is accepted",
    "surrogate": "text that cannot be encoded (a lone surrogate) is accepted, then breaks Copy link or show",
    "bad-slot": "a save or slot breaks later page loads, or the other saved games, or localStorage changes",
    "scenario-late": "a scenario file passes the loader, then the game on it crashes, starts in an impossible "
                     "position, or cannot open its own links",
    "scenario-path": "a scenario error inside the file points at $ instead of the JSON path",
    "long-message": "a message repeats hostile input at full length",
    "illegal-action": "apply accepts an action legal_actions never offers",
    "frame-range": "show --frame out of range is not refused",
    "markup": "text from the input reaches the page's markup unescaped",
    "hang": "a case takes longer than the time allowed",
}

MESSAGE_CAP = 600  # no message may be longer (hostile input is quoted in part, never whole)
SCREEN_TEXT_CAP = 4000  # nor any other line on the screen (a log line from a save, say)
CASE_SECONDS = 10.0
MARK = "<i data-kassen-markup>"
_MARKUP_VALUES = (MARK, '"><i data-kassen-markup x="', "</text>" + MARK, "&amp;" + MARK)


class Raw(str):
    """JSON text put verbatim into a document (numbers and nesting Python cannot produce)."""


class _Timeout(BaseException):
    """Raised by the alarm; a BaseException so no ``except Exception`` under test swallows it."""


@dataclass
class Finding:
    kind: str
    cls: str
    game: str
    strategy: str
    detail: str
    case: int = -1  # replay with Fuzzer(seed, [game]).replay(kind, case)


@dataclass
class Report:
    seed: int
    seconds: float = 0.0
    cases: dict[str, int] = field(default_factory=lambda: {k: 0 for k in KINDS})
    refused: dict[str, int] = field(default_factory=lambda: {k: 0 for k in KINDS})
    findings: dict[str, int] = field(default_factory=dict)
    examples: dict[str, Finding] = field(default_factory=dict)
    by_kind: dict[str, dict[str, int]] = field(default_factory=dict)
    by_game: dict[str, dict[str, int]] = field(default_factory=dict)
    samples: dict[str, list[Finding]] = field(default_factory=dict)

    def add(self, f: Finding) -> None:
        self.findings[f.cls] = self.findings.get(f.cls, 0) + 1
        self.examples.setdefault(f.cls, f)
        per = self.by_kind.setdefault(f.kind, {})
        per[f.cls] = per.get(f.cls, 0) + 1
        per = self.by_game.setdefault(f.game, {})
        per[f.cls] = per.get(f.cls, 0) + 1
        bucket = self.samples.setdefault(f"{f.cls} {f.kind} {f.game}", [])
        if len(bucket) < 3:
            bucket.append(f)

    def closing_line(self) -> str:
        cases = ", ".join(f"{k} {self.cases[k]}" for k in KINDS if self.cases[k])
        total = sum(self.cases.values())
        if self.findings:
            found = ", ".join(f"{c} {n}" for c, n in sorted(self.findings.items(), key=lambda kv: list(CLASSES).index(
                kv[0])))
        else:
            found = "none"
        return f"fuzz: seed {self.seed}, {self.seconds:.1f} s, {total} cases ({cases}); findings: {found}"

    def as_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "seconds": round(self.seconds, 2), "cases": self.cases, "refused": self.refused,
                "findings": self.findings, "findings_by_kind": self.by_kind, "findings_by_game": self.by_game,
                "examples": {c: f.__dict__ for c, f in self.examples.items()},
                "samples": {k: [f.__dict__ for f in v] for k, v in self.samples.items()}}


# -- JSON text with raw parts ----------------------------------------------------------------------
def dump(obj: Any) -> str:
    """JSON text of ``obj`` (ASCII, so lone surrogates survive as escapes); ``Raw`` goes in verbatim."""
    if isinstance(obj, Raw):
        return str(obj)
    if isinstance(obj, dict):
        return "{" + ",".join(json.dumps(str(k)) + ":" + dump(v) for k, v in obj.items()) + "}"
    if isinstance(obj, list):
        return "[" + ",".join(dump(v) for v in obj) + "]"
    if isinstance(obj, float) and obj != obj:
        return "NaN"
    return json.dumps(obj)


def link_of(kind: str, scenario: str, obj: Any) -> str:
    """A link with a valid checksum over any JSON text."""
    return f"k{codec.VERSION}.{kind}.{scenario}.{codec.compress_raw(dump(obj).encode('utf-8'))}"


# -- mutations ---------------------------------------------------------------------------------------
Path_ = tuple[Any, ...]


def _paths(obj: Any, limit: int = 4000) -> list[Path_]:
    """Paths to every node (breadth first, at most ``limit``)."""
    out: list[Path_] = [()]
    queue: list[tuple[Path_, Any]] = [((), obj)]
    while queue and len(out) < limit:
        path, node = queue.pop(0)
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for k, v in items:
            out.append(path + (k,))
            queue.append((path + (k,), v))
    return out


def _get(obj: Any, path: Path_) -> Any:
    for k in path:
        obj = obj[k]
    return obj


def _set(obj: Any, path: Path_, value: Any) -> Any:
    if not path:
        return value
    _get(obj, path[:-1])[path[-1]] = value
    return obj


def _leaves(obj: Any) -> list[Any]:
    return [v for v in (_get(obj, p) for p in _paths(obj)) if not isinstance(v, (dict, list))]


def _junk(rnd: random.Random, depth: int = 0) -> Any:
    """A random JSON value (from scratch)."""
    pick = rnd.randrange(10 if depth < 3 else 7)
    if pick == 0:
        return None
    if pick == 1:
        return rnd.choice([True, False])
    if pick == 2:
        return rnd.choice([0, -1, 1, 2, 7, 255, 2 ** 31, 2 ** 63, 2 ** 64, -(2 ** 63)])
    if pick == 3:
        return rnd.choice([0.5, -0.0, 1e308, float("nan"), 3.0])
    if pick in (4, 5):
        return rnd.choice(["", "x", "0101", "1A1", "chance", "terminal", "over", "?uesugi-1", "\ud800", MARK,
                           "é" * 3, "a b", "=5", "@0101"])
    if pick == 6:
        return Raw(rnd.choice(["1" + "0" * 5000, "-" + "9" * 4400, "1e999", "Infinity", "-Infinity", "NaN"]))
    if pick in (7, 8):
        return [_junk(rnd, depth + 1) for _ in range(rnd.randrange(4))]
    return {rnd.choice(["a", "at", "units", "x", "", "phase"]): _junk(rnd, depth + 1) for _ in range(rnd.randrange(4))}


def _type_confused(value: Any, rnd: random.Random) -> Any:
    options: list[Any] = [None, True, 0, -1, 1.5, "", "0", [], {}, [value], {"v": value}]
    if isinstance(value, str):
        options += [len(value), value.upper(), value + "x", value[:-1]]
    if isinstance(value, bool):
        options += [int(value), str(value).lower()]
    elif isinstance(value, int):
        options += [str(value), float(value), value + 1, value - 1, -value, 0, 2 ** 63, 2 ** 64, 10 ** 30]
    return rnd.choice([o for o in options if o != value or type(o) is not type(value)] or options)


def mutate(doc: Any, rnd: random.Random, extra: Optional[Callable[[Any, random.Random], Optional[str]]] = None
           ) -> tuple[Any, str, Path_]:
    """A hostile variant of a JSON document: (new document, strategy name, path changed)."""
    doc = clone(doc)
    paths = _paths(doc)
    if extra is not None and rnd.random() < 0.3:
        name = extra(doc, rnd)
        if name:
            return doc, name, ("?",)
    path = rnd.choice(paths)
    value = _get(doc, path)
    strategy = rnd.choice(["type", "type", "huge-number", "deep", "surrogate", "huge-string", "markup", "float",
                           "drop", "add-key", "huge-key", "borrow", "borrow", "borrow", "tweak", "list", "junk"])
    if strategy == "type":
        doc = _set(doc, path, _type_confused(value, rnd))
    elif strategy == "huge-number":
        doc = _set(doc, path, Raw(rnd.choice(["1" + "0" * rnd.choice([4300, 5000, 20000]), "-" + "9" * 4301,
                                              "1e400", "123456789012345678901234567890"])))
    elif strategy == "deep":
        n = rnd.choice([200, 1000, 5000, 100000])
        doc = _set(doc, path, Raw(rnd.choice(["[" * n + "]" * n, '{"a":' * n + "1" + "}" * n])))
    elif strategy == "surrogate":
        s = rnd.choice(["\ud800", "\udfff", "x\udc00y"])
        doc = _set(doc, path, (value + s) if isinstance(value, str) else s)
    elif strategy == "huge-string":
        doc = _set(doc, path, rnd.choice(["x", "0101 ", "é", "\u202e"]) * rnd.choice([1000, 100000]))
    elif strategy == "markup":
        doc = _set(doc, path, rnd.choice(_MARKUP_VALUES) if not isinstance(value, str) else
                   value + rnd.choice(_MARKUP_VALUES))
    elif strategy == "float":
        doc = _set(doc, path, rnd.choice([Raw("NaN"), Raw("Infinity"), Raw("-Infinity"), 1e308, -0.0, 0.5,
                                          float(value) if isinstance(value, int) and not isinstance(value, bool)
                                          and abs(value) < 2 ** 53 else 2.5]))
    elif strategy == "drop" and path:
        parent = _get(doc, path[:-1])
        if isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent.pop(path[-1])
    elif strategy in ("add-key", "huge-key") and isinstance(value, dict):
        key = "k" * 100000 if strategy == "huge-key" else rnd.choice(["extra", "", "\ud800", MARK, "__proto__"])
        value[key] = _junk(rnd)
    elif strategy == "borrow":
        same = [v for v in _leaves(doc) if type(v) is type(value) and v != value] if not isinstance(
            value, (dict, list)) else []
        doc = _set(doc, path, rnd.choice(same) if same else _junk(rnd))
    elif strategy == "tweak" and isinstance(value, int) and not isinstance(value, bool):
        doc = _set(doc, path, value + rnd.choice([-2, -1, 1, 2, 10, -value - 1]))
    elif strategy == "list" and isinstance(value, list):
        op = rnd.randrange(4)
        if op == 0:
            value.clear()
        elif op == 1 and value:
            value.append(clone(rnd.choice(value)))
        elif op == 2 and value:
            value.pop(rnd.randrange(len(value)))
        else:
            value.reverse()
    else:
        strategy = "junk"
        doc = _set(doc, path, _junk(rnd))
    return doc, strategy, path


# -- what a real game gives us to mutate -------------------------------------------------------------
@dataclass
class Material:
    """Real artefacts of one scenario, made from seeded random games."""

    scenario: str
    rules: GameRules
    states: list[State]
    views: list[dict[str, Any]]
    frames: list[list[dict[str, Any]]]
    saves: list[dict[str, Any]]
    scenario_data: dict[str, Any]
    scenario_file: Path
    outcomes: list[Any]


def _walk(rules: GameRules, seed: int, rnd: random.Random, limit: int = 3000) -> History:
    h = History.new(rules, seed)
    while rules.current_player(h.state) != TERMINAL and len(h.record) < limit:
        state = h.state
        if rules.current_player(state) == CHANCE:
            h.play(sample_chance(rules, state))
        else:
            legal = list(rules.legal_actions(state))
            attacks = [a for a in legal if a.verb == "attack"]
            h.play(rnd.choice(attacks) if attacks and rnd.random() < 0.3 else rnd.choice(legal))
    return h


def material(scenario: str, seed: int) -> Material:
    rules = load_rules(scenario)
    rnd = random.Random(f"fuzz-material:{scenario}:{seed}")
    states: list[State] = []
    saves: list[dict[str, Any]] = []
    frames: list[list[dict[str, Any]]] = []
    for g in range(3):
        h = _walk(rules, seed * 100 + g, rnd)
        # replay the record to collect states at every step
        state = h.initial
        all_states = [state]
        for text in h.record:
            state, _ = rules.apply(state, text)
            all_states.append(state)
        states += rnd.sample(all_states, min(25, len(all_states)))
        states.append(all_states[-1])
        # saves of short games (the page replays a save's record for the embed: keep cases quick)
        cut = rnd.randrange(1, min(len(h.record), 150))
        partial = History(rules, h.initial, h.seed)
        for text in h.record[:cut]:
            partial.play(text)
        saves.append(partial.to_json())
        if len(h.record) <= 250:
            saves.append(h.to_json())
        views = [rules.view_for(s, None) for s in all_states[:cut:max(1, cut // 12)]]
        frames.append(views[:12])
    views = [rules.view_for(s, rnd.choice([None, None, *rules.sides])) for s in states]
    path = rules.scenario.file
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    outcomes = [rules.outcome(s) for s in states if rules.current_player(s) == TERMINAL]
    return Material(scenario, rules, states, views, frames, saves, data, Path(path), outcomes)


# -- oracles that do not trust the code under test ---------------------------------------------------
def consistency_problems(rules: GameRules, obj: dict[str, Any], view: bool) -> list[str]:
    """What no real position can have, checked independently of the game's own validation."""
    out: list[str] = []
    game = rules.game
    if view:
        try:
            to_move = rules.current_player(obj)
        except Exception:  # noqa: BLE001 - the view is too odd to judge here; other oracles see it
            to_move = None
        if to_move is not None and obj.get("to_move") != to_move:
            out.append(f"derived-fields: to_move {obj.get('to_move')!r} but the position says {to_move!r}")
        try:
            real = rules.outcome(obj)
        except Exception:  # noqa: BLE001
            real = "?"
        got = obj.get("outcome")
        if real != "?":
            if (real is None) != (got is None):
                out.append(f"derived-fields: outcome {_short(got)} over a position whose outcome is {_short(real)}")
            elif real is not None and isinstance(got, dict) and (
                    got.get("winner") != real.get("winner") or got.get("level") != real.get("level")):
                out.append(f"derived-fields: outcome {_short(got)} but the position gives {_short(real)}")
    if game == "mukden":
        out += _mukden_record(rules, obj)
    if game == "kawanakajima" and view:
        out += _kawanakajima_numbering(obj)
    return out


def _mukden_record(rules: Any, s: dict[str, Any]) -> list[str]:
    from .games.mukden import combat as cb

    fight = s.get("combat")
    if not isinstance(fight, dict) or fight.get("defender_call") is None:
        return []
    m = rules.map
    try:
        side = m.side_of[fight["attacker"]]
        mods = cb.modifiers(m, side, fight["attacker_at"], fight["defender_at"])
        attack = cb.modified_call(fight["attacker_call"], mods, rules.floor(s))
        abonus, dbonus = cb.die_bonus(attack, fight["defender_call"], m.die_bonus_cap)
    except Exception:  # noqa: BLE001
        return []
    out = []
    got = (fight.get("modified_call"), fight.get("attacker_bonus"), fight.get("defender_bonus"))
    if got != (attack, abonus, dbonus):
        out.append(f"inconsistent-record: attack {got[0]} (+{got[1]}/+{got[2]}) does not follow from the calls "
                   f"(attack {attack}, +{abonus}/+{dbonus})")
    elif fight.get("defender_die") is not None and fight.get("attacker_die") is not None:
        losses = cb.losses(fight["attacker_die"] + abonus, fight["defender_die"] + dbonus)
        if (fight.get("attacker_loss"), fight.get("defender_loss")) != tuple(losses):
            out.append(f"inconsistent-record: losses {fight.get('attacker_loss')}/{fight.get('defender_loss')} do not "
                       f"follow from the dice ({losses[0]}/{losses[1]})")
    return out


def _kawanakajima_numbering(v: dict[str, Any]) -> list[str]:
    units = v.get("units")
    if not isinstance(units, dict):
        return []
    per_side: dict[str, list[tuple[int, tuple[Any, ...]]]] = {}
    for key, u in units.items():
        if isinstance(key, str) and key.startswith("?") and "-" in key and isinstance(u, dict):
            side, _, n = key[1:].rpartition("-")
            if n.isdigit() and len(n) < 6:
                per_side.setdefault(side, []).append(
                    (int(n), (str(u.get("at")), bool(u.get("move_marker")), bool(u.get("retreat_marker")))))
    for side, items in per_side.items():
        keys = [k for _, k in sorted(items)]
        if keys != sorted(keys):
            return [f"inconsistent-record: anonymous {side} units are not numbered by cell"]
    return []


def _err(exc: BaseException) -> str:
    """An exception in a finding: its type, its message shortened, and where it was raised."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    where = ""
    if tb is not None:
        code = tb.tb_frame.f_code
        where = f" [{Path(code.co_filename).name}:{tb.tb_lineno} in {code.co_name}]"
    return f"{type(exc).__name__}: {_short(str(exc))}{where}"


def _short(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def _long_messages(texts: list[str]) -> list[str]:
    return [f"long-message: a message of {len(t)} characters" for t in texts if isinstance(t, str) and
            len(t) > MESSAGE_CAP]


def _encodable(texts: list[str]) -> list[str]:
    out = []
    for t in texts:
        try:
            t.encode("utf-8")
        except UnicodeEncodeError:
            out.append("surrogate: the page would show text that cannot be encoded")
            break
    return out


# -- the page, as kassen.ui.app drives it --------------------------------------------------------------
def _follow(c: Controller, search: str, fragment: str, saves: Saves, seed: int) -> Optional[str]:
    """The page's start-up (kassen.ui.app.App.follow calls the same Controller.follow)."""
    return c.follow(route(search, fragment, saves.current() is not None, scenario_ids()), seed)


def _page(store: MemoryStore) -> tuple[Controller, Saves]:
    saves = Saves(store)
    counter = iter(range(1, 10 ** 6))
    c = Controller(load_rules, saves, new_slot_id=lambda: f"f{next(counter)}", clock=lambda: "2026-11-01T00:00:00Z")
    return c, saves


def _screen_texts(c: Controller) -> tuple[Any, list[str]]:
    scr = c.screen()
    texts = [scr.title, scr.prompt, scr.to_move_name, scr.cover_text, scr.outcome or "", *scr.notices, *scr.log,
             *(b.label for b in scr.buttons + scr.chooser), *(f"{a} {b}" for a, b in scr.status)]
    if c.view():
        for uid in list((c.view() or {}).get("units", {}))[:40]:
            texts += c.unit_details(uid)
    return scr, [t for t in texts if isinstance(t, str)]


def exercise(c: Controller, problems: list[str], stage: str, play: bool = True) -> None:
    """What a player may do with what is on the screen: look, hover, Copy link, play, undo, embed."""
    scr, texts = _screen_texts(c)
    problems += _long_messages(scr.notices)
    problems += [f"long-message: a line of {len(t)} characters on the screen" for t in texts
                 if len(t) > SCREEN_TEXT_CAP][:1]
    problems += _encodable(texts)
    if MARK in scr.svg:
        problems.append(f"markup: input markup in the map's SVG ({stage})")
    if c.rules is None or c.mode == "menu":
        return
    try:
        c.spectator_link()
    except UnicodeEncodeError:
        problems.append(f"surrogate: Copy link fails ({stage})")
    if c.mode in ("spectate", "replay"):
        c.step_frame(-1)
        c.screen()
        return
    c.play_link()
    c.export_save()
    c.embed_link()
    if play:
        c.reveal()
        legal = c.legal()
        if legal:
            c.perform(legal[0])
            c.screen()
            c.reveal()
            if c.history is not None and c.history.can_undo():
                c.undo()
                c.redo()
                c.screen()


# -- the cases ------------------------------------------------------------------------------------------
class Fuzzer:
    def __init__(self, seed: int = 1, games: Optional[list[str]] = None) -> None:
        self.seed = seed
        self.rnd = random.Random(f"fuzz:{seed}")
        self.games = games or [g for g in ("mukden", "ikedaya", "kawanakajima") if g in scenario_ids()]
        self.material = {g: material(g, seed) for g in self.games}
        self.report = Report(seed)
        self._tmp = Path(".")  # a fresh temporary directory for each run()
        self._stores: dict[tuple[str, int], tuple[dict[str, str], str]] = {}

    # each case returns (strategy, problems, refused)
    def run(self, seconds: float = 60.0, cases: Optional[int | dict[str, int]] = None,
            kinds: Optional[list[str]] = None) -> Report:
        """Cases of every input kind, for a share of ``seconds`` each, or exactly ``cases`` of each
        kind (a number, or one per kind: the CI test runs a fixed set)."""
        start = time.perf_counter()
        handlers = {"link": self.case_link, "save": self.case_save, "slot": self.case_slot,
                    "scenario": self.case_scenario, "show": self.case_show, "action": self.case_action}
        # time shares: scenario and save cases are slower, so they get a larger share of the clock
        weights = {"link": 1.0, "save": 1.0, "slot": 0.8, "scenario": 1.4, "show": 0.6, "action": 0.3}
        kinds = list(kinds or KINDS)
        total_w = sum(weights[k] for k in kinds)
        old = sys.getrecursionlimit()
        tmp = tempfile.TemporaryDirectory(prefix="kassen-fuzz-")
        self._tmp = Path(tmp.name)
        try:
            for kind in kinds:
                budget = seconds * weights[kind] / total_w
                quota = cases.get(kind, 0) if isinstance(cases, dict) else cases
                t0 = time.perf_counter()
                n = 0
                while (quota is None and time.perf_counter() - t0 < budget) or (quota is not None and n < quota):
                    game = self.games[n % len(self.games)]
                    self._one(kind, game, handlers[kind])
                    n += 1
        finally:
            sys.setrecursionlimit(old)
            tmp.cleanup()
        self.report.seconds = time.perf_counter() - start
        return self.report

    def replay(self, kind: str, case: int) -> tuple[str, list[str], bool]:
        """Run case number ``case`` of ``kind`` again (a Finding's ``case``; make the Fuzzer with
        the finding's seed and ``games=[its game]``): (strategy, problems, refused)."""
        handler = getattr(self, f"case_{kind}")
        with tempfile.TemporaryDirectory(prefix="kassen-fuzz-") as tmp:
            self._tmp = Path(tmp)
            return handler(self.games[0], random.Random(f"{self.seed}:{kind}:{case}"))

    def _one(self, kind: str, game: str, handler: Callable[[str, random.Random], tuple[str, list[str], bool]]) -> None:
        case = self.report.cases[kind]
        rnd = random.Random(f"{self.seed}:{kind}:{case}")
        self.report.cases[kind] += 1
        strategy = "?"
        try:
            with _deadline(CASE_SECONDS):
                strategy, problems, refused = handler(game, rnd)
        except _Timeout:
            self.report.add(Finding(kind, "hang", game, strategy, f"more than {CASE_SECONDS} s"))
            return
        except Exception as exc:  # noqa: BLE001 - the harness itself must not stop the run
            self.report.add(Finding(kind, "crash", game, strategy, f"fuzzer error {_err(exc)}"))
            return
        if refused:
            self.report.refused[kind] += 1
        seen = set()
        for p in problems:
            cls, _, detail = p.partition(": ")
            if cls not in CLASSES:
                cls, detail = "crash", p
            if cls in seen:
                continue
            seen.add(cls)
            self.report.add(Finding(kind, cls, game, strategy, detail, case))

    # -- links -------------------------------------------------------------------------------------------
    def _hostile_link(self, game: str, rnd: random.Random) -> tuple[str, str, Any]:
        """(fragment, strategy, the JSON sent or None)."""
        m = self.material[game]
        r = rnd.random()
        if r < 0.08:  # text-level damage of a real link
            base = codec.encode(m.rules, "v", rnd.choice(m.views))
            op = rnd.randrange(6)
            if op == 0:
                return "k" + "9" * rnd.choice([30, 5000]) + base[2:], "text-version", None
            if op == 1:
                return base[: rnd.randrange(len(base))], "text-truncate", None
            if op == 2:
                i = rnd.randrange(len(base))
                return base[:i] + rnd.choice("A_-z9.#%\u00e9 ") + base[i + 1:], "text-flip", None
            if op == 3:
                return base.replace(f".{game}.", "." + "x" * rnd.choice([10, 100000]) + "."), "text-scenario", None
            if op == 4:
                return base + "." + "A" * rnd.choice([10, 200000]), "text-tail", None
            return rnd.choice(["k1.", "k1.v", "#", "k0.v.mukden.AAAA", "k1.q.mukden.AAAA", "x" * 50000]), "text", None
        if r < 0.13:  # from scratch, with a valid checksum
            kind = rnd.choice("pvf")
            obj = _junk(rnd)
            return link_of(kind, game, obj), "scratch", obj
        kind = rnd.choice("ppvvf")
        if kind == "p":
            doc = m.rules.pack(rnd.choice(m.states))
            extra = _state_derived(m.rules)
        elif kind == "v":
            doc = m.rules.pack(rnd.choice(m.views))
            extra = _view_derived(m.rules, m.outcomes)
        else:
            doc = [m.rules.pack(v) for v in rnd.choice(m.frames)]
            extra = None
        doc, strategy, _ = mutate(doc, rnd, extra)
        return link_of(kind, game, doc), f"{kind}:{strategy}", doc

    def case_link(self, game: str, rnd: random.Random) -> tuple[str, list[str], bool]:
        fragment, strategy, _ = self._hostile_link(game, rnd)
        embed = rnd.random() < 0.2
        problems: list[str] = []
        store, good = self._store_with_a_game(game, rnd)
        before = dict(store.data)
        c, saves = _page(store)
        search = "?embed=1" if embed else ""
        is_link = route(search, "#" + fragment, True, scenario_ids()).kind == "link"
        try:
            opened = _follow(c, search, "#" + fragment, saves, seed=7)
        except Exception as exc:  # noqa: BLE001
            return strategy, [f"crash: {_err(exc)} at start-up"], False
        refused = is_link and opened is None
        try:
            if refused:
                problems += _long_messages([c.message or ""])
                if not c.message:
                    problems.append("crash: a refused link shows no message")
                if store.data != before:
                    problems.append("bad-slot: a refused link changed localStorage")
            else:
                for v in (c.frames if c.mode in ("spectate", "replay") else []):
                    problems += consistency_problems(c.rules, v, view=True)  # type: ignore[arg-type]
                if c.history is not None:
                    problems += consistency_problems(c.rules, c.history.state, view=False)  # type: ignore[arg-type]
                exercise(c, problems, "after opening a link")
                problems += self._reload_checks(store, good, c)
        except Exception as exc:  # noqa: BLE001
            problems.append(f"crash: {_err(exc)} after opening the link")
        return strategy, problems, refused

    def _store_with_a_game(self, game: str, rnd: random.Random) -> tuple[MemoryStore, str]:
        """localStorage holding one good saved game (current), as a page leaves it."""
        m = self.material[game]
        i = rnd.randrange(len(m.saves))
        key = (game, i)
        if key not in self._stores:
            store = MemoryStore()
            c, _ = _page(store)
            c.import_save(json.dumps(m.saves[i]))
            self._stores[key] = (dict(store.data), c.slot or "")
        data, slot = self._stores[key]
        store = MemoryStore()
        store.data = dict(data)
        return store, slot

    def _reload_checks(self, store: MemoryStore, good: str, c_before: Controller) -> list[str]:
        """A later page load: it must start, resume or show the menu, and the good game must open."""
        problems: list[str] = []
        c, saves = _page(store)
        try:
            _follow(c, "", "", saves, seed=9)
            exercise(c, problems, "after a reload", play=False)
        except Exception as exc:  # noqa: BLE001
            return [f"bad-slot: the next page load fails ({_err(exc)})"]
        if c_before.history is not None and c_before.slot and c.slot != c_before.slot:
            if c_before.slot in {s.id for s in saves.slots()}:
                problems.append("bad-slot: a game the page saved does not resume at the next load"
                                f" ({_short(c.message)})")
        try:
            if good and good in {s.id for s in saves.slots()} and not c.resume_slot(good):
                problems.append(f"bad-slot: the other saved game no longer opens ({_short(c.message)})")
        except Exception as exc:  # noqa: BLE001
            problems.append(f"bad-slot: the other saved game no longer opens ({_err(exc)})")
        return problems

    # -- save files -----------------------------------------------------------------------------------------
    def case_save(self, game: str, rnd: random.Random) -> tuple[str, list[str], bool]:
        m = self.material[game]
        save = clone(rnd.choice(m.saves))
        r = rnd.random()
        if r < 0.05:
            text, strategy = rnd.choice(["", "null", "[]", "{}", "{\"format\":\"kassen-save\"}", "x" * 100000,
                                         "[" * 100000]), "scratch"
        elif r < 0.45:
            doc, strategy, _ = mutate(save, rnd, _save_targeted(m.rules))
            text = dump(doc)
        else:
            # damage where saves are weakest: the record, redo, log, preface, undo depth
            key = rnd.choice(["record", "redo", "log", "preface", "undo", "seed", "options", "version", "scenario"])
            sub = save.get(key)
            if isinstance(sub, (list, dict)) and sub:
                new, strategy, _ = mutate(sub, rnd, _record_targeted(m.rules) if key in ("record", "redo") else None)
                save[key] = new
            else:
                save[key] = _type_confused(sub, rnd)
                strategy = "type"
            strategy = f"{key}:{strategy}"
            text = dump(save)
        store, good = self._store_with_a_game(game, rnd)
        c, saves = _page(store)
        problems: list[str] = []
        try:
            _follow(c, "", "", saves, seed=3)
        except Exception as exc:  # noqa: BLE001
            return strategy, [f"crash: {_err(exc)} resuming a good game"], False
        before = dict(store.data)
        try:
            c.import_save(text)
        except KassenError as exc:
            problems += _long_messages([f"The file cannot be imported: {exc}"])
            if store.data != before:
                problems.append("bad-slot: a refused save changed localStorage")
            return strategy, problems, True
        except Exception as exc:  # noqa: BLE001
            return strategy, [f"crash: {_err(exc)} importing a save"], False
        try:
            problems += consistency_problems(c.rules, c.history.state, view=False)  # type: ignore[union-attr,arg-type]
            exercise(c, problems, "after importing a save")
        except Exception as exc:  # noqa: BLE001
            problems.append(f"bad-slot: {_err(exc)} playing an imported save")
        problems += self._reload_checks(store, good, c)
        return strategy, problems, False

    # -- localStorage --------------------------------------------------------------------------------------
    def case_slot(self, game: str, rnd: random.Random) -> tuple[str, list[str], bool]:
        m = self.material[game]
        store, good = self._store_with_a_game(game, rnd)
        bad = "bad1"
        save = clone(rnd.choice(m.saves))
        r = rnd.random()
        if r < 0.15:  # a damaged index
            idx = json.loads(store.data[INDEX_KEY])
            idx["slots"].insert(0, {"id": bad, "scenario": game, "title": "t", "updated": "", "summary": ""})
            idx["current"] = bad
            doc, strategy, _ = mutate(idx, rnd)
            store.data[INDEX_KEY] = dump(doc)
            store.data[SLOT_PREFIX + bad] = json.dumps(save)
            strategy = "index:" + strategy
        else:
            if r < 0.2:
                text, strategy = rnd.choice(["", "null", "{", "[" * 50000, "x" * 1000]), "scratch"
            elif r < 0.6:
                doc, strategy, _ = mutate(save, rnd, _save_targeted(m.rules))
                text = dump(doc)
            else:
                key = rnd.choice(["record", "redo", "log", "preface", "undo", "base", "initial"])
                sub = save.get(key)
                if isinstance(sub, (list, dict)) and sub:
                    save[key], strategy, _ = mutate(sub, rnd, _record_targeted(m.rules) if key in (
                        "record", "redo") else None)
                else:
                    save[key], strategy = _type_confused(sub, rnd), "type"
                strategy = f"{key}:{strategy}"
                text = dump(save)
            idx = json.loads(store.data[INDEX_KEY])
            idx["slots"].insert(0, {"id": bad, "scenario": game, "title": "Bad", "updated": "", "summary": "s"})
            idx["current"] = bad
            store.data[INDEX_KEY] = json.dumps(idx)
            store.data[SLOT_PREFIX + bad] = text
        before = dict(store.data)
        c, saves = _page(store)
        problems: list[str] = []
        try:
            _follow(c, "", "", saves, seed=5)
        except Exception as exc:  # noqa: BLE001
            return strategy, [f"bad-slot: the page does not start ({_err(exc)})"], False
        refused = c.history is None
        try:
            if refused:
                problems += _long_messages([c.message or ""])
                # only the bad slot may have been set aside; nothing else changes
                changed = {k for k in set(before) | set(store.data) if before.get(k) != store.data.get(k)}
                if changed - {INDEX_KEY, SLOT_PREFIX + bad} and not all(
                        k.startswith("kassen:aside:") for k in changed - {INDEX_KEY, SLOT_PREFIX + bad}):
                    problems.append("bad-slot: resuming a damaged slot changed other entries of localStorage")
                if store.data.get(SLOT_PREFIX + good) != before.get(SLOT_PREFIX + good):
                    problems.append("bad-slot: the good game's slot changed")
                exercise(c, problems, "on the menu after a damaged slot")
            else:
                problems += consistency_problems(c.rules, c.history.state, view=False)  # type: ignore[union-attr,arg-type]
                exercise(c, problems, "after resuming a slot")
        except Exception as exc:  # noqa: BLE001
            problems.append(f"bad-slot: {_err(exc)} after resuming")
        # a second load must work too, and the good game must still open
        problems += self._reload_checks(store, good, c)
        return strategy, problems, refused

    # -- scenario files ------------------------------------------------------------------------------------
    def case_scenario(self, game: str, rnd: random.Random) -> tuple[str, list[str], bool]:
        m = self.material[game]
        stem = m.scenario
        if rnd.random() < 0.02:
            doc, strategy, path = _junk(rnd), "scratch", ()
        else:
            doc, strategy, path = mutate(m.scenario_data, rnd, _scenario_targeted(m))
            if path and path != ("?",):
                strategy += " at " + _jpath(path)
        folder = self._tmp / f"{game}-{self.report.cases['scenario']}" / game
        folder.mkdir(parents=True, exist_ok=True)
        file = folder / f"{stem}.json"
        file.write_text(dump(doc), encoding="utf-8")
        problems: list[str] = []
        schema_dir = m.scenario_file.parent.parent / "schema"
        try:
            sc = load_scenario_file(file, schema_dir)
        except KassenError:
            sc = None
        except Exception as exc:  # noqa: BLE001
            return strategy, [f"crash: {_err(exc)} loading the file"], False
        try:
            if sc is None:
                load_scenario_file(file, schema_dir)
            rules = rules_for(sc)  # type: ignore[arg-type]
        except ScenarioError as exc:
            problems += _long_messages([str(exc)])
            if exc.path == "$" and path and path != ("?",) and isinstance(doc, dict) and not strategy.startswith(
                    "deep"):  # nesting is found in the text, before there are paths: it says line and column
                problems.append(f"scenario-path: {_short(exc.detail)} (the change was at {_jpath(path)})")
            elif exc.path == "$" and path == ("?",):
                problems.append(f"scenario-path: {_short(exc.detail)} (a change inside the file)")
            return strategy, problems, True
        except KassenError as exc:
            return strategy, _long_messages([str(exc)]), True
        except Exception as exc:  # noqa: BLE001
            return strategy, [f"scenario-late: {_err(exc)} building the rules"], False
        try:
            problems += _play_scenario(rules, stem, rnd)
        except _Timeout:
            raise
        except KassenError as exc:
            problems.append(f"scenario-late: the game refuses its own start ({_short(str(exc))})")
        except Exception as exc:  # noqa: BLE001
            problems.append(f"scenario-late: {_err(exc)} playing on the scenario")
        return strategy, problems, False

    # -- show / render -------------------------------------------------------------------------------------
    def case_show(self, game: str, rnd: random.Random) -> tuple[str, list[str], bool]:
        m = self.material[game]
        if rnd.random() < 0.4:
            kind = rnd.choice("pvf")
            obj = (rnd.choice(m.states) if kind == "p" else rnd.choice(m.views) if kind == "v"
                   else rnd.choice(m.frames))
            fragment, strategy = codec.encode(m.rules, kind, obj), f"{kind}:real"
        else:
            fragment, strategy, _ = self._hostile_link(game, rnd)
        argv = ["show", "index.html#" + fragment]
        frame = None
        if rnd.random() < 0.5:
            frame = rnd.choice([0, 1, -1, -2, 5, 11, 12, 13, 10 ** 6, -(10 ** 6)])
            argv += ["--frame", str(frame)]
            strategy += f" --frame {frame}"
        if rnd.random() < 0.25:
            argv = ["render", "index.html#" + fragment, "--out", str(self._tmp / "r.svg")]
            strategy = "render " + strategy
        code, out, err, exc = _run_cli(argv)
        problems: list[str] = []
        if exc is not None:
            return strategy, [f"{'surrogate' if isinstance(exc, UnicodeEncodeError) else 'crash'}: "
                              f"{_err(exc)} in `{argv[0]}`"], False
        problems += _long_messages([err])
        if code == 0 and argv[0] == "show":
            shown = json.loads(out)
            n = shown.get("frames")
            if frame is not None and n is not None and not 0 <= frame < n:
                problems.append(f"frame-range: --frame {frame} of {n} frames was shown")
        elif code != 0 and not err.startswith("kassen: "):
            problems.append(f"crash: `{argv[0]}` failed without a message")
        return strategy, problems, code != 0

    # -- actions -----------------------------------------------------------------------------------------------
    def case_action(self, game: str, rnd: random.Random) -> tuple[str, list[str], bool]:
        m = self.material[game]
        rules = m.rules
        state = rnd.choice(m.states)
        if rules.current_player(state) == TERMINAL:
            state = rnd.choice(m.states)
        texts = _action_variants(rules, state, m, rnd)
        text, strategy = rnd.choice(texts)
        problems: list[str] = []
        try:
            after, _ = rules.apply(state, text)
        except IllegalAction as exc:
            problems += _long_messages([str(exc)])
            return strategy, problems, True
        except KassenError as exc:
            return strategy, _long_messages([str(exc)]), True
        except Exception as exc:  # noqa: BLE001
            return strategy, [f"crash: {_err(exc)} applying {_short(text)}"], False
        player = rules.current_player(state)
        offered = ({a.to_text() for a, _ in rules.chance_outcomes(state)} if player == CHANCE
                   else {a.to_text() for a in rules.legal_actions(state)})
        if text not in offered:
            problems.append(f"illegal-action: {_short(text)} was applied, but legal_actions never offers it")
        return strategy, problems, False


# -- targeted mutations (derived fields and the like) ----------------------------------------------------------
def _view_derived(rules: GameRules, outcomes: list[Any]) -> Callable[[Any, random.Random], Optional[str]]:
    def change(doc: Any, rnd: random.Random) -> Optional[str]:
        if not isinstance(doc, dict):
            return None
        op = rnd.randrange(4)
        if op == 0:
            doc["to_move"] = rnd.choice([*rules.sides, CHANCE, TERMINAL])
            return "to_move"
        if op == 1:
            real = clone(rnd.choice(outcomes)) if outcomes else None
            if isinstance(real, dict) and rnd.random() < 0.3:
                real["reason"] = rnd.choice(["\ud800", "x" * 100000, MARK])
            if isinstance(real, dict) and rnd.random() < 0.3:
                real["winner"] = rnd.choice([*rules.sides, None])
            doc["outcome"] = rnd.choice([
                real, real, real, {"winner": [1], "level": None, "reason": "x"}, {"winner": None}, None,
                {"winner": rnd.choice(rules.sides), "level": "marginal", "reason": "\ud800",
                 "scores": {s: 0 for s in rules.sides}}])
            return "outcome"
        if op == 2 and isinstance(doc.get("units"), dict):  # renumber anonymous units of one side
            anon = [k for k in doc["units"] if isinstance(k, str) and k.startswith("?")]
            if len(anon) >= 2:
                a, b = rnd.sample(anon, 2)
                if a.rpartition("-")[0] == b.rpartition("-")[0]:
                    doc["units"][a], doc["units"][b] = doc["units"][b], doc["units"][a]
                    return "anonymous-order"
        doc["viewer"] = rnd.choice([*rules.sides, None, "chance"])
        return "viewer"
    return change


def _state_derived(rules: GameRules) -> Callable[[Any, random.Random], Optional[str]]:
    def change(doc: Any, rnd: random.Random) -> Optional[str]:
        if not isinstance(doc, dict):
            return None
        fight = doc.get("combat")
        if rules.game == "mukden" and isinstance(fight, dict) and fight.get("defender_call") is not None:
            key = rnd.choice(["modified_call", "attacker_bonus", "defender_bonus", "attacker_loss", "defender_loss"])
            if fight.get(key) is not None:
                fight[key] = (rnd.choice([0, 1, 2, 3]) if key != "modified_call"
                              else fight[key] + rnd.choice([-2, -1, 1, 2]))
                return f"combat-{key}"
        if "rng" in doc:
            doc["rng"] = rnd.choice([Raw("1" + "0" * 5000), -1, 2 ** 64, 1.5])
            return "rng"
        return None
    return change


def _save_targeted(rules: GameRules) -> Callable[[Any, random.Random], Optional[str]]:
    def change(doc: Any, rnd: random.Random) -> Optional[str]:
        if not isinstance(doc, dict):
            return None
        op = rnd.randrange(4)
        if op == 0 and isinstance(doc.get("log"), list) and doc["log"]:
            i = rnd.randrange(len(doc["log"]))
            doc["log"][i] = rnd.choice([[1, 2], ["text"], [{"text": 5}], [{"kind": "x"}], [None], "x",
                                        [{"text": "\ud800"}], [{"text": MARK, "to": 5}]])
            return "log-entry"
        if op == 1 and isinstance(doc.get("preface"), list):
            doc["preface"] = rnd.choice([[{"text": "x" * 100000}], [{"text": "\ud800"}], [{"text": MARK}], [5]])
            return "preface"
        if op == 2 and isinstance(doc.get("record"), list) and doc["record"]:
            i = rnd.randrange(len(doc["record"]))
            doc["record"][i] = rnd.choice(["pass", "x", "move", doc["record"][i] + " =5", "", "move a @b",
                                           "roll =7"])
            return "record-entry"
        if op == 3:
            doc["undo"] = rnd.choice([0, len(doc.get("record") or []), 1, -1, Raw("1" + "0" * 5000)])
            return "undo-depth"
        return None
    return change


def _record_targeted(rules: GameRules) -> Callable[[Any, random.Random], Optional[str]]:
    def change(doc: Any, rnd: random.Random) -> Optional[str]:
        if isinstance(doc, list) and doc:
            i = rnd.randrange(len(doc))
            if isinstance(doc[i], str):
                doc[i] = _vary_action(doc[i], rnd, [])
                return "action-text"
        return None
    return change


def _scenario_targeted(m: Material) -> Callable[[Any, random.Random], Optional[str]]:
    def change(doc: Any, rnd: random.Random) -> Optional[str]:
        if not isinstance(doc, dict):
            return None
        op = rnd.randrange(7)
        rules_params = doc.get("rules") if isinstance(doc.get("rules"), dict) else None
        units = doc.get("units") if isinstance(doc.get("units"), list) else []
        if op == 0:
            doc["game"] = rnd.choice(["chess", "bakumatsu", "mukdenx"])
            return "game-id"
        if op == 1:
            doc["id"] = doc.get("id", "x") + "-other"
            return "id"
        if op == 2 and rules_params:
            key = rnd.choice(sorted(rules_params))
            del rules_params[key]
            return "missing-rule"
        if op == 3:
            nums = [p for p in _paths(doc) if isinstance(_get(doc, p), (int, float))
                    and not isinstance(_get(doc, p), bool)]
            if nums:
                _set(doc, rnd.choice(nums), Raw(rnd.choice(["NaN", "Infinity", "-Infinity"])))
                return "nan"
        if op == 4 and rules_params:
            strings = [(k, p) for k in rules_params for p in _paths(rules_params[k])
                       if isinstance(_get(rules_params[k], p), str)]
            if strings:
                k, p = rnd.choice(strings)
                rules_params[k] = _set(rules_params[k], p, rnd.choice(["9999", "0000", "Z9Z", "nowhere"]))
                return "label-not-a-cell"
        if op == 5 and len(units) >= 2:
            starts = [u for u in units if isinstance(u, dict) and isinstance(u.get("start"), str)]
            if len(starts) >= 2:
                a, b = rnd.sample(starts, 2)
                a["start"] = b["start"]
                return "two-on-a-hex"
        if op == 6 and rules_params and isinstance(rules_params.get("options"), dict) and rules_params["options"]:
            del rules_params["options"][rnd.choice(sorted(rules_params["options"]))]
            return "missing-option"
        return None
    return change


def _jpath(path: Path_) -> str:
    out = "$"
    for k in path:
        out += f"[{k}]" if isinstance(k, int) else f".{str(k)[:30]}"
    return out


def _vary_action(text: str, rnd: random.Random, cells: list[str], units: Optional[list[str]] = None) -> str:
    parts = text.split()
    op = rnd.randrange(7)
    if op == 0:
        return text + " =" + rnd.choice(["5", "0", "99", "x", "1" * 5000])
    if op == 1 and cells:
        return " ".join(p for p in parts if not p.startswith("@")) + " @" + rnd.choice(cells)
    if op == 2 and units and len(parts) > 1 and not parts[1][0] in "@=":
        parts[1] = rnd.choice(units)
        return " ".join(parts)
    if op == 3:
        return " ".join(p for p in parts if not p.startswith("="))
    if op == 4:
        return text + rnd.choice([" ", "  x", " @", "\ud800", " @" + "1" * 100000])
    if op == 5 and len(parts) > 1 and not parts[1][0] in "@=":
        parts[1] = parts[1] + "," + parts[1]
        return " ".join(parts)
    return rnd.choice(["", "pass", "done", "confirm", "end-turn", "withdraw", "roll =9", "x" * 100000])


def _action_variants(rules: GameRules, state: State, m: Material, rnd: random.Random) -> list[tuple[str, str]]:
    player = rules.current_player(state)
    legal = ([a for a, _ in rules.chance_outcomes(state)] if player == CHANCE else list(rules.legal_actions(state)))
    cells = sorted(rules.board.cells)[:200] + ["withdrawn", "nowhere"]
    units = sorted(rules.scenario.units) + ["?uesugi-1", "?takeda-3", "ghost"]
    removed = [u for u, x in state.get("units", {}).items() if x.get("at") is None]
    units += removed * 3
    out: list[tuple[str, str]] = []
    for a in rnd.sample(legal, min(3, len(legal))):
        out.append((_vary_action(a.to_text(), rnd, cells, units), "vary"))
    other = rnd.choice(m.states)
    other_legal = list(rules.legal_actions(other)) if rules.current_player(other) not in (CHANCE, TERMINAL) else []
    if other_legal:
        out.append((rnd.choice(other_legal).to_text(), "borrowed"))
    verbs = sorted({a.verb for a in legal} | {"move", "attack", "flip", "play", "retreat", "lose"})
    out.append((f"{rnd.choice(verbs)} {rnd.choice(units)} @{rnd.choice(cells)}", "made-up"))
    return out or [("pass", "made-up")]


# -- playing on a hostile scenario -------------------------------------------------------------------------------
def _play_scenario(rules: GameRules, stem: str, rnd: random.Random) -> list[str]:
    problems: list[str] = []
    state = rules.setup(rnd.randrange(1000))
    errors = rules.validate(state)
    if errors:
        problems.append(f"scenario-late: the start position is impossible ({_short(errors[0])})")
    load = lambda sid: rules if sid == stem else load_rules(sid)  # noqa: E731 - the page loads by file name
    for n in range(rnd.choice([5, 30, 80])):
        player = rules.current_player(state)
        if player == TERMINAL:
            break
        for viewer in (None, *rules.sides):
            view = rules.view_for(state, viewer)
            if n % 10 == 0:
                svg = rules.render_svg(view)
                if MARK in svg:
                    problems.append("markup: scenario text in the map's SVG")
                rules.status(view)
                rules.prompt(view)
        if n % 10 == 0:
            try:
                codec.decode(codec.encode(rules, "p", state), load)
                codec.decode(codec.encode(rules, "v", rules.view_for(state, None)), load)
            except KassenError as exc:
                problems.append(f"scenario-late: a game on it cannot open its own links ({_short(str(exc))})")
                break
        if player == CHANCE:
            action = sample_chance(rules, state)
        else:
            legal = list(rules.legal_actions(state))
            if not legal:
                problems.append(f"scenario-late: {player} has no legal action")
                break
            action = rnd.choice(legal)
            rules.describe(action, rules.view_for(state, player))
        state, _ = rules.apply(state, action)
    return problems


# -- running the command line as a user would ---------------------------------------------------------------------
def _run_cli(argv: list[str]) -> tuple[int, str, str, Optional[BaseException]]:
    from . import cli

    out_b, err_b = io.BytesIO(), io.BytesIO()
    out = io.TextIOWrapper(out_b, encoding="utf-8")  # a terminal's strict UTF-8
    err = io.TextIOWrapper(err_b, encoding="utf-8", errors="backslashreplace")  # as sys.stderr
    code = 0
    exc: Optional[BaseException] = None
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = cli.main(argv)
    except SystemExit as e:
        code = int(e.code or 0) if not isinstance(e.code, str) else 2
    except _Timeout:
        raise
    except Exception as e:  # noqa: BLE001
        exc = e
    try:
        out.flush()
        err.flush()
    except Exception as e:  # noqa: BLE001
        exc = exc or e
    return code, out_b.getvalue().decode("utf-8", "replace"), err_b.getvalue().decode("utf-8", "replace"), exc


@contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Raise _Timeout after ``seconds`` (SIGALRM: the main thread of CPython on POSIX only)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def fire(signum: int, frame: Any) -> None:
        raise _Timeout()

    old = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def run(seed: int = 1, seconds: float = 60.0, games: Optional[list[str]] = None,
        cases: Optional[int | dict[str, int]] = None, kinds: Optional[list[str]] = None) -> Report:
    return Fuzzer(seed, games).run(seconds, cases, kinds)


def print_report(report: Report, as_json: bool = False, out: Any = None) -> None:
    out = out or sys.stdout
    if as_json:
        print(json.dumps(report.as_json(), ensure_ascii=True), file=out)
    else:
        for cls, f in report.examples.items():
            print(f"- {cls} ({report.findings[cls]}): {CLASSES[cls]}\n    e.g. {f.kind} {f.game} [{f.strategy}]: "
                  f"{f.detail}".encode("ascii", "backslashreplace").decode("ascii"), file=out)
    print(report.closing_line(), file=out)
