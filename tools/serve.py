#!/usr/bin/env python3
"""Serve dist/ on 127.0.0.1 with the headers netlify.toml gives the deployed site (standard library only).

Why not plain `python3 -m http.server`: the page must work under the deployed Content-Security-Policy and
caching headers, and the browser tests should exercise exactly those. The headers are read from
netlify.toml (never copied here), matched like Netlify does: `/*` is a splat, `:name` one path segment,
every matching rule applies, and a header named by several matching rules is joined with ", ".

Compression as Netlify's CDN does it: a response of a text type (HTML, JavaScript, CSS, JSON, SVG,
TOML) or WebAssembly is sent compressed when the request's Accept-Encoding allows it (Netlify picks
Brotli, else gzip; the standard library has only gzip, so the local figures are a little larger
than the deployed ones, never smaller). Archives, images and fonts are sent as they are (already
compressed). netlify.toml needs nothing for this: Netlify compresses on its own.

Use from a shell:  python3 tools/serve.py [--port 8000] [--dist dist]   (--port 0 picks a free port)
Use in-process:    server = start(dist, port=0); server.url; ...; server.shutdown(); server.server_close()
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import http.server
import io
import os
import re
import sys
import threading
import tomllib
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
NETLIFY_TOML = ROOT / "netlify.toml"
HOST = "127.0.0.1"

# Explicit types for what the site serves: module scripts must be JavaScript, wasm must be
# application/wasm for streaming compilation; the rest should not depend on the machine's mime.types.
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".toml": "application/toml; charset=utf-8",
    ".zip": "application/zip",
    ".gz": "application/gzip",  # sent as it is: the page inflates it (no Content-Encoding)
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".map": "application/json",
}


# Content types sent compressed (as Netlify does: text, JSON, SVG and WebAssembly; not zip, png, woff2).
COMPRESSIBLE = ("text/", "application/json", "application/toml", "image/svg+xml", "application/wasm",
                "application/manifest+json")
GZIP_LEVEL = 6  # what CDNs use on the fly; -9 saves under 1 % on these files


def compressible(content_type: str) -> bool:
    """True when Netlify would compress a response of this Content-Type."""
    return content_type.startswith(COMPRESSIBLE)


def accepts_gzip(accept_encoding: str) -> bool:
    """True when an Accept-Encoding header allows gzip (q=0 refuses it)."""
    for part in accept_encoding.split(","):
        name, _, params = part.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            q = params.strip().lower()
            return not (q.startswith("q=") and float(q[2:] or 0) == 0)
    return False


_GZIP_CACHE: dict[tuple[str, int, int], bytes] = {}
_GZIP_LOCK = threading.Lock()


def gzipped(path: str, stat: os.stat_result) -> bytes:
    """The gzip of a file, made once per (path, mtime, size): the 9.6 MB wasm takes ~0.4 s."""
    key = (path, stat.st_mtime_ns, stat.st_size)
    with _GZIP_LOCK:
        hit = _GZIP_CACHE.get(key)
    if hit is None:
        with open(path, "rb") as f:
            hit = gzip.compress(f.read(), GZIP_LEVEL, mtime=0)
        with _GZIP_LOCK:
            for old in [k for k in _GZIP_CACHE if k[0] == path]:
                del _GZIP_CACHE[old]
            _GZIP_CACHE[key] = hit
    return hit


@dataclass(frozen=True)
class HeaderRule:
    """One [[headers]] table of netlify.toml: a path pattern and the headers it adds."""

    pattern: str
    regex: re.Pattern[str]
    values: dict[str, str]


def _pattern_regex(pattern: str) -> re.Pattern[str]:
    """Netlify path pattern -> regex: `*` matches anything (slashes too), `:name` one segment."""
    out = []
    for part in re.split(r"(\*|:[A-Za-z_]\w*)", pattern):
        if part == "*":
            out.append(".*")
        elif part.startswith(":") and len(part) > 1:
            out.append("[^/]+")
        else:
            out.append(re.escape(part))
    return re.compile("".join(out) + r"\Z")


def load_rules(netlify_toml: Path = NETLIFY_TOML) -> list[HeaderRule]:
    """The header rules of netlify.toml, in file order."""
    config = tomllib.loads(netlify_toml.read_text(encoding="utf-8"))
    return [
        HeaderRule(rule["for"], _pattern_regex(rule["for"]), {k: str(v) for k, v in rule["values"].items()})
        for rule in config.get("headers", [])
    ]


def headers_for(path: str, rules: list[HeaderRule]) -> dict[str, str]:
    """Headers Netlify would add to a response for URL path `path` (query string ignored)."""
    merged: dict[str, str] = {}
    names: dict[str, str] = {}  # lower-case name -> spelling used first
    for rule in rules:
        if not rule.regex.match(path):
            continue
        for name, value in rule.values.items():
            key = names.setdefault(name.lower(), name)
            merged[key] = f"{merged[key]}, {value}" if key in merged else value
    return merged


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files from dist/ plus the netlify.toml headers; no directory listings (Netlify has none)."""

    protocol_version = "HTTP/1.1"  # keep-alive, as a real host would
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    rules: list[HeaderRule] = []
    quiet = False

    def end_headers(self) -> None:
        for name, value in headers_for(unquote(urlsplit(self.path).path), self.rules).items():
            self.send_header(name, value)
        super().end_headers()

    def send_head(self):  # type: ignore[no-untyped-def]
        """A compressible file to a client that accepts gzip goes out gzipped (with Vary and an ETag
        of its own, as a CDN sends it); everything else as the standard library sends it."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and urlsplit(self.path).path.endswith("/"):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return super().send_head()
        ctype = self.guess_type(path)
        if not compressible(ctype):
            return super().send_head()
        stat = os.stat(path)
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}'
        if not accepts_gzip(self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        etag += '-gz"'
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        body = gzipped(path, stat)
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
        self.end_headers()
        return io.BytesIO(body)

    def list_directory(self, path):  # type: ignore[no-untyped-def]
        self.send_error(404, "Not Found")
        return None

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    """The HTTP server, with the URL to open."""

    daemon_threads = True

    def handle_error(self, request, client_address) -> None:  # type: ignore[no-untyped-def]
        # A browser that closes a tab mid-download resets its connections: not worth a traceback.
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.server_address[1]}/"


def make_server(dist: Path = DIST, port: int = 0, quiet: bool = False,
                netlify_toml: Path = NETLIFY_TOML) -> Server:
    """A server for `dist` bound to 127.0.0.1:`port` (0 = a free port), not yet serving."""
    if not (dist / "index.html").is_file():
        raise SystemExit(f"serve: {dist} has no index.html: run `python3 tools/build.py` (or `make serve`).")
    handler = type("KassenHandler", (Handler,), {"rules": load_rules(netlify_toml), "quiet": quiet})
    return Server((HOST, port), functools.partial(handler, directory=str(dist)))


def start(dist: Path = DIST, port: int = 0, quiet: bool = True) -> Server:
    """Serve in a background thread (for tests); stop with server.shutdown(); server.server_close()."""
    server = make_server(dist, port, quiet)
    threading.Thread(target=server.serve_forever, name="kassen-serve", daemon=True).start()
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000, help="port on 127.0.0.1 (0 = any free port)")
    parser.add_argument("--dist", type=Path, default=DIST, help="directory to serve (default: dist/)")
    parser.add_argument("--quiet", action="store_true", help="do not log each request")
    args = parser.parse_args(argv)
    server = make_server(args.dist, args.port, args.quiet)
    print(f"Serving {args.dist} at {server.url}  (open it in a browser; Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
