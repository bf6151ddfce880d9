"""The page: kassen.app's Controller wired to the DOM (the only module that builds or reads it).

Every region is redrawn from ``Controller.screen()`` after each change; text always goes in as
``textContent`` and the map as the SVG markup of the Python renderer (which escapes all text).
While the hot-seat cover is up, the screen is built from the spectator's view, and nothing of the
previous player's view is kept anywhere in the page: map, log, details and buttons are redrawn.
"""
from __future__ import annotations

import asyncio
import traceback
from typing import Any, Callable, Optional

from pyodide.ffi import create_proxy
from pyscript import document, window

from ..app.catalog import catalog, how_to_play, rulings_page
from ..app.controller import Button, Controller, Screen
from ..app.routing import Route, needs_clean_url, route
from ..app.storage import SLOT_PREFIX, Saves
from ..engine.errors import KassenError, LinkError
from ..games import load_rules, scenario_ids
from . import browser
from .browser import by_id, present

DIE_FACES = "⚀⚁⚂⚃⚄⚅"
EDITABLE = ("INPUT", "TEXTAREA", "SELECT")
# status rows shown on a phone before the "More…" button (static/css/kassen.css agrees)
STATUS_ROWS_FOLDED = 4


def el(tag: str, text: Optional[str] = None, cls: Optional[str] = None, **attrs: Any) -> Any:
    """A new element with text content (never parsed as HTML) and attributes (``data_x`` -> data-x)."""
    node = document.createElement(tag)
    if text is not None:
        node.textContent = text
    if cls:
        node.className = cls
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        node.setAttribute(key.rstrip("_").replace("_", "-"), "" if value is True else str(value))
    return node


def clear(node: Any) -> None:
    node.replaceChildren()


def show(node: Any, visible: bool) -> None:
    node.hidden = not visible


def unit_selector(uid: str) -> str:
    """CSS selector of a counter on the map (ids may hold characters CSS treats specially)."""
    return f'#map [data-unit="{window.CSS.escape(uid)}"]'


def closest(target: Any, selector: str) -> Any:
    """``target.closest(selector)`` or None (text nodes and null included)."""
    if not present(target) or not hasattr(target, "closest"):
        return None
    found = target.closest(selector)
    return found if present(found) else None


class App:
    """One page. Handlers call the controller, then ``render``."""

    def __init__(self) -> None:
        self.saves = Saves(browser.local_store())
        self.controller = Controller(load_rules, self.saves, new_slot_id=browser.random_slot_id,
                                     clock=browser.now_iso)
        self.embed = False
        self._proxies: list[Any] = []
        self._svg = ""
        self._log: list[str] = []
        self._buttons: list[tuple[str, str, Optional[str]]] = []
        self._chooser: list[tuple[str, str, Optional[str]]] = []
        self._notices: list[str] = []
        self._dismissed: set[str] = set()
        self._covered_for: Optional[str] = None
        self._hover: Optional[str] = None
        self._confirm: Optional[Callable[[], None]] = None
        self._catalog = None
        self._menu_key: Optional[tuple] = None

    # -- start-up ---------------------------------------------------------------------------------
    def start(self) -> None:
        self._bind()
        loc = window.location
        r = route(str(loc.search), str(loc.hash), self.saves.current() is not None, scenario_ids())
        self.embed = r.embed
        if r.embed:
            document.body.classList.add("embed")
        self._follow(r)
        self.render()
        document.body.dataset.started = "1"  # the loading panel stays hidden from now on
        document.body.dataset.ready = "1"

    def _follow(self, r: Route) -> None:
        c = self.controller
        opened: Optional[str] = None
        if r.kind == "link" and r.fragment:
            opened = c.open_link(r.fragment, seed=browser.random_seed(), embed=r.embed)
            if opened is None and not r.embed:
                why = c.message
                c.to_menu()
                c.message = why
        elif r.kind == "new" and r.scenario:
            c.start_new(r.scenario, r.seed if r.seed is not None else browser.random_seed())
        elif r.kind == "resume":
            if not c.resume():
                why = c.message  # a damaged save: say so on the menu
                c.to_menu()
                c.message = why
        else:
            c.to_menu()
        if r.problem:
            c.message = r.problem
        if needs_clean_url(r, opened):
            browser.clean_url()

    # -- events -----------------------------------------------------------------------------------
    def _on(self, target: Any, event: str, handler: Callable[[Any], Any]) -> None:
        def guarded(evt: Any) -> Any:
            try:
                return handler(evt)
            except Exception:  # noqa: BLE001 - a bug must not leave the page dead: say so, keep going
                self._report_bug()
                return None

        proxy = create_proxy(guarded)
        self._proxies.append(proxy)
        target.addEventListener(event, proxy)

    def _report_bug(self) -> None:
        text = traceback.format_exc()
        window.console.error(text)
        self.controller.message = ("Something went wrong: " + text.strip().splitlines()[-1]
                                   + ". Your game was saved before it; reload the page to continue.")
        try:
            self.render()
        except Exception:  # noqa: BLE001
            window.console.error(traceback.format_exc())

    def _click(self, element_id: str, handler: Callable[[], None]) -> None:
        self._on(by_id(element_id), "click", lambda evt: self._act(handler))

    def _act(self, handler: Callable[[], Any]) -> None:
        handler()
        self.render()

    def _bind(self) -> None:
        board = by_id("map")
        self._on(board, "click", self._on_map_click)
        self._on(board, "keydown", self._on_map_key)
        self._on(board, "mouseover", self._on_map_hover)
        self._on(board, "mouseleave", lambda evt: self._set_hover(None))
        self._on(board, "focusin", self._on_map_hover)
        self._on(board, "focusout", lambda evt: self._set_hover(None))
        self._on(document, "keydown", self._on_key)
        self._on(window, "hashchange", self._on_hash)
        self._on(window, "storage", self._on_storage)
        for region in ("actions", "chooser-entries"):
            self._on(by_id(region), "click", self._on_button)
        self._on(by_id("scenario-list"), "click", self._on_scenario_list)
        self._on(by_id("save-list"), "click", self._on_save_list)
        self._on(by_id("messages"), "click", self._on_messages)
        c = self.controller
        self._click("chooser-cancel", c.cancel)
        self._on(by_id("cover-button"), "click", lambda evt: self._reveal())
        self._click("undo", c.undo)
        self._click("redo", c.redo)
        self._click("frame-first", lambda: c.goto_frame(0))
        self._click("frame-prev", lambda: c.step_frame(-1))
        self._click("frame-next", lambda: c.step_frame(1))
        self._click("frame-last", lambda: c.goto_frame(len(c.frames) - 1))
        self._click("continue-here", self._continue_here)
        self._click("nav-menu", self._to_menu)
        self._click("end-menu", self._to_menu)
        self._click("cover-menu", self._to_menu)
        self._click("back-to-game", c.back_to_game)
        self._click("new-same", self._play_again)
        self._on(by_id("status-more"), "click", lambda evt: self._toggle_status())
        self._on(by_id("zoom-in"), "click", lambda evt: self._zoom(1))
        self._on(by_id("zoom-out"), "click", lambda evt: self._zoom(-1))
        self._on(by_id("nav-help"), "click", lambda evt: self._open_help())
        self._on(by_id("nav-rulings"), "click", lambda evt: self._open_rulings(None))
        self._on(by_id("page-close"), "click", lambda evt: by_id("page-dialog").close())
        self._on(by_id("copy-link"), "click", lambda evt: self._share(secrets=False))
        self._on(by_id("copy-play-link"), "click", lambda evt: self._share(secrets=True))
        self._on(by_id("embed"), "click", lambda evt: self._open_embed())
        self._on(by_id("copy-embed"), "click",
                 lambda evt: self._copy(by_id("embed-code").value, by_id("embed-code"), by_id("embed-note")))
        self._on(by_id("embed-close"), "click", lambda evt: by_id("embed-dialog").close())
        self._on(by_id("export"), "click", lambda evt: self._export())
        self._on(by_id("import"), "click", lambda evt: by_id("import-file").click())
        self._on(by_id("menu-import"), "click", lambda evt: by_id("import-file").click())
        self._on(by_id("import-file"), "change", self._on_import)
        self._on(by_id("confirm-yes"), "click", self._on_confirm_yes)
        self._on(by_id("confirm-no"), "click", lambda evt: by_id("confirm-dialog").close())

    def _on_map_click(self, evt: Any) -> None:
        self._map_activate(evt.target, keyboard=False)

    def _on_map_key(self, evt: Any) -> None:
        if evt.key not in ("Enter", " ") or evt.ctrlKey or evt.metaKey or evt.altKey:
            return
        if closest(evt.target, "[data-unit], [data-cell]") is None:
            return
        evt.preventDefault()  # Space would scroll the page
        self._map_activate(evt.target, keyboard=True)

    def _map_activate(self, target: Any, keyboard: bool) -> None:
        c = self.controller
        unit = closest(target, "[data-unit]")
        cell = closest(target, "[data-cell]") if unit is None else None
        if unit is None and cell is None:
            return
        before = (c.history.state if c.history else None, c.selected)
        if unit is not None:
            uid = str(unit.dataset.unit)
            c.click_unit(uid)
            self._hover = uid  # a tap shows the unit's details too: nothing depends on hovering
        else:
            c.click_cell(str(cell.dataset.cell))
        self.render()
        if keyboard:
            self._focus_after_map_action(before, unit)

    def _focus_after_map_action(self, before: tuple[Any, Optional[str]], unit: Any) -> None:
        """Keyboard play: after selecting a unit go to its first destination; after an action go to
        the chooser, the buttons or the next destination, so Tab never has to start over."""
        c = self.controller
        state_changed = (c.history.state if c.history else None) is not before[0]
        if c.chooser or c.chooser_select:
            self._focus_first("#chooser-entries button")
        elif not state_changed and c.selected and c.selected != before[1]:
            if not self._focus_first("#map [data-cell].legal"):
                self._focus_first(unit_selector(c.selected))
        elif state_changed:
            self._focus_landing()
        elif unit is not None:
            self._focus_first(unit_selector(str(unit.dataset.unit)))

    def _focus_landing(self) -> None:
        """Where keyboard focus goes after the screen changed under it: the cover's button, a
        choice, a highlighted place, a counter that can act, an action button, in that order."""
        self._focus_first("#cover:not([hidden]) #cover-button", "#chooser:not([hidden]) button[data-action]",
                          "#chooser:not([hidden]) button", "#map [data-cell].legal", "#map .unit.can-act",
                          "#actions:not([hidden]) button", "#undo:not(:disabled)")

    def _focus_first(self, *selectors: str) -> bool:
        for selector in selectors:
            node = document.querySelector(selector)
            if present(node):
                node.focus()
                return True
        return False

    def _on_map_hover(self, evt: Any) -> None:
        unit = closest(evt.target, "[data-unit]")
        self._set_hover(str(unit.dataset.unit) if unit is not None else None)

    def _set_hover(self, uid: Optional[str]) -> None:
        if uid != self._hover:
            self._hover = uid
            self._render_details(self.controller.focused())

    def _on_button(self, evt: Any) -> None:
        button = closest(evt.target, "button")
        if button is None:
            return
        c = self.controller
        select = button.getAttribute("data-select")
        if present(select):
            c.select(str(select))
        else:
            c.press(str(button.getAttribute("data-action")))
        self.render()
        if evt.detail == 0:  # activated from the keyboard: keep the keyboard user in the flow
            self._focus_landing()

    def _on_key(self, evt: Any) -> None:
        if self._dialog_open():
            return
        target = evt.target
        if present(target) and getattr(target, "tagName", "") in EDITABLE:
            return
        c = self.controller
        key = str(evt.key)
        ctrl = bool(evt.ctrlKey or evt.metaKey)
        if key == "Escape":
            selected = c.focused()
            if c.cancel():
                evt.preventDefault()
                self.render()
                if selected:
                    self._focus_first(unit_selector(selected))
            return
        if ctrl and not evt.altKey and key.lower() in ("z", "y"):
            if c.mode != "play" or c.covered:
                return
            evt.preventDefault()
            if key.lower() == "y" or evt.shiftKey:
                c.redo()
            else:
                c.undo()
            self.render()
            return
        if c.mode in ("spectate", "replay") and not ctrl and not evt.altKey:
            moves = {"ArrowLeft": lambda: c.step_frame(-1), "ArrowRight": lambda: c.step_frame(1),
                     "Home": lambda: c.goto_frame(0), "End": lambda: c.goto_frame(len(c.frames) - 1)}
            if key in moves and len(c.frames) > 1:
                evt.preventDefault()
                moves[key]()
                self.render()

    def _dialog_open(self) -> bool:
        return present(document.querySelector("dialog[open]"))

    def _on_hash(self, evt: Any) -> None:
        fragment = str(window.location.hash)
        if not fragment.lstrip("#"):
            return
        r = route(str(window.location.search), fragment, self.saves.current() is not None, scenario_ids())
        self._navigate(lambda: self._follow(r))

    def _on_storage(self, evt: Any) -> None:
        """Another tab of this site saved the game open here: show its position rather than let
        this tab's next action silently overwrite it."""
        c = self.controller
        key = evt.key
        if c.mode != "play" or c.slot is None or not present(key) or str(key) != SLOT_PREFIX + c.slot:
            return
        slot = c.slot

        def reload() -> None:
            if c.resume_slot(slot):
                c.message = "This game was played on in another tab or window: this is its latest position."

        self._navigate(reload)

    def _navigate(self, change: Callable[[], None]) -> None:
        """A change of screen: the automation contract says data-ready is "1" again once drawn."""
        body = document.body
        body.removeAttribute("data-ready")
        try:
            change()
            self._hover = None
            self.render()
        finally:
            body.dataset.ready = "1"

    def _on_scenario_list(self, evt: Any) -> None:
        button = closest(evt.target, "button")
        if button is None:
            return
        sid = button.getAttribute("data-new-scenario")
        if present(sid):
            self._navigate(lambda: self.controller.start_new(str(sid), browser.random_seed()))
            self._focus_landing()
            return
        rid = button.getAttribute("data-rulings")
        if present(rid):
            self._open_rulings(str(rid))

    def _on_save_list(self, evt: Any) -> None:
        button = closest(evt.target, "button")
        if button is None:
            return
        slot = button.getAttribute("data-resume")
        if present(slot):
            self._navigate(lambda: self._resume(str(slot)))
            self._focus_landing()
            return
        slot = button.getAttribute("data-delete")
        if present(slot):
            info = next((s for s in self.saves.slots() if s.id == str(slot)), None)
            if info is None:
                return
            when = browser.local_time(info.updated)
            by_id("confirm-text").textContent = (
                f"Delete the saved game “{info.title}” ({info.summary}{', saved ' + when if when else ''})? "
                "This cannot be undone.")
            self._confirm = lambda: self.controller.delete_slot(info.id)
            by_id("confirm-dialog").showModal()

    def _resume(self, slot: str) -> None:
        c = self.controller
        if not c.resume_slot(slot):
            why = c.message
            c.to_menu()
            c.message = why

    def _on_confirm_yes(self, evt: Any) -> None:
        by_id("confirm-dialog").close()
        action, self._confirm = self._confirm, None
        if action is not None:
            self._act(action)
            self._focus_first("#save-list button", "#scenario-list button")

    def _on_messages(self, evt: Any) -> None:
        button = closest(evt.target, "button[data-dismiss]")
        if button is not None:
            self._dismissed.add(str(button.getAttribute("data-dismiss")))
            self.render()

    def _zoom(self, step: int) -> None:
        """Map size 1x-3x the board's width (a view setting, not part of the game)."""
        board = by_id("map")
        current = board.getAttribute("data-zoom")
        level = max(1, min(3, (int(current) if present(current) else 1) + step))
        board.setAttribute("data-zoom", str(level))
        by_id("zoom-out").disabled = level == 1
        by_id("zoom-in").disabled = level == 3

    def _reveal(self) -> None:
        self.controller.reveal()
        self.render()
        self._focus_landing()

    def _to_menu(self) -> None:
        c = self.controller
        if c.mode in ("spectate", "replay"):
            browser.clean_url()  # a reload should show the menu, not the link again
        c.to_menu()
        self._hover = None

    def _play_again(self) -> None:
        if self.controller.rules is not None:
            self.controller.start_new(self.controller.rules.scenario.id, browser.random_seed())

    def _continue_here(self) -> None:
        try:
            self.controller.continue_from_view(browser.random_seed())
        except LinkError as exc:
            self.controller.message = f"This position cannot be continued: {exc}"
            return
        browser.clean_url()

    # -- saving and sharing -------------------------------------------------------------------------
    def _link_for(self, secrets: bool) -> str:
        c = self.controller
        fragment = c.play_link() if secrets else c.spectator_link()
        return f"{browser.page_url()}#{fragment}"

    def _share(self, secrets: bool) -> None:
        c = self.controller
        if c.rules is None or (secrets and c.history is None):
            return
        link = self._link_for(secrets)
        box, out, note = by_id("link-box"), by_id("link-output"), by_id("link-note")
        show(box, True)
        box.classList.toggle("secret", secrets)
        by_id("link-label").textContent = ("Link to continue elsewhere (includes secrets)" if secrets
                                           else "Link to this position (spectator view)")
        out.value = link
        warning = ("Warning: this link shows everything hidden in the game (" + self._secret_words()
                   + ") and lets anyone continue it. Send it only to yourself. ") if secrets else ""
        self._copy(link, out, note, prefix=warning)

    def _secret_words(self) -> str:
        return "both sides' secrets and the dice to come"

    def _copy(self, text: str, field: Any, note: Any, prefix: str = "") -> None:
        async def run() -> None:
            copied = False
            try:
                await window.navigator.clipboard.writeText(text)
                copied = True
            except Exception:  # noqa: BLE001 - no clipboard permission: fall back to selecting the text
                field.focus()
                field.select()
                try:
                    copied = bool(document.execCommand("copy"))
                except Exception:  # noqa: BLE001
                    copied = False
            note.textContent = prefix + ("Copied to the clipboard." if copied
                                         else "Select the text above and copy it (Ctrl+C).")

        field.select()
        asyncio.ensure_future(run())

    def _open_embed(self) -> None:
        c = self.controller
        if c.rules is None:
            return
        snippet = Controller.embed_snippet(browser.page_url(), c.embed_link(), c.rules.scenario.title)
        by_id("embed-code").value = snippet
        by_id("embed-note").textContent = ""
        by_id("embed-dialog").showModal()
        by_id("embed-code").select()

    def _export(self) -> None:
        c = self.controller
        if c.history is None or c.rules is None:
            return
        stamp = browser.now_iso()[:16].replace(":", "").replace("T", "-")
        browser.download(c.export_save(), f"kassen-{c.rules.scenario.id}-{stamp}.json")

    def _on_import(self, evt: Any) -> None:
        files = evt.target.files
        if not present(files) or files.length == 0:
            return
        file = files.item(0)

        async def run() -> None:
            body = document.body
            body.removeAttribute("data-ready")
            try:
                text = str(await file.text())
                try:
                    self.controller.import_save(text)
                except (LinkError, KassenError) as exc:
                    self.controller.message = f"The file “{file.name}” cannot be imported: {exc}"
                except (ValueError, TypeError, KeyError) as exc:
                    self.controller.message = f"The file “{file.name}” cannot be imported: it is damaged ({exc})."
                self._hover = None
                self.render()
            except Exception:  # noqa: BLE001
                self._report_bug()
            finally:
                evt.target.value = ""
                body.dataset.ready = "1"

        asyncio.ensure_future(run())

    # -- pages ------------------------------------------------------------------------------------
    def _open_page(self, title: str, fill: Callable[[Any], None]) -> None:
        by_id("page-title").textContent = title
        body = by_id("page-body")
        clear(body)
        fill(body)
        dialog = by_id("page-dialog")
        dialog.showModal()
        body.scrollTop = 0

    def _open_help(self) -> None:
        sections = how_to_play(self.controller.rules)

        def fill(body: Any) -> None:
            for heading, paragraphs in sections:
                body.append(el("h3", heading))
                for p in paragraphs:
                    body.append(el("p", p))

        self._open_page("How to play", fill)

    def _open_rulings(self, scenario_id: Optional[str]) -> None:
        c = self.controller
        rules = load_rules(scenario_id) if scenario_id else c.rules
        if rules is None:
            return
        page = rulings_page(rules)

        def fill(body: Any) -> None:
            body.append(el("h3", "Where this scenario comes from"))
            status = page["status"]
            if status:
                body.append(el("p", f"Status: {status}.", "badge-line"))
            if page["summary"]:
                body.append(el("p", page["summary"]))
            if page["reconstructed"]:
                body.append(el("h4", "Reconstructed (not from the printed game)"))
                ul = el("ul")
                for item in page["reconstructed"]:
                    ul.append(el("li", item))
                body.append(ul)
            if page["how_to_correct"]:
                body.append(el("h4", "How to correct it"))
                body.append(el("p", page["how_to_correct"]))
                body.append(el("p", f"The scenario file: {page['file']}", "small muted"))
            if page["sources"]:
                body.append(el("h4", "Sources"))
                ul = el("ul", cls="sources")
                for item in page["sources"]:
                    ul.append(el("li", item))
                body.append(ul)
            body.append(el("h3", f"Rulings ({len(page['rulings'])})"))
            body.append(el("p", "Where the rulebook is silent or unclear, the page plays it this way.", "muted"))
            for r in page["rulings"]:
                art = el("article", cls="ruling", id=f"ruling-{r['id']}")
                art.append(el("h4", f"{r['id']} — {r['topic']}" if r["topic"] else r["id"]))
                art.append(el("p", r["ruling"]))
                if r["why"]:
                    art.append(el("p", "Why: " + r["why"], "muted"))
                if r["clauses"]:
                    art.append(el("p", "Rules: " + ", ".join(r["clauses"]), "small muted"))
                body.append(art)

        self._open_page(f"Rulings — {page['title']}", fill)

    # -- drawing ----------------------------------------------------------------------------------
    def render(self) -> None:
        scr = self.controller.screen()
        body = document.body
        data = body.dataset
        data.mode = scr.mode
        self._set_data("data-scenario", scr.scenario)
        self._set_data("data-to-move", scr.to_move)
        self._set_data("data-viewer", scr.viewer)
        self._set_data("data-covered", "1" if scr.cover else None)
        if scr.frame is None:
            self._set_data("data-frame", None)
        self._render_notices(scr.notices)
        show(by_id("about"), False)
        show(by_id("app-nav"), not self.embed)
        show(by_id("nav-rulings"), scr.mode != "menu")
        show(by_id("nav-menu"), scr.mode != "menu")
        document.title = f"{scr.title} · kassen 合戦" if scr.mode != "menu" and scr.title else "kassen 合戦"
        if scr.mode == "menu":
            self._render_cover(None, "")
            self._render_menu(scr)
        else:
            self._render_game(scr)

    def _set_data(self, name: str, value: Optional[str]) -> None:
        """A data-* attribute of <body> for tests and styles (removed when None)."""
        if value is None:
            document.body.removeAttribute(name)
        else:
            document.body.setAttribute(name, value)

    def _render_notices(self, notices: list[str]) -> None:
        shown = [n for n in notices if n not in self._dismissed]
        if shown == self._notices:
            return  # role="alert" re-announces every change: touch it only when the words change
        self._notices = shown
        box = by_id("messages")
        for old in list(box.querySelectorAll("[data-notice]")):
            old.remove()
        for text in shown:
            item = el("div", cls="message notice", data_notice="1")
            item.append(el("p", text))
            item.append(el("button", "Dismiss", "quiet", type="button", data_dismiss=text))
            box.append(item)

    def _render_menu(self, scr: Screen) -> None:
        show(by_id("menu"), True)
        show(by_id("board-head"), False)
        show(by_id("game-panel"), False)
        self._set_map("")
        show(by_id("back-to-game-row"), scr.has_game)
        if self._catalog is None:
            self._catalog = catalog()
        slots = self.saves.slots()
        key = (tuple((s.id, s.updated, s.summary) for s in slots), self.saves.current())
        if key == self._menu_key:
            return
        self._menu_key = key
        listing = by_id("scenario-list")
        if not listing.children.length:
            for info in self._catalog:
                item = el("li", cls="scenario-card", data_scenario=info.id)
                item.append(el("h3", info.title))
                if info.subtitle:
                    item.append(el("p", info.subtitle, "subtitle"))
                if info.description:
                    item.append(el("p", info.description, "description"))
                if info.sides:
                    item.append(el("p", " vs ".join(info.sides) + " · two players, one device", "small muted"))
                row = el("p", cls="card-buttons")
                row.append(el("button", "New game", "primary", type="button", data_new_scenario=info.id,
                              aria_label=f"New game: {info.title}"))
                row.append(el("button", "Rulings and sources", "quiet", type="button", data_rulings=info.id,
                              aria_label=f"Rulings and sources: {info.title}"))
                item.append(row)
                listing.append(item)
        saves = by_id("save-list")
        clear(saves)
        show(by_id("no-saves"), not slots)
        current = self.saves.current()
        for info in slots:
            item = el("li", cls="save-item", data_slot=info.id)
            head = el("p", cls="save-title")
            head.append(el("strong", info.title))
            if info.id == current:
                head.append(el("span", " (last played)", "muted"))
            item.append(head)
            when = browser.local_time(info.updated)
            item.append(el("p", info.summary + (f" · saved {when}" if when else ""), "small muted"))
            row = el("p", cls="card-buttons")
            row.append(el("button", "Resume", "primary", type="button", data_resume=info.id,
                          aria_label=f"Resume {info.title}: {info.summary}"))
            row.append(el("button", "Delete…", "danger quiet", type="button", data_delete=info.id,
                          aria_label=f"Delete {info.title}: {info.summary}"))
            item.append(row)
            saves.append(item)

    def _set_map(self, svg: str) -> None:
        if svg != self._svg:
            self._svg = svg
            by_id("map").innerHTML = svg
            # a link shown for the previous position is stale (and may hold secrets): drop it
            show(by_id("link-box"), False)
            by_id("link-output").value = ""
            by_id("link-note").textContent = ""

    def _render_game(self, scr: Screen) -> None:
        c = self.controller
        self._menu_key = None
        show(by_id("menu"), False)
        show(by_id("board-head"), True)
        show(by_id("game-panel"), True)
        playing = scr.mode == "play"
        by_id("game-title").textContent = scr.title
        if playing and scr.cover:
            label = "Screen covered"
        elif playing:
            label = f"{dict(scr.sides).get(scr.viewer or '', 'Spectator')}'s view" if scr.hidden_information else ""
        else:
            label = "Spectator view"
        by_id("view-label").textContent = label
        by_id("turn").textContent = scr.prompt
        self._render_status(scr.status)
        outcome = by_id("outcome")
        show(outcome, bool(scr.outcome))
        outcome.textContent = f"Game over. {scr.outcome}" if scr.outcome else ""
        # replay controls
        frames = by_id("frames")
        stepping = scr.frame is not None and scr.frame[1] > 1
        show(frames, stepping or (self.embed and scr.frame is not None))
        for bid in ("frame-first", "frame-prev", "frame-counter", "frame-next", "frame-last"):
            show(by_id(bid), stepping)
        if scr.frame is not None:
            index, count = scr.frame
            by_id("frame-counter").textContent = f"Position {index + 1} of {count}"
            by_id("frame-first").disabled = by_id("frame-prev").disabled = index == 0
            by_id("frame-next").disabled = by_id("frame-last").disabled = index >= count - 1
            self._set_data("data-frame", str(index))
        full = by_id("open-full")
        show(full, self.embed)
        if self.embed:
            full.href = browser.page_url() + str(window.location.hash)
        # the map; counters that can act get a class (a visual cue and a keyboard landing spot)
        self._set_map(scr.svg)
        by_id("map").classList.toggle("has-legal", bool(scr.highlight))
        movable = set(scr.movable)
        for node in list(document.querySelectorAll("#map [data-unit]")):
            node.classList.toggle("can-act", str(node.dataset.unit) in movable)
        # the side panel
        self._render_buttons("chooser-entries", scr.chooser, "_chooser")
        show(by_id("chooser"), bool(scr.chooser))
        self._render_buttons("actions", scr.buttons, "_buttons")
        show(by_id("actions"), bool(scr.buttons))
        dice = by_id("dice")
        show(dice, bool(scr.dice))
        clear(dice)
        if scr.dice:
            dice.append(el("span", "Dice: ", "dice-label"))
            for who, value in scr.dice:
                face = DIE_FACES[value - 1] if 1 <= value <= 6 else ""
                item = el("span", cls="die", data_value=str(value))
                item.append(el("span", face, "die-face", aria_hidden="true"))
                item.append(el("span", f"{who} rolled {value}" if who else f"rolled {value}", "die-text"))
                dice.append(item)
        show(by_id("history-controls"), playing)
        by_id("undo").disabled = not scr.can_undo
        by_id("redo").disabled = not scr.can_redo
        show(by_id("undo-note"), playing and not scr.can_undo and bool(c.history and c.history.record))
        show(by_id("end-actions"), playing and bool(scr.outcome))
        show(by_id("continue-row"), not playing and scr.can_continue and not self.embed)
        self._render_details(scr.selected)
        self._render_log(scr.log)
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

    def _toggle_status(self) -> None:
        box, button = by_id("status"), by_id("status-more")
        expanded = not box.classList.contains("expanded")
        box.classList.toggle("expanded", expanded)
        button.textContent = "Less" if expanded else "More…"
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

    def _render_details(self, selected: Optional[str]) -> None:
        uid = self._hover or selected
        box = by_id("unit-details")
        clear(box)
        lines = self.controller.unit_details(uid) if uid else []
        if not lines:
            box.append(el("p", "Point at, focus or tap a counter to see it.", "muted"))
            return
        box.append(el("p", lines[0], "unit-name"))
        if len(lines) > 1:
            ul = el("ul")
            for line in lines[1:]:
                ul.append(el("li", line))
            box.append(ul)

    def _render_log(self, lines: list[str]) -> None:
        if lines == self._log:
            return
        log = by_id("log")
        if lines[: len(self._log)] == self._log and self._log:
            fresh = lines[len(self._log):]
        else:
            clear(log)
            fresh = lines
        for line in fresh:
            log.append(el("li", line))
        self._log = list(lines)
        log.scrollTop = log.scrollHeight

    def _render_cover(self, side: Optional[str], text: str, side_name: str = "") -> None:
        cover = by_id("cover")
        up = side is not None
        for region in ("layout", "site-header", "messages"):
            by_id(region).inert = up
        show(cover, up)
        if not up:
            self._covered_for = None
            return
        by_id("cover-title").textContent = f"{side_name}'s turn"
        by_id("cover-text").textContent = text
        button = by_id("cover-button")
        button.textContent = f"I am {side_name}: show my view"
        button.setAttribute("data-cover", side)
        if self._covered_for != side:
            self._covered_for = side
            button.focus()
