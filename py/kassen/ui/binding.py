"""Input: which element and key does what. Every handler calls the controller (or a dialog), then
redraws through the app; keyboard users are kept in the flow by moving the focus after a change.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from pyscript import document, window

from ..app.controller import Controller
from ..app.routing import route
from ..app.storage import SLOT_PREFIX
from ..engine.messages import msg
from ..games import scenario_ids
from .browser import by_id, present
from .dom import closest, dialog_open, focus_first, unit_selector
from .options import chosen_on

if TYPE_CHECKING:  # pragma: no cover
    from .app import App

EDITABLE = ("INPUT", "TEXTAREA", "SELECT")


class Binding:
    """The page's event listeners and what each one does."""

    def __init__(self, app: "App") -> None:
        self.app = app

    @property
    def controller(self) -> Controller:
        return self.app.controller

    def bind(self) -> None:
        app, on, click = self.app, self.app.on, self.app.click
        dialogs, drawing = app.dialogs, app.drawing
        board = by_id("map")
        on(board, "click", self.on_map_click)
        on(board, "keydown", self.on_map_key)
        on(board, "mouseover", self.on_map_hover)
        on(board, "mouseleave", lambda evt: self.set_hover(None))
        on(board, "focusin", self.on_map_hover)
        on(board, "focusout", lambda evt: self.set_hover(None))
        on(document, "keydown", self.on_key)
        on(window, "hashchange", self.on_hash)
        on(window, "storage", self.on_storage)
        on(window, "popstate", app.navigation.on_popstate)
        on(by_id("page-dialog"), "close", lambda evt: app.navigation.page_closed())
        for region in ("actions", "chooser-entries"):
            on(by_id(region), "click", self.on_button)
        on(by_id("scenario-list"), "click", self.on_scenario_list)
        on(by_id("save-list"), "click", self.on_save_list)
        on(by_id("aside-list"), "click", self.on_aside_list)
        on(by_id("messages"), "click", self.on_messages)
        on(by_id("lang-switch"), "click", self.on_language)
        c = self.controller
        click("chooser-cancel", c.cancel)
        on(by_id("confirm-go"), "click", lambda evt: self.after_button(c.confirm, evt))
        on(by_id("confirm-back"), "click", lambda evt: self.after_button(c.cancel, evt))
        on(by_id("setting-confirm"), "change", lambda evt: app.set_confirm(bool(evt.target.checked)))
        on(by_id("cover-button"), "click", lambda evt: app.reveal())
        click("undo", c.undo)
        click("redo", c.redo)
        click("frame-first", lambda: c.goto_frame(0))
        click("frame-prev", lambda: c.step_frame(-1))
        click("frame-next", lambda: c.step_frame(1))
        click("frame-last", lambda: c.goto_frame(len(c.frames) - 1))
        click("continue-here", app.continue_here)
        click("nav-menu", app.to_menu)
        click("end-menu", app.to_menu)
        click("cover-menu", app.to_menu)
        click("back-to-game", app.back_to_game)
        click("new-same", app.play_again)
        on(by_id("status-more"), "click", lambda evt: drawing.toggle_status())
        on(by_id("legend-toggle"), "click", lambda evt: drawing.toggle_legend())
        on(by_id("legend"), "click", lambda evt: drawing.toggle_legend()
           if closest(evt.target, "[data-legend-close]") is not None else None)
        on(by_id("nav-help"), "click", lambda evt: dialogs.open_help())
        on(by_id("nav-rulings"), "click", lambda evt: dialogs.open_rulings(None))
        on(by_id("page-close"), "click", lambda evt: by_id("page-dialog").close())
        on(by_id("copy-link"), "click", lambda evt: dialogs.share(secrets=False))
        on(by_id("copy-play-link"), "click", lambda evt: dialogs.share(secrets=True))
        on(by_id("embed"), "click", lambda evt: dialogs.open_embed())
        on(by_id("copy-embed"), "click",
           lambda evt: dialogs.copy(by_id("embed-code").value, by_id("embed-code"), by_id("embed-note")))
        on(by_id("embed-close"), "click", lambda evt: by_id("embed-dialog").close())
        on(by_id("export"), "click", lambda evt: dialogs.export())
        on(by_id("import"), "click", lambda evt: by_id("import-file").click())
        on(by_id("menu-import"), "click", lambda evt: by_id("import-file").click())
        on(by_id("import-file"), "change", dialogs.on_import)
        on(by_id("confirm-yes"), "click", dialogs.on_confirm_yes)
        on(by_id("confirm-no"), "click", lambda evt: by_id("confirm-dialog").close())

    # -- the map --------------------------------------------------------------------------------------
    def on_map_click(self, evt: Any) -> None:
        self.map_activate(evt.target, keyboard=False)

    def on_map_key(self, evt: Any) -> None:
        if evt.key not in ("Enter", " ") or evt.ctrlKey or evt.metaKey or evt.altKey:
            return
        if closest(evt.target, "[data-unit], [data-cell]") is None:
            return
        evt.preventDefault()  # Space would scroll the page
        self.map_activate(evt.target, keyboard=True)

    def map_activate(self, target: Any, keyboard: bool) -> None:
        c = self.controller
        unit = closest(target, "[data-unit]")
        cell = closest(target, "[data-cell]") if unit is None else None
        if unit is None and cell is None:
            return
        before = (c.history.state if c.history else None, c.selected)
        if unit is not None:
            uid = str(unit.dataset.unit)
            c.click_unit(uid)
            self.app.drawing.hover = uid  # a tap shows the unit's details too: nothing depends on hovering
        else:
            c.click_cell(str(cell.dataset.cell))
        self.app.render()
        if keyboard:
            self.focus_after_map_action(before, unit)

    def focus_after_map_action(self, before: tuple[Any, Optional[str]], unit: Any) -> None:
        """Keyboard play: after selecting a unit go to its first destination; after an action go to
        the chooser, the buttons or the next destination, so Tab never has to start over."""
        c = self.controller
        state_changed = (c.history.state if c.history else None) is not before[0]
        if c.pending is not None:  # a move waiting for its confirmation: go to the confirmation
            self.focus_landing()
        elif c.chooser or c.chooser_select:
            focus_first("#chooser-entries button")
        elif not state_changed and c.selected and c.selected != before[1]:
            if not focus_first("#map [data-cell].legal"):
                focus_first(unit_selector(c.selected))
        elif state_changed:
            self.focus_landing()
        elif unit is not None:
            focus_first(unit_selector(str(unit.dataset.unit)))

    def focus_landing(self) -> None:
        """Where keyboard focus goes after the screen changed under it: the cover's button, a
        choice, a highlighted place, a counter that can act, an action button, in that order."""
        focus_first("#cover:not([hidden]) #cover-button", "#confirm-bar:not([hidden]) #confirm-go",
                    "#chooser:not([hidden]) button[data-action]",
                    "#chooser:not([hidden]) button", "#map [data-cell].legal", "#map .unit.can-act",
                    "#actions:not([hidden]) button", "#undo:not(:disabled)")

    def focus_first(self, *selectors: str) -> bool:
        return focus_first(*selectors)

    def on_map_hover(self, evt: Any) -> None:
        unit = closest(evt.target, "[data-unit]")
        self.set_hover(str(unit.dataset.unit) if unit is not None else None)

    def set_hover(self, uid: Optional[str]) -> None:
        drawing = self.app.drawing
        if uid != drawing.hover:
            drawing.hover = uid
            drawing.render_details(self.controller.focused())

    # -- buttons and keys -----------------------------------------------------------------------------
    def after_button(self, change: Any, evt: Any) -> None:
        change()
        self.app.render()
        if evt.detail == 0:  # from the keyboard: keep the keyboard user in the flow
            self.focus_landing()

    def on_button(self, evt: Any) -> None:
        button = closest(evt.target, "button")
        if button is None:
            return
        c = self.controller
        select = button.getAttribute("data-select")
        if present(select):
            c.select(str(select))
        else:
            c.press(str(button.getAttribute("data-action")))
        self.app.render()
        if evt.detail == 0:  # activated from the keyboard: keep the keyboard user in the flow
            self.focus_landing()

    def on_key(self, evt: Any) -> None:
        if dialog_open():
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
                self.app.render()
                if selected:
                    focus_first(unit_selector(selected))
            return
        if ctrl and not evt.altKey and key.lower() in ("z", "y"):
            if c.mode != "play" or c.covered:
                return
            evt.preventDefault()
            if key.lower() == "y" or evt.shiftKey:
                c.redo()
            else:
                c.undo()
            self.app.render()
            return
        if c.mode in ("spectate", "replay") and not ctrl and not evt.altKey:
            moves = {"ArrowLeft": lambda: c.step_frame(-1), "ArrowRight": lambda: c.step_frame(1),
                     "Home": lambda: c.goto_frame(0), "End": lambda: c.goto_frame(len(c.frames) - 1)}
            if key in moves and len(c.frames) > 1:
                evt.preventDefault()
                moves[key]()
                self.app.render()

    # -- the address, other tabs, the menu ------------------------------------------------------------
    def on_hash(self, evt: Any) -> None:
        fragment = str(window.location.hash)
        if not fragment.lstrip("#"):
            return
        r = route(str(window.location.search), fragment, self.app.saves.current() is not None, scenario_ids())
        self.app.navigate(lambda: self.app.follow(r))
        self.app.navigation.settle()

    def on_storage(self, evt: Any) -> None:
        """Another tab of this site saved the game open here: show its position rather than let
        this tab's next action silently overwrite it."""
        c = self.controller
        key = evt.key
        if c.mode != "play" or c.slot is None or not present(key) or str(key) != SLOT_PREFIX + c.slot:
            return
        slot = c.slot

        def reload() -> None:
            if c.resume_slot(slot):
                c.message = msg("app.notice.other-tab")

        self.app.navigate(reload)

    def on_scenario_list(self, evt: Any) -> None:
        button = closest(evt.target, "button")
        if button is None:
            return
        sid = button.getAttribute("data-new-scenario")
        if present(sid):
            options = chosen_on(button.closest(".scenario-card"))
            self.app.navigate(lambda: self.app.new_game(str(sid), None, options))
            self.focus_landing()
            return
        cid = button.getAttribute("data-computer-scenario")
        if present(cid):
            card = button.closest(".scenario-card")
            human = str(card.querySelector("select.computer-side").value)
            level = str(card.querySelector("select.computer-level").value)
            sides = [str(o.value) for o in card.querySelectorAll("select.computer-side option")]
            other = next((s for s in sides if s != human), "")
            options = chosen_on(card)
            self.app.navigate(lambda: self.app.new_game(str(cid), (other, level), options))
            self.focus_landing()
            return
        rid = button.getAttribute("data-rulings")
        if present(rid):
            self.app.dialogs.open_rulings(str(rid))

    def on_save_list(self, evt: Any) -> None:
        button = closest(evt.target, "button")
        if button is None:
            return
        slot = button.getAttribute("data-resume")
        if present(slot):
            self.app.navigate(lambda: self.app.resume(str(slot)))
            self.focus_landing()
            return
        slot = button.getAttribute("data-delete")
        if present(slot):
            self.app.dialogs.confirm_delete(str(slot))

    def on_aside_list(self, evt: Any) -> None:
        button = closest(evt.target, "button")
        if button is None:
            return
        aside_id = button.getAttribute("data-aside-download")
        if present(aside_id):
            self.app.dialogs.download_aside(str(aside_id))
            return
        aside_id = button.getAttribute("data-aside-delete")
        if present(aside_id):
            self.app.dialogs.confirm_discard_aside(str(aside_id))

    def on_language(self, evt: Any) -> None:
        button = closest(evt.target, "button[data-lang]")
        if button is not None:
            self.app.set_language(str(button.getAttribute("data-lang")))

    def on_messages(self, evt: Any) -> None:
        button = closest(evt.target, "button[data-dismiss]")
        if button is not None:
            self.app.drawing.dismissed.add(str(button.getAttribute("data-dismiss")))
            self.app.render()
