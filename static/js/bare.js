// Bare Pyodide boot, the baseline of tests/browser/test_timing.py: same local runtime as the app, no
// PyScript, no app code. Sets <body data-ready="1"> when Python has run its first statement.
import { loadPyodide } from "../../runtime/pyodide/314.0.7/pyodide.mjs";

const pyodide = await loadPyodide();
pyodide.runPython("import sys");
document.body.dataset.ready = "1";
