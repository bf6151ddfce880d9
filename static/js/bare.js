// Bare Pyodide boot, the baseline of tests/browser/test_timing.py: same local runtime as the app, no
// PyScript, no app code. Sets <body data-ready="1"> when Python has run its first statement.
// ?stdlib=app boots it with the app's standard library (app/stdlib.zip) instead of Pyodide's own: the
// bench prints that too, to show what the precompiled standard library alone gains.
import { loadPyodide } from "../../runtime/pyodide/314.0.7/pyodide.mjs";

const options = new URLSearchParams(location.search).get("stdlib") === "app"
  ? { stdLibURL: new URL("../../app/stdlib.zip", import.meta.url).href }
  : {};
const pyodide = await loadPyodide(options);
pyodide.runPython("import sys");
document.body.dataset.ready = "1";
