"""Browser entry point, run by index.html once Pyodide is up: builds the App and follows the URL.

Start-up work is kept small on purpose: the menu reads only the scenario files' headings, and a
game's package is imported only when that game is opened (kassen.games.load_rules).
"""

from __future__ import annotations

from ..app.query import parse_query

# Test-only hook: ?kassen-test-crash=1 raises during boot so the browser tests can check that a Python
# error reaches the page's role="alert" element.
CRASH_PARAM = "kassen-test-crash"


async def start() -> None:
    """Build the page and mark it ready; raising here is reported on the page by static/js/boot.js.

    In slices: each step below is a task of its own (``next_task``), so the page keeps painting (the
    loading indicator turns) and no task of the start blocks it for long (issue 13: none over 200 ms)."""
    from pyscript import window  # only exists in the browser

    from .browser import next_task

    mark = window.performance.mark  # the phases of the start, printed by `make bench`
    mark("kassen-app-start")
    params = parse_query(str(window.location.search).lstrip("?"))
    if CRASH_PARAM in params:
        raise RuntimeError(f"boot failure requested by ?{CRASH_PARAM} (test hook)")

    await next_task()
    from ..app import controller  # noqa: F401 - the engine and the page's model: half the imports
    await next_task()
    from .app import App

    mark("kassen-app-imported")
    await next_task()
    app = App()
    mark("kassen-app-built")
    await app.start()
