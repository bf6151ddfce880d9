"""Why a selected unit cannot act on a place: the board's answer to a click on a place that is not
highlighted, in the same words (and citing the same clauses) as the refusal of a typed action.

Several verbs may target a place (move there, attack it, fire at it...). Each verb the player to
act is offered now with a place is tried on the clicked place with the selected units, and each
refusal comes from the rules' own ``refusal`` (the phases' ``refuse_<verb>``), so nothing here
repeats a rule. The most relevant refusal is the one said, chosen by (best first):

1. a specific reason before the generic "not possible now" / "not now" ones;
2. a verb that fits the place: one whose legal places now mostly hold units of another side
   (an attack, a fire) for a place that holds such units, any other verb (a move) for one that
   does not;
3. a verb the selected units are offered somewhere before one they are not offered at all;
4. the verb with the most legal places for them (the move before a rarer exit), then the order
   the game lists its actions in.

Only the viewer's view (where units stand, which side they are on) and the refusals he could
read by typing the action are used, so the answer tells him nothing he may not know (the leak
test, tests/support/leaks.py, compares these texts over twin positions).

The lead-in naming the units, the verb and the place is the catalog message
``<game>.whynot.<verb>`` where a game has its own words, else ``engine.whynot.<verb>``, else
``engine.whynot.other`` (``.none`` after the key when no unit acts: "Cannot attack 0305").
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Optional

from .actions import Action
from .messages import catalog, cell as cell_arg, msg, unit as unit_arg
from .state import CHANCE, TERMINAL, State

if TYPE_CHECKING:  # pragma: no cover
    from .phases import Refusal
    from .rules import GameRules

#: refusals that say only "not now" / "not offered": any specific reason is said before these
GENERIC = frozenset({"engine.refuse.not-offered", "engine.refuse.not-now", "engine.refuse.unknown-verb"})


def explain_place(rules: "GameRules", state: State, viewer: Optional[str], units: Iterable[str],
                  place: str) -> Optional["Refusal"]:
    """Why ``units`` (the viewer's selection; empty: none) cannot act on ``place`` now: a Refusal
    whose words name the units, what they cannot do and the place, then the rules' reason with its
    clause ids. None when something may be done there (it is a legal place), when the viewer is
    not the player to act, or when no action of this moment targets a place at all."""
    from .phases import Refusal

    refusal_of = getattr(rules, "refusal", None)
    if refusal_of is None or viewer is None or place not in rules.board.cells:
        return None
    if rules.current_player(state) in (CHANCE, TERMINAL) or rules.current_player(state) != viewer:
        return None
    chosen = tuple(units)
    mine = set(chosen)
    placed = [a for a in rules.legal_actions(state) if a.cell is not None]

    def fits(a: Action) -> bool:
        """An action of the selection (or of nobody in particular), as the page highlights them."""
        return not a.units or (bool(mine) and mine <= set(a.units))

    if any(a.cell == place and fits(a) for a in placed):
        return None
    verbs: list[str] = []
    for a in placed:
        if a.verb not in verbs:
            verbs.append(a.verb)
    tried: list[tuple[int, Action, "Refusal", list[Action], list[Action]]] = []
    for order, verb in enumerate(verbs):
        of_verb = [a for a in placed if a.verb == verb]
        own = [a for a in of_verb if fits(a)]
        if own:
            model = min(own, key=lambda a: (len(a.units), a.units))
            action = _action(verb, model.units, place, model.arg)
        elif mine:
            action = _action(verb, chosen, place, None)
        else:
            continue  # a verb of some unit, and nothing is selected: not this click's question
        if action is None:
            continue
        try:
            found = refusal_of(state, action)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            found = None  # a check that cannot answer for this odd action: ask the next verb
        if found is not None:
            tried.append((order, action, found, of_verb, own))
    if not tried:
        return None
    # where the viewer sees units of another side (asked only when there is a choice to make)
    foreign = _foreign_places(rules, rules.view_for(state, viewer), viewer) if len(tried) > 1 else set()
    ranked = []
    for order, action, found, of_verb, own in tried:
        strikes = sum(1 for a in of_verb if a.cell in foreign) * 2 > len(of_verb)
        key = (1 if _key(found.message) in GENERIC else 0,
               0 if strikes == (place in foreign) else 1,
               0 if own else 1,
               -len({a.cell for a in own}),
               order)
        ranked.append((key, action, found))
    _, action, found = min(ranked, key=lambda item: item[0])
    lead = lead_in(rules.game, action)
    return Refusal(msg("engine.whynot", lead=lead, why=found.message), found.clauses)


def lead_in(game: str, action: Action) -> dict[str, Any]:
    """"Tōgō's army cannot move to 0506" / "Cannot attack 0305": the game's words for the verb where
    it has them, else the engine's, else a sentence for any verb."""
    suffix = "" if action.units else ".none"
    entries = catalog("en").entries
    key = next((k for k in (f"{game}.whynot.{action.verb}{suffix}", f"engine.whynot.{action.verb}{suffix}")
                if k in entries), f"engine.whynot.other{suffix}")
    args: dict[str, Any] = {"place": cell_arg(action.cell)}
    if action.units:
        args["units"] = [unit_arg(u) for u in action.units]
    return msg(key, **args)


def _foreign_places(rules: "GameRules", view: dict[str, Any], viewer: str) -> set[str]:
    """The places where the viewer sees a unit that is not his side's."""
    side_of = getattr(rules, "side_of_token", None)
    out: set[str] = set()
    for uid, u in (view.get("units") or {}).items():
        at = (u or {}).get("at") if isinstance(u, dict) else None
        if not at:
            continue
        side = side_of(uid) if side_of is not None else (rules.scenario.units.get(uid) or {}).get("side")
        if side is not None and side != viewer:
            out.add(at)
    return out


def _action(verb: str, units: tuple[str, ...], place: str, arg: Optional[str]) -> Optional[Action]:
    try:
        return Action(verb, units, place, arg)
    except ValueError:
        return None


def _key(message: Any) -> str:
    return str(message.get("key", "")) if isinstance(message, dict) else ""
