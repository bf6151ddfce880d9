"""Offline: once the site has been opened, it keeps working with the network gone (service worker)."""

from __future__ import annotations

import pytest
from collections.abc import Callable

from playwright.sync_api import Page

from .conftest import BOOT_TIMEOUT_MS, READY

pytestmark = pytest.mark.browser

# Resolves when the service worker has cached every file of its manifest (polls: install is async).
WAIT_FOR_OFFLINE_COPY = """
async () => {
  await navigator.serviceWorker.ready;
  const manifest = await (await fetch("sw-manifest.json", { cache: "no-cache" })).json();
  for (let i = 0; i < 600; i++) {
    const cache = await caches.open("kassen-" + manifest.version);
    const keys = await cache.keys();
    if (keys.length >= manifest.files.length && navigator.serviceWorker.controller) return keys.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the service worker did not cache the site");
}
"""


def test_the_site_works_offline_after_a_first_visit(open_fresh: Callable[[str], Page], base_url: str) -> None:
    page = open_fresh(base_url + "index.html?scenario=ikedaya&seed=5")
    context = page.context
    cached = page.evaluate(WAIT_FOR_OFFLINE_COPY)
    assert cached >= 10
    units_before = sorted(page.locator("[data-unit]").evaluate_all("els => els.map(e => e.dataset.unit + '@' + e.dataset.at)"))

    context.set_offline(True)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    units_after = sorted(page.locator("[data-unit]").evaluate_all("els => els.map(e => e.dataset.unit + '@' + e.dataset.at)"))
    assert units_after == units_before  # the saved game resumed, from the offline copy

    # a new game of another battle starts offline too (its package is in the cached app zip)
    page.goto(base_url + "index.html?scenario=mukden&seed=2")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("[data-cell]").count() == 74  # 72 hexes and the two off-map boxes


def test_the_site_can_be_installed_as_an_app(open_fresh: Callable[[str], Page], base_url: str) -> None:
    """Installable (issue 13): Chromium finds the web app manifest, its icons, and a service worker that
    controls the page, and reports nothing standing in the way of installing it."""
    page = open_fresh(base_url + "index.html")
    page.evaluate(WAIT_FOR_OFFLINE_COPY)
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/static/manifest.webmanifest") and manifest["errors"] == [], manifest["errors"]
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # a Playwright context is an incognito profile, where no browser installs apps: the site's part is the rest
    assert [e for e in errors if e["errorId"] != "in-incognito"] == [], errors
    for size in ("192", "512"):
        response = page.request.get(base_url + f"static/icons/icon-{size}.png")
        assert response.ok and response.headers["content-type"] == "image/png"
