"""The course of a combat inside an action: the dice (one chance node each), the totals, the
loser's casualties and retreats, the winners' advance (ikedaya.combat.*, ikedaya.retreat.*).

A mixin of ``Rules``: the methods use its helpers (``_remove``, ``_end_action``, ``side_name``...).
"""
from __future__ import annotations

from typing import Any

from ...engine.state import Event, State, event
from . import combat, text
from .data import InnData
from .movement import enemy_in, occupancy, room


class CombatFlow:
    """Combat steps of ``Rules``."""

    data: InnData

    def _start_combat(self, state: State, group: list[str], at: str, target: str, events: list[Event]) -> None:
        data = self.data
        occ = occupancy(data, state["units"])
        defenders = list(occ[target])
        door = combat.door_die(data, group, at, target)
        na = combat.dice_count(data, group)
        nd = combat.dice_count(data, defenders, door)
        state["step"] = {"kind": "combat", "group": group, "at": at, "target": target, "defenders": defenders,
                         "dice": [na, nd], "rolls": [[], []]}
        att, dfd = state["active"], data.other[state["active"]]
        note = ""
        if combat.door_between(data, at, target):
            note = (" A Door lies between them: the defender rolls an extra die." if door else
                    " A Door lies between them, but the attacker's Sword or Spear cancels the extra die.")
        events.append(event(f"Combat: {text.names(data, group)} ({at}) {text.verb(group, 'attacks', 'attack')} "
                            f"{text.names(data, defenders)} "
                            f"({target}).{note} {self.side_name(att)} roll {text.dice(na)}, {self.side_name(dfd)} roll "
                            f"{text.dice(nd)}.",
                            "combat", side=att))

    def _combat_roll(self, state: State, value: int, events: list[Event]) -> None:
        step = state["step"]
        i = 0 if len(step["rolls"][0]) < step["dice"][0] else 1
        step["rolls"][i].append(value)
        side = state["active"] if i == 0 else self.data.other[state["active"]]
        events.append(event(f"{self.side_name(side)} die {len(step['rolls'][i])} of {step['dice'][i]}: {value}",
                            "dice", dice=[value], side=side))
        if len(step["rolls"][1]) == step["dice"][1]:
            self._resolve_combat(state, events)

    def _resolve_combat(self, state: State, events: list[Event]) -> None:
        data = self.data
        step = state["step"]
        group, at, target, defenders = step["group"], step["at"], step["target"], step["defenders"]
        att, dfd = state["active"], data.other[state["active"]]
        ta = combat.total(data, group, step["rolls"][0])
        td = combat.total(data, defenders, step["rolls"][1])
        events.append(event(f"{self.side_name(att)} {max(step['rolls'][0])} + strength "
                            f"{ta - max(step['rolls'][0])} = {ta}; {self.side_name(dfd)} {max(step['rolls'][1])} + "
                            f"strength {td - max(step['rolls'][1])} = {td}", "combat"))
        if ta == td:
            events.append(event("The totals are equal: nothing happens", "combat"))
            self._end_action(state, group, events)
            return
        if ta > td:
            loser, losers, lose_at, winners = dfd, list(defenders), target, list(group)
        else:
            loser, losers, lose_at, winners = att, list(group), at, list(defenders)
        k = min(abs(ta - td), len(losers))
        events.append(event(f"The {self.side_name(loser)} lose the combat by {abs(ta - td)}: "
                            f"{text.plural(k, 'counter')} removed", "combat"))
        ctx = {"group": group, "side": loser, "winners": winners, "from": lose_at}
        if k == len(losers):
            for u in losers:
                self._remove(state, u)
            events.append(event(f"{text.names(data, losers)} killed", "loss", side=loser))
            self._advance(state, ctx, events)
            self._end_action(state, group, events)
            return
        state["step"] = {"kind": "loss", **ctx, "units": losers, "left": k}

    def _lose(self, state: State, uid: str, events: list[Event]) -> None:
        step = state["step"]
        self._remove(state, uid)
        events.append(event(f"{self.data.counters[uid].name} is killed (the {self.side_name(step['side'])} "
                            f"player's choice)", "loss", side=step["side"]))
        step["units"] = [u for u in step["units"] if u != uid]
        step["left"] -= 1
        if step["left"] == 0:
            del step["left"]
            step["kind"] = "retreat"
            self._settle_retreats(state, events)

    def _retreat(self, state: State, uid: str, cell: str, events: list[Event]) -> None:
        step = state["step"]
        state["units"][uid]["at"] = cell
        events.append(event(f"{self.data.counters[uid].name} retreats {step['from']} → "
                            f"{self.data.square_text(cell)}", "retreat", side=step["side"]))
        step["units"] = [u for u in step["units"] if u != uid]
        self._settle_retreats(state, events)

    def _settle_retreats(self, state: State, events: list[Event]) -> None:
        """Remove survivors with nowhere to go (ikedaya.retreat.blocked-removed); when nobody is left
        to retreat, the winners advance and the action ends. A retreat only ever fills squares, so a
        counter without a retreat now never gets one later."""
        step = state["step"]
        occ = occupancy(self.data, state["units"])
        for u in list(step["units"]):
            if not combat.retreat_squares(self.data, occ, u, step["from"]):
                self._remove(state, u)
                step["units"].remove(u)
                events.append(event(f"{self.data.counters[u].name} cannot retreat and is killed", "loss",
                                    side=step["side"]))
        if not step["units"]:
            ctx = dict(step)
            self._advance(state, ctx, events)
            self._end_action(state, ctx["group"], events)

    def _advance(self, state: State, ctx: dict[str, Any], events: list[Event]) -> None:
        """The winners take the loser's square (ikedaya.combat.winner-advance) when it is free of
        enemies and has room (ruling ikedaya-n05); no further combat (ruling ikedaya-r13)."""
        data = self.data
        winners, dest = ctx["winners"], ctx["from"]
        occ = occupancy(data, state["units"])
        side = self.side_of(winners[0])
        if enemy_in(data, occ, dest, side) or not room(data, occ, dest, len(winners)):
            events.append(event(f"{text.names(data, winners)} {text.verb(winners, 'cannot', 'cannot')} advance into {dest}", "move", side=side))
            return
        src = state["units"][winners[0]]["at"]
        for w in winners:
            state["units"][w]["at"] = dest
        events.append(event(f"{text.names(data, winners)} {text.verb(winners, 'advances', 'advance')} {src} → {data.square_text(dest)}", "move",
                            side=side))

