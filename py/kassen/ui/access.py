"""The board for keyboard and screen-reader players, and the rules at hand.

- Every cell and counter of the map is focusable with a text label: a place says its name, its
  terrain and the counters on it (their own labels, which the renderer draws from the viewer's view
  only, so a label never tells more than the counters show); a legal place also says that it is one.
  Arrow keys step between neighbouring places (static/js/cellnav.js, by geometry, any grid).
- ``#announce`` (``aria-live="polite"``) says, in the reader's language, what was just logged (moves,
  combats, dice) and, when a unit is selected, where it may go.
- The rules reference page (kassen.app.reference) and a refusal's clause ids turned into links to it.
- The game's own how-to-play section at the top of the How to play page.

Only this module writes these; the rest of the page calls ``after_render`` once per drawing.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Optional

from pyscript import document, window

from ..app import reference
from ..app.catalog import scenario_text
from ..engine.messages import DEFAULT_LANGUAGE, msg, render
from .browser import by_id, present
from .dom import clear, closest, el

if TYPE_CHECKING:  # pragma: no cover
    from .app import App

#: at most this many logged lines are read out at once (a long computer turn is summarised by count)
ANNOUNCE_LINES = 6
#: at most this many destinations are named when a unit is selected
ANNOUNCE_TARGETS = 12


def say(key: str, lang: str, **args: Any) -> str:
    return render(msg(key, **args), lang)


class Access:
    """Labels, announcements, the rules reference; one per page."""

    def __init__(self, app: "App") -> None:
        self.app = app
        self._log_seen: tuple[Optional[str], list[str]] = (None, [])
        self._selection: tuple[Any, ...] = ()
        self._places: dict[str, str] = {}  # cell -> its own words (the renderer's label)
        self._texts: dict[str, str] = {}  # cell -> the label it was given
        self._terrain: dict[str, str] = {}
        self._here: dict[str, list[str]] = {}
        self._legal: set[str] = set()
        self._counters_key: Any = None
        self._ref_game: Optional[str] = None
        self._dice: list[tuple[str, int]] = []

    @property
    def lang(self) -> str:
        return str(getattr(self.app.controller, "lang", DEFAULT_LANGUAGE) or DEFAULT_LANGUAGE)

    def bind(self) -> None:
        on = self.app.on
        on(by_id("nav-rules"), "click", lambda evt: self.open_reference(None))
        on(by_id("messages"), "click", self.on_clause_link)
        on(by_id("page-body"), "click", self.on_clause_link)
        on(by_id("scenario-list"), "click", self.on_clause_link)
        on(by_id("page-body"), "input", self.on_search)

    # -- after every drawing ----------------------------------------------------------------------
    def after_render(self) -> None:
        c = self.app.controller
        scr = getattr(self.app.drawing, "last_screen", None)
        nav = by_id("nav-rules")
        nav.hidden = scr is None or scr.mode == "menu"
        nav.textContent = say("reference.nav", self.lang)
        self._link_notices()
        if scr is None or c.rules is None or scr.mode == "menu":
            self._log_seen = (None, [])
            self._selection = ()
            by_id("announce").textContent = ""
            return
        lang = self.lang
        self._label_map(scr, lang)
        self._announce(scr, lang)

    def _label_map(self, scr: Any, lang: str) -> None:
        """Cells: place, terrain, counters; counters: focusable (Tab reaches those that can act).
        The DOM work is static/js/cellnav.js's (one call each way per drawing, not one per element);
        only the labels that changed are sent."""
        helper = getattr(window, "kassenAccess", None)
        if not present(helper):
            return
        rules = self.app.controller.rules
        places = json.loads(str(helper.places(lang)))
        if places is not None:  # the cells were drawn anew, or the language changed: label them all
            self._places, self._texts, self._legal = places, {}, set()
            board = getattr(rules, "board", None)
            cells = [c for c in board.cells.values() if c.kind != "box"] if board is not None else []
            self._terrain = {c.label: c.terrain for c in cells} if len({c.terrain for c in cells}) > 1 else {}
        here: dict[str, list[str]] = {}
        for at, words in json.loads(str(helper.counters(json.dumps(list(rules.sides))))):
            if at:
                here.setdefault(at, []).append(_without_place(words, at, _box_name(rules, at, lang)))
        legal = set(scr.highlight)
        targets = getattr(scr, "targets", None) or {}
        todo = self._places if places is not None else (set(here) | legal | set(self._here))
        updates = []
        for label in todo:
            base = self._places.get(label)
            if base is None:
                continue
            parts = [base or label]
            terrain = self._terrain.get(label)
            if terrain:
                key = f"a11y.terrain.{terrain}"
                parts[0] += ("、" if lang == "ja" else ", ") + (say(key, lang) if key in _entries() else terrain)
            parts.append(say("a11y.cell.units", lang, units="; ".join(here[label])) if label in here
                         else say("a11y.cell.empty", lang))
            if label in legal:
                what = targets.get(label)  # what choosing it does, when the controller can say it
                parts.append(say("a11y.cell.target", lang, what=what) if what else say("a11y.cell.legal", lang))
            text = ("。" if lang == "ja" else ". ").join(parts)  # a sentence's end in the reader's script
            # a place that stops being legal loses its role and tab stop (ui/mapview): give them back
            if text != self._texts.get(label) or label in self._legal:
                updates.append((label, text))
                self._texts[label] = text
        helper.label(json.dumps(updates), lang)
        self._here = here
        self._legal = legal

    # -- announcements ----------------------------------------------------------------------------
    def _announce(self, scr: Any, lang: str) -> None:
        """New log lines (moves, combats, dice) and a new selection's destinations, read out once."""
        out: list[str] = []
        game = f"{scr.scenario}|{scr.mode}|{scr.viewer}|{scr.cover}|{lang}"
        seen_game, seen = self._log_seen
        if seen_game is not None and seen_game != game:
            # another viewer (the device passed, the cover up): nothing said for the previous one stays
            by_id("announce").textContent = ""
        log = list(scr.log)
        grew = seen_game == game and len(log) > len(seen) and log[: len(seen)] == seen
        if grew:
            fresh = log[len(seen):]
            if len(fresh) > ANNOUNCE_LINES:
                out.append(say("a11y.announce.more", lang, count=len(fresh) - ANNOUNCE_LINES))
                fresh = fresh[-ANNOUNCE_LINES:]
            out.extend(fresh)
        self._log_seen = (game, log)
        selection = (scr.selected, tuple(scr.highlight))
        if scr.selected and selection != self._selection and scr.highlight:
            names = [self._place_name(label) for label in scr.highlight[:ANNOUNCE_TARGETS]]
            extra = len(scr.highlight) - len(names)
            out.append(say("a11y.announce.targets", lang, unit=self._unit_name(scr.selected),
                           count=len(scr.highlight), places=", ".join(names) + (f" (+{extra})" if extra > 0 else "")))
        elif scr.selected and selection != self._selection:
            out.append(say("a11y.announce.selected", lang, unit=self._unit_name(scr.selected)))
        self._selection = selection if scr.selected else ()
        # why a place that is not a target was refused is in #messages, which is role=alert: a screen
        # reader reads it from there, so it is not repeated here
        dice = [(str(who) if isinstance(who, str) else "", value) for who, value in (scr.dice or [])]
        if dice and (dice != self._dice or grew) and not scr.cover:
            out.append(say("a11y.announce.dice", lang, dice=", ".join(
                say("a11y.announce.die" if who else "a11y.announce.die-anyone", lang, who=who, value=value)
                for who, value in dice)))
        self._dice = dice
        if out:
            by_id("announce").textContent = " ".join(out)

    def _unit_name(self, uid: str) -> str:
        """The selected unit (the viewer's own) in the reader's language: the game names it where the
        page is not in English (the drawing's words are English), else the counter's own words."""
        rules = self.app.controller.rules
        if self.lang != "en" and rules is not None:
            return rules.name_unit(uid, self.lang)
        node = document.querySelector(f'#map [data-unit="{_css(uid)}"]')
        words = node.getAttribute("data-words") if present(node) else None
        return _without_place(str(words), str(node.getAttribute("data-at"))) if present(words) and words else uid

    def _place_name(self, label: str) -> str:
        return self._places.get(label) or label

    # -- clause ids as links ----------------------------------------------------------------------
    def _link_notices(self) -> None:
        """In a refusal shown in #messages, each known clause id becomes a link to its clause."""
        for p in list(document.querySelectorAll("#messages [data-notice] > p:not([data-linked])")):
            text = str(p.textContent)
            games = {m.group(1).split(".")[0] for m in reference.CLAUSE_IN_TEXT.finditer(text)}
            known = {c["id"] for g in games if g.isidentifier() and (d := reference.load(g)) for c in d["clauses"]}
            pieces = reference.clause_ids_in(text, known)
            p.setAttribute("data-linked", "1")
            if not any(is_id for _, is_id in pieces):
                continue
            clear(p)
            for piece, is_id in pieces:
                if is_id:
                    p.append(el("a", piece, "clause-link", href=f"#clause-{piece}", data_clause=piece,
                                lang="en"))
                else:
                    p.append(document.createTextNode(piece))

    def on_clause_link(self, evt: Any) -> None:
        opener = closest(evt.target, "[data-open-rules]")
        if opener is not None:
            self.open_reference(str(opener.getAttribute("data-open-rules")))
            return
        link = closest(evt.target, "[data-clause]")
        if link is None:
            return
        evt.preventDefault()
        cid = str(link.getAttribute("data-clause"))
        self.open_reference(cid.split(".")[0], cid)

    # -- the rules reference ------------------------------------------------------------------------
    def open_reference(self, game: Optional[str], clause: Optional[str] = None) -> None:
        c = self.app.controller
        if game is None and c.rules is not None:
            game = c.rules.scenario.game
        if game is None:
            return
        data = reference.load(game)
        lang = self.lang
        title = say("reference.title", lang, game=self._game_title(game))

        def fill(body: Any) -> None:
            if data is None:
                body.append(el("p", say("reference.missing", lang), "muted"))
                return
            self._fill_reference(body, game, data, lang)

        self.app.dialogs._open_page(title, fill)
        self._ref_game = game
        self.app.navigation.went("reference", game)
        if clause:
            self.show_clause(clause)

    def _game_title(self, game: str) -> str:
        c = self.app.controller
        if c.rules is not None and c.rules.scenario.game == game:
            return scenario_text(c.rules.scenario, "title", self.lang) or str(c.rules.scenario.title)
        key = f"reference.{game}.name"
        return say(key, self.lang) if key in _entries() else game

    def _fill_reference(self, body: Any, game: str, data: dict[str, Any], lang: str) -> None:
        from ..app import translated  # the Japanese notes: read only when a reference page opens

        clauses = data["clauses"]
        by_clause = reference.rulings_by_clause(reference.rulings_of(game))
        topics = {str(r.get("id")): r for r in reference.rulings_of(game)}
        tested = sum(1 for cl in clauses if cl.get("status") == reference.STATUS_TESTED)
        texts = {cl["id"]: translated.clause_words(game, cl, lang) for cl in clauses}
        rulings = {rid: translated.ruling_words(game, r, lang) for rid, r in topics.items()}
        untranslated = (sum(1 for _, in_lang in texts.values() if in_lang != lang)
                        + sum(1 for _, in_lang in rulings.values() if in_lang != lang))
        body.append(el("p", say("reference.intro", lang), "muted"))
        body.append(el("p", say("reference.status-how", lang, tested=tested, count=len(clauses)), "small muted"))
        if lang != "en":
            body.append(el("p", say("reference.english-note", lang), "small muted"))
        if untranslated:
            body.append(el("p", say("reference.untranslated-note", lang, count=untranslated), "small muted"))
        search = el("div", cls="reference-search", role="search")
        search.append(el("label", say("reference.search", lang), for_="rules-search"))
        search.append(el("input", type="search", id="rules-search", autocomplete="off", spellcheck="false",
                         aria_describedby="rules-count"))
        body.append(search)
        body.append(el("p", say("reference.count", lang, count=len(clauses)), "small", id="rules-count",
                       role="status"))
        for key in data["sections"]:
            section = el("section", cls="rules-section", data_section=key, aria_labelledby=f"rules-sec-{key}")
            section.append(el("h3", reference.section_title(game, key, lang), id=f"rules-sec-{key}"))
            ol = el("ol", cls="clauses")
            for cl in (x for x in clauses if x["section"] == key):
                text, text_lang = texts[cl["id"]]
                li = el("li", cls="clause", id=f"clause-{cl['id']}", tabindex="-1", data_id=cl["id"],
                        data_search=" ".join([str(cl.get(k, "")) for k in ("id", "text", "kind", "ref")]
                                             + ([text] if text_lang != "en" else [])).lower())
                head = el("p", cls="clause-head")
                head.append(el("code", cl["id"], "clause-id", lang="en"))
                head.append(el("span", " " + str(cl.get("ref", "")), "small muted", lang="en"))
                status = str(cl.get("status", reference.STATUS_UNTESTED))
                badge = el("span", say(f"reference.status.{status}", lang, count=len(cl.get("tests", []))),
                           f"clause-status status-{status}")
                tests = cl.get("tests") or []
                if tests:
                    badge.setAttribute("title", "\n".join(tests[:8]))
                head.append(badge)
                li.append(head)
                li.append(el("p", text, "clause-text", lang=text_lang))
                rids = by_clause.get(cl["id"], [])
                if rids:
                    ul = el("ul", cls="clause-rulings", aria_label=say("reference.rulings", lang))
                    for rid in rids:
                        words, words_lang = rulings.get(rid, ({"topic": "", "ruling": ""}, "en"))
                        marked = {"lang": words_lang} if words_lang != lang else {}
                        item = el("li")
                        details = el("details")
                        details.append(el("summary", say("reference.ruling", lang, id=rid,
                                                         topic=words["topic"]), **marked))
                        details.append(el("p", words["ruling"], **marked))
                        item.append(details)
                        ul.append(item)
                    li.append(ul)
                ol.append(li)
            section.append(ol)
            body.append(section)

    def show_clause(self, cid: str) -> None:
        node = document.getElementById(f"clause-{cid}")
        if not present(node):
            return
        search = document.getElementById("rules-search")
        if present(search) and search.value:
            search.value = ""
            self._filter("")
        for old in list(document.querySelectorAll("#page-body .clause.target")):
            old.classList.remove("target")
        node.classList.add("target")
        node.scrollIntoView()
        node.focus()

    def on_search(self, evt: Any) -> None:
        if str(getattr(evt.target, "id", "")) == "rules-search":
            self._filter(str(evt.target.value))

    def _filter(self, words: str) -> None:
        words = words.strip().lower().split()
        shown = total = 0
        for section in list(document.querySelectorAll("#page-body .rules-section")):
            any_shown = False
            for li in list(section.querySelectorAll(".clause")):
                hay = str(li.getAttribute("data-search") or "")
                ok = all(w in hay for w in words)
                li.hidden = not ok
                total += 1
                shown += ok
                any_shown = any_shown or ok
            section.hidden = not any_shown
        count = by_id("rules-count")
        count.textContent = say("reference.count", self.lang, count=total) if not words else \
            say("reference.matching", self.lang, shown=shown, count=total)

    # -- how to play: the game's own part --------------------------------------------------------
    def fill_howto(self, body: Any) -> None:
        """The goal, a turn in five lines, what the counters' numbers mean (when the game has them)."""
        rules = self.app.controller.rules
        if rules is None:
            return
        lang = self.lang
        page = reference.how_to_play_game(rules.scenario.game, lang)
        if page is None:
            return
        body.append(el("h3", say("howto.goal", lang)))
        body.append(el("p", page["goal"]))
        body.append(el("h3", say("howto.turn", lang)))
        ol = el("ol", cls="howto-turn")
        for line in page["turn"]:
            ol.append(el("li", line))
        body.append(ol)
        body.append(el("h3", say("howto.counters", lang)))
        body.append(el("p", page["counters"]))
        row = el("p")
        row.append(el("button", say("howto.open-rules", lang), type="button", data_open_rules=rules.scenario.game))
        body.append(row)


def _entries() -> dict[str, Any]:
    from ..engine.messages import catalog

    return catalog(DEFAULT_LANGUAGE).entries


def _box_name(rules: Any, at: str, lang: str) -> Optional[str]:
    """How the drawing names an off-map box in a counter's label in ``lang`` (by its label in English)."""
    cell = getattr(rules, "board", None) and rules.board.cells.get(at)
    if cell is None or cell.kind != "box" or lang == DEFAULT_LANGUAGE:
        return None
    return rules.name_place(cell.name or at, lang)


def _without_place(words: str, at: str, box: Optional[str] = None) -> str:
    """A counter's words without the place the renderer adds ("…, at 1C1", "… at 0506", "…（0506）",
    "…（裏庭）": an off-map box named ``box``)."""
    for suffix in (f", at {at}", f" at {at}", f"（{at}）", f"（{box}）" if box else None):
        if suffix and words.endswith(suffix):
            return words[: -len(suffix)]
    return words


def _css(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')
