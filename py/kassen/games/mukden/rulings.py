"""Every ruling the app uses where the Mukden rulebook is silent or ambiguous.

Ids R1-R15 follow the 15 ambiguities of the clause inventory (shared/rules/mukden.md); M1-M6 are
the map rulings of the reconstruction brief (shared/maps/mukden.md); X1-X8 are further decisions
this implementation had to make. Shown to players on the rulings page (Rules.rulings()).
"""
from __future__ import annotations

from typing import Any

RULINGS: tuple[dict[str, Any], ...] = (
    {"id": "R1", "topic": "The 3rd Army's detour",
     "ruling": "Choosing the 3rd Army is Japan's one unit choice for the turn, whether it is placed or kept waiting. "
               "After no earlier wait it may be placed on A; after one wait on A or B; after two waits on A, B or C, and "
               "then it must be placed. Placing it is its movement: it moves no further that turn, but it may attack, "
               "and must if it is placed next to an enemy. A hex next to an enemy is a legal placement. If every hex "
               "open to it is occupied it may wait even at the third choice.",
     "why": "Placing the unit is its move, and [7.0] makes the chosen unit's attack compulsory.",
     "clauses": ["mukden.8.jp3-first-choice", "mukden.8.jp3-second-choice", "mukden.8.jp3-third-choice",
                 "mukden.8.jp3-place-no-move", "mukden.8.jp3-wait-is-turn"]},
    {"id": "R2", "topic": "Choosing a unit, and moving it",
     "ruling": "A player must choose one unit every turn; moving it is optional (0, 1 or 2 hexes: staying put is "
               "the move to its own hex). There is no pass while a unit can be chosen.",
     "why": "[5.0] says to choose a unit and move it; [6.0] says a unit 'may' move 1-2 hexes.",
     "clauses": ["mukden.5.choose-one-unit", "mukden.6.move-one-or-two"]},
    {"id": "R3", "topic": "Order of losses and retreats",
     "ruling": "Each side's loss is worked out from the dice; then the attacker, then the defender, decide whether to "
               "retreat; then the retreat reductions apply; then the net losses are recorded and units at 0 removed.",
     "why": "The reduction for retreating only makes sense if a unit about to reach 0 can still retreat to save itself.",
     "clauses": ["mukden.7.retreat-order", "mukden.7.record-loss", "mukden.7.zero-removed",
                 "mukden.7.retreat-reduces-loss"]},
    {"id": "R4", "topic": "The attacker's retreat cancels the defender's loss",
     "ruling": "Taken literally: if the attacker retreats, it takes 1 less loss and the defender takes none, and the "
               "defender may not retreat.",
     "why": "Retreating is how an attacker breaks off a fight.",
     "clauses": ["mukden.7.attacker-retreat-blocks-defender", "mukden.7.attacker-retreat-zeroes-defender-loss"]},
    {"id": "R5", "topic": "Modified FP below 1",
     "ruling": "The river and mountain reductions never take the attacker's FP below 0; halving rounds up, so half of 0 "
               "is 0. The floor is a scenario parameter (rules.modified_fp_floor) and a game option.",
     "why": "The text gives no floor, and negative fighting power makes no sense.",
     "clauses": ["mukden.7.river-minus-one", "mukden.7.mountain-minus-one", "mukden.7.halve-last"]},
    {"id": "R6", "topic": "Upper limit on a call",
     "ruling": "A call is at least 1 and at most the unit's current real FP. The app checks this in secret: only the "
               "values the unit can really call are offered to its owner, and nothing is shown to the opponent.",
     "why": "Only 'lower than it actually is' and 'at least 1' are stated; a higher call would be a lie the memo "
            "would expose at the end.",
     "clauses": ["mukden.7.call-min-one", "mukden.7.underbid-allowed"]},
    {"id": "R7", "topic": "Who the modifiers apply to",
     "ruling": "Only the attacker's call is modified. -1 when attacking across a river hexside; -1 when the defender "
               "stands in a mountain hex; halving only for Japanese attackers. The defender's call is used as called.",
     "why": "Every modifier in [7.0] is worded about the attack.",
     "clauses": ["mukden.7.river-minus-one", "mukden.7.mountain-minus-one", "mukden.7.fortress-halve",
                 "mukden.7.mukden-halve", "mukden.7.mods-cumulative"]},
    {"id": "R8", "topic": "Fortress exemption",
     "ruling": "A chosen Russian unit inside the fortress need not attack Japanese units adjacent across a fortress "
               "line. If it is also adjacent to a Japanese unit not across the line it must attack, and may pick any "
               "adjacent enemy as the target.",
     "why": "The exemption is worded about the units across the line only.",
     "clauses": ["mukden.7.fortress-exemption", "mukden.7.one-target"]},
    {"id": "R9", "topic": "When Russia may declare withdrawal",
     "ruling": "At the start of any Russian turn (a button beside the unit choice) or at its end (a step offered once "
               "at least one Russian unit has left the map; before that a declaration scores 0 and hands Japan the "
               "win, which stays possible at the start of every Russian turn). The game ends at once. Withdrawn FP is "
               "the current FP of the units that left the map; surviving Japanese FP includes the 3rd Army even while "
               "it waits off the map. When no Russian unit is left on the map, declaring is Russia's only action.",
     "why": "[9.0] lets Russia declare 'if it seems that enough units escape'; a side with nothing left to move "
            "could otherwise stall a game that time can no longer end.",
     "clauses": ["mukden.9.declare-withdrawal", "mukden.4.end-triggers", "mukden.4.withdraw-ru-win",
                 "mukden.4.withdraw-jp-win"]},
    {"id": "R10", "topic": "Leaving the map",
     "ruling": "Only Russian units leave, only from the north-edge exit hexes 0501, 0701 and 0901, and leaving costs "
               "one hex of movement (a unit may move one hex onto an exit and off in the same move if nothing stops "
               "it there). A retreat may leave the map only from those hexes. A unit that has left never returns.",
     "why": "The text does not say what leaving costs; one hex keeps the 1-2 hex move.",
     "clauses": ["mukden.9.russian-only-exit", "mukden.9.exit-by-retreat", "mukden.9.no-return"]},
    {"id": "R11", "topic": "Time reaching 10 in the middle of a combat",
     "ruling": "The combat is finished (retreats, losses, advance), then the game ends and is scored as a time ending. "
               "A jump from 9 to 11 (two sixes) also ends it. If a Russian unit enters the supply source during that "
               "combat, the sudden-death victory takes priority.",
     "why": "Time is noted after the dice; the rest of the combat still belongs to that combat.",
     "clauses": ["mukden.7.time-ten-ends", "mukden.4.supply-sudden-death"]},
    {"id": "R12", "topic": "Natural sixes",
     "ruling": "Time passes only on unmodified sixes: one for each die that shows 6.",
     "why": "The text says 'the die roll ... rolled was 6', which is the raw roll.",
     "clauses": ["mukden.7.time-one-six", "mukden.7.time-two-sixes"]},
    {"id": "R13", "topic": "Advance after combat",
     "ruling": "If the defender was removed or retreated (and the attacker neither retreated nor was removed), the "
               "attacker may advance one hex into the hex the defender left. The advance ignores the movement stop "
               "rules and does not start another attack.",
     "why": "An advance is not a move; [7.0] gives one attack per turn.",
     "clauses": ["mukden.7.advance"]},
    {"id": "R14", "topic": "Removal at 0",
     "ruling": "A unit whose current FP reaches 0 is removed from the game.",
     "why": "'The unit that originally allocated fighting power became 0' is garbled; this is the only sensible reading.",
     "clauses": ["mukden.7.zero-removed"]},
    {"id": "R15", "topic": "'Fewer side'",
     "ruling": "The side with the lower modified die result.",
     "why": "The result table compares the two modified die results.",
     "clauses": ["mukden.7.result-diff-2", "mukden.7.result-diff-3plus"]},
    {"id": "M1", "topic": "Rivers and fortress lines run along hexsides",
     "ruling": "The Hun River and the fortress line are hexsides between two hexes. A unit crossing a river hexside "
               "stops in the hex it enters; an attack across one is -1.",
     "why": "The rules speak of 'crossing the river' and attacking 'over a fortress'.",
     "clauses": ["mukden.6.river-stop", "mukden.7.river-minus-one", "mukden.7.fortress-halve"]},
    {"id": "M2", "topic": "Halving across a fortress line",
     "ruling": "Halving applies when a Japanese unit attacks a Russian unit in an inside-fortress hex (0405, 0505, "
               "0605, 0705) across a fortress hexside, or attacks Mukden. It does not apply to attacks outward from "
               "such a hex, nor between two inside hexes. Fortress and Mukden never combine into a double halving.",
     "why": "'Attacks over a fortress' means attacking the fortress from outside it.",
     "clauses": ["mukden.7.fortress-halve", "mukden.7.mukden-halve"]},
    {"id": "M3", "topic": "Mukden and the railway",
     "ruling": "Mukden (0503) is also a railway hex. The railway hexes north of Mukden are 0502 and 0501, so the "
               "Japanese time-victory hexes are 0501, 0502 and 0503. The railway has no effect on movement.",
     "why": "The railway runs north-south through the city on the reconstructed map.",
     "clauses": ["mukden.4.time-jp-win", "mukden.4.time-ru-win"]},
    {"id": "M4", "topic": "Inside the fortress",
     "ruling": "The hexes on the north side of the fortress line (0405, 0505, 0605, 0705) are inside the fortress; "
               "a Russian unit there has the fortress exemption against Japanese units across the line.",
     "why": "The rulebook speaks of units 'inside a fortress' without a map; the reconstruction lists them.",
     "clauses": ["mukden.7.fortress-exemption"]},
    {"id": "M5", "topic": "The supply source",
     "ruling": "The Japanese supply source ◑ is 0508. A Russian unit entering it by movement, retreat or advance wins "
               "at once; a Russian move ends there. Japanese units may stand on it freely.",
     "why": "The reconstruction puts ◑ on the railway at the south edge (towards Yentai and Liaoyang).",
     "clauses": ["mukden.4.supply-sudden-death"]},
    {"id": "M6", "topic": "The map is a reconstruction",
     "ruling": "The printed postcard map was not available. Every hex position (terrain, river, fortress line, special "
               "hexes, start hexes) follows the reconstruction brief and can be corrected by editing "
               "scenarios/mukden/mukden.json (see its README).",
     "why": "The rules text gives no map data.",
     "clauses": ["mukden.3.start-named-hex"]},
    {"id": "X1", "topic": "Secret allotment, one unit at a time",
     "ruling": "Japan allots first, then Russia, one unit at a time in a fixed order; only values that still allow an "
               "exact total with at least 3 FP for every unit are offered, then the player confirms. Japan then takes "
               "the first turn.",
     "why": "A click-by-click form of writing the memo; the order of allotment carries no information.",
     "clauses": ["mukden.3.jp-fp-27", "mukden.3.ru-fp-20", "mukden.3.min-three", "mukden.5.japan-first"]},
    {"id": "X2", "topic": "Decisions with only one choice",
     "ruling": "A retreat decision is asked only of a side that took a loss and has a hex it may retreat to; "
               "otherwise it stands without being asked. An attack is asked only if the chosen unit is next to an "
               "enemy; 'no attack' is offered only when the attack is not compulsory.",
     "why": "Fewer clicks; nothing is decided for a player who had a choice.",
     "clauses": ["mukden.7.retreat-none-available", "mukden.7.retreat-undamaged-forbidden",
                 "mukden.7.attack-compulsory"]},
    {"id": "X3", "topic": "Where a retreat may go",
     "ruling": "One hex, into an empty hex not adjacent to any enemy unit. A retreat may cross a river or enter a "
               "mountain (the movement stops do not apply to it).",
     "why": "[7.0] gives only the adjacency condition; [6.0] forbids sharing a hex.",
     "clauses": ["mukden.7.retreat-one-hex", "mukden.7.retreat-not-adjacent-enemy"]},
    {"id": "X4", "topic": "Japan has no unit left",
     "ruling": "If every Japanese unit has been removed, the game ends at once as a time ending: no Japanese unit can "
               "ever stand on Mukden or the railway north of it, so Russia wins.",
     "why": "Time passes only in combat, so without Japanese units the game could never end by time.",
     "clauses": ["mukden.4.time-ru-win"]},
    {"id": "X5", "topic": "What is secret and what is public",
     "ruling": "Each side sees its own allotted and current FP, never the other side's; spectators see neither. Calls, "
               "dice, modifiers and the losses they produce are public. All FP is revealed when the game ends.",
     "why": "[3.0]: the memo is turned down from the opponent until the game ends.",
     "clauses": ["mukden.3.secret-until-end", "mukden.2.written-record", "mukden.7.record-loss"]},
    {"id": "X6", "topic": "Moves are chosen by destination",
     "ruling": "A move is given by the hex it ends in; any path that obeys the stop rules will do. A Russian move "
               "ends on the supply source (the game is over), so no path passes through it.",
     "why": "Nothing happens on the way except the stops, which the legal destinations already respect.",
     "clauses": ["mukden.6.stop-adjacent", "mukden.6.mountain-stop", "mukden.6.river-stop"]},
    {"id": "X7", "topic": "A withdrawal declaration and time",
     "ruling": "A declared withdrawal is scored by [4.0] at once even if Japan holds Mukden: the time-victory check is "
               "only made when time runs out.",
     "why": "[4.0] scores the two endings separately.",
     "clauses": ["mukden.4.end-triggers"]},
    {"id": "X8", "topic": "A game in which nobody fights any more",
     "ruling": "Elapsed time passes only through sixes rolled in combat (7.0). When 10 player turns in a row (rules.quiet_turns_limit: five of each side) pass without a combat, the game ends and is scored as a time ending (4.0): Japan wins if a Japanese unit is on Mukden or on the railway north of it. A game begun before this ruling (a save or link made before 25 November 2026) keeps the earlier reading.",
     "why": "Otherwise two players who both avoid combat never end the game: the computer found such games, one at turn 798. Time ending is what the clock would give if the battle stood still.",
     "clauses": ["mukden.4.end-triggers", "mukden.7.time-ten-ends", "mukden.4.time-jp-win", "mukden.4.time-ru-win"]},
)


def rulings() -> list[dict[str, Any]]:
    """Copies of the rulings (callers may not change the module's data)."""
    return [dict(r, clauses=list(r["clauses"])) for r in RULINGS]
