"""The computer opponent in the page: asks the worker, plays its answers one at a time.

The thinking happens in a module Web Worker (static/js/ai-worker.js) that loads the same local
Pyodide and app archive: the page's main thread only sends the computer's *view* and readable log
(``Controller.computer_request``) and plays the answer (``Controller.computer_move``), so the page
stays responsive while it thinks. Should the worker fail to start, the page thinks itself, in
short slices between which the browser runs (slower, but never frozen for long).

Moves are shown one at a time: after a computer move the page is drawn (the move's cells marked,
its log lines under "Since your last turn") and the next question waits for the pause the player
chose (a setting, default 0.6 s; the tests set none).
"""
from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any, Optional

from pyodide.ffi import create_proxy
from pyscript import document, window

from ..engine.history import COMPUTER_LEVELS
from ..engine.messages import msg, render
from .browser import by_id, js_object, present
from .dom import el, show

if TYPE_CHECKING:  # pragma: no cover
    from .app import App

#: the pause after each computer move (seconds): the setting's choices and its default
PAUSES = (0.0, 0.3, 0.6, 1.0, 2.0)
DEFAULT_PAUSE = 0.6
#: the slice of thinking on the main thread when there is no worker (the browser runs in between)
SLICE_SECONDS = 0.03


#: the page's language (App.set_language keeps it): what ``words`` speaks
LANGUAGE = {"lang": "en"}


def words(key: str, **args: Any) -> str:
    """A text of the page from the message catalog, in the page's language."""
    return render(msg(key, **args), LANGUAGE["lang"])


class ComputerLink:
    """The worker, the question in flight and the pause between moves."""

    def __init__(self, app: "App") -> None:
        self.app = app
        self.worker: Any = None
        self.failed: Optional[str] = None  # why the worker could not be used (the page thinks itself)
        self.busy = False  # a question is in flight (or waiting for its pause)
        self.asked_at = 0.0
        self.created_at = self.ready_at = 0.0  # when the worker was made, when its Python was up
        self.fallback: Any = None  # kassen.ai.worker.Session on the main thread
        self.stop_requested = False
        self.times: list[float] = []  # seconds per decision as the page waited for it (for make bench)
        self._proxies: list[Any] = []

    # -- the page's parts ---------------------------------------------------------------------------
    def build(self) -> None:
        """The "thinking…" row before the action buttons and the pause setting (made here so the
        page's static markup stays the same for games between two people)."""
        actions = by_id("actions")
        row = el("div", cls="thinking", id="thinking", role="status", hidden=True)
        row.append(el("p", "", "thinking-text", id="thinking-text"))
        row.append(el("button", words("app.computer.stop"), "quiet", type="button", id="thinking-stop",
                      title=words("app.computer.stop-help"), data_i18n="app.computer.stop",
                      data_i18n_title="app.computer.stop-help"))
        actions.parentNode.insertBefore(row, actions)
        self.app.on(by_id("thinking-stop"), "click", lambda evt: self.stop())
        section = by_id("setting-confirm").closest("section")
        label = el("label", None, "setting", for_="setting-pause")
        label.append(el("span", words("app.computer.setting-pause"), data_i18n="app.computer.setting-pause"))
        label.append(document.createTextNode(" "))
        select = el("select", id="setting-pause")
        current = self.pause()
        for seconds in PAUSES:
            select.append(el("option", pause_words(seconds), value=f"{seconds:g}", selected=seconds == current))
        label.append(select)
        section.append(label)
        self.app.on(select, "change", lambda evt: self.set_pause(str(evt.target.value)))

    def relabel(self) -> None:
        """The language changed: the pause setting's choices in it (the rest is marked data-i18n)."""
        for option in by_id("setting-pause").querySelectorAll("option"):
            option.textContent = pause_words(float(str(option.value)))

    def pause(self) -> float:
        value = self.app.settings.get("computer-pause", DEFAULT_PAUSE)
        return value if value in PAUSES else DEFAULT_PAUSE

    def set_pause(self, text: str) -> None:
        try:
            value = float(text)
        except ValueError:
            return
        if value in PAUSES:
            self.app.settings.set("computer-pause", value)

    def draw(self, thinking: bool, who: str) -> None:
        """The "thinking…" row: shown while the computer is to act."""
        show(by_id("thinking"), thinking)
        by_id("thinking-text").textContent = who if thinking else ""
        body = document.body
        if thinking:
            body.dataset.thinking = "1"
        else:
            body.removeAttribute("data-thinking")

    # -- the worker ---------------------------------------------------------------------------------
    def _start_worker(self) -> None:
        if self.worker is not None or self.failed is not None:
            return
        try:
            url = window.URL.new("./static/js/ai-worker.js", document.baseURI)
            self.created_at = time.perf_counter()
            self.worker = window.Worker.new(url, js_object({"type": "module"}))
            on_message = create_proxy(self.on_message)
            on_error = create_proxy(lambda evt: self._worker_failed(str(getattr(evt, "message", "") or "error")))
            self._proxies += [on_message, on_error]
            self.worker.addEventListener("message", on_message)
            self.worker.addEventListener("error", on_error)
        except Exception as exc:  # noqa: BLE001 - no module workers here: think on the page
            self._worker_failed(str(exc))

    def _worker_failed(self, why: str) -> None:
        if self.failed is None:
            self.failed = why[:200] or "error"
            self.app.controller.message = msg("app.computer.failed", reason=self.failed)
            self.worker = None
        if self.busy:  # the question in flight is answered on the page instead
            self.busy = False
            self.poke()

    def poke(self) -> None:
        """After every drawing: ask the computer when it is to act and nothing is in flight."""
        c = self.app.controller
        if not c.computer_to_move():
            if self.busy and self.worker is not None:
                self.worker.postMessage(js_object({"type": "stop"}))  # not needed any more: hurry
            return
        if self.busy:
            return
        self.busy = True
        self._start_worker()
        delay = self.pause() if self._last_was_computer() else 0.0
        window.setTimeout(self._once(self.ask), int(1000 * delay))

    def _last_was_computer(self) -> bool:
        return self.app.controller.computer_moved

    def _once(self, fn: Any) -> Any:
        holder: list[Any] = []

        def run(*_: Any) -> None:
            holder[0].destroy()
            try:
                fn()
            except Exception:  # noqa: BLE001 - a bug must not leave the page dead
                self.busy = False
                self.app.report_bug()

        holder.append(create_proxy(run))
        return holder[0]

    def ask(self) -> None:
        c = self.app.controller
        request = c.computer_request()
        if request is None:
            self.busy = False
            return
        self.asked_at = time.perf_counter()
        self.stop_requested = False
        if self.worker is not None:
            self.worker.postMessage(js_object({"type": "think", "request": request}))
            return
        from ..ai.worker import Session

        self.fallback = Session()
        started = json.loads(self.fallback.start(request))
        if "error" in started:
            self.busy = False
            c.message = words("app.computer.failed", reason=str(started["error"])[:200])
            self.app.render()
            return
        window.setTimeout(self._once(self._think_here), 0)

    def _think_here(self) -> None:
        session = self.fallback
        if session is None:
            return
        if self.stop_requested or session.step(SLICE_SECONDS):
            self.fallback = None
            self.answer(session.best())
        else:
            window.setTimeout(self._once(self._think_here), 0)

    def on_message(self, evt: Any) -> None:
        try:
            data = evt.data
            kind = str(data.type) if present(data) and present(data.type) else ""
            if kind == "ready":
                self.ready_at = time.perf_counter()
                document.body.dataset.computerStartup = f"{self.ready_at - self.created_at:.2f}"
            elif kind == "move":
                self.answer(str(data.result))
            elif kind == "error":
                self._worker_failed(str(data.message) if present(data.message) else "error")
                self.app.render()
        except Exception:  # noqa: BLE001 - a bug must not leave the page dead
            self.busy = False
            self.app.report_bug()

    def answer(self, result: str) -> None:
        """The computer's move arrived: play it (if it still answers the question) and draw."""
        self.busy = False
        window.performance.mark("kassen-computer-answer")  # the tests tell drawing a move from thinking
        played = self.app.controller.computer_move(result)
        if played:
            # from the question (or from the worker being ready, when it was still starting) to the answer
            self.times.append(time.perf_counter() - max(self.asked_at, self.ready_at))
            del self.times[:-1000]
            document.body.dataset.computerTimes = json.dumps([round(t, 4) for t in self.times])
            document.body.dataset.computerMoves = str(len(self.times))
        self.app.render()

    def stop(self) -> None:
        """Stop waiting: the computer plays its best move so far."""
        self.stop_requested = True
        if self.worker is not None and self.busy:
            self.worker.postMessage(js_object({"type": "stop"}))


def pause_words(seconds: float) -> str:
    return words("app.computer.pause-none") if seconds == 0 else words("app.computer.pause-seconds",
                                                                        seconds=f"{seconds:g}")


def computer_row(info: Any) -> Any:
    """A scenario card's "against the computer" row: the side the person plays, the level, and the
    button (binding.py reads the two choices from the card when it is pressed)."""
    from ..app.catalog import scenario_text

    lang = LANGUAGE["lang"]
    title = scenario_text(info.data, "title", lang) or info.title
    row = el("p", cls="card-buttons computer-row")
    row.append(el("span", words("app.computer.menu-heading"), "computer-heading"))
    pick = el("select", cls="computer-side", data_computer_side=info.id,
              aria_label=words("app.computer.menu-side-of", title=title))
    for sid, name in zip(info.side_ids, info.side_names(lang)):
        pick.append(el("option", words("app.computer.menu-side-option", side=name), value=sid))
    row.append(pick)
    level = el("select", cls="computer-level", data_computer_level=info.id,
               aria_label=words("app.computer.menu-level-of", title=title))
    for name in COMPUTER_LEVELS:
        level.append(el("option", words(f"app.computer.level.{name}"), value=name, selected=name == "normal"))
    row.append(level)
    row.append(el("button", words("app.computer.menu-play"), type="button", data_computer_scenario=info.id,
                  aria_label=words("app.computer.menu-play-label", title=title)))
    return row
