"""The menu's list of scenarios and the words of the help and rulings pages, as plain data.

The catalog reads the scenario files' headings only (no board, no rules), so the menu costs
almost nothing at start-up: a game's package is imported only once it is chosen.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Optional

from ..engine.messages import DEFAULT_LANGUAGE, catalog as messages, msg, render, say
from ..engine.options import OptionValue, RuleOption, chosen, same
from ..engine.rules import GameRules
from ..engine.scenario import scenario_files
from ..games import GAME_MODULES
from ..games.options import options_of


def scenario_text(scenario: Any, name: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A scenario's title, subtitle or description in ``lang``: the scenario file's own words are
    the English; another language's are in the game's catalog under
    ``<game>.scenario.<scenario id>.<name>`` (the English stands in where a translation is missing)."""
    data = scenario.data if hasattr(scenario, "data") else scenario
    if lang != DEFAULT_LANGUAGE:
        found = messages(lang).entries.get(f"{data.get('game')}.scenario.{data.get('id')}.{name}")
        if isinstance(found, str):
            return found
    value = data.get(name, "")
    return value if isinstance(value, str) else ""


@dataclass
class ScenarioInfo:
    id: str
    game: str
    title: str
    subtitle: str = ""
    description: str = ""
    sides: list[str] = field(default_factory=list)
    side_ids: list[str] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)  # the scenario file's heading (for scenario_text)
    #: the rule options its menu card offers, each with this scenario's default (kassen.games.options)
    options: list[tuple[RuleOption, OptionValue]] = field(default_factory=list)

    def side_names(self, lang: str = DEFAULT_LANGUAGE) -> list[str]:
        """The sides' names in ``lang`` (the scenario's ``name_ja``, ``kanji`` or ``short`` in
        Japanese, whichever it has; its English name otherwise)."""
        out = []
        for s in self.data.get("sides", []):
            if not isinstance(s, dict):
                continue
            names = [s.get("name_ja"), s.get("kanji"), s.get("short")] if lang == "ja" else []
            found = next((n for n in names if isinstance(n, str) and n and not n.isascii()), None)
            out.append(str(found or s.get("name", s.get("id", ""))))
        return out


#: the menu shows these first (the flagship, then the others), then any other scenario by id
MENU_ORDER = ("mukden", "ikedaya", "kawanakajima")


def catalog() -> list[ScenarioInfo]:
    """Playable scenarios in menu order (a broken file is skipped, not fatal)."""
    out = []
    for sid, path in scenario_files().items():
        if path.parent.name not in GAME_MODULES:
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if not isinstance(data, dict):
            continue
        sides = [str(s.get("name", s.get("id", ""))) for s in data.get("sides", []) if isinstance(s, dict)]
        out.append(ScenarioInfo(id=sid, game=str(data.get("game", "")), title=str(data.get("title", sid)),
                                subtitle=str(data.get("subtitle", "")), description=str(data.get("description", "")),
                                sides=sides, side_ids=[str(s.get("id", "")) for s in data.get("sides", [])
                                                       if isinstance(s, dict)],
                                data={k: data.get(k) for k in ("id", "game", "title", "subtitle", "description",
                                                               "sides")},
                                options=[(o, o.default_for(data)) for o in options_of(str(data.get("game", "")))
                                         if o.offered_in(sid)]))
    rank = {sid: i for i, sid in enumerate(MENU_ORDER)}
    return sorted(out, key=lambda info: (rank.get(info.id, len(rank)), info.id))


Section = tuple[str, list[str]]


def options_status(rules: GameRules, view: dict[str, Any], lang: str = DEFAULT_LANGUAGE) -> list[tuple[str, str]]:
    """The status row naming the rule options in play that differ from the scenario's defaults
    ("Rule options: Command range: in force"), so both players see what they play; none if all
    are the defaults. The options are public in every view (engine.visibility)."""
    game = rules.game
    picked = chosen(options_of(game), rules.scenario.data, view.get("options"))
    if not picked:
        return []
    words = [say("app.ui.rule-option-chosen", lang, option=say(o.label_key(game), lang),
                 value=say(o.value_key(game, v), lang)) for o, v in picked]
    return [(say("app.ui.rule-options-status", lang), ("; " if lang != "ja" else "、").join(words))]


def how_to_play(rules: Optional[GameRules], lang: str = DEFAULT_LANGUAGE) -> list[Section]:
    """The short how-to-play page in ``lang``: the controls, and the scenario's own introduction."""
    def t(key: str, **args: Any) -> str:
        return say(f"app.help.{key}", lang, **args)

    sections: list[Section] = []
    if rules is not None:
        sc = rules.scenario
        intro = [p for p in (scenario_text(sc, "subtitle", lang), scenario_text(sc, "description", lang)) if p]
        names = render(msg("app.list.and", items=[rules.name_side(s, lang) for s in rules.sides[:-1]],
                           last=rules.name_side(rules.sides[-1], lang)), lang)
        intro.append(t("intro", sides=names))
        sections.append((scenario_text(sc, "title", lang), intro))
    sections.append((t("playing"), [t("playing-1"), t("playing-2"), t("playing-3"), t("playing-4")]))
    if rules is None or rules.hidden_information:
        sections.append((t("hidden"), [t("hidden-1")]))
    sections.append((t("keyboard"), [t("keyboard-1"), t("keyboard-2")]))
    sections.append((t("saving"), [t("saving-1"), t("saving-2"), t("saving-3")]))
    return sections


def rulings_page(rules: GameRules, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """Where the scenario comes from (what is reconstructed, how to correct it) and the rulings used,
    in ``lang`` where the project's notes have that language (kassen.app.translated); every part says
    the language its words are in ("lang"), so the page marks English kept in a Japanese page."""
    from . import translated  # the notes' Japanese: read only when a rulings page is opened

    prov = rules.scenario.provenance if isinstance(rules.scenario.provenance, dict) else {}
    game = rules.scenario.game
    sources = prov.get("sources", [])
    notes, notes_lang = translated.provenance_words(game, rules.scenario.id, prov, lang)
    rulings = []
    for r in rules.rulings():
        if isinstance(r, dict):
            words, words_lang = translated.ruling_words(game, r, lang)
            rulings.append({"id": str(r.get("id", "")), "topic": words["topic"], "ruling": words["ruling"],
                            "why": words["why"], "lang": words_lang,
                            "clauses": [str(c) for c in r.get("clauses", []) if isinstance(c, str)]})
    status = str(prov.get("status", ""))
    status_key = f"app.rulings.status-{status}"
    return {
        "title": rules.scenario.title,
        "status": render(msg(status_key), lang) if status_key in messages(DEFAULT_LANGUAGE).entries else status,
        "summary": notes["summary"],
        "reconstructed": notes["reconstructed"],
        "how_to_correct": notes["how_to_correct"],
        "notes_lang": notes_lang,
        "sources": [str(v) for v in sources] if isinstance(sources, list) else [],
        "file": f"scenarios/{rules.scenario.game}/{rules.scenario.id}.json",
        "rulings": rulings,
        "options": rule_options(rules),
    }


def rule_options(rules: GameRules) -> list[dict[str, Any]]:
    """The scenario's rule options for its rulings page: each option's words (catalog keys), the
    ruling and clause it concerns, and each value with what it does, the scenario's default marked."""
    game, scenario = rules.scenario.game, rules.scenario
    out = []
    for o in options_of(game):
        if not o.offered_in(scenario.id):
            continue
        default = o.default_for(scenario.data)
        out.append({"id": o.id, "label": o.label_key(game), "ruling": o.ruling, "clause": o.clause,
                    "values": [{"name": o.value_key(game, v), "explain": o.explain_key(game, v),
                                "default": same(v, default)} for v in o.values]})
    return out
