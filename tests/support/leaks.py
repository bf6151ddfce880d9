"""The differential leak test: nothing a viewer is shown may depend on what he may not know.

A game with secrets gives, for a position and a viewer, *twins*: positions that differ from it only
in what that viewer may not know (hidden units' identities swapped, another allotment, the other
side's unseen card, another RNG state...), each with the renaming that turns an action of the
position into the same-looking action of the twin. The harness asserts, byte for byte, that the
page shows that viewer the same things in both:

- the view as JSON text (so the order of its keys and units counts), the SVG drawn from it, the
  status rows, the prompt and the details of every unit, in the view's order;
- for the spectator, the spectator link;
- for the player to act, the legal actions in order with their button labels, the refusal
  texts of probe actions (mutations of the legal ones and actions naming every unit of his view)
  and the board's explanation of why a probe's units (or nobody) cannot act on its place, in
  English and Japanese (``explain_place``);
- the log: both positions are played on with the same-looking actions (the game's own next
  actions, renamed) for a few steps while the viewer's view stays the same (a twin stops being
  one when a reveal shows the difference), and every log event he may read must be the same. This
  is "the same public actions replayed with different secret choices".

Only the rules protocol is used (view_for, render_svg, status, prompt, unit_details, legal_actions,
describe, explain, explain_place, apply), so the same test runs on any version of a game: run on
the code before the hidden-information work, it must find the leaks (see ``findings``).
"""
from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Optional

from kassen.engine import codec
from kassen.engine.actions import Action
from kassen.engine.errors import KassenError
from kassen.engine.play import play_steps
from kassen.engine.state import CHANCE, TERMINAL, State, visible_events

Rename = Callable[[Action], Action]
#: (what was changed, the twin position, the renaming of actions)
Twin = tuple[str, State, Rename]
#: twins(rules, state, viewer, rnd) -> the twins of ``state`` for ``viewer``
TwinMaker = Callable[[Any, State, Optional[str], random.Random], list[Twin]]
Policy = Callable[[Any, State, list[Action], random.Random], Action]


def same(action: Action) -> Action:
    return action


def shown(rules: Any, state: State, viewer: Optional[str], probes: Iterable[Action] = (),
          svg: bool = True) -> dict[str, str]:
    """Everything the page shows ``viewer`` (None: a spectator) of ``state``, as text (the SVG
    only if ``svg``: drawing is the slow part)."""
    view = rules.view_for(state, viewer)
    units = view.get("units") or {}
    out = {
        "view": json.dumps(view, ensure_ascii=False),
        "svg": rules.render_svg(view) if svg else "",
        # the drawing in Japanese names units and places its own way: it too may tell nothing more
        "svg ja": rules.draw(view, lang="ja") if svg and hasattr(rules, "draw") else "",
        "status": json.dumps(list(rules.status(view)), ensure_ascii=False),
        "prompt": rules.prompt(view),
        "unit details": json.dumps([list(rules.unit_details(view, k)) for k in units], ensure_ascii=False),
    }
    if viewer is None:
        out["spectator link"] = codec.encode(rules, "v", view)
    if viewer is not None and rules.current_player(state) == viewer:
        legal = list(rules.legal_actions(state))
        out["legal actions"] = json.dumps([[a.to_text(), rules.describe(a, view)] for a in legal], ensure_ascii=False)
        out["refusals"] = json.dumps([[p.to_text(), _explain(rules, state, p)] for p in probes], ensure_ascii=False)
        # the board's "why not there" (a selected unit and a place that is not one of its targets)
        places = list(dict.fromkeys(pair for p in probes if p.cell is not None
                                    for pair in ((p.units, p.cell), ((), p.cell))))[:16]
        out["why not there"] = json.dumps([[list(u), c, *_why_not(rules, state, viewer, u, c)] for u, c in places],
                                          ensure_ascii=False)
    return out


def _explain(rules: Any, state: State, action: Action) -> Optional[str]:
    try:
        return rules.explain(state, action)
    except Exception as exc:  # noqa: BLE001 - a crash is shown too (an error page), and must not differ
        return f"crash: {type(exc).__name__}"


def _why_not(rules: Any, state: State, viewer: str, units: tuple[str, ...], cell: str) -> list[Optional[str]]:
    """The board's explanation for ``units`` and the place ``cell``, in English and Japanese."""
    if not hasattr(rules, "explain_place"):
        return [None, None]  # a version from before the board explained (the test runs on old code too)
    try:
        found = rules.explain_place(state, viewer, units, cell)
    except Exception as exc:  # noqa: BLE001 - a crash is shown too, and must not differ
        return [f"crash: {type(exc).__name__}", None]
    return [rules.say(found, "en"), rules.say(found, "ja")] if found is not None else [None, None]


def probes_for(rules: Any, state: State, viewer: str, rnd: random.Random, count: int = 6) -> list[Action]:
    """Actions to ask the refusal of: mutations of a few legal actions (another cell, unit,
    argument or verb) and each verb offered now applied to every unit token of the viewer's view
    at its own cell. Built from what the viewer may see only (so twins get the same probes)."""
    legal = list(rules.legal_actions(state))
    view = rules.view_for(state, viewer)
    cells = sorted(rules.board.cells)
    units = sorted(rules.scenario.units)
    out: list[Action] = []

    def add(verb: str, units_: tuple[str, ...], cell: Optional[str], arg: Optional[str]) -> None:
        try:
            out.append(Action(verb, units_, cell, arg))
        except ValueError:
            pass

    verbs = sorted({a.verb for a in legal})
    for a in rnd.sample(legal, min(count, len(legal))):
        add(a.verb, a.units, rnd.choice(cells), a.arg)
        add(a.verb, (rnd.choice(units),), a.cell, a.arg)
        add(a.verb, a.units, a.cell, str(rnd.randint(0, 9)))
        add(rnd.choice(verbs), a.units, a.cell, a.arg)
    tokens = sorted(view.get("units") or {})
    for verb in verbs:
        for token in rnd.sample(tokens, min(count, len(tokens))):
            at = (view["units"][token] or {}).get("at")
            add(verb, (token,), at, None)
            add(verb, (token,), rnd.choice(cells), None)
    return out


@dataclass
class Findings:
    """Differences found: counted per (what differs, what was changed), with one example each."""

    counts: Counter = field(default_factory=Counter)
    examples: dict[tuple[str, str], str] = field(default_factory=dict)
    pairs: int = 0
    steps: int = 0
    drawn: int = 0

    def add(self, what: str, change: str, example: str) -> None:
        key = (what, change)
        self.counts[key] += 1
        self.examples.setdefault(key, example)

    def summary(self) -> str:
        lines = [f"{self.pairs} twin pairs and {self.steps} log steps compared; "
                 f"{sum(self.counts.values())} differences"]
        for (what, change), n in sorted(self.counts.items()):
            lines.append(f"  {n:5d}  the {what} depends on: {change}\n         e.g. {self.examples[(what, change)]}")
        return "\n".join(lines)


def _difference(a: str, b: str, width: int = 70) -> str:
    i = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    lo = max(0, i - width // 2)
    return f"{a[lo:i + width]!r} / {b[lo:i + width]!r}"


def compare(findings: Findings, base: dict[str, str], other: dict[str, str], change: str, where: str) -> None:
    findings.pairs += 1
    for key, text in base.items():
        if key == "svg" and not (text and other.get(key)):
            continue  # not drawn for this pair
        if other.get(key) != text:
            findings.add(key, change, f"{where}: {_difference(text, other.get(key) or '')}")


def _step(rules: Any, state: State, action: Action) -> Optional[tuple[State, list[dict[str, Any]]]]:
    try:
        return rules.apply(state, action)
    except KassenError:
        return None


def check_position(rules: Any, findings: Findings, state: State, viewer: Optional[str], twins: list[Twin],
                   followed: list[Action], rnd: random.Random, where: str, svg_every: int = 6) -> None:
    """Compare what ``viewer`` is shown of ``state`` and of each twin, then play both on with the
    game's next actions (``followed``, renamed for the twin) while the views stay the same."""
    if not twins:
        return
    probes = probes_for(rules, state, viewer, rnd) if viewer is not None and \
        rules.current_player(state) == viewer else []
    base = shown(rules, state, viewer, probes, svg=False)
    for change, twin, rename in twins:
        # render_svg draws from the view alone, so the SVG can differ only if the view does: it is
        # drawn for every such twin and for every ``svg_every``-th other one (to keep that honest;
        # drawing is the slow part)
        other = shown(rules, twin, viewer, probes, svg=False)
        findings.drawn += 1
        if other["view"] != base["view"] or findings.drawn % svg_every == 0:
            if not base["svg"]:
                base["svg"] = rules.render_svg(rules.view_for(state, viewer))
            other["svg"] = rules.render_svg(rules.view_for(twin, viewer))
        compare(findings, base, other, change, where)
        a_state, b_state = state, twin
        for n, action in enumerate(followed):
            a = _step(rules, a_state, action)
            b = _step(rules, b_state, rename(action))
            if a is None or b is None:
                break  # the player to act could tell the two apart (the renamed action is not his)
            a_state, b_state = a[0], b[0]
            if rules.view_for(a_state, viewer) != rules.view_for(b_state, viewer):
                break  # something was revealed: no longer twins for this viewer
            findings.steps += 1
            a_log = json.dumps(visible_events(a[1], viewer), ensure_ascii=False)
            b_log = json.dumps(visible_events(b[1], viewer), ensure_ascii=False)
            if a_log != b_log:
                findings.add("log", change, f"{where} +{n + 1} ({action.to_text()}): {_difference(a_log, b_log)}")


def record_game(rules: Any, seed: int, policy: Policy, max_actions: int = 3000) -> tuple[list[State], list[Action]]:
    """A seeded self-play game: every state and the action taken from it."""
    chooser = random.Random(f"leaks:{seed}")
    states, actions = [rules.setup(seed)], []
    for step in play_steps(rules, states[0], lambda state, _player, legal: policy(rules, state, legal, chooser),
                           max_actions):
        states.append(step.after)
        actions.append(step.action)
    return states, actions


def survey(rules: Any, twins: TwinMaker, policy: Policy, seeds: Iterable[int], every: int = 10,
           follow: int = 4, viewers: Optional[Iterable[Optional[str]]] = None,
           findings: Optional[Findings] = None) -> Findings:
    """Run the differential check over the positions of seeded self-play games (every ``every``-th
    position, chance nodes skipped, for every viewer); returns what differed."""
    findings = findings if findings is not None else Findings()
    who = list(viewers) if viewers is not None else [None, *rules.sides]
    for seed in seeds:
        states, actions = record_game(rules, seed, policy)
        rnd = random.Random(f"twins:{seed}")
        offset = seed % every
        for i in range(offset, len(actions), every):
            state = states[i]
            if rules.current_player(state) in (CHANCE, TERMINAL):
                continue
            for viewer in who:
                where = f"seed {seed} step {i} viewer {viewer}"
                check_position(rules, findings, state, viewer, twins(rules, state, viewer, rnd),
                               actions[i:i + follow], rnd, where)
    return findings


def rename_units(mapping: dict[str, str]) -> Rename:
    """The renaming of actions for a twin whose unit ids were permuted by ``mapping`` (chance
    outcomes naming a unit, ``draw =<id>``, are renamed too)."""
    def rename(action: Action) -> Action:
        units = tuple(mapping.get(u, u) for u in action.units)
        arg = mapping.get(action.arg, action.arg) if action.arg is not None else None
        if units == action.units and arg == action.arg:
            return action
        return Action(action.verb, units, action.cell, arg)
    return rename
