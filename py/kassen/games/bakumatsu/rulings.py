"""Every ruling the app uses where the Bakumatsu rulebook is silent or ambiguous.

R1-R23 follow the 23 ambiguities of the clause inventory (shared/rules/bakumatsu.md), each as
recommended there unless it says otherwise; X1-X10 are further decisions this implementation had
to make. Shown to players on the rulings page (Rules.rulings()).
"""
from __future__ import annotations

from typing import Any

RULINGS: tuple[dict[str, Any], ...] = (
    {"id": "R1", "topic": "Road movement: the missing item (4) of 8-2",
     "ruling": "Road movement follows 8-2 (1), (2), (3) and (5) as written and assumes nothing for the missing (4): the "
               "one-hex minimum move of 8-1(4) does not apply to it, and a unit that starts in an enemy zone of "
               "control may not use it.",
     "why": "The translation skips from (3) to (5); nothing can be read into the gap.",
     "clauses": ["bakumatsu.8-2.two-hexes-per-mp", "bakumatsu.8-2.not-from-zoc", "bakumatsu.8-1.min-one-hex"]},
    {"id": "R2", "topic": "The mountain-top +2",
     "ruling": "A main firing unit on a mountain top adds +2 to the dice total, as in the worked example of 9-2(5). "
               "The rule text's reading (+2 to the total fire strength, a column shift) is a game option: "
               "mountain_top = \"strength\".",
     "why": "It matches the only worked example (7 − 2 + 2 = 7, column 3: D), and the TEC gives die modifiers. "
            "Under the strength reading the example would read column 5 at 5 and give no result.",
     "clauses": ["bakumatsu.9-2.mountain-top-plus-two"]},
    {"id": "R3", "topic": "How many reinforcements a die roll gives",
     "ruling": "The number of units is the die roll (1-6), capped by the units still to come (13-1(3)). The mapping "
               "is scenario data (rules.reinforcements[].count).",
     "why": "15-2-5(1)(1) ('at least 3 even if a 1 or 2 is rolled') only makes sense if the count is the roll.",
     "clauses": ["bakumatsu.13-1.check-roll", "bakumatsu.13-1.exhausted", "bakumatsu.15-2-5.turn1-min-three"]},
    {"id": "R4", "topic": "When the reinforcement roll is made",
     "ruling": "Each player rolls at the start of his own Recovery/Movement phase, on the turns whose box shows his R. "
               "Tabarazaka: R on every turn for both sides. Toba-Fushimi: the reconstructed track gives the Shogunate "
               "an R on turns 2-5 (the fallback of every turn 2-8 would bring in all 16 cup units in 98% of games).",
     "why": "13-1(2) says 'at the beginning of his R/M phase'; 15-2-5(1)'s 'beginning of each turn' is read the same.",
     "clauses": ["bakumatsu.13-1.r-symbol", "bakumatsu.13-1.check-roll", "bakumatsu.15-1-5.shogunate-reinf-from-t2"]},
    {"id": "R5", "topic": "One unit at a time through the entry hex",
     "ruling": "A reinforcement is placed on the entry hex (no MP) and then moves from it with its full movement "
               "allowance, or stays there as its whole move; then the next may come. If the entry hex is blocked the "
               "received units wait (they are not lost) and come on in a later Recovery/Movement phase, before any "
               "new roll. An artillery reinforcement that moves off the entry hex is disordered (12(1)).",
     "why": "The text says 'placed', and one combat unit fits in a hex.",
     "clauses": ["bakumatsu.13-1.blocked-delay", "bakumatsu.13-2.one-at-a-time", "bakumatsu.13-2.entry-then-move",
                 "bakumatsu.12.move-disorders"]},
    {"id": "R6", "topic": "What 'enters' a victory hex or an entry hex",
     "ruling": "A combat unit enters a hex by ending a normal or road move in it, by being placed in it as a "
               "reinforcement, by retreating into it, or by advancing into it after melee (see X1 for passing "
               "through). Commanders never take hexes. A unit entering the opponent's entry hex ends the game at once.",
     "why": "The text says only 'enters'; 'unit' means a combat unit (2-2-1).",
     "clauses": ["bakumatsu.14.capture", "bakumatsu.14.entry-hex-sudden-death"]},
    {"id": "R7", "topic": "Nobody holds 7 victory hexes",
     "ruling": "The game is a draw.",
     "why": "The rules give no other way to win at the end.",
     "clauses": ["bakumatsu.14.seven-vh"]},
    {"id": "R8", "topic": "Satsuma-Chōshū's entry hex",
     "ruling": "Satsuma-Chōshū has no entry hex at Toba-Fushimi: only the Shogunate's (0105) ends the game when entered.",
     "why": "It gets no reinforcements, and the reconstructed map prints none.",
     "clauses": ["bakumatsu.14.entry-hex-sudden-death", "bakumatsu.15-1-5.satcho-none"]},
    {"id": "R9", "topic": "One unit in each set-up hex",
     "ruling": "At most one unit per hex, in any hexes of the named area; each reconstructed area has exactly as many "
               "hexes as units, so every hex is filled.",
     "why": "15-1-4.",
     "clauses": ["bakumatsu.15-1-4.one-per-setup-hex"]},
    {"id": "R10", "topic": "Leaving a zone of control with the one-hex minimum",
     "ruling": "The +1 MP for leaving an enemy zone of control is added to the first hex. A unit that cannot pay it may "
               "still move one hex by spending all its MP, but never into another enemy zone of control, across a "
               "river or pond, or into an occupied hex.",
     "why": "8-1(3)(2) and 8-1(4) together.",
     "clauses": ["bakumatsu.8-1.zoc-exit-cost", "bakumatsu.8-1.min-one-hex", "bakumatsu.8-1.min-one-hex-no-zoc-to-zoc"]},
    {"id": "R11", "topic": "Road movement and odd numbers of hexes",
     "ruling": "Each MP buys up to 2 road hexes: a unit with movement allowance m moves up to 2m hexes along the road. "
               "Road movement and normal movement along a road (1 MP a hex) are not mixed in one move.",
     "why": "8-2(1), 8(3).",
     "clauses": ["bakumatsu.8-2.two-hexes-per-mp", "bakumatsu.8.mode-choice", "bakumatsu.8-1.along-road-one"]},
    {"id": "R12", "topic": "Hexsides and artillery range fire",
     "ruling": "Hexside modifiers apply only when the main firer and the target are adjacent; range fire uses the "
               "target hex's modifier alone. An artillery unit supporting a fire must itself be adjacent to the "
               "target and adds +1.",
     "why": "Only adjacent hexes share a hexside.",
     "clauses": ["bakumatsu.9-2.terrain-mods", "bakumatsu.12.range-fire", "bakumatsu.9-2.support-eligibility"]},
    {"id": "R13", "topic": "Which unit a commander's range must reach",
     "ruling": "For fire, the main firing unit; for melee, the attacking unit (attack) and the defending unit "
               "(defence); for recovery and morale checks, the unit checking.",
     "why": "15-2-7-2(3) speaks of the units that 'perform' the action.",
     "clauses": ["bakumatsu.15-2-7-2.command-range", "bakumatsu.15-2-7-2.fire-mod",
                 "bakumatsu.15-2-7-2.melee-mod-attack", "bakumatsu.15-2-7-2.melee-mod-defend"]},
    {"id": "R14", "topic": "Commanders and zones of control",
     "ruling": "An enemy zone of control stops a commander and forbids it to go straight from one to another, as for "
               "combat units. A commander may not enter a hex holding an enemy combat unit.",
     "why": "Commanders move 'just like regular combat units' except for the listed differences; an enemy combat "
            "unit entering a commander's hex removes the commander.",
     "clauses": ["bakumatsu.15-2-7-2.moves-like-units", "bakumatsu.15-2-7-2.no-zoc"]},
    {"id": "R15", "topic": "Reorganization",
     "ruling": "Every Government combat unit removed from the map comes back, normal side up, through the Government "
               "entry hex from the Government Recovery/Movement phase of the next turn, on top of the rolled count; "
               "units that cannot come on wait. 'Artillery last' applies only to units from the hand.",
     "why": "15-2-7-1(1).",
     "clauses": ["bakumatsu.15-2-7-1.gov-reorganize", "bakumatsu.15-2-7-1.reorg-extra",
                 "bakumatsu.15-2-5.artillery-last"]},
    {"id": "R16", "topic": "Saigō Takamori's roll",
     "ruling": "Saigō rolls once in each of his Recovery/Movement phases in which the Government holds 7 or more victory "
               "hexes, until Saigō Takamori arrives; he arrives at most once and never comes back if removed.",
     "why": "15-2-7-2(2)(2) and (4)(7).",
     "clauses": ["bakumatsu.15-2-7-2.takamori", "bakumatsu.15-2-7-2.no-reorg"]},
    {"id": "R17", "topic": "Disordered defenders in melee",
     "ruling": "A disordered defender uses its printed melee strength; the only difference is the result of a failed "
               "morale check (removed instead of disordered and retreating).",
     "why": "10-2(8) is the only difference written out.",
     "clauses": ["bakumatsu.2-2-1.disordered-results-differ", "bakumatsu.10-2.mx-fail-disordered"]},
    {"id": "R18", "topic": "Retreat through friendly units",
     "ruling": "Every hex entered during the extended retreat obeys 11(1). Units passed through are disordered, or "
               "removed if already disordered. Only first hexes from which the retreat can reach a hex without a "
               "friendly unit are offered; a unit with no such way is removed.",
     "why": "11(2), 11(4).",
     "clauses": ["bakumatsu.11.through-friendly", "bakumatsu.11.through-friendly-disorder", "bakumatsu.11.no-hex-removed"]},
    {"id": "R19", "topic": "Advance, then disorder",
     "ruling": "The attacking unit advances (10-2(9)) and then flips to disordered (10-2(10)). Artillery has no melee "
               "strength and never attacks.",
     "why": "The order of 10-2.",
     "clauses": ["bakumatsu.10-2.advance", "bakumatsu.10-2.attacker-flip"]},
    {"id": "R20", "topic": "Duplicate text",
     "ruling": "15-1-5 and 15-1-7 repeat the same reinforcement rules: implemented once.",
     "why": "They say the same thing.",
     "clauses": ["bakumatsu.15-1-5.shogunate-reinf-from-t2"]},
    {"id": "R21", "topic": "Section letters",
     "ruling": "'9-2(d)' and '10-2(e)' in 2-1-2 mean 9-2(4) and 10-2(5).",
     "why": "The die modifiers are described there.",
     "clauses": ["bakumatsu.2-1-2.tec-dash"]},
    {"id": "R22", "topic": "Tabahazaka",
     "ruling": "The 15-2 heading means Tabarazaka (the usual reading is Tabaruzaka).",
     "why": "A typo.",
     "clauses": ["bakumatsu.15-2.sides"]},
    {"id": "R23", "topic": "Artillery fire: 'adjacent to a friendly unit'",
     "ruling": "An artillery unit fires at an enemy unit within its range (counted from the artillery, its own hex not "
               "counted) that is adjacent to at least one combat unit friendly to it (the artillery itself when it is "
               "adjacent); nothing in between blocks it.",
     "why": "12(2).",
     "clauses": ["bakumatsu.12.range-fire", "bakumatsu.12.no-los"]},
    {"id": "X1", "topic": "Passing through a hex during a move",
     "ruling": "A move is declared by its destination. A unit takes a victory hex, an entry hex or an enemy commander "
               "only in the hex where it ends its move (or is placed, retreats or advances); passing through one on "
               "the way does nothing.",
     "why": "The page moves units by destination, so the path is not the player's choice; a unit that only passes "
            "through does not hold the hex. Without this the path taken would matter for every move.",
     "clauses": ["bakumatsu.14.capture", "bakumatsu.15-2-7-2.overrun"]},
    {"id": "X2", "topic": "Choosing a commander",
     "ruling": "When several friendly commanders are in range the best value is used (the highest fire or melee "
               "modifier, the highest morale if above the unit's own); the app makes this choice for the owner.",
     "why": "A unit uses one commander of its owner's choice (15-2-7-2(3)(2)); no owner would choose a smaller help.",
     "clauses": ["bakumatsu.15-2-7-2.one-commander-per-unit", "bakumatsu.15-2-7-2.morale-sub"]},
    {"id": "X3", "topic": "Melee support across a river",
     "ruling": "A unit on the far side of a river or pond hexside from the defender may not give melee support.",
     "why": "It could not attack that defender itself (10-2(1)).",
     "clauses": ["bakumatsu.10-2.support-eligibility", "bakumatsu.10-2.no-melee-across-river-pond"]},
    {"id": "X4", "topic": "Retreating through a unit that is removed",
     "ruling": "A retreat through an already-disordered friendly unit removes that unit, and the retreat still goes on "
               "past its hex.",
     "why": "11(4): the retreating unit passes through the hexes of friendly units.",
     "clauses": ["bakumatsu.11.through-friendly-disorder"]},
    {"id": "X5", "topic": "Reinforcements chosen from the hand",
     "ruling": "At Tabarazaka the roll gives a number of units the player then picks from his hand as he brings them on, "
               "one at a time; a number not used in the phase (the entry hex blocked) carries over. Units drawn from a "
               "cup, reorganized or arrived commanders wait in the 'to enter' box until placed.",
     "why": "15-2-5(1): select, not draw; 13-1(4): a blocked entry delays, it does not cancel.",
     "clauses": ["bakumatsu.15-2-5.choose-from-hand", "bakumatsu.15-2-5.translator-no-cup", "bakumatsu.13-1.blocked-delay"]},
    {"id": "X6", "topic": "A phase with nothing left to do",
     "ruling": "A Recovery/Movement, Fire or Melee phase in which no unit can act any more ends by itself; otherwise "
               "the player ends it with a button.",
     "why": "6(5), 9-1(6), 10-1(7).",
     "clauses": ["bakumatsu.6.phase-end", "bakumatsu.9-1.phase-end", "bakumatsu.10-1.phase-end"]},
    {"id": "X7", "topic": "Terrain modifiers of a city",
     "ruling": "A city's own fire and melee modifier adds to that of the ground under it; a mountain top uses the "
               "mountain's ('--'). On both reconstructed maps every city stands on flat land.",
     "why": "Negative terrain modifiers are cumulative (9-2(4)(1), 10-2(5)); '--' follows the other terrain (2-1-2(3)).",
     "clauses": ["bakumatsu.9-2.terrain-cumulative", "bakumatsu.2-1-2.tec-dash", "bakumatsu.8-1.cost-overlay-terrain"]},
    {"id": "X8", "topic": "Markers",
     "ruling": "No marker counters: the page shows which units have acted (Recover/Move, Fire/Combat), the turn and "
               "the phase.",
     "why": "2-2-3 allows leaving markers out wherever the state is clear without them.",
     "clauses": ["bakumatsu.2-2-3.markers"]},
    {"id": "X9", "topic": "Set-up in one step",
     "ruling": "During set-up a player may place his remaining units in the listed order with one button; any other "
               "arrangement inside the areas is equally legal.",
     "why": "A convenience for the 34 placements of Toba-Fushimi.",
     "clauses": ["bakumatsu.15-1-4.one-per-setup-hex"]},
    {"id": "X10", "topic": "The draws from the cup",
     "ruling": "The Shogunate draws its units one at a time, each counter in the cup as likely; at Tabarazaka each "
               "commander draw is the same.",
     "why": "15-1-5(1)(1), 15-2-7-2(2)(1).",
     "clauses": ["bakumatsu.15-1-5.random-draw", "bakumatsu.15-2-7-2.lx1", "bakumatsu.2.dice-cup"]},
)


def rulings() -> list[dict[str, Any]]:
    return [dict(r) for r in RULINGS]
