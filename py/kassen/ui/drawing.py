"""Drawing the page from ``Controller.screen()``: every region after each change (the only part
that writes the game into the DOM).

Text always goes in as ``textContent`` and the map as the SVG markup of the Python renderer (which
escapes all text). While the hot-seat cover is up, the screen is built from the spectator's view,
and nothing of the previous player's view is kept anywhere in the page: map, log, details and
buttons are redrawn. Regions whose content did not change are left alone (``role="alert"`` and
``aria-live`` regions re-announce every change).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from pyscript import document, window

from ..app.catalog import catalog, scenario_text
from ..app.controller import Button, Screen
from ..app.storage import AsideInfo
from ..engine.messages import say
from ..render.legend import counter_swatch, legend_for, swatch
from . import browser
from .browser import by_id
from .dom import clear, el, set_body_data, show
from .computer import computer_row
from .mapview import MapView
from .options import options_box

if TYPE_CHECKING:  # pragma: no cover
    from .app import App

DIE_FACES = "⚀⚁⚂⚃⚄⚅"
# status rows shown on a phone before the "More…" button (static/css/kassen.css agrees)
STATUS_ROWS_FOLDED = 4


class Drawing:
    """The page's regions, redrawn from a Screen; remembers what it drew to skip unchanged regions."""

    def __init__(self, app: "App") -> None:
        self.app = app
        self.hover: Optional[str] = None  # the counter pointed at or focused (its details show)
        self.dismissed: set[str] = set()  # notices the player dismissed
        self.map = MapView()
        self._revealed: tuple = ()
        self._log: list[tuple[int, str]] = []
        self._since: list[str] = []
        self._news_shown: tuple = ()
        self._buttons: list[tuple[str, str, Optional[str]]] = []
        self._chooser: list[tuple[str, str, Optional[str]]] = []
        self._notices: list[str] = []
        self._covered_for: Optional[str] = None
        self._catalog = None
        self._legend_for: Optional[str] = None  # the scenario whose legend the panel holds
        self._menu_key: Optional[tuple] = None
        self.last_screen: Optional[Screen] = None  # what was drawn last (kassen.ui.access reads it)

    def t(self, key: str, **args: object) -> str:
        """The page's own words (``app.ui.*``) in the reader's language."""
        return say(key, self.app.controller.lang, **args)

    def forget(self) -> None:
        """The language changed: every region is drawn again (nothing drawn is kept)."""
        self._log, self._since, self._buttons, self._chooser, self._notices = [], [], [], [], []
        self._menu_key, self._legend_for, self._covered_for = None, None, None
        clear(by_id("scenario-list"))
        if not by_id("legend").hidden:
            self._fill_legend()

    def render(self, scr: Optional[Screen] = None) -> None:
        """Draw every region from ``scr`` (the controller's screen now, unless given)."""
        scr = self.last_screen = scr if scr is not None else self.app.controller.screen()
        body = document.body
        data = body.dataset
        data.mode = scr.mode
        set_body_data("data-scenario", scr.scenario)
        set_body_data("data-to-move", scr.to_move)
        set_body_data("data-viewer", scr.viewer)
        set_body_data("data-covered", "1" if scr.cover else None)
        if scr.frame is None:
            set_body_data("data-frame", None)
        self._render_notices(scr.notices)
        show(by_id("about"), False)
        show(by_id("app-nav"), not self.app.embed)
        show(by_id("nav-rulings"), scr.mode != "menu")
        show(by_id("nav-menu"), scr.mode != "menu")
        document.title = f"{scr.title} · kassen 合戦" if scr.mode != "menu" and scr.title else "kassen 合戦"
        if scr.mode == "menu":
            self._render_cover(None, "")
            self.app.computer.draw(False, "")
            self._render_menu(scr)
        else:
            self._render_game(scr)

    def _render_notices(self, notices: list[str]) -> None:
        shown = [n for n in notices if n not in self.dismissed]
        if shown == self._notices:
            return  # role="alert" re-announces every change: touch it only when the words change
        self._notices = shown
        box = by_id("messages")
        for old in list(box.querySelectorAll("[data-notice]")):
            old.remove()
        for text in shown:
            item = el("div", cls="message notice", data_notice="1")
            item.append(el("p", text))
            item.append(el("button", self.t("app.ui.dismiss"), "quiet", type="button", data_dismiss=text))
            box.append(item)

    def _render_menu(self, scr: Screen) -> None:
        show(by_id("menu"), True)
        show(by_id("board-head"), False)
        show(by_id("dock"), False)
        show(by_id("game-panel"), False)
        self._set_map("")
        show(by_id("back-to-game-row"), scr.has_game)
        if self._catalog is None:
            self._catalog = catalog()
        slots = self.app.saves.slots()
        aside = self.app.saves.aside()
        lang = self.app.controller.lang
        key = (tuple((s.id, s.updated, s.summary_in(lang)) for s in slots), self.app.saves.current(),
               tuple((a.id, a.size) for a in aside))
        if key == self._menu_key:
            return
        self._menu_key = key
        listing = by_id("scenario-list")
        if not listing.children.length:
            pictured = _prerendered_maps()
            for info in self._catalog:
                title = scenario_text(info.data, "title", lang) or info.title
                item = el("li", cls="scenario-card", data_scenario=info.id)
                if info.id in pictured:  # the battle's map as drawn at build time (tools/prerender.py)
                    # the picture drawn in the reader's language (tools/prerender.py: maps/ja/...)
                    folder = "maps/" if lang == "en" else f"maps/{lang}/"
                    item.append(el("img", cls="scenario-map", src=f"./{folder}{info.id}.svg", alt="",
                                   loading="lazy", decoding="async"))
                item.append(el("h3", title))
                subtitle, description = (scenario_text(info.data, "subtitle", lang),
                                         scenario_text(info.data, "description", lang))
                if subtitle:
                    item.append(el("p", subtitle, "subtitle"))
                if description:
                    item.append(el("p", description, "description"))
                if info.sides:
                    sides = self.t("app.ui.sides-vs", sides=info.side_names(lang))
                    item.append(el("p", self.t("app.ui.sides-line", sides=sides), "small muted"))
                rule_options = options_box(info, lang)  # both buttons below start with what it holds
                if rule_options is not None:
                    item.append(rule_options)
                row = el("p", cls="card-buttons")
                row.append(el("button", self.t("app.ui.new-game"), "primary", type="button",
                              data_new_scenario=info.id, aria_label=self.t("app.ui.new-game-of", title=title)))
                row.append(el("button", self.t("app.ui.rulings-sources"), "quiet", type="button",
                              data_rulings=info.id, aria_label=self.t("app.ui.rulings-sources-of", title=title)))
                row.append(el("button", self.t("reference.button"), "quiet", type="button",
                              data_open_rules=info.game, aria_label=self.t("reference.button-for", title=title)))
                item.append(row)
                item.append(computer_row(info))
                listing.append(item)
        saves = by_id("save-list")
        clear(saves)
        show(by_id("no-saves"), not slots)
        current = self.app.saves.current()
        titles = {c.id: scenario_text(c.data, "title", lang) for c in self._catalog}
        for info in slots:
            title = titles.get(info.scenario) or info.title
            summary = info.summary_in(lang)
            item = el("li", cls="save-item", data_slot=info.id)
            head = el("p", cls="save-title")
            head.append(el("strong", title))
            if info.id == current:
                head.append(el("span", self.t("app.ui.last-played"), "muted"))
            item.append(head)
            when = browser.local_time(info.updated, lang)
            item.append(el("p", self.t("app.ui.saved-when", summary=summary, when=when) if when else summary,
                           "small muted"))
            row = el("p", cls="card-buttons")
            row.append(el("button", self.t("app.ui.resume"), "primary", type="button", data_resume=info.id,
                          aria_label=self.t("app.ui.resume-of", title=title, summary=summary)))
            row.append(el("button", self.t("app.ui.delete-slot"), "danger quiet", type="button", data_delete=info.id,
                          aria_label=self.t("app.ui.delete-of", title=title, summary=summary)))
            item.append(row)
            saves.append(item)
        self._render_aside(aside)

    def _render_aside(self, aside: list[AsideInfo]) -> None:
        """The games set aside because they could not be opened: offered for download, so a
        damaged or too-new save is never lost, and for deletion (after a confirm)."""
        listing = by_id("aside-list")
        clear(listing)
        show(by_id("aside-saves"), bool(aside))
        lang = self.app.controller.lang
        titles = {info.id: scenario_text(info.data, "title", lang) or info.title for info in (self._catalog or [])}
        for info in aside:
            what = (self.t("app.ui.aside-index") if info.id == "index"
                    else titles.get(info.scenario) or info.scenario or self.t("app.ui.aside-unknown"))
            item = el("li", cls="save-item", data_aside=info.id)
            head = el("p", cls="save-title")
            head.append(el("strong", what))
            item.append(head)
            item.append(el("p", self.t("app.ui.aside-kept", size=_size(info.size), id=info.id), "small muted"))
            row = el("p", cls="card-buttons")
            row.append(el("button", self.t("app.ui.download"), "", type="button", data_aside_download=info.id,
                          aria_label=self.t("app.ui.aside-download-of", what=what)))
            row.append(el("button", self.t("app.ui.delete-slot"), "danger quiet", type="button",
                          data_aside_delete=info.id, aria_label=self.t("app.ui.aside-delete-of", what=what)))
            item.append(row)
            listing.append(item)

    def _set_map(self, svg: str) -> None:
        if self.map.draw(svg):
            # a link shown for the previous position is stale (and may hold secrets): drop it
            show(by_id("link-box"), False)
            by_id("link-output").value = ""
            by_id("link-note").textContent = ""

    def _render_game(self, scr: Screen) -> None:
        self._menu_key = None
        show(by_id("menu"), False)
        show(by_id("board-head"), True)
        show(by_id("dock"), True)
        show(by_id("game-panel"), True)
        playing = scr.mode == "play"
        by_id("game-title").textContent = scr.title
        if playing and scr.cover:
            label = self.t("app.ui.screen-covered")
        elif playing and scr.hidden_information and scr.viewer in dict(scr.sides):
            label = self.t("app.ui.view-of", side=dict(scr.sides)[scr.viewer])
        elif playing and scr.hidden_information:
            label = self.t("app.ui.spectator-view")
        elif playing:
            label = ""
        else:
            label = self.t("app.ui.spectator-view")
        if scr.opponent:  # a game against the computer: which side it plays, at what level
            label = f"{label} · {scr.opponent}" if label else scr.opponent
        by_id("view-label").textContent = label
        self.app.computer.draw(playing and scr.thinking and not scr.outcome, scr.thinking_text)
        by_id("turn").textContent = scr.prompt
        self._render_status(scr.status)
        outcome = by_id("outcome")
        show(outcome, bool(scr.outcome))
        outcome.textContent = self.t("app.ui.game-over", outcome=scr.outcome) if scr.outcome else ""
        # replay controls
        frames = by_id("frames")
        stepping = scr.frame is not None and scr.frame[1] > 1
        show(frames, stepping or (self.app.embed and scr.frame is not None))
        for bid in ("frame-first", "frame-prev", "frame-counter", "frame-next", "frame-last"):
            show(by_id(bid), stepping)
        if scr.frame is not None:
            index, count = scr.frame
            by_id("frame-counter").textContent = self.t("app.ui.position-of", n=index + 1, count=count)
            by_id("frame-first").disabled = by_id("frame-prev").disabled = index == 0
            by_id("frame-next").disabled = by_id("frame-last").disabled = index >= count - 1
            set_body_data("data-frame", str(index))
        move = by_id("frame-move")
        move.textContent = (self.t("app.ui.frame-move", n=scr.frame[0], move=scr.frame_move)
                            if scr.frame and scr.frame_move else "")
        show(move, bool(scr.frame and scr.frame_move))
        full = by_id("open-full")
        show(full, self.app.embed)
        if self.app.embed:
            full.href = browser.page_url() + str(window.location.hash)
        # the map; counters that can act get a class (a visual cue and a keyboard landing spot)
        self._set_map(scr.svg)
        self.map.mark_cells("legal", scr.highlight, focusable=True)
        by_id("map").classList.toggle("has-legal", bool(scr.highlight))
        self.map.mark_units("can-act", scr.movable)
        self.map.mark_cells("last-move", scr.last_move)
        self.map.mark_units("computer-moved", scr.last_units)  # the counter the computer just moved
        # a newly selected unit: its place and where it may go come into view; so does the other
        # side's last move when it is news, and a move waiting for confirmation
        wanted = (scr.selected, scr.selected_at)
        if scr.selected and scr.selected_at and wanted != self._revealed:
            self.map.reveal([scr.selected_at, *scr.highlight])
        self._revealed = wanted
        news = (scr.frame, tuple(scr.last_move), scr.viewer)
        if scr.last_move and news != self._news_shown:
            self.map.reveal(scr.last_move)
        self._news_shown = news
        # the side panel
        self._render_buttons("chooser-entries", scr.chooser, "_chooser")
        show(by_id("chooser"), bool(scr.chooser))
        self._render_buttons("actions", scr.buttons, "_buttons")
        show(by_id("actions"), bool(scr.buttons))
        dice = by_id("dice")
        show(dice, bool(scr.dice))
        clear(dice)
        if scr.dice:
            dice.append(el("span", self.t("app.ui.dice-label"), "dice-label"))
            for who, value in scr.dice:
                face = DIE_FACES[value - 1] if 1 <= value <= 6 else ""
                item = el("span", cls="die", data_value=str(value))
                item.append(el("span", face, "die-face", aria_hidden="true"))
                item.append(el("span", self.t("app.ui.rolled-by", who=who, value=value) if who
                               else self.t("app.ui.rolled", value=value), "die-text"))
                dice.append(item)
        show(by_id("history-controls"), playing)
        by_id("undo").disabled = not scr.can_undo
        by_id("redo").disabled = not scr.can_redo
        note = by_id("undo-note")
        note.textContent = scr.undo_note
        # what Undo would take back is its tooltip; why it cannot (or that it only closes a choice) shows
        by_id("undo").title = (f"{scr.undo_note} (Ctrl+Z)" if scr.can_undo and scr.undo_note
                               else self.t("app.ui.undo-title"))
        show(note, playing and bool(scr.undo_note) and (not scr.can_undo or scr.confirm is not None or bool(scr.chooser)))
        show(by_id("end-actions"), playing and bool(scr.outcome))
        show(by_id("continue-row"), not playing and scr.can_continue and not self.app.embed)
        self.render_details(scr.selected)
        self._render_log(list(zip(scr.log_n or [0] * len(scr.log), scr.log)))
        self._render_since(scr.since)
        self._render_confirm(scr)
        show(by_id("copy-play-link"), playing)
        show(by_id("export"), playing)
        show(by_id("import"), playing)
        self._render_cover(scr.cover, scr.cover_text, dict(scr.sides).get(scr.cover or "", ""))

    def _render_status(self, pairs: list[tuple[str, str]]) -> None:
        box = by_id("status")
        clear(box)
        for label, value in pairs:
            row = el("div", cls="status-pair")
            row.append(el("dt", label))
            row.append(el("dd", value))
            box.append(row)
        # on narrow screens rows past the fourth fold away (CSS); the button unfolds them
        show(by_id("status-more"), len(pairs) > STATUS_ROWS_FOLDED)

    def toggle_status(self) -> None:
        box, button = by_id("status"), by_id("status-more")
        expanded = not box.classList.contains("expanded")
        box.classList.toggle("expanded", expanded)
        button.textContent = self.t("app.ui.less" if expanded else "app.ui.more")
        button.setAttribute("aria-expanded", "true" if expanded else "false")

    def _render_buttons(self, region: str, buttons: list[Button], memo: str) -> None:
        key = [(b.action, b.label, b.select) for b in buttons]
        if key == getattr(self, memo):
            return
        setattr(self, memo, key)
        box = by_id(region)
        clear(box)
        for b in buttons:
            if b.select:
                box.append(el("button", b.label, "quiet", type="button", data_select=b.select))
            else:
                box.append(el("button", b.label, type="button", data_action=b.action))

    def render_details(self, selected: Optional[str]) -> None:
        uid = self.hover or selected
        box = by_id("unit-details")
        clear(box)
        lines = self.app.controller.unit_details(uid) if uid else []
        if not lines:
            box.append(el("p", self.t("app.ui.details-empty"), "muted"))
            return
        box.append(el("p", lines[0], "unit-name"))
        if len(lines) > 1:
            ul = el("ul")
            for line in lines[1:]:
                ul.append(el("li", line))
            box.append(ul)

    def _render_log(self, lines: list[tuple[int, str]]) -> None:
        """The log, numbered by action (the same numbers for both players); lines are appended."""
        if lines == self._log:
            return
        log = by_id("log")
        if lines[: len(self._log)] == self._log and self._log:
            fresh = lines[len(self._log):]
            previous = self._log[-1][0]
        else:
            clear(log)
            fresh, previous = lines, -1
        for n, text in fresh:
            item = el("li")
            item.append(el("span", str(n) if n and n != previous else "", "log-n", aria_hidden="true"))
            item.append(el("span", text, "log-text"))
            previous = n
            log.append(item)
        self._log = list(lines)
        log.scrollTop = log.scrollHeight

    def _render_since(self, lines: list[str]) -> None:
        """What the other side did since the player looking last acted (above the log)."""
        if lines == self._since:
            return
        self._since = list(lines)
        box = by_id("since-list")
        clear(box)
        for text in lines[-12:]:
            box.append(el("li", text))
        show(by_id("since"), bool(lines))

    def _render_confirm(self, scr: Screen) -> None:
        """A move that Undo cannot take back waits here, drawn on the map as planned."""
        pending = scr.confirm
        bar = by_id("confirm-bar")
        show(bar, pending is not None)
        self.map.mark_cells("planned", pending.cells if pending else [])
        self.map.mark_units("planned", [pending.unit] if pending and pending.unit else [])
        if pending is None:
            bar.removeAttribute("data-action")
            return
        by_id("confirm-what").textContent = pending.what
        by_id("confirm-go").textContent = pending.button
        if bar.getAttribute("data-action") != pending.action:
            bar.setAttribute("data-action", pending.action)
            self.map.reveal(pending.cells)
            # on a phone the dock scrolls its own content: a long prompt or news list can leave the
            # bar below the dock's fold, out of the thumb's reach
            bar.scrollIntoView(browser.js_object({"block": "nearest"}))

    def _render_cover(self, side: Optional[str], text: str, side_name: str = "") -> None:
        cover = by_id("cover")
        up = side is not None
        for region in ("layout", "site-header", "messages"):
            by_id(region).inert = up
        show(cover, up)
        if not up:
            self._covered_for = None
            return
        by_id("cover-title").textContent = self.t("app.ui.cover-turn", side=side_name)
        by_id("cover-text").textContent = text
        button = by_id("cover-button")
        button.textContent = self.t("app.ui.cover-button", side=side_name)
        button.setAttribute("data-cover", side)
        if self._covered_for != side:
            self._covered_for = side
            button.focus()

    # -- the legend ------------------------------------------------------------------------------
    def toggle_legend(self) -> None:
        panel, button = by_id("legend"), by_id("legend-toggle")
        opening = bool(panel.hidden)
        if opening:
            self._fill_legend()
        show(panel, opening)
        button.setAttribute("aria-expanded", "true" if opening else "false")

    def _fill_legend(self) -> None:
        """The game's legend (terrain, hexsides, marks, counter anatomy), built once per scenario.
        Swatches are SVG from kassen.render.legend (which escapes all text); words go in as text."""
        rules = self.app.controller.rules
        if rules is None or self._legend_for == rules.scenario.id:
            return
        self._legend_for = rules.scenario.id
        panel = by_id("legend")
        clear(panel)
        head = el("div", cls="legend-head")
        head.append(el("h3", self.t("app.ui.legend")))
        head.append(el("button", self.t("app.ui.close"), "quiet", type="button", data_legend_close="1"))
        panel.append(head)
        legend = legend_for(rules, self.app.controller.lang)
        if legend is None:
            panel.append(el("p", self.t("app.ui.no-legend"), "muted"))
            return
        for title, entries in ((self.t("app.ui.legend-terrain"), legend.terrain),
                               (self.t("app.ui.legend-features"), legend.features),
                               (self.t("app.ui.legend-marks"), legend.marks)):
            if not entries:
                continue
            panel.append(el("h4", title))
            ul = el("ul")
            for entry in entries:
                li = el("li")
                mark = el("span", cls="legend-swatch")
                mark.innerHTML = swatch(entry)
                li.append(mark)
                li.append(el("span", entry.words))
                ul.append(li)
            panel.append(ul)
        if legend.counter is not None:
            panel.append(el("h4", self.t("app.ui.legend-counter")))
            row = el("div", cls="legend-counter-row")
            sample = el("span", cls="legend-swatch")
            sample.innerHTML = counter_swatch(legend.counter, lang=self.app.controller.lang)
            row.append(sample)
            ul = el("ul", cls="legend-notes")
            for note in legend.counter_notes:
                ul.append(el("li", note))
            row.append(ul)
            panel.append(row)


def _size(chars: int) -> str:
    """A text's size for the menu, in the units a player knows."""
    from .computer import words

    return (words("app.ui.size-bytes", count=f"{chars:,}") if chars < 10_000
            else words("app.ui.size-kb", count=f"{chars / 1000:,.0f}"))


def _prerendered_maps() -> set[str]:
    """The scenarios whose map the build drew (named in <meta name="kassen-maps">; none when run from
    the sources without a build)."""
    meta = document.querySelector('meta[name="kassen-maps"]')
    return set(str(meta.content).split()) if browser.present(meta) else set()
