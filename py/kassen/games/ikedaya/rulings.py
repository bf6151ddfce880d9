"""Every ruling the app uses where the rulebook is silent or ambiguous (the rulings page).

ikedaya-r01..r18 follow the recommended rulings of shared/rules/ikedaya.md (same numbers);
ikedaya-n01.. are the app's own, needed to make the rules complete. Each cites the clauses it
concerns; tests/games/ikedaya check each one.
"""
from __future__ import annotations

from typing import Any

RULINGS: tuple[dict[str, Any], ...] = (
    {"id": "ikedaya-r01", "topic": "Arrow costs",
     "ruling": "Each arrow's cost is map data (the cost of its connection). Where the map gives none, an arrow "
               "between squares on one floor costs 1 MP and an arrow between floors costs 2 MP, like the Stairs. "
               "The reconstructed back-stairs arrow (1C4-2C4) costs 2 MP.",
     "why": "The rulebook says only 'pay 1 or 2 Movement Points'; tying the cost to a change of floor is the one "
            "reading that explains both numbers.",
     "clauses": ["ikedaya.move.arrow-cost", "ikedaya.move.arrow-adjacent", "ikedaya.move.cost-stairs"]},
    {"id": "ikedaya-r02", "topic": "Adjacency across floors",
     "ruling": "Squares joined by an arrow or the Stairs are adjacent. An enemy on the other floor never forces a "
               "stop and never locks a counter in place, but the two may fight if the acting player wishes.",
     "why": "Line 47 of the rulebook is garbled; line 52 makes combat mandatory only on the same floor.",
     "clauses": ["ikedaya.zoc.no-stop-cross-floor", "ikedaya.combat.cross-floor-allowed",
                 "ikedaya.move.arrow-adjacent"]},
    {"id": "ikedaya-r03", "topic": "What a Wall blocks",
     "ruling": "Squares on the two sides of a Wall are not adjacent at all: no movement, no stop, no lock, no "
               "retreat and no combat through it.",
     "why": "The map key shows walls without stating their effect; a wall between rooms is the natural barrier.",
     "clauses": ["ikedaya.map.wall"]},
    {"id": "ikedaya-r04", "topic": "Stacking in the Entrance at set-up",
     "ruling": "All five Shinsengumi start in the Entrance, which ignores the three-counter limit during set-up "
               "only. The limit applies to every later move, retreat, advance and landing: the set-up stack may "
               "stay, or shrink, but no counter may join a square that already holds three or more. Option "
               "'wait-outside': three start in the Entrance and the others wait outside, entering through the "
               "Entrance later (1 MP for the step in) and counting as neither on the map nor off it.",
     "why": "The set-up rule puts five counters in one square although a square holds at most three.",
     "clauses": ["ikedaya.setup.shinsengumi-entrance", "ikedaya.stack.max-three"]},
    {"id": "ikedaya-r05", "topic": "The Shinsengumi score",
     "ruling": "The Shinsengumi score the total status of the Ronin killed or captured, mirroring the Ronin "
               "formula. Option 'count': one point per Ronin killed or captured.",
     "why": "'The sum of Ronin killed' reads most naturally as a sum of status, like the Ronin's own score; a "
            "plain count would cap the Shinsengumi at 10 against the Ronin's 17 status points.",
     "clauses": ["ikedaya.victory.shinsengumi-score", "ikedaya.victory.ronin-score"]},
    {"id": "ikedaya-r06", "topic": "Who takes part in a combat",
     "ruling": "On the acting side, the counters activated for the action; on the other side, every counter in "
               "the target square. Other counters (a spent friend sharing the square) do not take part.",
     "why": "One action moves and fights with one counter or one stack; the defender is a square (Q1).",
     "clauses": ["ikedaya.combat.dice-per-counter", "ikedaya.seq.alternate-actions", "ikedaya.combat.one-target"]},
    {"id": "ikedaya-r07", "topic": "A stack already in contact",
     "ruling": "A counter or stack that starts its action next to an enemy cannot move, but may use its action to "
               "fight in place: it attacks one adjacent enemy square without moving.",
     "why": "Combat is triggered by becoming adjacent; without fighting in place, a tied combat would freeze both "
            "stacks for the rest of the game.",
     "clauses": ["ikedaya.zoc.locked-at-start", "ikedaya.combat.mandatory-same-floor"]},
    {"id": "ikedaya-r08", "topic": "Who chooses the casualties",
     "ruling": "The losing player chooses which of his counters that fought are removed, one at a time. If the "
               "difference is at least the number of those counters, all of them are removed without a choice.",
     "why": "The rulebook says 'the loser removes'; choosing one's own losses is the usual convention.",
     "clauses": ["ikedaya.combat.loss-equals-diff"]},
    {"id": "ikedaya-r09", "topic": "Swordsman and Door dice",
     "ruling": "A side with any Swordsman (剣) rolls exactly one extra die. Behind a Door the defender (the "
               "non-phasing player) rolls one extra die, cancelled if an attacking counter has the Sword (刀) or "
               "Spear (槍) skill; a Swordsman does not cancel it. Doors exist only between squares on one floor.",
     "why": "The rulebook gives the maxima four and five dice, which fit one die for each bonus.",
     "clauses": ["ikedaya.combat.swordsman-die", "ikedaya.combat.door-defender-die", "ikedaya.combat.door-cancel",
                 "ikedaya.map.door"]},
    {"id": "ikedaya-r10", "topic": "The jump roll",
     "ruling": "All modifiers are applied first. A modified result of 1 or less means the jumper is captured; 2 or "
               "more means the jump succeeds. A Light Ronin who rolls a natural 1 therefore succeeds (with no "
               "other modifier).",
     "why": "Otherwise the Light +1 could never turn a 1 into a success and the modifiers would be pointless at "
            "the bottom of the range.",
     "clauses": ["ikedaya.escape.roll", "ikedaya.escape.one-captured", "ikedaya.escape.light-bonus",
                 "ikedaya.escape.adjacent-penalty"]},
    {"id": "ikedaya-r11", "topic": "Shinsengumi leaving the map",
     "ruling": "A Shinsengumi counter (or stack) leaves the map by moving through the exit at the Entrance (1 MP "
               "from the Entrance, as part of a normal move). It waits in the Street box for the rest of the game "
               "and never returns; each one gives -1 to every later jump into the Street or the Backyard.",
     "why": "The exit is the only way off the map on the reconstructed plan; leaving is movement, so it costs "
            "movement points.",
     "clauses": ["ikedaya.escape.guard-offmap", "ikedaya.escape.guard-no-return", "ikedaya.escape.guard-cumulative"]},
    {"id": "ikedaya-r12", "topic": "Okita's failed roll",
     "ruling": "Okita rolls as soon as he is activated, alone or in a stack. On a 1-3 he is turned as spent; if he "
               "was alone the player's action is over, otherwise the rest of the stack moves and may fight without "
               "him.",
     "why": "'Okita ends his action': the activation is used up, and the rulebook lets the stack continue.",
     "clauses": ["ikedaya.okita.roll-on-activation", "ikedaya.okita.1-3-spent", "ikedaya.okita.stack-continues"]},
    {"id": "ikedaya-r13", "topic": "After the winner's advance",
     "ruling": "The advance ends the action: no second combat even if the winners now stand next to other enemies, "
               "and the advance ignores the stop rule.",
     "why": "One action allows one combat (Q1).",
     "clauses": ["ikedaya.combat.winner-advance", "ikedaya.combat.one-target"]},
    {"id": "ikedaya-r14", "topic": "Retreat details",
     "ruling": "A retreat is one connected square (same floor, Stairs or arrow; never the exit), not holding an "
               "enemy, not over the stacking limit, and not next to an enemy on its own floor.",
     "why": "'Adjacent to an enemy' means same-floor adjacency, as for the stop rule.",
     "clauses": ["ikedaya.retreat.survivors-retreat", "ikedaya.retreat.not-adjacent-enemy",
                 "ikedaya.retreat.blocked-removed"]},
    {"id": "ikedaya-r15", "topic": "Escaping through the Entrance on Turn 1",
     "ruling": "The Turn 2 limit applies to jumps only: a Ronin may walk out through the Entrance from Turn 1, but "
               "never through a square holding a Shinsengumi or one next to a Shinsengumi (where it must stop).",
     "why": "The rulebook limits jumping, not movement; Q3 allows the walk-out without stopping.",
     "clauses": ["ikedaya.escape.entrance-exit", "ikedaya.escape.entrance-no-stop", "ikedaya.escape.turn2-plus"]},
    {"id": "ikedaya-r16", "topic": "What counts as killed",
     "ruling": "A counter removed by combat losses, or because it could not retreat, is killed; a Ronin who rolls "
               "1 or less on a jump is captured. Both count for the Shinsengumi score.",
     "why": "The victory conditions speak of 'killed (or captured)'.",
     "clauses": ["ikedaya.combat.removed-is-killed", "ikedaya.escape.one-captured"]},
    {"id": "ikedaya-r17", "topic": "A jump into the Court",
     "ruling": "A successful jump (2 or more) from a railing over the Court puts the Ronin in the Court square; it "
               "stays in play, its action ends, and it may act normally on later turns (for instance walking out "
               "through the Entrance).",
     "why": "Q5 treats a jump into the Court as a real outcome; leaving the jumper upstairs would make it "
            "pointless.",
     "clauses": ["ikedaya.escape.land-inside", "ikedaya.escape.court-no-guard-mod"]},
    {"id": "ikedaya-r18", "topic": "Capture on a jump into the Court",
     "ruling": "A modified 1 or less is a capture on a jump into the Court too. Q5 removes only the off-map "
               "Shinsengumi modifier; Light and the adjacency penalty still apply.",
     "why": "The capture rule and the other modifiers are general.",
     "clauses": ["ikedaya.escape.court-no-guard-mod", "ikedaya.escape.one-captured"]},
    {"id": "ikedaya-n01", "topic": "No jump into a full or enemy-held Court",
     "ruling": "A jump that would land in a square (the Court) is not allowed while that square holds "
               "Shinsengumi or already holds three counters.",
     "why": "A counter never enters an enemy square and the stacking limit applies to every landing.",
     "clauses": ["ikedaya.escape.land-inside", "ikedaya.move.no-enemy-square", "ikedaya.stack.max-three"]},
    {"id": "ikedaya-n02", "topic": "What a stack is",
     "ruling": "An action activates one counter or one stack: any one to three unspent counters of the acting "
               "side that share a square. The others in the square stay behind and may act later.",
     "why": "The rulebook speaks of 'one unit/stack'; letting the player pick which counters form the stack "
            "gives the same freedom as moving them one at a time, and a stack is at most three counters.",
     "clauses": ["ikedaya.seq.alternate-actions", "ikedaya.move.stack-moves-as-one", "ikedaya.stack.max-three"]},
    {"id": "ikedaya-n03", "topic": "Stacking while moving",
     "ruling": "The three-counter limit counts where counters stop (end of a move, retreat, advance, landing); a "
               "moving stack may pass through a full friendly square.",
     "why": "The rulebook limits how many counters a square may hold, not what may cross it.",
     "clauses": ["ikedaya.stack.max-three"]},
    {"id": "ikedaya-n04", "topic": "Choosing the target",
     "ruling": "After a move, if any enemy is adjacent on the same floor, combat is compulsory and the phasing "
               "player picks any one adjacent enemy square (same floor or across stairs/arrow). If the only "
               "adjacent enemies are on the other floor, combat is optional. With a single compulsory target, "
               "the combat starts at once.",
     "why": "Q1: the phasing player selects one target square among the adjacent ones.",
     "clauses": ["ikedaya.combat.one-target", "ikedaya.combat.mandatory-same-floor",
                 "ikedaya.combat.cross-floor-allowed"]},
    {"id": "ikedaya-n05", "topic": "When the winners cannot advance",
     "ruling": "The winners advance only if the loser's square is then free of enemies and has room for all of "
               "them; otherwise they stay (a beaten attacker may leave spent friends behind in its square).",
     "why": "A counter never enters an enemy square and the stacking limit always applies.",
     "clauses": ["ikedaya.combat.winner-advance", "ikedaya.move.no-enemy-square"]},
    {"id": "ikedaya-n06", "topic": "How the game ends if nobody acts",
     "ruling": "From Turn 2 on, an Action Phase in which neither player takes any action ends the game at once; "
               "Ronin still in the inn then count for neither side.",
     "why": "Such a turn would repeat unchanged for ever (the rulebook has no turn limit); both players passing "
            "at once means both accept the position. Turn 1 is exempt because Turn 2 opens the jumps.",
     "clauses": ["ikedaya.seq.game-end", "ikedaya.seq.end-double-pass"]},
    {"id": "ikedaya-n07", "topic": "Passing when nothing can act",
     "ruling": "A player whose counters cannot act (all spent, or none can move or fight) passes automatically; "
               "this counts as a pass for ending the Action Phase.",
     "why": "Passing is then the only legal choice; asking for it would only add clicks.",
     "clauses": ["ikedaya.seq.pass", "ikedaya.seq.end-all-spent", "ikedaya.seq.act-after-pass"]},
    {"id": "ikedaya-n08", "topic": "'Adjacent to a Shinsengumi' for a jump",
     "ruling": "The -1 applies when a Shinsengumi is adjacent on the jumper's own floor (as for the lock and stop "
               "rules); one across the stairs does not count.",
     "why": "The rule explains that a locked counter may still jump; the lock is same-floor adjacency.",
     "clauses": ["ikedaya.escape.adjacent-penalty", "ikedaya.zoc.locked-at-start"]},
    {"id": "ikedaya-n09", "topic": "Activating Okita",
     "ruling": "A stack with Okita is first activated (choosing its counters), then Okita rolls, then the stack "
               "moves, fights in place, or ends its action where it stands.",
     "why": "'Roll a die before he does anything': the destination is chosen after the roll.",
     "clauses": ["ikedaya.okita.roll-on-activation", "ikedaya.okita.4-6-acts"]},
    {"id": "ikedaya-n10", "topic": "Order of retreats",
     "ruling": "The losing player retreats his surviving counters one at a time, in the order he likes, each to "
               "its own square; a survivor left with no legal square is removed at once.",
     "why": "The rulebook speaks of each surviving counter retreating; squares can only fill up during the "
            "retreats, so a counter with no square will never get one.",
     "clauses": ["ikedaya.retreat.survivors-retreat", "ikedaya.retreat.blocked-removed"]},
    {"id": "ikedaya-n11", "topic": "Defenders are not spent",
     "ruling": "Fighting as a defender (or retreating, or advancing) does not spend a counter; only acting does.",
     "why": "Counters are rotated when they finish their own action.",
     "clauses": ["ikedaya.seq.mark-acted"]},
    {"id": "ikedaya-n12", "topic": "Set-up as actions",
     "ruling": "The Ronin player sets up one counter at a time, any counter in any square of an area whose quota "
               "is still open (seven in the Street Side Rooms, three in the Corridor and Backyard Side Rooms). "
               "Then the Shinsengumi player sets up all his counters in the Entrance with one action.",
     "why": "Placing counters one by one lets the player choose who goes where; the Shinsengumi have no choice.",
     "clauses": ["ikedaya.setup.ronin-first", "ikedaya.setup.ronin-street-seven", "ikedaya.setup.ronin-rest",
                 "ikedaya.setup.shinsengumi-entrance"]},
    {"id": "ikedaya-n13", "topic": "How the game ends if nobody makes progress",
     "ruling": "The game also ends when ten whole turns in a row (rules.quiet_turns_limit) pass without any "
               "counter being killed or captured, escaping, or leaving the map. Ronin still in the inn then count "
               "for neither side. The side panel counts these quiet turns.",
     "why": "There is no turn limit, so a player who keeps shuffling counters (Ronin hiding from a guard they "
            "will not attack, Shinsengumi circling a Ronin they cannot catch) could stop the game from ever "
            "ending; ten quiet turns is longer than most whole games.",
     "clauses": ["ikedaya.seq.game-end"]},
)
