"""Browser-test infrastructure: the built site served like production, watched for anything leaving it.

- Debian's Chromium (env CHROMIUM overrides; Playwright's own browser when /usr/bin/chromium is absent),
  with host resolution limited to loopback so nothing outside can even be looked up.
- `base_url`: dist/ is rebuilt (fast, idempotent) and served by tools/serve.py on a free port, with the
  headers of netlify.toml, so every test runs under the real Content-Security-Policy.
- Every request of every browser context is recorded; a test FAILS on any non-loopback URL, on an HTTP
  error response, on an uncaught page error or on a console error. Tests that provoke errors on purpose
  say so with @pytest.mark.allow_page_errors (outside requests still fail them).
- `open_app(path)` opens a page and waits for the automation contract <body data-ready="1">.
"""

from __future__ import annotations

import fcntl
import ipaddress
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

try:
    from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request, Response
except ImportError:  # e.g. plain `python3 -m pytest` outside the venv: unit tests still run
    collect_ignore_glob = ["test_*.py"]
else:
    collect_ignore_glob = []

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import build  # noqa: E402
import serve  # noqa: E402

DEBIAN_CHROMIUM = "/usr/bin/chromium"
# Resolve nothing but loopback: a stray outside URL fails fast instead of reaching the network.
HOST_RULES = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"
READY = 'body[data-ready="1"]'
BOOT_TIMEOUT_MS = 60_000  # a cold Pyodide boot takes 2-5 s here; leave room for slow CI machines


def is_local(url: str) -> bool:
    """True for loopback http(s) URLs and for in-page schemes that never touch the network."""
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about"):
        return True
    host = parts.hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    executable = os.environ.get("CHROMIUM") or (DEBIAN_CHROMIUM if Path(DEBIAN_CHROMIUM).exists() else None)
    args = {**browser_type_launch_args, "args": [*browser_type_launch_args.get("args", []), HOST_RULES]}
    if executable:
        args["executable_path"] = executable
    return args


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    """dist/, brought up to date with the sources (the build skips unchanged files)."""
    build.DIST.parent.mkdir(parents=True, exist_ok=True)
    with open(build.DIST.parent / ".dist.lock", "w") as lock:  # xdist workers: one build at a time
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            build.build(build.DIST)
        except build.BuildError as exc:
            pytest.fail(f"cannot build dist/: {exc}")
    return build.DIST


@pytest.fixture(scope="session")
def base_url(dist_dir: Path) -> Iterator[str]:
    """URL of dist/ served by tools/serve.py (netlify.toml headers) on a free loopback port."""
    server = serve.start(dist_dir, port=0, quiet=True)
    yield server.url
    server.shutdown()
    server.server_close()


@dataclass
class Watch:
    """What the pages of one test did: requests, and the problems that fail the test."""

    requests: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    http_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)

    def attach(self, context: BrowserContext) -> BrowserContext:
        context.on("request", self._on_request)
        context.on("response", self._on_response)
        context.on("page", self._attach_page)
        for page in context.pages:
            self._attach_page(page)
        return context

    def _attach_page(self, page: Page) -> None:
        page.on("pageerror", lambda error: self.page_errors.append(f"{page.url}: {error}"))
        page.on("console", self._on_console)

    def _on_request(self, request: Request) -> None:
        self.requests.append(request.url)
        if not is_local(request.url):
            self.outside.append(request.url)

    def _on_response(self, response: Response) -> None:
        if response.status >= 400:
            self.http_errors.append(f"{response.status} {response.url}")

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console_errors.append(f"{message.location.get('url', '')}: {message.text}")

    def problems(self, allow_page_errors: bool) -> list[str]:
        found = [f"request outside loopback: {url}" for url in self.outside]
        if not allow_page_errors:
            found += [f"HTTP error: {e}" for e in self.http_errors]
            found += [f"page error: {e}" for e in self.page_errors]
            found += [f"console error: {e}" for e in self.console_errors]
        return found


@pytest.fixture(autouse=True)
def page_watch(browser: Browser) -> Iterator[Watch]:
    """Watch every context the test opens (pytest-playwright's `page`/`context` and browser.new_context)."""
    watch = Watch()
    original_new_context = browser.new_context

    def new_context(*args: object, **kwargs: object) -> BrowserContext:
        return watch.attach(original_new_context(*args, **kwargs))

    browser.new_context = new_context  # type: ignore[method-assign]
    try:
        yield watch
    finally:
        del browser.new_context  # back to the class's method


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Fail the test itself (not its teardown) when its pages did something forbidden."""
    watch = getattr(item, "funcargs", {}).get("page_watch")
    allow = item.get_closest_marker("allow_page_errors") is not None
    try:
        result = yield
    except BaseException:
        if watch is not None and watch.problems(allow):  # shown beside the failure: often its cause
            item.add_report_section("call", "page problems", "\n".join(watch.problems(allow)))
        raise
    if watch is not None and watch.problems(allow):
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(watch.problems(allow)), pytrace=False)
    return result


@pytest.fixture
def open_app(page: Page, base_url: str) -> Callable[..., Page]:
    """open_app(path="/") -> the page, once it is interactive (<body data-ready="1">)."""

    def open_(path: str = "/", target: Page | None = None) -> Page:
        target = target or page
        target.goto(base_url + path.lstrip("/"))
        target.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        return target

    return open_


@pytest.fixture
def open_fresh(browser: Browser) -> Iterator[Callable[[str], Page]]:
    """open_fresh(url) -> a page in a new, empty browser context (to the site, another browser), once it
    is interactive. The contexts are closed after the test."""
    contexts: list[BrowserContext] = []

    def open_(url: str) -> Page:
        context = browser.new_context()
        contexts.append(context)
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        return page

    yield open_
    for context in contexts:
        context.close()
