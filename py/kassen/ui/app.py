"""The page: kassen.app's Controller wired to the DOM.

The parts, by role:
- ``binding.Binding``: the event listeners, what each input does, where keyboard focus goes;
- ``drawing.Drawing``: every region redrawn from ``Controller.screen()`` after each change;
- ``dialogs.Dialogs``: how-to-play and rulings pages, the delete confirmation, links, embeds,
  export and import;
- ``App`` (here): start-up, the route followed, changes of screen, and the guard that turns a
  bug in a handler into a message instead of a dead page.
"""
from __future__ import annotations

import re
import traceback
from typing import Any, Callable, Optional

from pyodide.ffi import create_proxy
from pyscript import document, window

from ..app import language as languages
from ..app.controller import Controller
from ..app.routing import Route, needs_clean_url, route
from ..app.storage import Saves
from ..engine.errors import KassenError, LinkError, clip, error_words
from ..engine.messages import msg
from ..engine.options import value_text
from ..games import import_game, load_rules, scenario_ids
from . import browser, language
from .access import Access
from .binding import Binding
from .browser import by_id
from . import computer
from .computer import ComputerLink
from .dialogs import Dialogs
from .drawing import Drawing
from .navigation import Navigation
from .settings import Settings


# the scenario a link opens: "k1.<kind>.<scenario>.<data>" (static/js/preview.js reads it the same way)
_LINK_SCENARIO = re.compile(r"k\d+\.[a-z]\.([A-Za-z0-9_-]+)\.")


class App:
    """One page. Handlers call the controller, then ``render``."""

    def __init__(self) -> None:
        self.saves = Saves(browser.local_store())
        self.controller = Controller(load_rules, self.saves, new_slot_id=browser.random_slot_id,
                                     clock=browser.now_iso)
        self.embed = False
        self._proxies: list[Any] = []
        self.settings = Settings(browser.local_store())
        self.controller.confirm_commits = self.settings.get("confirm", True)
        self.controller.lang = languages.choose(languages.from_query(str(window.location.search)),
                                                self.settings.get("lang", ""), browser_languages())
        computer.LANGUAGE["lang"] = self.controller.lang
        self.drawing = Drawing(self)
        self.dialogs = Dialogs(self)
        self.binding = Binding(self)
        self.navigation = Navigation(self)
        self.computer = ComputerLink(self)
        self.access = Access(self)

    # -- start-up ---------------------------------------------------------------------------------
    async def start(self) -> None:
        """Follow the address and draw the first screen, in tasks of their own (browser.next_task): the
        game's rules, the game, its drawing."""
        mark = window.performance.mark  # the phases `make bench` prints
        self.binding.bind()
        self.computer.build()
        language.apply(self.controller.lang)
        self.access.bind()
        by_id("setting-confirm").checked = self.controller.confirm_commits
        loc = window.location
        r = route(str(loc.search), str(loc.hash), self.saves.current() is not None, scenario_ids())
        self.embed = r.embed
        if r.embed:
            document.body.classList.add("embed")
        await browser.next_task()
        scenario = self._scenario_of(r)
        if scenario in scenario_ids():
            try:
                import_game(scenario)  # the game's package ...
                await browser.next_task()
                load_rules(scenario)  # ... and its scenario, read once and kept
            except KassenError:
                pass  # a scenario that cannot be read: following the route says so, as it always has
            mark("kassen-app-rules")
            await browser.next_task()
        self.follow(r)
        mark("kassen-app-followed")
        await browser.next_task()
        scr = self.controller.screen()
        await browser.next_task()
        self.drawing.render(scr)
        mark("kassen-app-drawn")
        await browser.next_task()
        self.access.after_render()
        self.computer.poke()
        self.navigation.start()
        document.body.dataset.started = "1"  # the loading panel stays hidden from now on
        document.body.dataset.ready = "1"
        mark("kassen-app-ready")

    def _scenario_of(self, r: Route) -> Optional[str]:
        """The scenario the route opens, as far as it says without reading a game (a link names it in
        its first fields; a resumed game in the saves' index), or None."""
        if r.kind == "new":
            return r.scenario
        if r.kind == "link" and r.fragment:
            found = _LINK_SCENARIO.match(r.fragment)
            return found.group(1) if found else None
        if r.kind == "resume":
            current = self.saves.current()
            slot = next((s for s in self.saves.index().get("slots", []) if s.get("id") == current), None)
            return slot.get("scenario") if isinstance(slot, dict) else None
        return None

    def follow(self, r: Route) -> None:
        opened = self.controller.follow(r, browser.random_seed())
        if needs_clean_url(r, opened):
            browser.clean_url()

    def render(self) -> None:
        self.drawing.render()
        self.access.after_render()
        self.computer.poke()  # the computer to act: ask its worker (after the pause)

    def set_language(self, lang: str) -> None:
        """The switch: every text of the page again in ``lang``, the log included (it is kept as
        messages); remembered in this browser for the next visit."""
        chosen = languages.valid(lang)
        if chosen is None:
            return
        self.controller.lang = chosen
        self.settings.set("lang", chosen)
        computer.LANGUAGE["lang"] = chosen
        language.apply(chosen)
        self.computer.relabel()
        self.drawing.forget()
        self.render()
        self.dialogs.redraw()

    def set_confirm(self, on: bool) -> None:
        """The setting: ask before a move that Undo cannot take back."""
        self.controller.confirm_commits = on
        if not on:
            self.controller.pending = None
        self.settings.set("confirm", on)
        self.render()

    # -- events -----------------------------------------------------------------------------------
    def on(self, target: Any, event: str, handler: Callable[[Any], Any]) -> None:
        """Listen to ``event`` on ``target``; an exception in the handler is reported on the page."""

        def guarded(evt: Any) -> Any:
            try:
                return handler(evt)
            except Exception:  # noqa: BLE001 - a bug must not leave the page dead: say so, keep going
                self.report_bug()
                return None

        proxy = create_proxy(guarded)
        self._proxies.append(proxy)
        target.addEventListener(event, proxy)

    def click(self, element_id: str, handler: Callable[[], None]) -> None:
        """A button that changes the game: run ``handler``, then redraw."""
        self.on(by_id(element_id), "click", lambda evt: self.act(handler))

    def act(self, handler: Callable[[], Any]) -> None:
        handler()
        self.render()

    def report_bug(self) -> None:
        text = traceback.format_exc()
        window.console.error(text)
        self.controller.message = msg("app.error.bug", what=clip(text.strip().splitlines()[-1], 200))
        try:
            self.render()
        except Exception:  # noqa: BLE001
            window.console.error(traceback.format_exc())

    # -- changes of screen --------------------------------------------------------------------------
    def navigate(self, change: Callable[[], None]) -> None:
        """A change of screen: the automation contract says data-ready is "1" again once drawn."""
        body = document.body
        body.removeAttribute("data-ready")
        try:
            change()
            self.drawing.hover = None
            self.render()
        finally:
            body.dataset.ready = "1"

    def resume(self, slot: str) -> None:
        c = self.controller
        if not c.resume_slot(slot):
            why = c.message
            c.to_menu()
            c.message = why
        self.navigation.went("menu" if c.mode == "menu" else "game")

    def new_game(self, scenario_id: str, computer: Optional[tuple[str, str]] = None,
                 options: Optional[dict[str, str]] = None) -> None:
        """A new game; ``computer``: (side, level) against the computer, None for two players;
        ``options``: the rule options chosen on the menu card (name -> value text)."""
        self.controller.start_new(scenario_id, browser.random_seed(), computer, options)
        self.navigation.went("game")

    def back_to_game(self) -> None:
        if self.controller.back_to_game():
            self.navigation.went("game")

    def reveal(self) -> None:
        self.controller.reveal()
        self.render()
        self.binding.focus_landing()

    def to_menu(self) -> None:
        c = self.controller
        if c.mode in ("spectate", "replay"):
            browser.clean_url()  # a reload should show the menu, not the link again
        c.to_menu()
        self.drawing.hover = None
        self.navigation.went("menu")

    def play_again(self) -> None:
        c = self.controller
        if c.rules is not None:
            computer = (c.computer["side"], c.computer["level"]) if c.computer else None
            # the same rule options as the game just played
            options = {k: value_text(v) for k, v in c.history.options.items()} if c.history else None
            c.start_new(c.rules.scenario.id, browser.random_seed(), computer, options)

    def continue_here(self) -> None:
        try:
            self.controller.continue_from_view(browser.random_seed())
        except LinkError as exc:
            self.controller.message = msg("app.error.continue", reason=error_words(exc))
            return
        browser.clean_url()


def browser_languages() -> list[str]:
    """The browser's languages, most preferred first (``navigator.languages``)."""
    try:
        found = window.navigator.languages
        out = [str(found[i]) for i in range(min(int(found.length), 10))]
        return out or [str(window.navigator.language)]
    except Exception:  # noqa: BLE001 - an old or odd browser: English
        return []
