"""Every game's rule options, declared once as data (kassen.engine.options says what an option is).

Read by the menu (kassen.app.catalog) without importing any game's rules, by the address
(``options=name[:value]``) and by each game's set-up, which checks what it is given against its
own entry here. Games without options have no entry.
"""
from __future__ import annotations

from ..engine.options import Declaration, RuleOption

OPTIONS: dict[str, Declaration] = {
    # Ikedaya: the two readings its rulings page offers; the scenario file names its defaults
    # (rules.options), which the set-up writes into every state
    "ikedaya": (
        RuleOption("shinsengumi_score", ("status", "count"), clause="ikedaya.victory.shinsengumi-score",
                   ruling="ikedaya-r05", scenario_default=("rules", "options", "shinsengumi_score")),
        RuleOption("entrance_setup", ("exempt", "wait-outside"), clause="ikedaya.setup.shinsengumi-entrance",
                   ruling="ikedaya-r04", scenario_default=("rules", "options", "entrance_setup")),
    ),
    # Bakumatsu: the mountain-top +2 to the dice (the worked example, ruling R2) or to the fire
    # strength (the rule text); the scenario file's rules.mountain_top is the default
    "bakumatsu": (
        RuleOption("mountain_top", ("dice", "strength"), clause="bakumatsu.9-2.mountain-top-plus-two",
                   ruling="R2", scenario_default=("rules", "mountain_top")),
    ),
    # Yukimura: the optional command-range rule (13), and the literal reading of the Mōri clause
    # (ruling 11), which only the scenarios with Mōri's early release offer
    "yukimura": (
        RuleOption("command_range", (False, True), clause="yukimura.13-1.optional",
                   scenario_default=("rules", "command_range_default")),
        RuleOption("mori_literal", (False, True), clause="yukimura.14-1.mori-ishikawa", ruling="11",
                   scenarios=("domyoji", "connected")),
    ),
}


def options_of(game: str) -> Declaration:
    """The rule options of ``game`` (none: an empty tuple)."""
    return OPTIONS.get(game, ())


__all__ = ["OPTIONS", "options_of"]
