// The page's standard library: the modules the app can import, as bytecode made by the pinned Pyodide
// (tools/build.py runs this under Node and ships the result as app/stdlib.zip; the page, the computer's
// worker and the snapshot worker pass it to loadPyodide as stdLibURL).
//
// Why: Pyodide's python_stdlib.zip holds sources only and Pyodide never writes bytecode, so every start
// compiled the ~130 modules Pyodide, PyScript and kassen import (asyncio, inspect, typing, ast, ...) from
// source again: about 1 s of the 1.6 s a bare Pyodide boot takes here. With bytecode the boot takes a
// third of that. Modules nothing can import are left out (a smaller download).
//
// Which modules: those a bare Pyodide boot imports, and every module the app, PyScript's Python package
// and Pyodide's own Python packages (pyodide, _pyodide) import anywhere, followed through the standard
// library by modulefinder (every import statement, also those inside functions and under conditions),
// plus EXTRA below (modules found by name at run time, which no import statement names).
//
// The order a start imports them in (dependencies first) is written into the page (tools/build.py: <meta
// name="kassen-python-warmup">): static/js/runtime.mjs imports them one by one in slices of a few tens of
// milliseconds between Python's start and Pyodide's own imports, so no single task blocks the page for
// long. The order is recorded by booting a second Pyodide whose standard library has a sitecustomize
// module (run early in Python's start) that notes each module as its import completes.
//
// stdin:  JSON {"stock": "<path of Pyodide's python_stdlib.zip>", "roots": {"<dir>/<path>.py": "<source,
//         base64>", ...}} where <dir> is an import root ("py" for py/kassen/..., "pyscript" for PyScript's)
// stdout: JSON {"version", "magic", "compiled": [modules as bytecode], "sources": [modules as source],
//         "order": [the modules a start imports, dependencies first], "zip": "<the new zip, base64>"}
// On an error: its last lines on stderr, exit status 1.

import { loadPyodide } from "pyodide";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Build time only: notes every module as its import completes (a module whose body is still running is
// noted later, once it has finished), so ORDER lists dependencies before the modules that need them.
const TRACKER = `
import builtins, sys
ORDER = []
_seen = set(sys.modules)
_import = builtins.__import__

def note():
    for name, module in list(sys.modules.items()):
        if name not in _seen and not getattr(getattr(module, "__spec__", None), "_initializing", False):
            _seen.add(name)
            ORDER.append(name)

def _noting_import(*args, **kwargs):
    try:
        return _import(*args, **kwargs)
    finally:
        note()

builtins.__import__ = _noting_import
`;

const WITH_TRACKER = `
import zipfile
with zipfile.ZipFile(_stock) as src, zipfile.ZipFile(_out, "w", zipfile.ZIP_STORED) as out:
    for info in src.infolist():
        out.writestr(info, src.read(info))
    out.writestr("sitecustomize.py", _tracker)
`;

const BUILD = `
import sys
BOOTED = set(sys.modules) - {"sitecustomize"}  # before this script imports anything
import base64, importlib, zipfile
import sitecustomize  # the build's import tracker (see TRACKER)
from pathlib import Path

ZIP_PREFIX = "/lib/python314.zip/"
# Imported in the page but not here: the codecs the app, zipfile and JSON use (encodings looks them up by
# name), and what PyScript's package imports after the part that fails outside a page (pyscript.display:
# html). tests/browser/test_startup.py fails on any module the page imports from source.
EXTRA = {"encodings.ascii", "encodings.latin_1", "encodings.utf_8", "encodings.utf_8_sig", "encodings.aliases",
         "encodings.cp437", "html", "html.entities"}
STAGE = "/tmp/kassen-stdlib"
# Read by name, never imported by a statement: kept as they are (sysconfig reads its data module by name).
KEEP = {rel for rel in zipfile.ZipFile(_stock).namelist() if rel.startswith("_sysconfigdata_")}

def loaded_from_zip():
    """stdlib path (in the zip) of every module imported so far."""
    found = {}
    for name, module in list(sys.modules.items()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.startswith(ZIP_PREFIX):
            found[name] = origin[len(ZIP_PREFIX):]
    return found

SCRIPT = set(sys.modules) - BOOTED  # what this script imported for itself so far
stock = zipfile.ZipFile(_stock)
stock.extractall(STAGE + "/lib")
roots = {}
for rel, source in _roots.items():
    path = Path(STAGE) / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(base64.b64decode(source))
    root, _, inner = rel.partition("/")
    parts = inner[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    roots.setdefault(root, []).append(".".join(parts))

# What a start imports: Pyodide's boot, then every module of the app and of PyScript's package (those
# that need the page, such as kassen.ui, fail here after importing what they import first).
sys.path[:0] = [STAGE + "/" + root for root in sorted(roots)]
for names in roots.values():
    for name in names:
        if name.endswith("__main__"):
            continue  # a command-line entry point runs when imported; the page never imports it
        try:
            importlib.import_module(name)
        except Exception:
            pass
        sitecustomize.note()
for name in EXTRA:
    importlib.import_module(name)
sitecustomize.note()
from_zip = loaded_from_zip()
from_zip.pop("sitecustomize", None)
imported = {rel for name, rel in from_zip.items() if name in BOOTED or name not in SCRIPT}
# Pyodide's own packages need Pyodide's set-up (its core, the js module): they stay where its boot has them.
# What a start imports before the app runs (Pyodide's boot), dependencies first, for the page to import in
# slices (static/js/runtime.mjs).
order = [name for name in sitecustomize.ORDER if name in BOOTED and name in from_zip
         and name.partition(".")[0] not in ("pyodide", "_pyodide")]

import importlib.util, io, json, marshal, modulefinder

# What an import statement anywhere in those modules can reach, through the standard library.
search = [STAGE + "/" + root for root in sorted(roots)] + [STAGE + "/lib"]
finder = modulefinder.ModuleFinder(path=search)
for name in [m for names in roots.values() for m in names] + sorted(from_zip):
    finder.import_hook(name)
lib = STAGE + "/lib/"
reachable = {m.__file__[len(lib):] for m in finder.modules.values()
             if m.__file__ and m.__file__.startswith(lib) and m.__file__.endswith(".py")}

def pyc(rel, source):
    code = compile(source, ZIP_PREFIX + rel, "exec", dont_inherit=True)
    header = importlib.util.MAGIC_NUMBER + (0b01).to_bytes(4, "little") + importlib.util.source_hash(source)
    return header + marshal.dumps(code)

out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
    for rel in sorted(imported | reachable | KEEP):
        compiled = rel in imported
        info = zipfile.ZipInfo(rel + "c" if compiled else rel, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o100644 << 16
        info.create_system = 3
        data = stock.read(rel)
        zf.writestr(info, pyc(rel, data) if compiled else data, compresslevel=9)

def module(rel):
    return rel[:-3].replace("/", ".").removesuffix(".__init__")

compiled = sorted(module(r) for r in imported)
sources = sorted(module(r) for r in (reachable | KEEP) - imported)
json.dumps({"version": sys.version, "magic": importlib.util.MAGIC_NUMBER.hex(), "compiled": compiled, "sources": sources,
            "order": order,
            "zip": base64.b64encode(out.getvalue()).decode("ascii")})
`;

async function build(stock, roots) {
  const quiet = () => {};
  // Pyodide's standard library with the import tracker, for a second Pyodide to start from
  const first = await loadPyodide({ stdout: quiet, stderr: quiet });
  first.FS.writeFile("/tmp/stock.zip", readFileSync(stock));
  first.globals.set("_stock", "/tmp/stock.zip");
  first.globals.set("_out", "/tmp/tracked.zip");
  first.globals.set("_tracker", TRACKER);
  first.runPython(WITH_TRACKER);
  const dir = mkdtempSync(join(tmpdir(), "kassen-stdlib-"));
  const tracked = join(dir, "python_stdlib.zip");
  writeFileSync(tracked, first.FS.readFile("/tmp/tracked.zip"));
  let pyodide;
  try {
    // no column ranges in the bytecode (like tools/pyc.mjs): smaller, and a traceback keeps file and line
    pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" }, stdLibURL: tracked, stdout: quiet, stderr: quiet });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  pyodide.FS.writeFile("/tmp/stock.zip", readFileSync(stock));
  pyodide.globals.set("_stock", "/tmp/stock.zip");
  pyodide.globals.set("_roots", pyodide.toPy(roots));
  return pyodide.runPython(BUILD);
}

try {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const { stock, roots } = JSON.parse(Buffer.concat(chunks).toString("utf-8"));
  process.stdout.write(await build(stock, roots));
} catch (error) {
  const lines = String(error?.message ?? error).trim().split("\n");
  process.stderr.write(`${lines.slice(-6).join("\n")}\n`);
  process.exit(1);
}
