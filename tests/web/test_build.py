"""tools/build.py: the static site holds every module and scenario, is reproducible, and is self-contained.

No browser here; tests/browser proves the built site really boots with no outside request.
"""

from __future__ import annotations

import base64
import io
import json
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import build  # noqa: E402
import prerender  # noqa: E402

PINS = {"pyodide": "314.0.7", "@pyscript/core": "0.7.31", "@fontsource/noto-sans-jp": "5.3.0"}

needs_node_modules = pytest.mark.skipif(
    not (ROOT / "node_modules" / "pyodide").is_dir(), reason="node_modules missing: run `npm ci` (make test does)"
)


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh build in a temporary directory (the real dist/ may be in use by a server)."""
    if not (ROOT / "node_modules" / "pyodide").is_dir():
        pytest.skip("node_modules missing: run `npm ci` (make test does)")
    out = tmp_path_factory.mktemp("site") / "dist"
    build.build(out)
    return out


def test_package_json_pins_exact_runtime_versions() -> None:
    deps = json.loads((ROOT / "package.json").read_text("utf-8"))["dependencies"]
    assert deps == PINS
    lock = json.loads((ROOT / "package-lock.json").read_text("utf-8"))["packages"]
    assert lock["node_modules/pyodide"]["version"] == PINS["pyodide"]
    assert lock["node_modules/@pyscript/core"]["version"] == PINS["@pyscript/core"]
    assert lock["node_modules/@fontsource/noto-sans-jp"]["version"] == PINS["@fontsource/noto-sans-jp"]
    for name, entry in lock.items():  # npm ci checks every package against these hashes
        assert not name or entry["integrity"].startswith("sha512-"), name


def _archive_names(data: bytes) -> list[str]:
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tf:
        return [m.name for m in tf.getmembers()]


def test_archive_has_every_module_and_scenario_at_its_repo_path(dist: Path) -> None:
    names = set(_archive_names((dist / build.ARCHIVE_NAME).read_bytes()))
    # every module as bytecode for the page's Python, at its source's path (x.py -> x.pyc), without source
    modules = {p.relative_to(ROOT).as_posix() + "c" for p in (ROOT / "py" / "kassen").rglob("*.py")
               if "__pycache__" not in p.parts}
    scenarios = {p.relative_to(ROOT).as_posix() for p in (ROOT / "scenarios").rglob("*.json")}
    catalogs = {p.relative_to(ROOT).as_posix() for p in (ROOT / "py" / "kassen").rglob("locale/*.json")}
    assert "py/kassen/ui/main.pyc" in modules and "py/kassen/__init__.pyc" in modules
    assert "py/kassen/locale/en.json" in catalogs
    assert modules <= names, sorted(modules - names)
    assert scenarios <= names, sorted(scenarios - names)
    assert catalogs <= names, sorted(catalogs - names)
    # the rules reference (kassen.app.reference): one data file per game with a clause inventory
    references = {n for n in names if n.startswith("py/kassen/reference/") and n.endswith(".json")}
    assert {"py/kassen/reference/mukden.json", "py/kassen/reference/bakumatsu.json"} <= references
    # PyScript's Python package as bytecode, for the page's home directory where PyScript writes it
    pyscript = {n for n in names if n.startswith("home/")}
    assert "home/pyscript/__pycache__/__init__.cpython-314.pyc" in pyscript
    assert all(re.fullmatch(r"home/pyscript/__pycache__/\w+\.cpython-314\.pyc", n) for n in pyscript), pyscript
    # nothing else: no caches, no stray files
    assert names == modules | scenarios | catalogs | references | pyscript


def test_archive_is_byte_for_byte_reproducible() -> None:
    first = build.app_archive_bytes()
    assert build.app_archive_bytes() == first
    assert first[:2] == b"\x1f\x8b" and first[4:8] == bytes(4)  # gzip, no time in its header
    with tarfile.open(fileobj=io.BytesIO(first), mode="r:gz") as tf:
        members = tf.getmembers()
    assert [m.name for m in members] == sorted(m.name for m in members)
    assert {(m.mtime, m.uid, m.gid, m.uname, m.gname, m.mode, m.type) for m in members} \
        == {(0, 0, 0, "", "", 0o644, tarfile.REGTYPE)}


@needs_node_modules
def test_pyscript_bytecode_is_checked_against_the_source_pyscript_writes() -> None:
    """PyScript's package (written by PyScript into the page at every start) gets checked-hash pycs made
    from the very texts its core chunk carries: Python uses one only while the source matches."""
    sources = build.pyscript_python()
    assert "pyscript/__init__.py" in sources and b"from pyscript.context import" in sources["pyscript/__init__.py"]
    compiled = build.pyscript_bytecode()
    assert set(compiled) == {f"home/pyscript/__pycache__/{rel[9:-3]}.cpython-314.pyc" for rel in sources}
    for rel, source in sources.items():
        magic, flags, source_hash = PYC_HEADER.unpack_from(compiled[f"home/pyscript/__pycache__/{rel[9:-3]}.cpython-314.pyc"])
        assert flags == 0b11, rel  # hash-based, check_source on
        assert source_hash == int.from_bytes(_source_hash(source), "little"), rel


def _source_hash(source: bytes) -> bytes:
    """importlib.util.source_hash of Python 3.14 (the key is the magic number, which CPython 3.11 here
    does not share): taken from a pyc the build made for a known source."""
    return build.bytecode({"py/kassen/h.py": source}, root=build.PAGE_HOME, checked=True)["py/kassen/h.py"][8:16]


@needs_node_modules
def test_the_standard_library_keeps_what_the_app_imports_and_compiles_what_a_start_imports() -> None:
    """app/stdlib.zip: bytecode for the modules a start imports (Pyodide's boot, the app, PyScript's package),
    sources for what an import statement of theirs can reach besides, nothing else; the warm-up order
    lists dependencies first."""
    data, order = build.stdlib_zip_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        names = set(zf.namelist())
    for module in ("asyncio/__init__", "json/decoder", "random", "inspect", "zipfile/__init__", "html/__init__"):
        assert f"{module}.pyc" in names and f"{module}.py" not in names, module
    assert "argparse.pyc" in names  # kassen.cli's
    assert "_sysconfigdata__emscripten_wasm32-emscripten.py" in names  # sysconfig reads it by name
    for unreachable in ("antigravity.py", "smtplib.py", "tomllib/__init__.py", "sqlite3/__init__.py"):
        assert unreachable not in names and unreachable + "c" not in names  # no import of the app's reaches it
    assert len(names) < 400
    assert "asyncio" in order and "typing" in order
    assert order.index("enum") < order.index("re") < order.index("asyncio")
    assert not any(name.startswith(("pyodide", "_pyodide")) for name in order)


PYC_HEADER = struct.Struct("<4sIQ")  # magic, flags, source hash (PEP 552)


@needs_node_modules
def test_bytecode_is_the_same_when_compiled_again_and_checks_no_mtime() -> None:
    """Pyodide under Node compiles the same source to the same bytes in another process (the zip's bytes
    do not depend on the build cache), as an unchecked-hash pyc: the page never compares it with a
    source (it has none) nor with a file time."""
    sources = {rel: (ROOT / rel).read_bytes() for rel in ("py/kassen/app/query.py", "py/kassen/engine/rng.py")}
    cached = build.bytecode(sources)
    fresh = {rel: base64.b64decode(data) for rel, data in build._compile_in_pyodide(
        {rel: base64.b64encode(src).decode("ascii") for rel, src in sources.items()}).items()}
    assert fresh == cached
    for rel, pyc in fresh.items():
        magic, flags, source_hash = PYC_HEADER.unpack_from(pyc)
        assert magic.endswith(b"\r\n") and flags == 0b01, rel  # hash-based, check_source off
        assert source_hash != 0


def test_a_missing_node_fails_the_build_clearly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    with pytest.raises(build.BuildError, match="node is not installed"):
        build._compile_in_pyodide({"py/kassen/x.py": ""})
    monkeypatch.setattr(build, "PYODIDE_PKG", ROOT / "node_modules" / "no-such-package")
    with pytest.raises(build.BuildError, match="node_modules/pyodide is missing"):
        build.bytecode({"py/kassen/x.py": b""})


@needs_node_modules
def test_a_module_pyodide_cannot_compile_fails_the_build_with_its_error(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(build.BuildError, match=r"tools/pyc.mjs failed[\s\S]*SyntaxError"):
        build._compile_in_pyodide({"py/kassen/broken.py": base64.b64encode(b"def f(:\n").decode("ascii")})


def test_dist_is_only_repo_files_and_pinned_runtime_files(dist: Path) -> None:
    """Every file in dist/ comes from the repo or the pinned npm packages: nothing fetched from outside."""
    origins = [ROOT, ROOT / "node_modules" / "pyodide", ROOT / "node_modules" / "@pyscript" / "core" / "dist"]
    runtime = re.compile(r"runtime/(pyodide|pyscript)/[^/]+/")
    # what the build writes itself, computed once (the plan draws every scenario's map)
    planned, fonts = build.plan(), build.font_files()[0]
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        rel = path.relative_to(dist).as_posix()
        if rel == build.ARCHIVE_NAME:
            assert path.read_bytes() == build.app_archive_bytes()
            continue
        if rel == build.STDLIB_NAME:  # Pyodide's standard library, part of it compiled by Pyodide
            assert path.read_bytes() == build.stdlib_zip_bytes()[0]
            continue
        if rel in ("sw-manifest.json", "index.html") or rel.startswith("maps/"):  # written by the build
            assert path.read_bytes() == planned[rel]
            continue
        if rel.startswith("runtime/fonts/noto-sans-jp/") or rel == build.PAGE_FONT_CSS:
            # the font package's files; its stylesheets are built (the page's own slices in static/css)
            if rel == build.PAGE_FONT_CSS:
                assert path.read_bytes() == fonts[rel]
                continue
            font_rel = rel.split("/", 4)[4]
            source = fonts[rel]
            expected = source if isinstance(source, bytes) else source.read_bytes()
            assert path.read_bytes() == expected, rel
            if not isinstance(source, bytes):
                assert source == ROOT / "node_modules" / "@fontsource" / "noto-sans-jp" / font_rel
            continue
        if rel == "sw.js":
            assert path.read_bytes() == (ROOT / build.SW_SOURCE).read_bytes()
            continue
        match = runtime.match(rel)
        candidates = [origins[1] / rel[match.end():], origins[2] / rel[match.end():]] if match else [ROOT / rel]
        assert any(c.is_file() and c.read_bytes() == path.read_bytes() for c in candidates), rel


def test_the_page_declares_the_slices_of_its_own_texts_before_any_text_is_laid_out(dist: Path) -> None:
    """The faces of the Japanese slices that the page's own words use are in a stylesheet of the page's
    head (a rule added later by script left Chromium drawing empty boxes for some texts); the other
    slices are in the stylesheet added after the first paint, each face in exactly one of the two."""
    html = (dist / "index.html").read_text(encoding="utf-8")
    head = html[:html.index("</head>")]
    assert head.index(f'href="./{build.PAGE_FONT_CSS}"') < head.index('href="./static/css/kassen.css"')
    page = (dist / build.PAGE_FONT_CSS).read_text(encoding="utf-8")
    later = next(dist.glob(f"runtime/fonts/noto-sans-jp/*/{build.FONT_CSS}")).read_text(encoding="utf-8")
    named = re.compile(r"url\((?:\.\./\.\./runtime/fonts/noto-sans-jp/[^/]+)?\.?/?files/([^)]+)\)")
    in_page, in_later = set(named.findall(page)), set(named.findall(later))
    assert in_page and in_later and not in_page & in_later
    for name in in_page:  # every url resolves from static/css/
        assert (dist / "static" / "css" / page.split(f"files/{name}")[0].rsplit("url(", 1)[1]
                / "files" / name).resolve().is_file(), name
    # the characters of the header's buttons are in the page's slices (ゲ of ゲーム, 遊 of 遊び方)
    ranges = re.findall(r"unicode-range: ([^;]+);", page)
    covered = [build._ranges(r) for r in ranges]
    for ch in "ゲ遊裁ル":
        assert any(lo <= ord(ch) <= hi for spans in covered for lo, hi in spans), ch


def test_dist_has_the_runtime_the_page_needs(dist: Path) -> None:
    pyodide = dist / "runtime" / "pyodide" / PINS["pyodide"]
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert (pyodide / name).is_file(), name  # python_stdlib.zip: the bare boot of `make bench`
    assert (dist / build.STDLIB_NAME).is_file() and (dist / build.ARCHIVE_NAME).is_file()
    pyscript = dist / "runtime" / "pyscript" / PINS["@pyscript/core"]
    assert (pyscript / "core.js").is_file()
    assert not list(pyscript.glob("*.map")), "source maps are not shipped"
    assert not list(pyscript.glob("xterm*")) and not list(pyscript.glob("codemirror*")), "unused chunks"
    for name in ("index.html", "pyscript.toml", "static/js/boot.js", "static/css/kassen.css",
                 "static/bench/bare.html", "static/js/bare.js"):
        assert (dist / name).is_file(), name


OUTSIDE_REF = re.compile(
    r"""(?:\b(?:src|href|action|poster|data)\s*=\s*["']?\s*(?:[a-z][a-z0-9+.-]*:)?//)"""  # HTML attributes
    r"""|(?:\bimport\s*(?:\(|[^;'"]*from)\s*["'](?:[a-z][a-z0-9+.-]*:)?//)"""           # JS imports
    r"""|(?:url\(\s*["']?(?:[a-z][a-z0-9+.-]*:)?//)"""                                   # CSS
    r"""|(?:@import\s+["'](?:[a-z][a-z0-9+.-]*:)?//)""",
    re.I,
)


def test_served_sources_reference_nothing_outside() -> None:
    sources = [ROOT / "index.html", *(p for p in (ROOT / "static").rglob("*") if p.is_file()
                                      and p.suffix in {".html", ".js", ".css", ".svg"})]
    for path in sources:
        text = path.read_text("utf-8")
        hits = [m.group(0) for m in OUTSIDE_REF.finditer(text)]
        assert not hits, f"{path.relative_to(ROOT)}: {hits}"


def test_pyscript_toml_is_local_and_installs_nothing() -> None:
    config = tomllib.loads((ROOT / "pyscript.toml").read_text("utf-8"))
    # Pyodide as static/js/runtime.mjs starts it (early, from a snapshot when there is one): the pinned one
    assert config["interpreter"] == "./static/js/runtime.mjs"
    runtime = (ROOT / "static" / "js" / "runtime.mjs").read_text("utf-8")
    assert f'from "../../runtime/pyodide/{PINS["pyodide"]}/pyodide.mjs"' in runtime
    assert "files" not in config  # static/js/runtime.mjs unpacks app/kassen.tar.gz itself
    assert "packages" not in config and "js_modules" not in config and "fetch" not in config
    assert not re.search(r"https?://", (ROOT / "pyscript.toml").read_text("utf-8"))


@needs_node_modules
@pytest.mark.skipif(shutil.which("node") is None, reason="node not installed")
def test_pyscript_reads_pyscript_toml_as_tomllib_does(tmp_path: Path) -> None:
    """PyScript parses the config with its own small TOML reader; it must agree with a real parser."""
    chunks = sorted((ROOT / "node_modules" / "@pyscript" / "core" / "dist").glob("toml-*.js"))
    parser = next(c for c in chunks if len(c.read_text("utf-8")) < 5000)  # the config reader, not the editor's
    script = tmp_path / "parse.mjs"
    script.write_text(
        'import { readFileSync } from "node:fs";\n'
        f'const {{ parse }} = await import({json.dumps(parser.as_uri())});\n'
        f'console.log(JSON.stringify(parse(readFileSync({json.dumps(str(ROOT / "pyscript.toml"))}, "utf8"))));\n'
    )
    out = subprocess.run(["node", str(script)], capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == tomllib.loads((ROOT / "pyscript.toml").read_text("utf-8"))


@needs_node_modules
def test_build_is_idempotent_and_removes_stale_files(tmp_path: Path) -> None:
    out = tmp_path / "dist"
    first = build.build(out)
    assert first["written"] > 0
    (out / "stale.js").write_text("old")
    (out / "runtime" / "pyodide" / "0.0.1").mkdir(parents=True)
    (out / "runtime" / "pyodide" / "0.0.1" / "pyodide.mjs").write_text("old")
    again = build.build(out)
    assert again == {"written": 0, "unchanged": first["written"], "removed": 2}
    assert not (out / "stale.js").exists() and not (out / "runtime" / "pyodide" / "0.0.1").exists()


@needs_node_modules
def test_build_command_line_rewrites_nothing_when_nothing_changed(tmp_path: Path) -> None:
    """What makes a rebuild quick is that it is incremental (its time is printed, not asserted: a
    timed assertion fails on a busy machine, not on slow code): the command line, run on a fresh
    build, writes nothing, the pre-rendered maps included."""
    out = tmp_path / "dist"
    first = build.build(out)
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--dist", str(out)],
                          capture_output=True, text=True, check=True)
    assert re.search(rf"\b0 written, {first['written']} unchanged", done.stdout), done.stdout
    assert re.search(r"in [\d.]+ s", done.stdout)


def test_offline_manifest_lists_the_app_and_versions_its_content(dist: Path) -> None:
    """The service worker caches every file the app needs (not the benchmark page), under a version
    that changes when any of them changes."""
    manifest = json.loads((dist / "sw-manifest.json").read_text(encoding="utf-8"))
    files = set(manifest["files"])
    assert {"./", "index.html", "pyscript.toml", "app/kassen.tar.gz", "app/stdlib.zip", "static/js/boot.js",
            "static/js/unpack.mjs"} <= files
    assert not any(f.endswith("/python_stdlib.zip") for f in files)  # the page never asks for Pyodide's own
    assert any(f.endswith("/pyodide.asm.wasm") for f in files) and any(f.endswith("/core.js") for f in files)
    assert not any(f.startswith("static/bench/") or f in ("sw.js", "sw-manifest.json") for f in files)
    assert all((dist / f).is_file() for f in files if f != "./")
    plan = build.plan()
    changed = dict(plan, **{"pyscript.toml": b"changed"})
    assert json.loads(build.offline_manifest(changed))["version"] != manifest["version"]


def test_the_japanese_font_is_bundled_and_its_needed_slices_cached_offline(dist: Path) -> None:
    """Kanji must render on a machine without Japanese fonts: the font's Japanese slices are in dist/,
    named by a stylesheet; the slices holding the characters of the page's own texts are cached for
    offline use, the rest only when a page needs them."""
    base = f"runtime/fonts/noto-sans-jp/{PINS['@fontsource/noto-sans-jp']}"
    later = (dist / base / "noto-sans-jp.css").read_text("utf-8")
    page = (dist / "static" / "css" / "fonts.css").read_text("utf-8")  # the page's own slices, in its head
    css = page + later
    assert css.count("@font-face") == 240 and "font-display: swap" in css and ".woff)" not in css
    assert (dist / base / "LICENSE").is_file()
    manifest = json.loads((dist / "sw-manifest.json").read_text("utf-8"))["files"]
    cached = [f for f in manifest if f.startswith(base + "/files/")]
    assert 0 < len(cached) < 240
    faces = re.findall(r"url\((?:\.\./\.\./[^)]*?)?\.?/?files/([^)]+)\)[^}]*unicode-range: ([^;]+);", css)
    assert len(faces) == 240
    assert {f"{base}/files/{name}" for name, _ in re.findall(r"files/([^)]+)\)[^}]*unicode-range: ([^;]+);", page)} \
        == set(cached)  # what the page's texts use is declared at once and cached for offline use
    for ch in "合戦剣刀槍軽奉天":  # the header, Ikedaya's skill marks, a place name
        holding = [name for name, ranges in faces if any(
            int(lo, 16) <= ord(ch) <= int(hi or lo, 16)
            for lo, _, hi in (r.strip()[2:].partition("-") for r in ranges.split(",")))]
        assert len(holding) == 2 and all(f"{base}/files/{name}" in cached for name in holding), ch
    assert f"{base}/noto-sans-jp.css" in manifest
    preview = (ROOT / "static" / "js" / "preview.js").read_text("utf-8")  # added once the map is shown
    assert f"./{base}/noto-sans-jp.css" in preview


def test_every_scenario_has_its_map_drawn_at_build_time(dist: Path) -> None:
    """The page shows maps/<scenario>.svg before Python starts: one per scenario the page offers (a new
    scenario is covered without anyone listing it), drawn by the app's renderer with the starting
    counters, and named in index.html so the page never asks for a map that is not there."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from kassen.games import load_rules, scenario_ids
    finally:
        sys.path.remove(str(ROOT / "py"))
    ids = scenario_ids()
    assert len(ids) >= 3
    page = (dist / "index.html").read_text("utf-8")
    named = re.search(r'<meta name="kassen-maps" content="([^"]*)">', page)
    assert named and named.group(1).split() == ids
    for sid in ids:
        svg = (dist / "maps" / f"{sid}.svg").read_text("utf-8")
        rules = load_rules(sid)
        drawn = prerender.picture(rules.render_svg(rules.view_for(rules.setup(1), None), highlight=(), selected=None))
        for attribute in ("data-cell", "data-unit", "data-at", "data-layer"):  # the same map and counters
            pattern = re.compile(attribute + r'="([^"]*)"')
            assert sorted(pattern.findall(svg)) == sorted(pattern.findall(drawn)), (sid, attribute)
        assert len(svg) == len(drawn)  # only the order of some marks may differ (hash seed)
        assert svg.startswith("<svg") and 'data-layer="units"' in svg and "data-cell=" in svg
        assert "data-unit=" in svg, f"{sid}: the starting counters are drawn"
        assert "<script" not in svg and "href=" not in svg
        board = (dist / "maps" / "board" / f"{sid}.svg").read_text("utf-8")  # for links: the map alone
        assert "data-unit=" not in board and board.count("data-cell=") == svg.count("data-cell=")
        # the same pictures drawn in Japanese, for a Japanese reader (static/js/preview.js)
        ja = (dist / "maps" / "ja" / f"{sid}.svg").read_text("utf-8")
        assert ja == prerender.picture(rules.draw(rules.view_for(rules.setup(1), None), lang="ja")) and ja != svg
        # a picture: nothing only the live map uses (styles, screen-reader words, tab stops)
        assert not re.search(r'\s(class|role|tabindex|aria-label)="|<title>', svg + ja)
        assert (dist / "maps" / "ja" / "board" / f"{sid}.svg").read_text("utf-8").count("data-cell=") == \
            svg.count("data-cell=")
    manifest = json.loads((dist / "sw-manifest.json").read_text("utf-8"))
    assert {f"maps/{d}{sid}.svg" for sid in ids for d in ("", "board/", "ja/", "ja/board/")} \
        <= set(manifest["files"])  # offline too


def test_the_loading_panel_states_the_download_as_sent(dist: Path) -> None:
    page = (dist / "index.html").read_text("utf-8")
    stated = re.search(r'<span id="loading-size">about ([\d.]+) MB</span>', page)
    assert stated
    assert abs(float(stated.group(1)) * 1e6 - build.first_visit_bytes(build.plan())) <= 0.05e6
    # compressed as sent: well under the raw runtime (9.6 MB of wasm alone)
    assert 3 < float(stated.group(1)) < 9
