"""Browser entry point, run by index.html once Pyodide is up.

A placeholder until the real app replaces the body of start(): it proves the engine imports in the
browser, reads the URL, fills the board area and sets the automation contract <body data-ready="1">.
"""

from __future__ import annotations

from urllib.parse import parse_qs

import kassen  # noqa: F401  (the engine must import in the browser: a broken module fails the boot here)

# Test-only hook: ?kassen-test-crash=1 raises during boot so the browser tests can check that a Python
# error reaches the page's role="alert" element.
CRASH_PARAM = "kassen-test-crash"


def start() -> None:
    """Build the page and mark it ready; raising here is reported on the page by static/js/boot.js."""
    from pyscript import document, window  # only exists in the browser

    params = parse_qs(str(window.location.search).lstrip("?"))
    if CRASH_PARAM in params:
        raise RuntimeError(f"boot failure requested by ?{CRASH_PARAM} (test hook)")

    placeholder = document.createElement("div")
    placeholder.id = "board-placeholder"
    placeholder.className = "board-placeholder"
    placeholder.textContent = "The game engine is loaded. The board will appear here."
    document.getElementById("board").append(placeholder)

    document.body.dataset.ready = "1"
