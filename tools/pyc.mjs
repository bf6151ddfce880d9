// Compile the app's Python modules with the Python the page runs (tools/build.py runs this under Node).
//
// Why: Pyodide never writes bytecode (sys.dont_write_bytecode), so without shipped bytecode every start
// compiles each imported module from source again. Bytecode is tied to the interpreter's version (its
// magic number), so only the pinned Pyodide itself can make bytecode the page accepts: CPython 3.11 on
// the build machine cannot. They are "unchecked hash" pycs (PEP 552): nothing about them depends on a
// file's time, and the import system never compares them with a source.
// The pages run Python at the default optimisation level, so these are the plain .cpython-3NN.pyc files,
// compiled without column ranges (PYTHONNODEBUGRANGES: ~28% smaller; a traceback loses only the ^^^
// under the failing expression).
//
// Checked-hash pycs on request ("checked": true): for sources the page writes itself (PyScript's Python
// package), which Python then compiles only if the source differs from the one compiled here.
//
// stdin: JSON {"root": "/home/pyodide/app", "files": {"py/kassen/x.py": "<source, base64>", ...}[, "checked": true]}
// stdout: JSON {"version", "magic", "cache_tag", "pyc": {"py/kassen/x.py": "<its .pyc, base64>", ...}}
// The sources are compiled at the paths the page unpacks them to (root), so the code objects hold the
// same file names on every build machine. On an error: its last lines on stderr, exit status 1.

import { loadPyodide } from "pyodide";

const COMPILE = `
import base64, importlib.util, json, py_compile, sys
from pathlib import Path

result = {"version": sys.version, "magic": importlib.util.MAGIC_NUMBER.hex(),
          "cache_tag": sys.implementation.cache_tag, "pyc": {}}
for rel in sorted(_names):
    target = py_compile.compile(f"{_root}/{rel}", doraise=True,
                                invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH if _checked
                                else py_compile.PycInvalidationMode.UNCHECKED_HASH)
    result["pyc"][rel] = base64.b64encode(Path(target).read_bytes()).decode("ascii")
json.dumps(result)
`;

async function compile(root, files, checked) {
  const quiet = () => {};
  const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" }, stdout: quiet, stderr: quiet });
  for (const [rel, source] of Object.entries(files)) {
    const path = `${root}/${rel}`;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, Buffer.from(source, "base64"));
  }
  pyodide.globals.set("_root", root);
  pyodide.globals.set("_names", Object.keys(files));
  pyodide.globals.set("_checked", Boolean(checked));
  return pyodide.runPython(COMPILE);
}

try {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const { root, files, checked } = JSON.parse(Buffer.concat(chunks).toString("utf-8"));
  process.stdout.write(await compile(root, files, checked));
} catch (error) {
  // the end of the Python error (a PythonError's message is its traceback), not Node's dump of the
  // minified line that threw
  const lines = String(error?.message ?? error).trim().split("\n");
  process.stderr.write(`${lines.slice(-6).join("\n")}\n`);
  process.exit(1);
}
