"""Every ruling the app uses where the rulebook is silent or ambiguous (the rulings page).

R1-R15 follow the recommendations of shared/rules/kawanakajima.md (same order); M1-M4 are the map
rulings of the reconstruction brief; A1-A12 are how the app turns the rules into clicks.
"""
from __future__ import annotations

from typing import Any

K = "kawanakajima."


def _r(rid: str, topic: str, ruling: str, why: str, clauses: list[str]) -> dict[str, Any]:
    return {"id": rid, "topic": topic, "ruling": ruling, "why": why, "clauses": [K + c for c in clauses]}


RULINGS: tuple[dict[str, Any], ...] = (
    _r("R1", "Face-up units move every turn",
       "A face-up unit gets a fresh 7 MP in every friendly movement/attack phase; a face-down unit with a move "
       "marker gets 7 MP only in the phase its marker was placed for. Attacks are paid from those 7 MP.",
       "The paragraph 'Face up units and move markers' says exactly this.",
       ["7.faceup-every-phase", "7.move-marker-one-turn", "7.seven-mp"]),
    _r("R2", "Margin after a tie-break",
       "Each tie-break card is added to the tied total, so the final margin is the difference between the two "
       "tie-break cards (3 against 2: a margin of 1, the loser retreats; 6 against 4: removed).",
       "The only reading that fits both 'the higher card wins' and 'the difference of the final totals'.",
       ["8.tie-replay", "8.tie-repeat", "8.loss-remove", "8.loss-retreat"]),
    _r("R3", "Retreat card against a numbered card",
       "Only the player who played Retreat retreats; nobody wins and no margin applies. The attacker has used its "
       "attack and its 3 MP. If the defender retreated, the attacker may move on with its remaining MP (but not "
       "attack again); if the attacker retreated, its activation ends. If both play Retreat both retreat, the "
       "defender first.",
       "The rulebook only says the retreating units retreat; moving on like a winner keeps 7(13)'s logic.",
       ["8.retreat-card", "8.tie-retreat-card", "7.win-continue-moving"]),
    _r("R4", "Taking back the discards",
       "When a hand becomes empty the discards come back at once (compulsory; Takeda chooses then whether to "
       "make the exchange if it is allowed). A hand holding only Retreat cards may take the discards back "
       "whenever its owner has to choose a combat card (optional).",
       "An empty hand could not play a card. The hand matters only when a card is chosen, so offering the "
       "optional refill at that moment is the same as offering it 'immediately'.",
       ["8.refill", "8.takeda-exchange-when"]),
    _r("R5", "Takeda's first command phase",
       "On turn 1 Takeda may turn face up any or all of the units on X1-X3 (counting against the limit of 6) and "
       "nothing else; no move markers.",
       "The surprise-attack rule names only turning the three Mt. Saijo units face up.",
       ["5.takeda-t1-command"]),
    _r("R6", "Which night-army units come down",
       "Takeda chooses how many (0-3) and onto which empty X hexes; each unit is drawn at random from the box, "
       "unseen. It stays unknown even to Takeda until it is turned face up.",
       "The set-up draw was blind, so choosing particular units would need knowledge no one has.",
       ["5.takeda-reinforce", "4.blind-units", "4.takeda-night-box"]),
    _r("R7", "No ZOC again after leaving one",
       "After leaving any enemy ZOC a unit may not enter any enemy ZOC for the rest of the turn, including the "
       "one it just left.", "Reads 'another enemy's ZOC' as 'any enemy ZOC'.", ["7.no-reenter-zoc"]),
    _r("R8", "Disengagement is not a retreat",
       "Leaving an enemy ZOC turns the unit face down with a retreat marker, but it does not count as a "
       "commander retreat for the -1 penalty or for points.",
       "Only retreats caused by a Retreat card or a combat loss are retreats 'in combat'.",
       ["7.disengage-penalty", "8.commander-retreat-penalty", "9.score-general-retreats"]),
    _r("R9", "Reinforcements next to an enemy",
       "A unit placed on X1-X3 next to an enemy is turned face up at once, and so is that enemy.",
       "Units adjacent to enemy units are always face up (7(6)).", ["7.adjacent-always-face-up", "7.zoc-reveal"]),
    _r("R10", "Markers never run out",
       "The 13 move/retreat markers are not a limit in the app.", "The rules never say markers run out.",
       ["3.markers"]),
    _r("R11", "Every removal scores",
       "Every removed enemy unit scores 1 point: a combat loss, a blocked retreat, or a unit with a retreat "
       "marker that loses.", "'For each enemy unit removed' makes no distinction.", ["9.score-kills"]),
    _r("R12", "Uesugi scoring hexes",
       "Only Uesugi units strictly on Takeda's side of the river score; units standing in river hexes never do.",
       "'Uesugi units exactly on the river are not counted.'", ["9.score-faceup-uesugi", "9.errata-group-ii"]),
    _r("R13", "Which -1 applies when",
       "The retreat-marker -1 applies only when the unit is attacked (defends). The river -1 and the "
       "commander-retreat -1 apply in attack and defence. The commanding general himself never suffers his own "
       "retreat penalty.",
       "8 Other (1) says 'when attacked'; (7) and (8) have no such limit; (8) says 'other units'.",
       ["8.retreat-marker-minus-one", "8.river-minus-one", "8.commander-retreat-penalty"]),
    _r("R14", "Cross-references",
       "'See 4-2' and 'see 4-4' in 3(1) are chapter 4 items (2) and (4); '8-2 above' is 8 Resolution (2).",
       "The numbering of the translation.", ["8.retreat-procedure"]),
    _r("R15", "Penalties and the score",
       "Combat-value penalties never change victory points; the score counts units and events only.",
       "Chapter 9 counts units and retreats only.", ["9.score-general-retreats", "9.compare-scores"]),
    _r("M1", "The map is a reconstruction",
       "The printed boards were not available: the 20x16 grid, river and mountain hexes, start hexes, X1-X3 and "
       "the night box follow the project's map brief. Owners of the game can correct them in "
       "scenarios/kawanakajima/kawanakajima.json.",
       "The rulebook text describes the map's keys but not its hexes.", ["3.plains-default"]),
    _r("M2", "Takeda's side of the river",
       "'Takeda's side of the river' is the plain between the Sai and the Chikuma (113 hexes, kept as data in "
       "rules.uesugi_scoring_region): group II starts there, groups I and III do not.",
       "Group II's bank, per the errata; the data can be switched to a one-river reading.",
       ["9.score-faceup-uesugi", "9.errata-group-ii"]),
    _r("M3", "Fords, castle and place names",
       "Fords, Kaizu castle, Hachimanbara and Zenkoji are labels only: every river hex costs 2 MP and gives -1, "
       "ford or not.", "The rules give them no effect.", ["7.cost-river", "8.river-minus-one"]),
    _r("M4", "Rivers are hexes",
       "Rivers are hex terrain (2 MP to enter, -1 while in the hex), not hexsides.",
       "7(3) and 8 Other (7) speak of entering and being in a river hex.", ["7.cost-river", "8.river-minus-one"]),
    _r("A1", "Moving by destination",
       "A move is chosen by its destination and the unit pays the cheapest path. The outcome never depends on "
       "the path: a unit must stop on entering an enemy ZOC, so every hex it passes is outside all ZOCs; a unit "
       "leaving a ZOC may not re-enter one, so its path is ZOC-free too. A unit may also move in several steps "
       "with the same result.",
       "One click per move instead of one per hex, with nothing lost.",
       ["7.zoc-stop", "7.no-zoc-to-zoc", "7.no-reenter-zoc", "7.no-enter-occupied"]),
    _r("A2", "Simultaneous cards in hot-seat play",
       "The attacker picks his card first, then the defender, each behind the screen cover; the first pick is "
       "hidden in every other view until both cards are revealed together.",
       "Equivalent to placing both cards face down and turning them over at once.",
       ["8.cards-simultaneous", "8.resolve-immediately"]),
    _r("A3", "Remembering units",
       "A unit that has been face up stays identified to both players after it is turned face down again (the "
       "counters never change places in secret). Spectator views show only crests for face-down units.",
       "A player who watched the counter would know it; the app saves him from taking notes.",
       ["3.face-down-anonymous", "7.zoc-reveal"]),
    _r("A4", "Choosing the retreat hex",
       "The owner of a retreating unit chooses among the legal hexes; with one legal hex the retreat is made at "
       "once, with none the unit is removed.", "The rulebook does not say who chooses.",
       ["8.retreat-procedure", "8.retreat-blocked"]),
    _r("A5", "Forced steps happen by themselves",
       "A unit that can neither move nor attack ends its activation (its move marker goes); a command phase with "
       "nothing to command, a movement phase with no unit able to act and a reinforcement phase with no empty X "
       "hex are skipped. The end of a movement phase is always confirmed by the player.",
       "Fewer clicks, and nothing the player could have chosen otherwise.", ["7.move-marker-removed"]),
    _r("A6", "Attacking at the start of a move",
       "A unit that has not moved yet attacks with 'attack <unit> @<hex>'; a unit already moving attacks with "
       "'attack @<hex>'.", "The attack may come at the start of or during the movement (7(11)).",
       ["7.attack-when"]),
    _r("A7", "Winner moving on inside another ZOC",
       "A winner that moves on while still next to another enemy is leaving that enemy's ZOC: it may not step "
       "into another ZOC hex, may not re-enter any ZOC that turn, and ends face down with a retreat marker.",
       "7(13) exempts only the beaten unit's ZOC.", ["7.win-not-leaving-zoc", "7.disengage-penalty"]),
    _r("A8", "Set-up order and secrecy",
       "Uesugi arranges his units, then Takeda, then the three blind draws onto X1-X3. Swaps are logged only for "
       "the player who made them: the opponent knows the printed start hexes and could otherwise follow them.",
       "Hidden set-up must stay hidden in hot-seat play.", ["4.uesugi-swap-in-group", "4.takeda-swap-free"]),
    _r("A9", "Blind units in actions",
       "Takeda commands and moves his unseen night-army units by their anonymous ids ('?takeda-n', numbered by "
       "hex), so even his own actions do not reveal what they are.", "They are unknown to their owner (4(2)).",
       ["4.blind-units"]),
    _r("A10", "Removed units",
       "Removed units are public: they were face up in the combat that removed them, and the score counts them.",
       "Every removal happens in a combat between adjacent (face-up) units.", ["9.score-kills"]),
    _r("A11", "Hands are private, discards public",
       "Views show the other side's hand only as a number of cards; discard piles and the Takeda box are open.",
       "8 Other (3) makes only the discards public.", ["8.discards-public"]),
    _r("A12", "Game end",
       "The game ends after the Takeda reinforcement and turn-marker phases of turn 6, or at once when a "
       "commanding general is removed.", "Chapter 9.", ["9.game-length", "9.sudden-death"]),
    _r("A13", "Everything is revealed at the end",
       "When the game is over every view shows every unit (the blind night-army units included) and both "
       "hands.", "Nothing is secret any more, and the last position is worth studying.",
       ["3.face-down-anonymous", "4.blind-units"]),
)
