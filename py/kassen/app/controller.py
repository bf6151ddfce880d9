"""The page's behaviour as pure Python: one Controller per page, driven by clicks, rendered by
kassen.ui from ``screen()``.

- Legality is never decided here: the controller offers exactly ``rules.legal_actions`` (as map
  targets and buttons) and sends one back.
- Hot seat with hidden information: when the player to act is not the one looking, the screen is
  covered and drawn from the *spectator's* view until that player confirms, so the DOM never
  holds what the person in front of it may not see.
- Against the computer (``history.computer``): the person at the screen always looks from their
  own side (no cover: the computer's secrets stay hidden exactly as the other player's would);
  when the computer is to act the page sends ``computer_request()`` -- its side's view and the
  log lines it may read, never the state -- to the worker, and plays the answer with
  ``computer_move``. Undo goes back to the person's last decision, never past dice or a reveal.
- Chance is resolved at once with the state's RNG; the dice are shown and logged.
- Every change is autosaved to a slot; links and embeds are built from views (or, on request,
  from the full state with its secrets).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from ..engine import codec, jsontext, rng
from ..engine.actions import Action
from ..engine.errors import IllegalAction, KassenError, LinkError, NotReadableHere, error_words, quote
from ..engine.history import COMPUTER_LEVELS, History
from ..engine.messages import DEFAULT_LANGUAGE, LANGUAGES, Msg, is_msg, msg, render, side
from ..engine.play import sample_chance
from ..engine.rules import GameRules, in_lang
from ..engine.state import CHANCE, TERMINAL, State, View, event, visible_events
from ..engine.options import resolve as resolve_options
from ..games.options import options_of
from .catalog import options_status, scenario_text
from .routing import Route, both
from .storage import Saves, SlotInfo

MAX_BUTTONS = 12
MAX_LOG = 300
MAX_EMBED_LINK = 32000


@dataclass
class Button:
    action: str  # action text ("" for an entry that only selects a unit)
    label: str
    select: Optional[str] = None  # a chooser entry that selects this unit instead of acting


@dataclass
class Screen:
    """Everything the page shows, as plain values (text is inserted as text, never as HTML)."""

    mode: str  # "menu" | "play" | "spectate" | "replay"
    scenario: Optional[str] = None
    title: str = ""
    svg: str = ""
    prompt: str = ""
    to_move: Optional[str] = None  # side id, "chance" or "terminal"
    to_move_name: str = ""
    viewer: Optional[str] = None
    status: list[tuple[str, str]] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)
    chooser: list[Button] = field(default_factory=list)
    cover: Optional[str] = None  # side id the device must be passed to
    cover_text: str = ""
    log: list[str] = field(default_factory=list)
    log_n: list[int] = field(default_factory=list)  # the action each line belongs to (0: before the first)
    log_kinds: list[str] = field(default_factory=list)  # each line's kind ("dice", "combat", ...)
    dice: list[tuple[str, int]] = field(default_factory=list)  # (who rolled, in the reader's words; value)
    can_undo: bool = False
    can_redo: bool = False
    outcome: Optional[str] = None
    notices: list[str] = field(default_factory=list)
    frame: Optional[tuple[int, int]] = None  # (index, count) when stepping through frames
    selected: Optional[str] = None
    selected_at: Optional[str] = None  # the cell of the selected unit (the page brings it into view)
    highlight: list[str] = field(default_factory=list)  # legal places: the page marks them on the map
    targets: dict[str, str] = field(default_factory=dict)  # legal place -> what choosing it does, in words
    movable: list[str] = field(default_factory=list)  # units that can be clicked to act on the map
    can_continue: bool = False
    undo_note: str = ""  # why Undo is unavailable, or what it would take back
    confirm: Optional["Confirm"] = None  # a move waiting for the player to confirm it
    since: list[str] = field(default_factory=list)  # what the other side did since the viewer last acted
    last_move: list[str] = field(default_factory=list)  # cells where something changed since then
    frame_move: str = ""  # stepping through frames: what changed from the previous frame
    sides: list[tuple[str, str]] = field(default_factory=list)
    hidden_information: bool = False
    has_game: bool = False  # a game in play exists (the menu offers to go back to it)
    thinking: bool = False  # the computer is to act (the page asks its worker and shows "thinking…")
    opponent: str = ""  # "Russia: the computer (hard)" in a game against the computer
    thinking_text: str = ""  # "Russia (the computer, hard) is thinking…"
    last_units: list[str] = field(default_factory=list)  # the counters the computer's last move moved


@dataclass
class Confirm:
    """A move that cannot simply be taken back, waiting for the player to confirm it. ``what`` and
    ``button`` are messages while it waits (the language may change) and text on the Screen."""

    action: str  # its text
    what: Any  # "Move 4th Army to 0506: this passes the device to Russia."
    button: Any  # "End turn"
    cells: list[str] = field(default_factory=list)  # where it acts: drawn as the planned move
    unit: Optional[str] = None


# A move the page asks about first, by what it does (checked on a scratch copy of the state): the
# consequence's key and the confirmation button it gets, the first found in this order.
CONSEQUENCE_BUTTONS = (("ends-game", "app.confirm.end-game"), ("rolls-dice", "app.confirm.roll"),
                       ("reveals", "app.confirm.reveal"), ("passes-device", "app.confirm.end-turn-pass"),
                       ("ends-turn", "app.confirm.end-turn"), ("cannot-undo", "app.confirm.confirm"))


def consequences(rules: GameRules, state: State, action: Action) -> list[Msg]:
    """What ``action`` does that Undo cannot simply take back, as messages ("rolls the dice",
    "passes the device to Russia", ...); empty for an ordinary move. Applied to a scratch copy
    (``apply`` never mutates its input); the words name nothing the player may not know."""
    before = rules.current_player(state)
    after, events = rules.apply(state, action)
    to = rules.current_player(after)
    out = []
    if to == TERMINAL:
        out.append(msg("app.consequence.ends-game"))
    elif to == CHANCE:
        out.append(msg("app.consequence.rolls-dice"))
    if any(e.get("kind") == "reveal" for e in events):
        out.append(msg("app.consequence.reveals"))
    if to not in (CHANCE, TERMINAL) and to != before and rules.hidden_information:
        out.append(msg("app.consequence.passes-device", side=side(to)))
    if to != TERMINAL and after.get("turn") != state.get("turn"):
        out.append(msg("app.consequence.ends-turn"))
    if not out and rules.is_barrier(state, action, after, events):
        out.append(msg("app.consequence.cannot-undo"))
    return out


def consequence_codes(what: list[Msg]) -> list[str]:
    """["rolls-dice", ...]: the kinds of consequence (the last part of each key)."""
    return [m["key"].rsplit(".", 1)[-1] for m in what]


def occupancy(view: View) -> dict[str, list[str]]:
    """Who stands where in a view (an anonymous unit counts as its side's '?side'): to compare views."""
    out: dict[str, list[str]] = {}
    for uid, u in (view.get("units") or {}).items():
        at = u.get("at") if isinstance(u, dict) else None
        if at:
            out.setdefault(at, []).append(uid.split("-")[0] if uid.startswith("?") else uid)
    return {cell: sorted(units) for cell, units in out.items()}


def changed_cells(before: dict[str, list[str]], after: dict[str, list[str]]) -> list[str]:
    return sorted(c for c in set(before) | set(after) if before.get(c) != after.get(c))


def moves_between(rules: GameRules, before: View, after: View, lang: str = DEFAULT_LANGUAGE) -> str:
    """What changed from one spectator frame to the next, in words: "4th Army 0507 → 0506"."""
    units_b, units_a = before.get("units") or {}, after.get("units") or {}

    def name(uid: str) -> Any:
        if uid.startswith("?"):
            return msg("app.frame.hidden-unit-of", side=side(uid[1:].split("-")[0]))
        return {"u": uid}

    parts: list[Msg] = []
    known = [u for u in units_a if not u.startswith("?")]
    for uid in sorted(set(known) | {u for u in units_b if not u.startswith("?")}):
        a, b = (units_b.get(uid) or {}).get("at"), (units_a.get(uid) or {}).get("at")
        if a == b:
            continue
        if a and b:
            parts.append(msg("app.frame.moves", unit=name(uid), frm=a, to=b))
        elif a:
            parts.append(msg("app.frame.leaves", unit=name(uid), frm=a))
        else:
            parts.append(msg("app.frame.enters", unit=name(uid), to=b))
    hidden_b, hidden_a = occupancy({"units": {k: v for k, v in units_b.items() if k.startswith("?")}}), \
        occupancy({"units": {k: v for k, v in units_a.items() if k.startswith("?")}})
    for cell in changed_cells(hidden_b, hidden_a):
        gone, came = len(hidden_b.get(cell, [])), len(hidden_a.get(cell, []))
        if came > gone:
            parts.append(msg("app.frame.hidden-enters", to=cell))
        elif gone > came:
            parts.append(msg("app.frame.hidden-leaves", frm=cell))
    if before.get("turn") != after.get("turn") and after.get("turn") is not None:
        parts.append(msg("app.frame.turn-begins", turn=after.get("turn")))
    if not parts:
        to = after.get("to_move")
        return rules.say(msg("app.frame.to-act", side=side(to)) if to in rules.sides else msg("app.frame.no-move"),
                         lang)
    shown: list[Any] = parts[:4] + ([msg("app.frame.more", count=len(parts) - 4)] if len(parts) > 4 else [])
    return rules.say(msg("app.frame.join", items=[rules.say(p, lang) for p in shown]), lang)


@dataclass
class Snapshot:
    """One state as the person in front of the screen sees it, computed once per (state, viewer):
    the view, the player to act and the actions offered. Every click reads it instead of building
    its own copy (``view_for`` deep-copies the state)."""

    state: State  # the state it was computed from (compared by identity: states are never mutated)
    viewer: Optional[str]  # whose view it is (None: a spectator's, e.g. while the cover is up)
    view: View
    to_move: str
    legal: list[Action]  # offered to the viewer: empty while covered or when another player is to act


def refusal_words(exc: BaseException) -> Any:
    """Why an action was refused, renderable in any language: the rules' Refusal where the
    exception carries one (the clause ids stay as they are: the page links them), else its text."""
    found = getattr(exc, "refusal", None)
    return found if found is not None else error_words(exc)


def and_list(words: list[Any]) -> Msg:
    """"a", "a and b", "a, b and c" as a message (each language joins its own way)."""
    if len(words) == 1:
        return msg("app.list.one", a=words[0])
    return msg("app.list.and", items=msg("app.list.comma", items=list(words[:-1])), last=words[-1])


def outcome_text(rules: GameRules, outcome: Optional[dict[str, Any]], lang: str = DEFAULT_LANGUAGE) -> Optional[str]:
    """"Japan wins (marginal victory): Japan holds Mukden when time runs out." or None."""
    if not outcome:
        return None
    winner = outcome.get("winner")
    level = outcome.get("level")
    if winner and level:
        head = msg("app.outcome.wins-level", side=side(winner), level=outcome_level(rules, level))
    elif winner:
        head = msg("app.outcome.wins", side=side(winner))
    else:
        head = msg("app.outcome.draw")
    reason = outcome.get("reason")
    return rules.say(msg("app.outcome.reason", head=head, reason=reason) if reason else head, lang)


def outcome_level(rules: GameRules, level: Any) -> Any:
    """A victory level ("marginal victory") as the game's catalog names it (``<game>.level.<level>``
    where the game has the key; the level's own words otherwise)."""
    from ..engine.messages import catalog

    if is_msg(level) or type(level) is not str:
        return level
    key = f"{rules.game}.level.{level.replace(' ', '-')}"
    return msg(key) if key in catalog(DEFAULT_LANGUAGE).entries else level


class Controller:
    """One page's game session. ``load_rules`` maps a scenario id to its rules."""

    def __init__(self, load_rules: Callable[[str], GameRules], saves: Optional[Saves] = None,
                 new_slot_id: Callable[[], str] = lambda: "slot", clock: Callable[[], str] = lambda: "") -> None:
        self.load_rules = load_rules
        self.saves = saves or Saves(None)
        self.new_slot_id = new_slot_id
        self.clock = clock
        self.mode = "menu"
        self.rules: Optional[GameRules] = None
        self.history: Optional[History] = None
        self.slot: Optional[str] = None
        self.viewer: Optional[str] = None
        self.covered = False
        self.selected: Optional[str] = None
        self.chooser: list[Action] = []
        self.chooser_select: Optional[str] = None  # the chooser also offers "select this unit instead"
        self.last_dice: list[tuple[Optional[str], int]] = []  # (side id, value)
        # what went wrong last: a message (rendered in the reader's language) or plain text
        self.message: Optional[Any] = None
        #: the reader's language ("en" | "ja"): every text of the screen is rendered in it
        self.lang = DEFAULT_LANGUAGE
        self.frames: list[View] = []
        self.frame_index = 0
        self._snap: Optional[Snapshot] = None
        # ask before a move Undo cannot take back: the page turns it on (a setting, on by default);
        # off for scripts and tools that drive the controller
        self.confirm_commits = False
        self.pending: Optional[Confirm] = None
        # per side: how far the log went, and the position, when that side last acted
        self._seen_log: dict[str, int] = {}
        self._seen_state: dict[str, State] = {}
        self._news: tuple[Any, list[str], list[str]] = (None, [], [])
        # the computer's decision asked for: (request id, the state it is about)
        self._asked: Optional[tuple[int, State]] = None
        self._requests = 0
        self._computer_cells: list[str] = []  # where the computer's last move acted (from, to, target)
        self.computer_moved = False  # the last step was the computer's (the page pauses before the next)
        self._computer_units: list[str] = []  # the counters it moved
        #: the computer opponent a spectator link or embed records (shown; kept if play continues)
        self.view_computer: Optional[dict[str, str]] = None
        self._news_lang = self.lang

    # -- starting ---------------------------------------------------------------------------------
    def start_new(self, scenario_id: str, seed: int | str, computer: Optional[tuple[str, str]] = None,
                  options: Optional[dict[str, Any]] = None) -> None:
        """A new game in a new slot (the saved ones are kept); ``computer``: (side, level) the
        computer plays, None for two players at this screen; ``options``: the rule options asked
        for (``Route.options``: a name with True or a value's text); those the game does not have
        are left out and said in the notices, the game starts with the rest."""
        rules = self.load_rules(scenario_id)
        chosen, left_out = resolve_options(options_of(rules.game), options)
        history = History.new(rules, seed, chosen or None)
        history.computer, problem = self._opponent(rules, computer)
        self._begin(rules, history)
        for why in left_out:
            problem = both(problem, why)
        self.message = problem

    @staticmethod
    def _opponent(rules: GameRules, computer: Optional[tuple[str, str]]
                  ) -> tuple[Optional[dict[str, str]], Optional[Msg]]:
        """(the computer opponent asked for, or None; why it cannot be as a message, or None)."""
        if computer is None:
            return None, None
        side_id, level = computer
        # the levels as a save names them (the AI's own list: the page's start does not import the AI)
        if side_id not in rules.sides or level not in COMPUTER_LEVELS:
            return None, msg("app.computer.cannot-play", side=quote(str(side_id)[:30]),
                             level=quote(str(level)[:20]), sides=", ".join(rules.sides),
                             levels=", ".join(COMPUTER_LEVELS))
        return {"side": side_id, "level": level}, None

    def _begin(self, rules: GameRules, history: History) -> None:
        self.rules, self.history = rules, history
        self.message = None  # whatever went wrong before belongs to the previous screen
        self.mode = "play"
        self.slot = self._fresh_slot_id()
        self.viewer, self.covered = None, False
        self._reset_interaction()
        self.last_dice = []
        self._asked, self._computer_cells, self.computer_moved = None, [], False
        self._resolve_chance()
        self._forget_news()
        self._sync_viewer(initial=True)
        self._autosave()

    def _fresh_slot_id(self) -> str:
        """A slot id no saved game uses, so a new game can never overwrite another."""
        taken = {s.id for s in self.saves.slots()}
        slot = self.new_slot_id()
        n = 1
        while slot in taken:
            n += 1
            slot = f"{self.new_slot_id()}-{n}"
        return slot

    def resume(self) -> bool:
        """Resume the current slot; False if there is none or it cannot be opened (then it is set
        aside, or kept if this page simply cannot read it, and the reason is in the notices)."""
        slot = self.saves.current()
        if not slot:
            return False
        return self.resume_slot(slot)

    def resume_slot(self, slot_id: str) -> bool:
        """Open a saved game. A slot that cannot be opened never stops the page: a damaged one is
        set aside (kept under another key, out of the index) with a message; one made by a newer
        version or for a scenario this page lacks is kept and simply not resumed at the next load."""
        raw = self.saves.load(slot_id)
        if raw is None:
            return False
        try:
            history = self._history_from_text(raw)
            history.rules.current_player(history.state)  # the first thing the screen asks
        except NotReadableHere as exc:
            self.saves.forget_current()
            self.message = msg("app.error.save-not-here", reason=error_words(exc))
            return False
        except Exception as exc:  # noqa: BLE001 - whatever is wrong with a slot, the page goes on
            reason = error_words(exc) if isinstance(exc, KassenError) else \
                msg("app.error.damaged", kind=type(exc).__name__)
            kept = self.saves.set_aside(slot_id)
            self.message = msg("app.error.save-set-aside-kept" if kept else "app.error.save-set-aside",
                               reason=reason)
            return False
        self.rules, self.history, self.slot = history.rules, history, slot_id
        self.mode, self.message = "play", None
        self.viewer, self.covered = None, False
        self._reset_interaction()
        self._forget_news()
        self._sync_viewer(initial=True)
        return True

    def _history_from_text(self, text: str, verify_record: bool = False) -> History:
        try:
            data = jsontext.loads(text)
        except jsontext.BadJSON as exc:
            raise LinkError(f"the save is not readable ({exc})", key="engine.save.unreadable", detail=str(exc)) from None
        if not isinstance(data, dict) or not isinstance(data.get("scenario"), str):
            raise LinkError("this is not a kassen save", key="engine.save.not-kassen")
        try:
            rules = self.load_rules(data["scenario"])
        except KassenError:
            raise NotReadableHere(f"the save is for a scenario this page does not have "
                                  f"({quote(data['scenario'])})", key="engine.save.no-scenario",
                                  scenario=quote(data["scenario"])) from None
        return History.from_json(rules, data, verify_record=verify_record)

    def import_save(self, text: str) -> None:
        """Open an exported save file as a new slot; raises LinkError with the reason (the record
        of an imported file is replayed in full: it must lead to the saved position)."""
        history = self._history_from_text(text, verify_record=True)
        self.rules, self.history = history.rules, history
        self.mode, self.message = "play", None
        self.slot = self._fresh_slot_id()
        self.viewer, self.covered = None, False
        self._reset_interaction()
        self._forget_news()
        self._sync_viewer(initial=True)
        self._autosave()

    def export_save(self) -> str:
        import json

        if self.history is None:
            raise LinkError("there is no game to export", key="app.error.no-export")
        return json.dumps(self.history.to_json(), ensure_ascii=False, indent=1)

    def follow(self, r: Route, seed: int | str) -> Optional[str]:
        """Start-up: do what the page's address asks (``routing.route``). Returns the kind of link
        opened, if any. Nothing here raises on bad input: a link that cannot be opened, a saved
        game that cannot be resumed, a bad query all end on the menu with the reason."""
        opened: Optional[str] = None
        if r.kind == "link" and r.fragment:
            opened = self.open_link(r.fragment, seed=seed, embed=r.embed, computer=r.computer)
            if opened is None and not r.embed:
                why = self.message
                self.to_menu()
                self.message = why
        elif r.kind == "new" and r.scenario:
            self.start_new(r.scenario, r.seed if r.seed is not None else seed, r.computer, r.options)
        elif r.kind == "resume":
            if not self.resume():
                why = self.message  # a damaged save: say so on the menu
                self.to_menu()
                self.message = why
        else:
            self.to_menu()
        if r.problem:
            self.message = both(self.message, r.problem)
        return opened

    def open_fragment(self, fragment: str, seed: int | str = 0, computer: Optional[tuple[str, str]] = None) -> str:
        """Open a link: play (new slot, ready to continue), view (read-only) or frames (step-through).
        Returns the kind; raises LinkError and leaves the current session untouched."""
        kind, rules, obj = codec.decode(fragment, self.load_rules)
        if kind == "p":
            history = History(rules, obj, seed)
            # a link carries the position, not its story: say where the log starts
            history.preface = [event(msg("app.log.opened-link", turn=obj.get("turn"),
                                         side=side(rules.current_player(obj))), "info")]
            history.computer, problem = self._opponent(rules, computer)
            self._begin(rules, history)
            self.message = problem
        else:
            self._view_only(rules, kind, obj)
        return kind

    def _view_only(self, rules: GameRules, kind: str, obj: Any) -> None:
        """Read-only: one spectator view (kind v) or frames to step through (kind f), at the last."""
        self.rules, self.history, self.slot = rules, None, None
        self.view_computer = None
        self.mode = "spectate" if kind == "v" else "replay"
        self.frames = [obj] if kind == "v" else obj
        self.frame_index = len(self.frames) - 1
        self._reset_interaction()

    def open_link(self, fragment: str, seed: int | str = 0, embed: bool = False,
                  computer: Optional[tuple[str, str]] = None) -> Optional[str]:
        """``open_fragment`` for the page: the kind, or None with the reason in the notices (the
        current game and the saves are left exactly as they were). An embed never shows secrets: a
        play link opens there as its spectator view."""
        try:
            if embed:
                kind, rules, obj = codec.decode(fragment, self.load_rules)
                if kind == "p":
                    obj, kind = rules.view_for(obj, None), "v"
                self._view_only(rules, kind, obj)
                self.view_computer, _ = self._opponent(rules, computer)
                return kind
            kind = self.open_fragment(fragment, seed, computer)
            if kind != "p":
                self.view_computer, _ = self._opponent(self.rules, computer) if self.rules else (None, None)
            return kind
        except LinkError as exc:
            self.message = msg("app.error.link", reason=error_words(exc))
            return None

    def continue_from_view(self, seed: int | str) -> None:
        """Play on from a spectator view of a game without hidden information (fresh dice)."""
        if self.rules is None or not self.frames or self.rules.hidden_information:
            raise LinkError("this position hides information, so it cannot be continued from a spectator link",
                            key="app.error.hidden-continue")
        if self.mode == "replay":
            self.mode = "spectate"  # the frame being looked at is the position continued
        view = self.frames[self.frame_index]
        state = {k: v for k, v in view.items() if k not in ("viewer", "to_move", "outcome")}
        state["rng"] = rng.seed_state(seed)
        state = codec.check_state(self.rules, state)
        history = History(self.rules, state, seed)
        history.computer = self.view_computer
        self._begin(self.rules, history)

    def to_menu(self) -> None:
        """Show the menu; the game in play stays in memory (and saved) to go back to."""
        self._reset_interaction()
        self.message = None
        if self.history is None:
            self.rules, self.frames = None, []
        self.mode = "menu"

    def back_to_game(self) -> bool:
        """Leave the menu for the game kept in memory (False if there is none)."""
        if self.history is None or self.rules is None:
            return False
        self.mode = "play"
        self.viewer, self.covered = None, False
        self._reset_interaction()
        self._sync_viewer(initial=True)
        return True

    def delete_slot(self, slot_id: str) -> None:
        """Delete a saved game (the page asks first). The game in play, if it is that one, is
        closed too: its next action would otherwise save it again."""
        self.saves.delete(slot_id)
        if slot_id == self.slot:
            self.rules, self.history, self.slot = None, None, None
            self.mode = "menu"

    # -- interaction ------------------------------------------------------------------------------
    def _reset_interaction(self) -> None:
        self.selected, self.chooser, self.chooser_select = None, [], None
        self.pending = None

    def _state(self) -> State:
        assert self.history is not None
        return self.history.state

    def snapshot(self) -> Optional[Snapshot]:
        """The game in play as the person looking sees it now (None outside play)."""
        if self.rules is None or self.history is None:
            return None
        state = self._state()
        viewer = None if self.covered else self.viewer
        snap = self._snap
        # keyed on the state object itself (held here), not its id(): a freed state's id is reused
        if snap is not None and snap.state is state and snap.viewer == viewer:
            return snap
        rules = self.rules
        view = rules.view_for(state, viewer)
        to_move = view["to_move"]
        offered = not self.covered and to_move == self.viewer and to_move in rules.sides
        self._snap = Snapshot(state, viewer, view, to_move, list(rules.legal_actions(state)) if offered else [])
        return self._snap

    def legal(self) -> list[Action]:
        """Legal actions offered now: only in play, uncovered, to the player who is looking."""
        if self.mode != "play" or self.covered:
            return []
        snap = self.snapshot()
        return snap.legal if snap is not None else []

    def _selectable(self) -> set[str]:
        return {u for a in self.legal() for u in a.units}

    def _auto_selected(self) -> Optional[str]:
        """The unit every unit-bearing action shares, if there is exactly one such unit (e.g. the
        unit whose fighting power is being allotted, or the only unit that may still move)."""
        common: Optional[set[str]] = None
        for a in self.legal():
            if a.units:
                common = set(a.units) if common is None else common & set(a.units)
        return next(iter(common)) if common and len(common) == 1 else None

    def _focus(self) -> Optional[str]:
        return self.selected or self._auto_selected()

    def focused(self) -> Optional[str]:
        """The unit whose targets are highlighted (selected, or the only one that can act)."""
        return self._focus() if self.mode == "play" and not self.covered else None

    def targets(self) -> list[str]:
        """Cells to highlight as legal targets of the current selection."""
        focus = self._focus()
        cells = {a.cell for a in self.legal() if a.cell is not None and (not a.units or focus in a.units)}
        return sorted(c for c in cells if c is not None)

    def _unit_at(self, unit_id: str) -> Optional[str]:
        view = self.view()
        return view.get("units", {}).get(unit_id, {}).get("at") if view else None

    def _actions_at(self, label: Optional[str], focus: Optional[str]) -> list[Action]:
        return [a for a in self.legal() if a.cell == label and (not a.units or focus in a.units)]

    def click_unit(self, unit_id: str) -> None:
        """A counter on the map: select it if it can act; else act on its cell.

        A counter covers its cell, so an action on that cell (a unit staying where it is, a move
        onto a friendly counter, a swap) would be unreachable by clicking: when the clicked unit
        is selectable *and* its cell is a target of the current focus, the player is asked."""
        if self.mode != "play":
            return
        self.message, self.pending = None, None
        at = self._unit_at(unit_id)
        if unit_id in self._selectable():
            focus = self._focus()
            if focus == unit_id:  # clicking the focused unit again: act on its own cell, or deselect
                here = self._actions_at(at, focus)
                if here and not self.chooser:
                    self.chooser, self.chooser_select = here, None
                else:
                    self._reset_interaction()
                return
            there = self._actions_at(at, focus) if focus else []
            if there and at is not None:
                self.chooser, self.chooser_select = there, unit_id
                return
            self.selected, self.chooser, self.chooser_select = unit_id, [], None
            return
        if at:
            self.click_cell(at)

    def select(self, unit_id: str) -> None:
        """The chooser's "select this unit instead" entry (or any direct selection)."""
        if self.mode == "play" and unit_id in self._selectable():
            self.selected, self.chooser, self.chooser_select = unit_id, [], None

    def click_cell(self, label: str) -> None:
        if self.mode != "play":
            return
        self.message, self.pending = None, None
        focus = self._focus()
        candidates = [a for a in self.legal() if a.cell == label and (not a.units or focus in a.units)]
        if len(candidates) == 1:
            self.perform(candidates[0])
            return
        if candidates:
            self.chooser, self.chooser_select = candidates, None
            return
        view = self.view() or {}
        here = [uid for uid, u in sorted(view.get("units", {}).items()) if u.get("at") == label]
        mine = [u for u in here if u in self._selectable()]
        if mine:
            # clicking a stack cycles through its selectable counters
            self.selected = mine[(mine.index(self.selected) + 1) % len(mine)] if self.selected in mine else mine[0]
            self.chooser, self.chooser_select = [], None
            return
        why = self.why_not(label, focus, bool(here))
        if why is not None:
            # say why, as a typed action's refusal would (the page links its clause ids); the
            # selection stays, so the player can choose one of its places next
            self.message, self.chooser, self.chooser_select = why, [], None
            return
        self._reset_interaction()

    def why_not(self, label: str, focus: Optional[str], occupied: bool) -> Any:
        """Why the focused unit (or, with nothing selected, anyone: an attack, a retreat) cannot act
        on ``label``: the rules' explanation (engine.whynot), or None where the page says nothing:
        an empty place with nothing selected, the focused unit's own place, nothing to target."""
        rules, state = self.rules, self._state()
        if rules is None or not self.legal():
            return None
        if focus is None and (not occupied or not any(a.cell is not None and not a.units for a in self.legal())):
            return None
        if focus is not None and self._unit_at(focus) == label:
            return None
        try:
            return rules.explain_place(state, self.viewer, (focus,) if focus else (), label)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return None  # an explanation must never turn a click into a crash

    def cancel(self) -> bool:
        """Escape: drop the move waiting for confirmation, else the chooser, else the selection.
        True if there was something to drop."""
        if self.pending:
            self.pending = None
            return True
        if self.chooser or self.chooser_select:
            self.chooser, self.chooser_select = [], None
            return True
        if self.selected:
            self.selected = None
            return True
        return False

    def press(self, action_text: str) -> None:
        """A button or chooser entry; only a currently legal action is accepted."""
        for a in self.legal():
            if a.to_text() == action_text:
                self.perform(a)
                return
        self.message = msg("app.error.gone")

    def perform(self, action: Action, confirmed: bool = False) -> None:
        """Play ``action``; one that Undo could not take back waits for ``confirm`` first (unless
        the player turned that off)."""
        assert self.history is not None and self.rules is not None
        rules, state = self.rules, self.history.state
        if self.confirm_commits and not confirmed:
            try:
                what = consequences(rules, state, action)
            except IllegalAction as exc:
                self.message = refusal_words(exc)
                return
            if what:
                view = self.view() or {}
                codes = consequence_codes(what)
                button = next((b for code, b in CONSEQUENCE_BUTTONS if code in codes), "app.confirm.confirm")
                unit = action.units[0] if action.units else None
                at = (view.get("units", {}).get(unit) or {}).get("at") if unit else None
                self.selected, self.chooser, self.chooser_select = None, [], None
                self.pending = Confirm(action.to_text(), and_list(what), msg(button),
                                       [c for c in (at, action.cell) if c], unit)
                return
        actor = rules.current_player(state)
        try:
            self.history.play(action)
        except IllegalAction as exc:
            self.message = refusal_words(exc)
            return
        self.pending = None
        self._note_seen(actor)
        self._computer_cells, self.computer_moved = [], False
        self.last_dice = []
        self._resolve_chance()
        self._reset_interaction()
        self._sync_viewer()
        self._autosave()

    def confirm(self) -> None:
        """The player confirms the move waiting in the confirmation bar."""
        pending, self.pending = self.pending, None
        if pending is None or self.mode != "play":
            return
        for a in self.legal():
            if a.to_text() == pending.action:
                self.perform(a, confirmed=True)
                return
        self.message = msg("app.error.gone")

    def _forget_news(self) -> None:
        """A game opened here: every side has seen it as it is now."""
        self._seen_log, self._seen_state = {}, {}
        if self.history is not None and self.rules is not None:
            for side in self.rules.sides:
                self._note_seen(side)

    def _note_seen(self, side: Optional[str]) -> None:
        """``side`` just acted: what happens from now on (dice included) is news to it."""
        if self.history is None or self.rules is None or side not in self.rules.sides:
            return
        self._seen_log[side] = len(self.history.log)
        self._seen_state[side] = self.history.state

    def news(self) -> tuple[list[str], list[str]]:
        """(log lines, changed cells) of what happened since the player looking last acted: the
        other side's moves, dice and results. Empty when that player acted last."""
        snap = self.snapshot()
        if snap is None or self.history is None or self.rules is None or self.mode != "play" or self.covered:
            return [], []
        side = snap.viewer
        if self._news[0] is snap and self._news_lang == self.lang:
            return self._news[1], self._news[2]
        since: list[str] = []
        cells: list[str] = []
        seen = self._seen_log.get(side or "")
        if side is not None and seen is not None and seen < len(self.history.log):
            events = [e for step in self.history.log[seen:] for e in step]
            since = [self.rules.say(e, self.lang) for e in visible_events(events, side)]
            before = self.rules.view_for(self._seen_state[side], side)
            cells = changed_cells(occupancy(before), occupancy(snap.view))
        self._news, self._news_lang = (snap, since, cells), self.lang
        return since, cells

    def _resolve_chance(self) -> None:
        assert self.history is not None and self.rules is not None
        while self.rules.current_player(self.history.state) == CHANCE:
            events = self.history.play(sample_chance(self.rules, self.history.state))
            for e in events:
                if e.get("kind") == "dice":
                    for value in e.get("dice", []):
                        self.last_dice.append((e.get("side") or None, value))

    def _sync_viewer(self, initial: bool = False) -> None:
        """Who looks at the screen now, and whether it must be covered first."""
        assert self.rules is not None
        to_move = self.rules.current_player(self._state())
        if to_move == TERMINAL:
            self.viewer, self.covered = None, False
        elif self.computer is not None:
            self.viewer, self.covered = self.human_side(), False  # one person, always on their own side
        elif not self.rules.hidden_information:
            self.viewer, self.covered = to_move, False
        elif to_move != self.viewer or initial:
            self.covered = True

    def reveal(self) -> None:
        """The player behind the cover confirms it is them: show their view."""
        if self.mode == "play" and self.rules is not None and self.covered:
            self.viewer = self.rules.current_player(self._state())
            self.covered = False
            self._reset_interaction()

    def undo(self) -> None:
        """Undo: first closes a choice or a confirmation that is open (nothing is taken back then)."""
        if self.pending or self.chooser or self.chooser_select:
            self.pending, self.chooser, self.chooser_select = None, [], None
            return
        if self.computer is not None:
            self._undo_to_human()
            return
        if self.history is not None and self.history.can_undo() and not self.covered:
            self.history.undo()
            self._after_history_move()

    def can_undo(self) -> bool:
        """Whether Undo would take something back (against the computer: a decision of the person
        at the screen since the last dice or reveal)."""
        if self.history is None or self.covered:
            return False
        if self.computer is not None:
            return self._human_steps() > 0
        return self.history.can_undo()

    def _human_steps(self) -> int:
        """How many steps Undo takes back against the computer: everything since the person's
        last decision, that decision included (0: none since the last barrier)."""
        h, rules = self.history, self.rules
        if h is None or rules is None:
            return 0
        human = self.human_side()
        for back in range(1, len(h.tail) + 1):
            i = len(h.tail) - back
            before = h.tail[i - 1].state if i > 0 else h.base
            if rules.current_player(before) == human:
                return back
        return 0

    def _undo_to_human(self) -> None:
        """Back to the person's last decision (the computer's replies go with it; Redo plays that
        decision again and the computer answers anew, as it would)."""
        h = self.history
        n = self._human_steps()
        if h is None or n == 0:
            return
        for _ in range(n):
            h.undo()
        h.redo_stack = h.redo_stack[-1:]  # only the person's own decision
        self._asked, self._computer_cells, self.computer_moved = None, [], False
        self._after_history_move()

    def undo_note(self) -> str:
        """What Undo would take back, or why it cannot: the truth about the last step."""
        h, rules = self.history, self.rules
        if h is None or rules is None or self.mode != "play" or self.covered:
            return ""
        if self.pending or self.chooser or self.chooser_select:
            return self.say(msg("app.undo.closes-choice"))
        steps = self._human_steps() if self.computer is not None else 0
        if steps:
            first = h.tail[len(h.tail) - steps]
            key = "app.computer.undo-takes-back-reply" if steps > 1 else "app.computer.undo-takes-back"
            return self.say(msg(key, action=in_lang(rules.describe, Action.parse(first.action), self.view(),
                                                    lang=self.lang)))
        if self.computer is not None and h.can_undo():
            return self.say(msg("app.computer.undo-own-only"))
        if h.can_undo():
            action = in_lang(rules.describe, Action.parse(h.tail[-1].action), self.view(), lang=self.lang)
            return self.say(msg("app.undo.takes-back", action=action))
        if not h.record:
            return ""
        last = h.log[-1] if h.log else []
        kinds = {e.get("kind") for e in last}
        if "dice" in kinds:
            return self.say(msg("app.undo.past-dice"))
        if "reveal" in kinds:
            return self.say(msg("app.undo.past-reveal"))
        if "end" in kinds:
            return self.say(msg("app.undo.over"))
        if rules.hidden_information:
            return self.say(msg("app.undo.past-player"))
        return self.say(msg("app.undo.past-point"))

    def say(self, value: Any) -> str:
        """A message (or plain text) in the reader's language, naming the game's things its way."""
        if self.rules is not None:
            return self.rules.say(value, self.lang)
        return render(value, self.lang)

    def redo(self) -> None:
        if self.history is not None and self.history.can_redo() and not self.covered:
            try:
                self.history.redo()
            except IllegalAction as exc:
                self.message = refusal_words(exc)
            self._after_history_move()

    def _after_history_move(self) -> None:
        self._reset_interaction()
        self.last_dice = []
        self._sync_viewer()
        self._autosave()

    def unit_details(self, unit_id: str) -> list[str]:
        """Hover/focus lines for a counter on the map, from what the person looking may see."""
        view = self.view()
        if self.rules is None or not view or unit_id not in view.get("units", {}):
            return []
        try:
            return list(in_lang(self.rules.unit_details, view, unit_id, lang=self.lang))
        except (KeyError, TypeError, ValueError):
            return []

    def step_frame(self, delta: int) -> None:
        if self.frames:
            self.frame_index = max(0, min(len(self.frames) - 1, self.frame_index + delta))

    def goto_frame(self, index: int) -> None:
        if self.frames:
            self.frame_index = max(0, min(len(self.frames) - 1, index))

    # -- against the computer ----------------------------------------------------------------------
    @property
    def computer(self) -> Optional[dict[str, str]]:
        """{"side", "level"} of the computer opponent of the game in play, or None."""
        return self.history.computer if self.history is not None else None

    def human_side(self) -> Optional[str]:
        """The side of the person at the screen in a game against the computer."""
        if self.computer is None or self.rules is None:
            return None
        return next((s for s in self.rules.sides if s != self.computer["side"]), None)

    def computer_to_move(self) -> bool:
        return (self.mode == "play" and self.computer is not None and self.rules is not None
                and self.rules.current_player(self._state()) == self.computer["side"])

    def computer_request(self) -> Optional[str]:
        """What the worker needs to decide (JSON): the computer's *view* and the log lines its side
        may read -- never the state -- with the level and the bot's seed (derived from the game's
        set-up seed and the side, never from the dice). None when the computer is not to act."""
        import json

        if not self.computer_to_move():
            return None
        assert self.rules is not None and self.history is not None and self.computer is not None
        rules, state, side = self.rules, self._state(), self.computer["side"]
        self._requests += 1
        self._asked = (self._requests, state)
        return json.dumps({"id": self._requests, "scenario": rules.scenario.id, "view": rules.view_for(state, side),
                           "events": visible_events(self.history.events(), side), "level": self.computer["level"],
                           "seed": f"{self.history.seed}:{side}"}, ensure_ascii=False)

    def computer_move(self, result: str) -> bool:
        """Play the worker's answer (JSON with ``id`` and ``action``). False, changing nothing, when
        it answers a question no longer asked (Undo, another game) or names no legal action."""
        import json

        asked, self._asked = self._asked, None
        try:
            data = json.loads(result)
        except ValueError:
            return False
        if (asked is None or not isinstance(data, dict) or data.get("id") != asked[0] or self.history is None
                or self.rules is None or asked[1] is not self._state() or not self.computer_to_move()):
            return False
        text = data.get("action")
        legal = {a.to_text(): a for a in self.rules.legal_actions(self._state())}
        if not isinstance(text, str) or text not in legal:
            return False
        # shown one at a time: what the person sees as news is this move (and its dice) only
        self._note_seen(self.human_side())
        view = self.rules.view_for(self._state(), self.human_side())
        action = legal[text]
        at = [((view.get("units") or {}).get(u) or {}).get("at") for u in action.units]
        self._computer_cells = [c for c in (*at, action.cell) if isinstance(c, str)]
        self._computer_units = [u for u in action.units if u in (view.get("units") or {})]
        self.history.play(action)
        self.computer_moved = True
        self.last_dice = []
        self._resolve_chance()
        self._reset_interaction()
        self._sync_viewer()
        self._autosave()
        return True

    def link_query(self) -> str:
        """The query part that records the computer opponent in a link (``vs=<side>.<level>``)."""
        from .routing import vs_parameter

        c = self.computer if self.history is not None else self.view_computer
        return vs_parameter((c["side"], c["level"]) if c else None)

    # -- saving -----------------------------------------------------------------------------------
    def _autosave(self) -> None:
        if self.history is None or self.rules is None or self.slot is None:
            return
        rules, state = self.rules, self._state()
        # from the state directly: the slot's summary needs no view (turn, who acts, the outcome);
        # written in every language, so the menu reads in whichever the player chooses later
        outcome = rules.outcome(state)
        summaries = {}
        for lang in LANGUAGES:
            if outcome:
                summaries[lang] = outcome_text(rules, outcome, lang) or rules.say(msg("app.slot.finished"), lang)
            else:
                summaries[lang] = rules.say(msg("app.slot.summary", turn=state.get("turn"),
                                                side=side(rules.current_player(state))), lang)
        self.saves.write(SlotInfo(self.slot, self.rules.scenario.id, self.rules.scenario.title, self.clock(),
                                  summaries[DEFAULT_LANGUAGE], summaries), self.history.to_json())

    # -- links ------------------------------------------------------------------------------------
    def view(self) -> Optional[View]:
        """What the person in front of the screen may see now."""
        if self.rules is None:
            return None
        if self.mode in ("spectate", "replay"):
            return self.frames[self.frame_index] if self.frames else None
        snap = self.snapshot()
        return snap.view if snap is not None else None

    def spectator_link(self) -> str:
        """A position link with no side's secrets (the default "Copy link")."""
        assert self.rules is not None
        if self.mode in ("spectate", "replay"):
            return codec.encode(self.rules, "v", self.frames[self.frame_index])
        snap = self.snapshot()
        view = snap.view if snap is not None and snap.viewer is None else self.rules.view_for(self._state(), None)
        return codec.encode(self.rules, "v", view)

    def play_link(self) -> str:
        """A link carrying the whole state, secrets and dice included, to continue elsewhere."""
        assert self.rules is not None and self.history is not None
        return codec.encode(self.rules, "p", self._state())

    def replay_frames(self) -> list[View]:
        """Spectator views after every player decision of the game so far (for embeds)."""
        assert self.rules is not None
        if self.history is None:
            return list(self.frames)
        rules = self.rules
        state = self.history.initial
        frames = [rules.view_for(state, None)]
        for text in self.history.record:
            try:
                state, _ = rules.apply(state, text)
            except KassenError:  # a slot whose record was altered: show the frames up to there
                break
            if rules.current_player(state) == CHANCE:
                continue
            view = rules.view_for(state, None)
            if view != frames[-1]:
                frames.append(view)
        return frames

    def embed_link(self) -> str:
        """Frames of the game (spectator views), trimmed from the start to stay a usable length."""
        assert self.rules is not None
        frames = self.replay_frames()
        link = codec.encode(self.rules, "f", frames)
        lo, hi = 1, len(frames)
        if len(link) <= MAX_EMBED_LINK:
            return link
        while lo < hi:  # the most recent frames that fit
            mid = (lo + hi + 1) // 2
            if len(codec.encode(self.rules, "f", frames[-mid:])) <= MAX_EMBED_LINK:
                lo = mid
            else:
                hi = mid - 1
        return codec.encode(self.rules, "f", frames[-lo:])

    @staticmethod
    def embed_snippet(page_url: str, fragment: str, title: str = "kassen", query: str = "",
                      lang: Optional[str] = None) -> str:
        """The <iframe> to paste into a blog post (600x450); ``query``: e.g. the computer opponent;
        ``lang`` fixes the language it speaks (the reader's own otherwise)."""
        from ..render.svg import attr
        from .language import valid

        fixed = valid(lang)
        src = f"{page_url}?embed=1{'&' + query if query else ''}{'&lang=' + fixed if fixed else ''}#{fragment}"
        return (f'<iframe src="{attr(src)}" width="600" height="450" title="{attr(title)}" '
                f'loading="lazy" style="border:0;max-width:100%"></iframe>')

    # -- output -----------------------------------------------------------------------------------
    def notices(self) -> list[str]:
        """The page's notices in the reader's language: the storage's, then what went wrong last."""
        out = [render(self.saves.notice, self.lang)] if self.saves.notice else []
        if self.message:
            out.append(self.say(self.message))
        return out

    def screen(self) -> Screen:
        lang = self.lang
        notices = self.notices()
        if self.rules is None or self.mode == "menu":
            return Screen(mode="menu", notices=notices, has_game=self.history is not None)
        rules = self.rules
        view = self.view() or {}
        to_move = view.get("to_move")
        scr = Screen(mode=self.mode, scenario=rules.scenario.id, title=scenario_text(rules.scenario, "title", lang),
                     notices=notices, to_move=to_move,
                     to_move_name=rules.name_side(to_move, lang) if to_move and to_move != TERMINAL else "",
                     viewer=view.get("viewer"), outcome=outcome_text(rules, view.get("outcome"), lang),
                     sides=[(s, rules.name_side(s, lang)) for s in rules.sides],
                     hidden_information=rules.hidden_information, has_game=self.history is not None)
        scr.status = in_lang(rules.status, view, lang=lang) + options_status(rules, view, lang)
        scr.prompt = in_lang(rules.prompt, view, lang=lang)
        if self.mode == "play":
            assert self.history is not None
            if self.covered:
                scr.cover = to_move
                scr.cover_text = self.say(msg("app.cover.text", side=side(to_move)))
            legal = self.legal()
            scr.selected = self._focus()
            scr.highlight = self.targets()
            scr.movable = sorted({u for a in legal if a.cell is not None for u in a.units})
            scr.chooser = [Button(a.to_text(), in_lang(rules.describe, a, view, lang=lang)) for a in self.chooser]
            if self.chooser_select:
                scr.chooser.append(Button("", self.say(msg("app.chooser.select-instead",
                                                           unit={"u": self.chooser_select})),
                                          select=self.chooser_select))
            cell_less = [a for a in legal if a.cell is None]
            with_units = [a for a in cell_less if a.units]
            shown = [a for a in cell_less if not a.units or len(with_units) <= MAX_BUTTONS
                     or scr.selected in a.units]
            # an action on the focused unit's own cell cannot be clicked on the map (the counter
            # covers the cell): offer it as a button too
            own = self._unit_at(scr.selected) if scr.selected else None
            shown += [a for a in legal if own is not None and a.cell == own and scr.selected in a.units]
            scr.buttons = [Button(a.to_text(), in_lang(rules.describe, a, view, lang=lang)) for a in shown]
            scr.targets = self.target_words(scr.highlight)
            scr.can_undo = self.can_undo()
            scr.can_redo = self.history.can_redo() and not self.covered
            reader = None if self.covered else self.viewer
            # numbered by action, the same numbers for both players (a line only one side may read
            # shares its action's number with the public ones)
            numbered = [(0, e) for e in self.history.preface] + \
                [(n, e) for n, step in enumerate(self.history.log, 1) for e in step]
            visible = [(n, e) for n, e in numbered if e.get("to") is None or e.get("to") == reader][-MAX_LOG:]
            scr.log = [rules.say(e, lang) for _, e in visible]
            scr.log_n = [n for n, _ in visible]
            scr.log_kinds = [str(e.get("kind", "")) for _, e in visible]
            scr.dice = [(rules.name_side(who, lang) if who else "", value) for who, value in self.last_dice]
            scr.undo_note = self.undo_note()
            if self.pending is not None:
                pending = self.pending
                action = in_lang(rules.describe, Action.parse(pending.action), view, lang=lang)
                scr.confirm = Confirm(pending.action, self.say(msg("app.confirm.what", action=action,
                                                                   what=pending.what)),
                                      self.say(pending.button), list(pending.cells), pending.unit)
                scr.buttons, scr.chooser, scr.highlight, scr.selected = [], [], [], None
                scr.targets = {}
            scr.since, scr.last_move = self.news()
            if self.computer is not None:
                scr.thinking = self.computer_to_move()
                scr.opponent = rules.say(msg("app.computer.opponent", side=side(self.computer["side"]),
                                             level=msg(f"app.computer.level.{self.computer['level']}")), lang)
                scr.last_move = sorted(set(scr.last_move) | set(self._computer_cells))
                scr.last_units = list(self._computer_units) if self.computer_moved else []
                scr.thinking_text = rules.say(msg("app.computer.thinking-for", side=side(self.computer["side"]),
                                                  level=msg(f"app.computer.level.{self.computer['level']}")), lang)
        else:
            scr.frame = (self.frame_index, len(self.frames))
            if self.view_computer is not None:
                scr.opponent = rules.say(msg("app.computer.opponent", side=side(self.view_computer["side"]),
                                             level=msg(f"app.computer.level.{self.view_computer['level']}")), lang)
            scr.can_continue = not rules.hidden_information
            if self.frame_index > 0:
                before = self.frames[self.frame_index - 1]
                scr.frame_move = moves_between(rules, before, view, lang)
                scr.last_move = changed_cells(occupancy(before), occupancy(view))
        if scr.selected:
            scr.selected_at = view.get("units", {}).get(scr.selected, {}).get("at")
        try:
            # drawn without the highlight: the page marks the legal places on the map itself, so the
            # drawing of the cells (most of a big map) stays the same from click to click
            scr.svg = rules.draw(view, selected=scr.selected, lang=lang)
        except NotImplementedError:
            scr.svg = ""
        return scr

    def target_words(self, cells: list[str]) -> dict[str, str]:
        """What activating each highlighted place would do ("Move the 4th Army to 0506"), or how
        many choices it offers: said by the place's label to a screen reader."""
        rules, view = self.rules, self.view() or {}
        if rules is None:
            return {}
        focus = self._focus()
        by_cell: dict[str, list[Action]] = {}
        for a in self.legal():
            if a.cell is not None and (not a.units or focus in a.units):
                by_cell.setdefault(a.cell, []).append(a)
        out = {}
        for label in cells:
            found = by_cell.get(label, [])
            if len(found) == 1:
                out[label] = in_lang(rules.describe, found[0], view, lang=self.lang)
            elif found:
                out[label] = self.say(msg("app.map.choices", count=len(found)))
        return out
