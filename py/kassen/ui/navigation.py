"""The browser's Back and Forward inside the app: between the menu, the game, and the how-to-play and
rulings pages.

Each screen is an entry of the session history (``history.pushState``) with the same address; its
state says which screen it is (``{"kassen": "menu" | "game" | "help" | "rulings", "scenario": ...}``).
A game opened at start-up (a resumed game, a new-game or play link) gets a menu entry under it, so
Back from it goes to the menu before it leaves the site. Embeds add no entries: an iframe's entries
would be the host page's Back button.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from pyscript import window

from .browser import by_id, js_object, present

if TYPE_CHECKING:  # pragma: no cover
    from .app import App

PAGES = ("help", "rulings", "reference")


class Navigation:
    def __init__(self, app: "App") -> None:
        self.app = app
        self.popping = False  # a screen change made by Back/Forward pushes nothing
        # pages closed by Back/Forward whose "close" event has not come yet: the event comes as a
        # task of its own, after popping is over, maybe after a Forward that has already reopened a
        # page (it must not then step back over that page's entry)
        self.closed_by_history = 0

    def _state(self) -> tuple[Optional[str], Optional[str]]:
        st = window.history.state
        if not present(st):
            return None, None
        screen = getattr(st, "kassen", None)  # a missing property raises AttributeError on a JsProxy
        scenario = getattr(st, "scenario", None)
        return (str(screen) if present(screen) else None, str(scenario) if present(scenario) else None)

    def _entry(self, screen: str, scenario: Optional[str]) -> Any:
        values: dict[str, Any] = {"kassen": screen}
        if scenario:
            values["scenario"] = scenario
        return js_object(values)

    def start(self) -> None:
        """After the first screen is drawn: the entries the app starts with."""
        if self.app.embed:
            return
        if self.app.controller.mode == "menu":
            window.history.replaceState(self._entry("menu", None), "")
        else:
            window.history.replaceState(self._entry("menu", None), "")
            window.history.pushState(self._entry("game", None), "")

    def went(self, screen: str, scenario: Optional[str] = None) -> None:
        """The app moved to ``screen``: a new entry (unless Back/Forward brought it there)."""
        if self.app.embed or self.popping:
            return
        if self._state() == (screen, scenario):
            return
        window.history.pushState(self._entry(screen, scenario), "")

    def settle(self) -> None:
        """The screen changed without a new entry (a pasted link, another tab): this entry is it."""
        if self.app.embed:
            return
        screen = "menu" if self.app.controller.mode == "menu" else "game"
        window.history.replaceState(self._entry(screen, None), "")

    def page_closed(self) -> None:
        """A help or rulings page was closed by the player: step back over its entry."""
        if self.closed_by_history:
            self.closed_by_history -= 1
            return
        if self.app.embed or self.popping:
            return
        if self._state()[0] in PAGES:
            window.history.back()

    def on_popstate(self, evt: Any) -> None:
        screen, scenario = self._state()
        if screen is None:
            return
        app, c = self.app, self.app.controller
        self.popping = True
        try:
            for dialog_id in ("page-dialog", "embed-dialog", "confirm-dialog"):
                dialog = by_id(dialog_id)
                if dialog.open and not (screen in PAGES and dialog_id == "page-dialog"):
                    if dialog_id == "page-dialog":
                        self.closed_by_history += 1
                    dialog.close()
            if screen == "menu" and c.mode != "menu":
                app.navigate(app.to_menu)
            elif screen == "game" and c.mode == "menu":
                app.navigate(c.back_to_game)
            elif screen == "help":
                app.dialogs.open_help()
            elif screen == "rulings":
                app.dialogs.open_rulings(scenario)
            elif screen == "reference":
                app.access.open_reference(scenario)
        finally:
            self.popping = False
