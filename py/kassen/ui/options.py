"""A scenario card's "Rule options": a <details> (closed by default, its summary reachable by the
keyboard) with one control per rule option the scenario offers (``ScenarioInfo.options``, from
kassen.games.options): a checkbox for an option with two values, a group of radio buttons
otherwise, the scenario's default pre-set. "New game" and "Play against the computer" read the
choice back with ``chosen_on`` (binding.py).

Every word is a catalog message of the game (``<game>.option.*``); ids and values come from the
declaration, never from a file or the address, and go in as attributes and text (dom.el).
"""
from __future__ import annotations

from typing import Any, Optional

from ..app.catalog import ScenarioInfo, scenario_text
from ..engine.messages import say
from ..engine.options import same, value_text
from .browser import present
from .dom import el


def options_box(info: ScenarioInfo, lang: str) -> Optional[Any]:
    """The card's "Rule options" disclosure, or None when the scenario offers none."""
    if not info.options:
        return None
    game = info.game
    title = scenario_text(info.data, "title", lang) or info.title
    box = el("details", cls="rule-options", data_rule_options=info.id)
    box.append(el("summary", say("app.ui.rule-options", lang), aria_label=say("app.ui.rule-options-of", lang,
                                                                              title=title)))
    for option, default in info.options:
        base = f"option-{info.id}-{option.id}"
        name = say(option.label_key(game), lang)
        if option.is_switch:
            other = option.values[1]
            row = el("p", cls="rule-option")
            row.append(el("input", type="checkbox", id=base, data_option=option.id,
                          data_on=value_text(other), data_off=value_text(option.values[0]),
                          data_default=value_text(default), checked=same(default, other),
                          aria_describedby=f"{base}-explain"))
            row.append(el("label", say("app.ui.rule-option-chosen", lang, option=name,
                                       value=say(option.value_key(game, other), lang)), for_=base))
            row.append(el("span", say(option.explain_key(game, other), lang), "small muted rule-option-explain",
                          id=f"{base}-explain"))
            box.append(row)
            continue
        group = el("fieldset", cls="rule-option")
        group.append(el("legend", name))
        for i, value in enumerate(option.values):
            rid = f"{base}-{i}"
            line = el("p")
            line.append(el("input", type="radio", id=rid, name=base, value=value_text(value), data_option=option.id,
                           data_default=value_text(default), checked=value_text(value) == value_text(default),
                           aria_describedby=f"{rid}-explain"))
            line.append(el("label", say(option.value_key(game, value), lang), for_=rid))
            line.append(el("span", say(option.explain_key(game, value), lang), "small muted rule-option-explain",
                           id=f"{rid}-explain"))
            group.append(line)
        box.append(group)
    return box


def chosen_on(card: Any) -> Optional[dict[str, str]]:
    """The options set on a card that differ from the scenario's defaults, as the address writes
    them (``{"command_range": "on"}``); None when all are the defaults (the game is set up exactly
    as one started without options)."""
    out: dict[str, str] = {}
    if not present(card):
        return None
    for control in card.querySelectorAll("input[data-option]"):
        kind = str(control.type)
        if kind == "checkbox":
            value = str(control.getAttribute("data-on" if control.checked else "data-off"))
        elif kind == "radio" and control.checked:
            value = str(control.value)
        else:
            continue
        if value != str(control.getAttribute("data-default")):
            out[str(control.getAttribute("data-option"))] = value
    return out or None
