#!/usr/bin/env python3
"""Assemble the self-contained static site in dist/ (standard library only).

Why a build at all: the page must load nothing from outside, so the Pyodide and PyScript runtimes are
copied out of node_modules (pinned by package-lock.json), and the Python sources and scenario data are
packed into one deterministic archive that the page unpacks in the browser (one request instead of one per
module).

Layout of dist/ (paths the sources index.html, pyscript.toml and static/js refer to):
    index.html, pyscript.toml           copied from the repo root
    static/...                          copied from static/
    runtime/pyodide/<version>/...       the Pyodide files the browser requests at boot
    runtime/pyscript/<version>/...      @pyscript/core's core.js and the chunks it imports at start
    runtime/fonts/noto-sans-jp/<version>/  the Japanese font (@fontsource/noto-sans-jp): its Japanese
                                        unicode-range slices in two weights and a stylesheet naming them,
                                        so a machine without Japanese fonts still draws kanji, and a page
                                        downloads only the slices holding the characters it shows
    maps/<scenario>.svg                 each scenario's map with its starting counters, drawn by the app's
                                        renderer at build time (tools/prerender.py): shown before Python starts
    app/kassen.tar.gz                   py/kassen/**/*.py as bytecode (x.pyc beside where x.py is in the repo,
                                        compiled by the pinned Pyodide under Node: tools/pyc.mjs), its
                                        locale/*.json and scenarios/**/*.json, as in the repo,
                                        and py/kassen/reference/<game>.json: the rules reference (each game's
                                        clauses from ../shared/rules/<game>.md, or the repository's copy where
                                        ../shared is absent, with each clause's test status read from the
                                        tests' rules marks; see kassen.app.reference)
    app/stdlib.zip                      the standard library the page's Python imports from (loadPyodide's
                                        stdLibURL): the modules a start imports as bytecode compiled by the
                                        pinned Pyodide, the others any import statement of the app can reach
                                        as sources, nothing else (tools/stdlib.mjs). Pyodide's own
                                        python_stdlib.zip stays in runtime/ for the bare boot of `make bench`
    sw.js, sw-manifest.json             the service worker (static/js/sw.js) at the root, so it controls the
                                        whole site, and the files it caches for offline use with their hash

The runtime directories carry the package version because netlify.toml caches /runtime/* as immutable:
an upgrade must change the URLs, or browsers would keep mixing old and new files for a year.

The build is idempotent: a file is rewritten only when its content differs, and anything in dist/ that
the build did not produce is removed.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
from pathlib import Path
from typing import Any

import prerender

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_PKG = NODE_MODULES / "pyodide"
PYSCRIPT_PKG = NODE_MODULES / "@pyscript" / "core"
FONT_PKG = NODE_MODULES / "@fontsource" / "noto-sans-jp"
FONT_WEIGHTS = ("400", "700")
FONT_CSS = "noto-sans-jp.css"
PAGE_FONT_CSS = "static/css/fonts.css"  # written by the build: the faces of the page's own texts
_FONT_FACE = re.compile(r"@font-face\s*\{[^}]*\}", re.S)
_FONT_FILE = re.compile(r"url\(\./files/(noto-sans-jp-(\d+)-\d+-normal\.woff2)\)")
_UNICODE_RANGE = re.compile(r"unicode-range:\s*([^;]+);")
# Where the characters the page can show come from (for the slices cached for offline use).
_TEXT_SOURCES = ("index.html", "static/**/*.js", "py/kassen/**/*.py", "py/kassen/**/*.json", "scenarios/**/*.json")

# What Pyodide fetches while booting (checked in the browser: the browser tests fail on any HTTP error,
# so a file missing here shows up). No wheels: the app uses the standard library only.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# PyScript's entry point; the chunks it imports are found by following its import statements. core.css
# is not shipped: it only styles PyScript elements the app does not use (py-editor, py-terminal).
PYSCRIPT_ENTRIES = ("core.js",)
# Lazily imported PyScript chunks the page needs besides the plugins: "toml" parses pyscript.toml.
PYSCRIPT_DYNAMIC_NEEDED = frozenset({"toml"})

# Fixed archive times so the same sources give the same bytes.
ARCHIVE_EPOCH = 0
ARCHIVE_NAME = "app/kassen.tar.gz"
STDLIB_NAME = "app/stdlib.zip"
# The module pyscript.toml names as the interpreter: Pyodide started early and from a snapshot.
RUNTIME_MODULE = "static/js/runtime.mjs"
SW_SOURCE = "static/js/sw.js"
# Pages and scripts that are not part of the app (the start-up benchmark) are not cached for offline use.
# Pyodide's own standard library serves only that benchmark: the app's pages and workers use app/stdlib.zip.
_NOT_OFFLINE = re.compile(r"^(static/bench/|static/js/bare\.js$|static/js/sw\.js$|sw\.js$|sw-manifest\.json$|"
                          r"runtime/pyodide/[^/]+/python_stdlib\.zip$)")

_STATIC_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*["'](\./[^"']+)["']""")
_DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*["'](\./[^"']+)["']\s*\)""")
# PyScript's plugin table in its core chunk: `"py-editor":()=>import("./py-editor-C4XsZtn7.js")`.
_PLUGIN_TABLE = re.compile(r"""["']?[\w-]+["']?\s*:\s*\(\)\s*=>\s*import\(\s*["'](\./[^"']+)["']\s*\)""")
_CHUNK_STEM = re.compile(r"^(.+)-[A-Za-z0-9_-]{8}\.js$")


class BuildError(Exception):
    """A problem the person running the build must fix (message says how)."""


def _package_version(pkg_dir: Path) -> str:
    """Version of an installed npm package, failing clearly when `npm ci` has not run."""
    manifest = pkg_dir / "package.json"
    if not manifest.is_file():
        raise BuildError(f"{pkg_dir.relative_to(ROOT)} is missing: run `npm ci` first (or `make serve`).")
    return json.loads(manifest.read_text(encoding="utf-8"))["version"]


def _pinned_versions() -> dict[str, str]:
    """The exact versions package.json pins (the lock file enforces them for `npm ci`)."""
    deps = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    return {"pyodide": deps["pyodide"], "@pyscript/core": deps["@pyscript/core"],
            "@fontsource/noto-sans-jp": deps["@fontsource/noto-sans-jp"]}


def runtime_versions() -> tuple[str, str]:
    """(pyodide, pyscript) versions installed, checked against the pins so a stale node_modules fails."""
    pins = _pinned_versions()
    pyodide = _package_version(PYODIDE_PKG)
    pyscript = _package_version(PYSCRIPT_PKG)
    font = _package_version(FONT_PKG)
    for name, have in (("pyodide", pyodide), ("@pyscript/core", pyscript), ("@fontsource/noto-sans-jp", font)):
        if have != pins[name]:
            raise BuildError(
                f"node_modules has {name} {have} but package.json pins {pins[name]}: run `npm ci`."
            )
    return pyodide, pyscript


def pyodide_dir(version: str) -> str:
    """dist-relative directory of the Pyodide runtime (versioned: see module docstring)."""
    return f"runtime/pyodide/{version}"


def pyscript_dir(version: str) -> str:
    """dist-relative directory of the PyScript runtime (versioned: see module docstring)."""
    return f"runtime/pyscript/{version}"


def pyscript_files(config: dict) -> list[str]:
    """Files of @pyscript/core's dist/ that the page requests: entries and what they import at start.

    PyScript imports every plugin of its plugin table at start (even those pyscript.toml disables: the
    MicroPython side, which has no config, still loads them all), so those chunks are needed. Other
    lazy imports (codemirror, xterm, zip, ...) only serve features the app does not use and are left out.
    """
    dist = PYSCRIPT_PKG / "dist"
    core_lazy = set(PYSCRIPT_DYNAMIC_NEEDED) | ({"pyodide_graph"} if config.get("packages") else set())
    seen: set[str] = set()
    todo = list(PYSCRIPT_ENTRIES)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        if not (dist / name).is_file():
            raise BuildError(f"@pyscript/core/dist/{name} is missing: run `npm ci`.")
        seen.add(name)
        if not name.endswith(".js"):
            continue
        text = (dist / name).read_text(encoding="utf-8")
        todo.extend(m[2:] for m in _STATIC_IMPORT.findall(text))
        if name == "core.js" or name.startswith("core-"):
            todo.extend(m[2:] for m in _PLUGIN_TABLE.findall(text))
            for target in _DYNAMIC_IMPORT.findall(text):
                stem = _CHUNK_STEM.match(target[2:])
                if stem and stem.group(1) in core_lazy:
                    todo.append(target[2:])
    return sorted(seen)


def font_dir(version: str) -> str:
    """dist-relative directory of the font (versioned like the runtimes: cached as immutable)."""
    return f"runtime/fonts/noto-sans-jp/{version}"


def _ranges(text: str) -> list[tuple[int, int]]:
    out = []
    for part in text.split(","):
        part = part.strip().upper().removeprefix("U+")
        lo, _, hi = part.partition("-")
        out.append((int(lo, 16), int(hi or lo, 16)))
    return out


def used_characters() -> set[str]:
    """The characters beyond Latin the page can show: in its HTML, scripts, Python and scenarios."""
    chars: set[str] = set()
    for pattern in _TEXT_SOURCES:
        for path in ROOT.glob(pattern):
            if path.is_file() and "__pycache__" not in path.parts:
                chars.update(ch for ch in path.read_text(encoding="utf-8") if ord(ch) >= 0x2E80)
    return chars


def font_files() -> tuple[dict[str, Path | bytes], set[str]]:
    """(dist-relative path -> source, the slices the page's own texts need) of the Japanese font.

    The stylesheet keeps fontsource's numbered Japanese slices only (Latin, Cyrillic and Vietnamese
    text keeps the system font) and only their woff2 files. The slices holding characters of the
    page's texts are cached for offline use; the others are fetched if ever needed."""
    version = _package_version(FONT_PKG)
    base = font_dir(version)
    out: dict[str, Path | bytes] = {}
    needed: set[str] = set()
    used = [ord(ch) for ch in used_characters()]
    faces: list[str] = []
    page_faces: list[str] = []
    for weight in FONT_WEIGHTS:
        css = (FONT_PKG / f"{weight}.css").read_text(encoding="utf-8")
        for face in _FONT_FACE.findall(css):
            found, ranges = _FONT_FILE.search(face), _UNICODE_RANGE.search(face)
            if not found or not ranges:
                continue  # the Latin, Cyrillic and Vietnamese slices
            name = found.group(1)
            src = FONT_PKG / "files" / name
            if not src.is_file():
                raise BuildError(f"node_modules/@fontsource/noto-sans-jp/files/{name} is missing: run `npm ci`.")
            out[f"{base}/files/{name}"] = src
            spans = _ranges(ranges.group(1))
            face = ("@font-face {\n  font-family: 'Noto Sans JP';\n  font-style: normal;\n  font-display: swap;\n"
                    f"  font-weight: {weight};\n  src: url(./files/{name}) format('woff2');\n"
                    f"  unicode-range: {ranges.group(1).strip()};\n}}\n")
            if any(lo <= c <= hi for c in used for lo, hi in spans):
                needed.add(f"{base}/files/{name}")
                page_faces.append(face.replace("url(./files/", f"url(../../{base}/files/"))
            else:
                faces.append(face)
    head = (f"/* Noto Sans JP {version} (SIL Open Font License 1.1, see LICENSE), Japanese slices from "
            "@fontsource/noto-sans-jp; written by tools/build.py. */\n")
    out[f"{base}/{FONT_CSS}"] = (head + "".join(faces)).encode("utf-8")
    # The slices of the page's own texts are declared in its stylesheet, before any text is laid out:
    # declared later (by script, after the first paint), Chromium kept the fallback's empty boxes for
    # some texts shaped before the rules came ("□□□" on the header's buttons), even once the font had
    # come. The other slices (a player's own words) stay in the stylesheet added by script.
    out[PAGE_FONT_CSS] = (head.replace("*/", "(the slices the page's own texts use) */") + "".join(page_faces)).encode()
    out[f"{base}/LICENSE"] = FONT_PKG / "LICENSE"
    return out, needed


def app_sources() -> list[Path]:
    """Repo-relative paths packed into the app zip: every engine module, every message catalog
    (py/kassen/**/locale/*.json), the rules reference and its Japanese (py/kassen/reference/**.json) and
    every scenario file."""
    found = [p for p in (ROOT / "py" / "kassen").rglob("*.py") if "__pycache__" not in p.parts]
    found += [p for p in (ROOT / "py" / "kassen").rglob("*.json")
              if p.parent.name in ("locale", "reference") or p.parent.parent.name == "reference"]
    scenarios = ROOT / "scenarios"
    if scenarios.is_dir():
        found += list(scenarios.rglob("*.json"))
    return sorted(p.relative_to(ROOT) for p in found)


def shared_dir() -> Path:
    """The reference material (../shared beside the checkout; KASSEN_SHARED overrides)."""
    return Path(os.environ.get("KASSEN_SHARED", ROOT.parent / "shared"))


def rules_reference() -> dict[str, bytes]:
    """repo-relative path -> bytes of py/kassen/reference/<game>.json as the page gets it: every clause
    of the game's inventory (../shared/rules/<game>.md when present, else the repository's copy of the
    same file), with its test status computed now from the tests' rules marks (no test is run)."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from kassen.app import reference
    finally:
        sys.path.pop(0)
    tests = reference.scan_tests(ROOT / "tests")
    rules_dir = shared_dir() / "rules"
    games: dict[str, Any] = {}
    if rules_dir.is_dir():
        for md in sorted(rules_dir.glob("*.md")):
            games[md.stem] = md.read_text(encoding="utf-8")
    out: dict[str, bytes] = {}
    snapshots = ROOT / "py" / "kassen" / "reference"
    for path in sorted(snapshots.glob("*.json")):
        if path.stem not in games:  # no ../shared here: the repository's copy of the clauses
            data = json.loads(path.read_text(encoding="utf-8"))
            text = "\n".join(f"| {c['id']} | {c['ref']} | {c['text'].replace('|', chr(92) + '|')} | {c['kind']} |"
                             for c in data["clauses"])
            games[path.stem] = text
    for game, text in sorted(games.items()):
        data = reference.extract(game, text, tests)
        if data["clauses"]:
            out[f"py/kassen/reference/{game}.json"] = reference.to_json(data)
    return out


def refresh_reference() -> int:
    """The repository's copy of every game's clauses (for builds without ../shared), from ../shared."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from kassen.app import reference
    finally:
        sys.path.pop(0)
    rules_dir = shared_dir() / "rules"
    if not rules_dir.is_dir():
        print(f"build: error: {rules_dir} is missing", file=sys.stderr)
        return 1
    target = ROOT / "py" / "kassen" / "reference"
    target.mkdir(exist_ok=True)
    for md in sorted(rules_dir.glob("*.md")):
        data = reference.extract(md.stem, md.read_text(encoding="utf-8"), {})
        if data["clauses"]:
            (target / f"{md.stem}.json").write_bytes(reference.to_json(reference.snapshot(md.stem, data)))
            print(f"build: {target.relative_to(ROOT)}/{md.stem}.json: {len(data['clauses'])} clauses")
    return 0


# Where the page unpacks the archive (static/js/runtime.mjs): the modules are compiled at the paths they have there.
APP_ROOT = "/home/pyodide/app"
PYC_SCRIPT = ROOT / "tools" / "pyc.mjs"
PYC_TIMEOUT_S = 600


def bytecode(modules: dict[str, bytes], root: str = APP_ROOT, checked: bool = False) -> dict[str, bytes]:
    """module path -> its .pyc, compiled by the pinned Pyodide under Node (tools/pyc.mjs): bytecode the
    page's Python accepts as it is, so the page compiles none of the app's modules at start.

    Remembered per module by the hash of its path and source, the Pyodide version and tools/pyc.mjs, so a
    rebuild starts Node (a few seconds) only when a module changed."""
    if not (PYODIDE_PKG / "pyodide.mjs").is_file():
        raise BuildError("node_modules/pyodide is missing: run `npm ci` first (or `make build`); the build "
                         "compiles the app's Python with it.")
    salt = hashlib.sha256(_package_version(PYODIDE_PKG).encode("utf-8") + b"\0" + PYC_SCRIPT.read_bytes()
                          + f"\0{root}\0{checked}".encode("utf-8")).digest()
    keys = {rel: hashlib.sha256(salt + rel.encode("utf-8") + b"\0" + source).hexdigest()
            for rel, source in modules.items()}
    cache = _cache_read("pyc.json")
    missing = {rel: base64.b64encode(modules[rel]).decode("ascii") for rel, key in keys.items() if key not in cache}
    if missing:
        for rel, data in _compile_in_pyodide(missing, root, checked).items():
            cache[keys[rel]] = data
        _cache_write("pyc.json", {key: cache[key] for key in keys.values()})
    return {rel: base64.b64decode(cache[keys[rel]]) for rel in modules}


def _compile_in_pyodide(sources: dict[str, str], root: str = APP_ROOT, checked: bool = False) -> dict[str, str]:
    """module path -> base64 of its .pyc, from tools/pyc.mjs; a BuildError saying why when it fails."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is not installed: the build compiles the app's Python to bytecode with the pinned "
                         "Pyodide under Node (install Node.js, then `npm ci`).")
    try:
        done = subprocess.run([node, str(PYC_SCRIPT)], input=json.dumps({"root": root, "files": sources, "checked": checked}),
                              capture_output=True, text=True, cwd=ROOT, timeout=PYC_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise BuildError(f"tools/pyc.mjs did not finish in {PYC_TIMEOUT_S} s (compiling the app's Python "
                         "in Pyodide under Node).") from None
    if done.returncode != 0:
        tail = "\n".join(line[:300] for line in done.stderr.strip().splitlines()[-8:])
        raise BuildError(f"tools/pyc.mjs failed (compiling the app's Python in Pyodide under Node):\n{tail}")
    pyc = json.loads(done.stdout)["pyc"]
    if set(pyc) != set(sources):
        raise BuildError(f"tools/pyc.mjs compiled {sorted(set(pyc) ^ set(sources))[:5]} unlike asked.")
    return pyc


# Where PyScript writes its Python package in the page (its cwd, Pyodide's home) before importing it, and
# where app/kassen.tar.gz carries that package's bytecode ("home/..." entries: static/js/runtime.mjs writes them
# under the home directory).
PAGE_HOME = "/home/pyodide"
HOME_PREFIX = "home/"
_PYSCRIPT_PACKAGE = re.compile(r'\{pyscript:(\{"__init__\.py":.*?\})\}\)')


def pyscript_python() -> dict[str, bytes]:
    """PyScript's Python package as PyScript writes it into the page ("pyscript/<module>.py" -> source): the
    texts its core chunk embeds (they are not the files of its src/ directory, which are formatted
    differently), so that bytecode compiled from them matches what the page imports."""
    dist = PYSCRIPT_PKG / "dist"
    for chunk in sorted(dist.glob("core-*.js")):
        found = _PYSCRIPT_PACKAGE.search(chunk.read_text(encoding="utf-8"))
        if found:
            try:
                package = json.loads(found.group(1))
            except ValueError as exc:
                raise BuildError(f"@pyscript/core/dist/{chunk.name}: its Python package is not JSON-readable "
                                 f"({exc}); update build.pyscript_python for this PyScript.") from None
            if isinstance(package, dict) and all(isinstance(v, str) for v in package.values()):
                return {f"pyscript/{name}": text.encode("utf-8") for name, text in sorted(package.items())}
    raise BuildError("@pyscript/core/dist/core-*.js: PyScript's Python package (pyscript/__init__.py, ...) was "
                     "not found where this build looks for it; update build.pyscript_python for this PyScript.")


def _cache_tag() -> str:
    """sys.implementation.cache_tag of the page's Python (from the pinned Pyodide's lock file)."""
    python = json.loads((PYODIDE_PKG / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]["python"]
    major, minor = python.split(".")[:2]
    return f"cpython-{major}{minor}"


def pyscript_bytecode() -> dict[str, bytes]:
    """zip entry -> bytecode of PyScript's Python package, as the page's Python looks for it beside the
    sources PyScript writes (home/pyscript/__pycache__/<module>.<cache tag>.pyc). Checked-hash pycs:
    Python uses one only while its source is byte for byte the one compiled here, so a mismatch costs
    the old compile, never a wrong module. Without these, every start compiled ~50 kB of PyScript's
    Python (about 100 ms here)."""
    tag = _cache_tag()
    out = {}
    for rel, pyc in bytecode(pyscript_python(), root=PAGE_HOME, checked=True).items():
        folder, _, name = rel.rpartition("/")
        out[f"{HOME_PREFIX}{folder}/__pycache__/{name[:-3]}.{tag}.pyc"] = pyc
    return out


def app_entries() -> dict[str, bytes]:
    """What the app archive holds: path -> bytes (see app_archive_bytes)."""
    generated = rules_reference()
    entries: dict[str, bytes] = {rel.as_posix(): (ROOT / rel).read_bytes() for rel in app_sources()}
    entries.update(generated)  # the build's reference replaces the repository's snapshot of it
    modules = {rel: entries.pop(rel) for rel in [rel for rel in entries if rel.endswith(".py")]}
    entries.update({rel + "c": pyc for rel, pyc in bytecode(modules).items()})
    entries.update(pyscript_bytecode())
    return entries


def app_archive_bytes() -> bytes:
    """The app archive, app/kassen.tar.gz: a ustar tar of the app's files, gzipped, with sorted entries and
    fixed times, owners and permissions, so it is byte-for-byte reproducible. The page inflates it in one
    stream and writes its files in short tasks (static/js/unpack.mjs), as do the computer's worker and the
    snapshot worker.

    The modules are there as bytecode only (py/kassen/x.pyc where the repository has x.py; see bytecode()):
    the page imports them without compiling, and the archive is smaller than with the sources beside them
    (less to download and to unpack at every start). A traceback in the page still names the file (x.py),
    the line and the function, only without the line's text: the repository at the build's commit has it.
    Entries under home/ (PyScript's bytecode, pyscript_bytecode) go to the page's home directory."""
    entries = app_entries()
    tar = io.BytesIO()
    with tarfile.open(fileobj=tar, mode="w", format=tarfile.USTAR_FORMAT) as out:
        for name in sorted(entries):
            info = tarfile.TarInfo(name)
            info.size = len(entries[name])
            info.mtime = ARCHIVE_EPOCH
            info.mode = 0o644
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            out.addfile(info, io.BytesIO(entries[name]))
    return gzip.compress(tar.getvalue(), 9, mtime=ARCHIVE_EPOCH)


STDLIB_SCRIPT = ROOT / "tools" / "stdlib.mjs"


def stdlib_roots() -> dict[str, bytes]:
    """The Python whose imports decide app/stdlib.zip: the app's modules ("py/kassen/...") and PyScript's
    Python package ("pyscript/pyscript/..."), keyed by import root and path."""
    roots = {f"py/{p.relative_to(ROOT / 'py').as_posix()}": p.read_bytes()
             for p in sorted((ROOT / "py" / "kassen").rglob("*.py")) if "__pycache__" not in p.parts}
    roots.update({f"pyscript/{rel}": source for rel, source in pyscript_python().items()})
    return roots


def stdlib_zip_bytes() -> tuple[bytes, list[str]]:
    """(app/stdlib.zip, the modules Pyodide's boot imports, dependencies first): see tools/stdlib.mjs. The
    zip holds the standard library the page needs, the modules a start imports as bytecode, so Python
    starts without compiling any source (a bare Pyodide compiles some 130 modules at every boot: ~1 s of
    its 1.6 s here); the order is the page's warm-up (static/js/runtime.mjs).

    Remembered by the hash of the Pyodide version, tools/stdlib.mjs and every root's source: a build starts
    Node for it (~10 s) only when the app's Python changed, and the bytes change only when what is kept
    does (the zip is reproducible)."""
    roots = stdlib_roots()
    stock = PYODIDE_PKG / "python_stdlib.zip"
    if not stock.is_file():
        raise BuildError("node_modules/pyodide/python_stdlib.zip is missing: run `npm ci`.")
    digest = hashlib.sha256(_package_version(PYODIDE_PKG).encode("utf-8") + b"\0" + STDLIB_SCRIPT.read_bytes())
    for rel, source in sorted(roots.items()):
        digest.update(rel.encode("utf-8") + b"\0" + hashlib.sha256(source).digest())
    key = digest.hexdigest()
    cached = _cache_read("stdlib.json")
    if cached.get("key") != key:
        node = shutil.which("node")
        if node is None:
            raise BuildError("node is not installed: the build compiles the standard library to bytecode with the "
                             "pinned Pyodide under Node (install Node.js, then `npm ci`).")
        request = {"stock": str(stock),
                   "roots": {rel: base64.b64encode(src).decode("ascii") for rel, src in roots.items()}}
        try:
            done = subprocess.run([node, str(STDLIB_SCRIPT)], input=json.dumps(request), capture_output=True,
                                  text=True, cwd=ROOT, timeout=PYC_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise BuildError(f"tools/stdlib.mjs did not finish in {PYC_TIMEOUT_S} s.") from None
        if done.returncode != 0:
            tail = "\n".join(line[:300] for line in done.stderr.strip().splitlines()[-8:])
            raise BuildError(f"tools/stdlib.mjs failed (the standard library in Pyodide under Node):\n{tail}")
        result = json.loads(done.stdout)
        cached = {"key": key, "zip": result["zip"], "compiled": result["compiled"], "sources": result["sources"],
                  "order": result["order"]}
        _cache_write("stdlib.json", cached)
    return base64.b64decode(cached["zip"]), cached["order"]


def _check_sources(config: dict, pyodide_version: str, pyscript_version: str) -> None:
    """Fail early when pyscript.toml points somewhere the build does not put the runtime or the app."""
    expected = f"./{RUNTIME_MODULE}"
    if config.get("interpreter") != expected:
        raise BuildError(
            f'pyscript.toml: interpreter = "{config.get("interpreter")}" but the page starts Pyodide through '
            f'"{expected}" (which imports ./{pyodide_dir(pyodide_version)}/pyodide.mjs).'
        )
    if "files" in config:
        raise BuildError(f"pyscript.toml: no [files]: {RUNTIME_MODULE} unpacks {ARCHIVE_NAME} itself (in short tasks).")
    versions = {"pyodide": pyodide_version, "pyscript": pyscript_version,
                "fonts/noto-sans-jp": _package_version(FONT_PKG)}
    pages = [ROOT / "index.html", *sorted((ROOT / "static").rglob("*.js")),
             *sorted((ROOT / "static").rglob("*.html"))]
    for page in pages:
        for kind, version in re.findall(r"runtime/(pyodide|pyscript|fonts/noto-sans-jp)/([^/\"']+)/",
                                        page.read_text("utf-8")):
            if version != versions[kind]:
                raise BuildError(f"{page.relative_to(ROOT)} refers to runtime/{kind}/{version}/ but the "
                                 f"pinned version is {versions[kind]}: update it.")


def page_with_maps(html: str, scenario_ids: list[str], download: str | None = None, app_hash: str = "",
                   warmup: list[str] = ()) -> str:
    """index.html naming the scenarios whose map is pre-rendered, the app build's hash (the key of the
    Python memory snapshot, static/js/runtime.mjs) and the modules runtime.mjs imports in slices while
    Python starts, in <meta>s before </head>, and, when given, stating the size of a first visit's
    download in #loading-size."""
    if html.count("</head>") != 1:
        raise BuildError("index.html must have exactly one </head>.")
    bad = [name for name in warmup if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*", name)]
    if bad:
        raise BuildError(f"tools/stdlib.mjs named modules that are not dotted names: {bad[:3]}")
    html = html.replace("</head>", f"  {prerender.meta_tag(scenario_ids)}\n"
                                   f'  <meta name="kassen-app" content="{app_hash}">\n'
                                   f'  <meta name="kassen-python-warmup" content="{" ".join(warmup)}">\n</head>')
    if download is not None:
        html, found = _LOADING_SIZE.subn(lambda m: m.group(1) + download + m.group(2), html)
        if found != 1:
            raise BuildError('index.html must have one <span id="loading-size">...</span> (the download stated).')
    return html


# What a first visit to a new game downloads: the page, its stylesheet and scripts, the runtimes, the app
# and one pre-rendered map (the largest, to state an upper bound). Fonts are left out: a machine with
# Japanese fonts gets none, and the others get a few slices of some 100 kB.
_FIRST_VISIT = re.compile(r"^(index\.html|pyscript\.toml|static/css/[^/]+|static/js/(preview|lang|boot|surface)\.js|static/js/runtime\.mjs|"
                          r"runtime/pyodide/.*|runtime/pyscript/.*|app/.*)$")
_LOADING_SIZE = re.compile(r'(<span id="loading-size">)[^<]*(</span>)')
# Compressed on the way like tools/serve.py and Netlify do (gzip here; Brotli is a little smaller).
_COMPRESSED_SUFFIXES = (".html", ".js", ".mjs", ".css", ".json", ".toml", ".svg", ".wasm")


def first_visit_bytes(files: dict[str, Path | bytes]) -> int:
    """Bytes sent on a first visit to a new game, compressed as the server sends them."""
    total = 0
    maps = [rel for rel in files if rel.startswith(prerender.MAPS_DIR + "/")]
    biggest = max(maps, key=lambda rel: _size(files[rel]), default=None)
    for rel, source in files.items():
        if not (_FIRST_VISIT.match(rel) or rel == biggest) or rel.endswith("/python_stdlib.zip"):
            continue  # Pyodide's own standard library: the page asks for app/stdlib.zip instead
        data = source if isinstance(source, bytes) else source.read_bytes()
        total += _gzip_size(data) if rel.endswith(_COMPRESSED_SUFFIXES) else len(data)
    return total


# Work the build remembers between runs (keyed by content hashes, so never stale): gzip sizes and the
# pre-rendered maps. Deleting the directory only makes the next build slower.
CACHE = ROOT / ".cache" / "build"


def _cache_read(name: str) -> dict:
    try:
        return json.loads((CACHE / name).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _cache_write(name: str, data: dict) -> None:
    try:
        CACHE.mkdir(parents=True, exist_ok=True)
        tmp = CACHE / (name + ".tmp")
        tmp.write_text(json.dumps(data), encoding="utf-8")
        os.replace(tmp, CACHE / name)
    except OSError:
        pass  # a read-only checkout builds anyway, only slower


def _gzip_size(data: bytes) -> int:
    """Size of the gzip of ``data``, remembered by content hash (the 9.6 MB wasm takes ~0.4 s)."""
    key = hashlib.sha256(data).hexdigest()
    sizes = _cache_read("gzip-sizes.json")
    if key not in sizes:
        sizes[key] = len(gzip.compress(data, 6, mtime=0))
        _cache_write("gzip-sizes.json", sizes)
    return sizes[key]


def prerendered_maps(app_archive: bytes) -> tuple[dict[str, bytes], list[str]]:
    """tools/prerender.py's maps, drawn again only when the app's sources (the zip) changed."""
    key = hashlib.sha256(app_archive + (ROOT / "tools" / "prerender.py").read_bytes()).hexdigest()
    cached = _cache_read("maps.json")
    if cached.get("key") != key:
        maps, ids = prerender.prerendered_in_subprocess()
        cached = {"key": key, "ids": ids, "maps": {rel: data.decode("utf-8") for rel, data in maps.items()}}
        _cache_write("maps.json", cached)
    return {rel: text.encode("utf-8") for rel, text in cached["maps"].items()}, cached["ids"]


def _size(source: Path | bytes) -> int:
    return len(source) if isinstance(source, bytes) else source.stat().st_size


def megabytes(n: int) -> str:
    """The download as the loading panel states it."""
    return f"about {n / 1e6:.1f} MB"


def plan() -> dict[str, Path | bytes]:
    """dist-relative path -> source file (copied) or bytes (written)."""
    pyodide_version, pyscript_version = runtime_versions()
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    _check_sources(config, pyodide_version, pyscript_version)
    app_archive = app_archive_bytes()
    maps, scenario_ids = prerendered_maps(app_archive)
    out: dict[str, Path | bytes] = {
        "index.html": b"",  # written below, once the download it states is known
        "pyscript.toml": ROOT / "pyscript.toml",
    }
    out.update(maps)
    for path in sorted((ROOT / "static").rglob("*")):
        if path.is_file():
            out[path.relative_to(ROOT).as_posix()] = path
    for name in PYODIDE_FILES:
        src = PYODIDE_PKG / name
        if not src.is_file():
            raise BuildError(f"node_modules/pyodide/{name} is missing: run `npm ci`.")
        out[f"{pyodide_dir(pyodide_version)}/{name}"] = src
    for name in pyscript_files(config):
        out[f"{pyscript_dir(pyscript_version)}/{name}"] = PYSCRIPT_PKG / "dist" / name
    fonts, needed = font_files()
    out.update(fonts)
    out[ARCHIVE_NAME] = app_archive
    stdlib, warmup = stdlib_zip_bytes()
    out[STDLIB_NAME] = stdlib
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    # the snapshot holds modules imported from the two zips, under this Pyodide: all three name it
    app_hash = hashlib.sha256(pyodide_version.encode("utf-8") + b"\0" + app_archive + b"\0" + stdlib).hexdigest()[:16]
    out["index.html"] = page_with_maps(page, scenario_ids, app_hash=app_hash, warmup=warmup).encode("utf-8")
    size = megabytes(first_visit_bytes(out))
    out["index.html"] = page_with_maps(page, scenario_ids, size, app_hash, warmup).encode("utf-8")
    out["sw.js"] = ROOT / SW_SOURCE
    slices = {rel for rel in fonts if rel.endswith(".woff2")}
    out["sw-manifest.json"] = offline_manifest(out, skip=slices - needed)
    return out


def offline_manifest(files: dict[str, Path | bytes], skip: frozenset[str] | set[str] = frozenset()) -> bytes:
    """The service worker's list of files to cache, and a hash of their contents as the cache version
    (a new deploy with any changed file gets a new cache; an unchanged one keeps the old). ``skip``:
    files not worth caching ahead (font slices no text of the page uses)."""
    digest = hashlib.sha256()
    names = sorted(rel for rel in files if not _NOT_OFFLINE.match(rel) and rel not in skip)
    for rel in names:
        source = files[rel]
        digest.update(rel.encode("utf-8") + b"\0")
        digest.update(source if isinstance(source, bytes) else source.read_bytes())
    # the page is asked for both as "/" and as "/index.html"
    body = {"version": digest.hexdigest()[:16], "files": ["./", *names]}
    return json.dumps(body, indent=1).encode("utf-8") + b"\n"


def build(dist: Path = DIST) -> dict[str, int]:
    """Bring dist/ in line with the plan; returns counts of written, unchanged and removed files."""
    counts = {"written": 0, "unchanged": 0, "removed": 0}
    wanted = plan()
    for rel, source in wanted.items():
        data = source if isinstance(source, bytes) else source.read_bytes()  # 14 MB: milliseconds
        dest = dist / rel
        if dest.is_file() and dest.stat().st_size == len(data) and dest.read_bytes() == data:
            counts["unchanged"] += 1
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = dest.with_name(dest.name + ".tmp")
        tmp.write_bytes(data)
        os.replace(tmp, dest)  # a server reading dist/ meanwhile never sees half a file
        counts["written"] += 1
    for path in sorted(dist.rglob("*"), reverse=True):  # children before their directories
        rel = path.relative_to(dist).as_posix()
        if path.is_file() and rel not in wanted:
            path.unlink()
            counts["removed"] += 1
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=DIST, help="output directory (default: dist/)")
    parser.add_argument("--refresh-reference", action="store_true",
                        help="rewrite py/kassen/reference/<game>.json (the repository's copy of the clauses) "
                             "from ../shared/rules and stop")
    args = parser.parse_args(argv)
    if args.refresh_reference:
        return refresh_reference()
    started = time.perf_counter()
    try:
        counts = build(args.dist)
    except BuildError as exc:
        print(f"build: error: {exc}", file=sys.stderr)
        return 1
    took = time.perf_counter() - started
    print(f"build: {args.dist} ready ({counts['written']} written, {counts['unchanged']} unchanged, "
          f"{counts['removed']} removed) in {took:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
