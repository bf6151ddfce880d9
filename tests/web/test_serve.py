"""tools/serve.py and netlify.toml: the local server sends the deployed site's headers and MIME types."""

from __future__ import annotations

import re
import subprocess
import sys
import urllib.error
import urllib.request
from email.message import Message
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import serve  # noqa: E402

RULES = serve.load_rules()
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "public, max-age=0, must-revalidate"


def csp_directives(policy: str) -> dict[str, list[str]]:
    out = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


@pytest.mark.parametrize("path, cache", [
    ("/", REVALIDATE),
    ("/index.html", REVALIDATE),
    ("/pyscript.toml", REVALIDATE),
    ("/app/kassen.tar.gz", REVALIDATE),
    ("/app/stdlib.zip", REVALIDATE),
    ("/static/js/boot.js", REVALIDATE),
    ("/runtime/pyodide/314.0.7/pyodide.asm.wasm", IMMUTABLE),
    ("/runtime/pyscript/0.7.31/core.js", IMMUTABLE),
])
def test_each_path_gets_exactly_one_cache_policy(path: str, cache: str) -> None:
    # Netlify joins a header set by several matching rules with ", ": that would garble Cache-Control.
    assert serve.headers_for(path, RULES)["Cache-Control"] == cache


def test_csp_allows_only_this_origin_and_wasm() -> None:
    policy = serve.headers_for("/", RULES)["Content-Security-Policy"]
    d = csp_directives(policy)
    assert d["default-src"] == ["'self'"]
    assert d["script-src"] == ["'self'", "'wasm-unsafe-eval'"]  # no 'unsafe-eval', no 'unsafe-inline'
    assert d["connect-src"] == ["'self'"]
    assert d["object-src"] == ["'none'"]
    assert d["base-uri"] == ["'self'"]
    assert d["frame-ancestors"] == ["*"]  # embeddable in blogs
    assert not re.search(r"https?:|data:|blob:", policy)
    # every file gets it (workers and module scripts are governed by their own response's policy too)
    assert serve.headers_for("/runtime/pyscript/0.7.31/core.js", RULES)["Content-Security-Policy"] == policy
    assert "X-Frame-Options" not in serve.headers_for("/", RULES)


def test_netlify_toml_builds_and_publishes_dist() -> None:
    import tomllib

    config = tomllib.loads((ROOT / "netlify.toml").read_text("utf-8"))
    assert config["build"]["publish"] == "dist"
    assert config["build"]["command"] == "npm ci && python3 tools/build.py"


def test_pattern_matching_follows_netlify() -> None:
    rules = [serve.HeaderRule(p, serve._pattern_regex(p), {"X-Rule": p}) for p in ("/*", "/a/*", "/b/:x/c", "/d")]
    assert serve.headers_for("/a/deep/file.js", rules) == {"X-Rule": "/*, /a/*"}
    assert serve.headers_for("/b/any/c", rules)["X-Rule"] == "/*, /b/:x/c"
    assert serve.headers_for("/b/two/levels/c", rules)["X-Rule"] == "/*"
    assert serve.headers_for("/d", rules)["X-Rule"] == "/*, /d"
    assert serve.headers_for("/dd", rules)["X-Rule"] == "/*"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("site")
    files = {
        "index.html": b"<!doctype html><title>t</title>",
        "pyscript.toml": b'interpreter = "x"\n',
        "app/kassen.zip": b"PK\x05\x06" + bytes(18),
        "app/kassen.tar.gz": b"\x1f\x8b\x08\x00" + bytes(20),
        "runtime/pyodide/1/pyodide.mjs": b"export {}",
        "runtime/pyodide/1/pyodide.asm.wasm": b"\0asm\1\0\0\0",
        "runtime/pyodide/1/pyodide-lock.json": b"{}",
        "static/js/boot.js": b"",
        "static/css/kassen.css": b"",
    }
    for rel, data in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(data)
    return root


def fetch(url: str) -> tuple[int, Message]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            r.read()
            return r.status, r.headers
    except urllib.error.HTTPError as e:
        return e.code, e.headers


def test_in_process_server_sends_types_and_headers(site: Path) -> None:
    server = serve.start(site, port=0)
    try:
        assert server.url.startswith("http://127.0.0.1:")
        expect = {
            "": "text/html; charset=utf-8",
            "pyscript.toml": "application/toml; charset=utf-8",
            "app/kassen.zip": "application/zip",
            "app/kassen.tar.gz": "application/gzip",
            "runtime/pyodide/1/pyodide.mjs": "text/javascript; charset=utf-8",
            "runtime/pyodide/1/pyodide.asm.wasm": "application/wasm",
            "runtime/pyodide/1/pyodide-lock.json": "application/json",
            "static/js/boot.js": "text/javascript; charset=utf-8",
            "static/css/kassen.css": "text/css; charset=utf-8",
        }
        for rel, mime in expect.items():
            status, headers = fetch(server.url + rel)
            assert status == 200, rel
            assert headers["Content-Type"] == mime, rel
            assert headers["Content-Security-Policy"] == serve.headers_for("/", RULES)["Content-Security-Policy"]
        assert fetch(server.url + "runtime/pyodide/1/pyodide.asm.wasm")[1]["Cache-Control"] == IMMUTABLE
        assert fetch(server.url + "?x=1")[1]["Cache-Control"] == REVALIDATE
        assert fetch(server.url + "static/")[0] == 404  # no directory listings
        assert fetch(server.url + "missing.js")[0] == 404
    finally:
        server.shutdown()
        server.server_close()


def test_command_line_prints_the_url_and_serves(site: Path) -> None:
    proc = subprocess.Popen([sys.executable, str(ROOT / "tools" / "serve.py"), "--port", "0", "--quiet",
                             "--dist", str(site)], stdout=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        url = re.search(r"http://127\.0\.0\.1:\d+/", line).group(0)
        assert fetch(url)[0] == 200
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _get(url: str, encoding: str | None) -> tuple[int, Message, bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding} if encoding else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, b""


def test_text_and_wasm_are_sent_compressed_as_netlify_does(site: Path) -> None:
    """Netlify compresses text types and WebAssembly for a browser that accepts it; the local server
    does the same (gzip), so the bytes the tests and the bench count are those a visitor downloads."""
    import gzip

    server = serve.start(site, port=0)
    try:
        for rel, compressed in (("", True), ("static/js/boot.js", True), ("static/css/kassen.css", True),
                                ("runtime/pyodide/1/pyodide.asm.wasm", True), ("pyscript.toml", True),
                                ("runtime/pyodide/1/pyodide-lock.json", True), ("app/kassen.zip", False),
                                ("app/kassen.tar.gz", False)):
            plain = (site / (rel or "index.html")).read_bytes()
            status, headers, body = _get(server.url + rel, "gzip, deflate, br, zstd")
            assert status == 200, rel
            assert (headers.get("Content-Encoding") == "gzip") is compressed, rel
            assert (gzip.decompress(body) if compressed else body) == plain, rel
            if compressed:
                assert headers["Vary"] == "Accept-Encoding" and int(headers["Content-Length"]) == len(body)
                assert headers["Content-Security-Policy"]  # the netlify.toml headers still apply
                etag = headers["ETag"]
                again = urllib.request.Request(server.url + rel, headers={"Accept-Encoding": "gzip",
                                                                          "If-None-Match": etag})
                with pytest.raises(urllib.error.HTTPError) as not_modified:
                    urllib.request.urlopen(again, timeout=10)
                assert not_modified.value.code == 304
            # a client that does not accept gzip gets the file as it is
            status, headers, body = _get(server.url + rel, None)
            assert status == 200 and "Content-Encoding" not in headers and body == plain, rel
        assert _get(server.url + "static/js/boot.js", "gzip;q=0")[1].get("Content-Encoding") is None
        assert _get(server.url + "missing.js", "gzip")[0] == 404
    finally:
        server.shutdown()
        server.server_close()
