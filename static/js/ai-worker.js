// The computer opponent's thinking, off the page's main thread (issue 12): a plain module Web Worker
// that loads the same local Pyodide as the page and the same app archive, then runs kassen.ai.worker.
// Works under the site's Content-Security-Policy as it is (script-src 'self' 'wasm-unsafe-eval'; no
// COOP/COEP headers needed: nothing is shared, messages are JSON text).
//
// Messages in:  {type: "think", request: "<JSON: id, scenario, view, events, level, seed[, seconds]>"}
//               {type: "stop"}   -- stop waiting: answer at once with the best move so far
// Messages out: {type: "ready"} once Python is up; {type: "move", result: "<JSON: id, action, seconds,
//               work, done>"}; {type: "error", message} (the page then thinks on its main thread).
//
// The search runs in slices of about 40 ms; between slices the loop yields to the worker's event loop,
// so a "stop" message is read within one slice.
import { loadPyodide } from "../../runtime/pyodide/314.0.7/pyodide.mjs";
import { unpack } from "./unpack.mjs";

const SLICE_SECONDS = 0.04;
let session = null;
let stopRequested = false;
let busy = false;

const ready = (async () => {
  const pyodide = await loadPyodide({
    indexURL: new URL("../../runtime/pyodide/314.0.7/", import.meta.url).href,
    stdLibURL: new URL("../../app/stdlib.zip", import.meta.url).href, // the page's: bytecode, see runtime.mjs
  });
  const archive = await fetch(new URL("../../app/kassen.tar.gz", import.meta.url));
  if (!archive.ok) throw new Error(`app/kassen.tar.gz: HTTP ${archive.status}`);
  await unpack(pyodide.FS, await archive.arrayBuffer(), "/home/pyodide/app", { "home/": "/home/pyodide" });
  pyodide.runPython("import sys\nif '/home/pyodide/app/py' not in sys.path: sys.path.insert(0, '/home/pyodide/app/py')");
  const module = pyodide.pyimport("kassen.ai.worker");
  session = module.Session();
  postMessage({ type: "ready" });
})().catch((err) => postMessage({ type: "error", message: String(err && err.message || err) }));

const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

async function think(request) {
  await ready;
  if (!session) return;
  busy = true;
  stopRequested = false;
  try {
    const started = JSON.parse(session.start(request));
    if (started.error) {
      postMessage({ type: "error", message: started.error });
      return;
    }
    while (!stopRequested && !session.step(SLICE_SECONDS)) {
      await pause(); // let a "stop" message in
    }
    postMessage({ type: "move", result: session.best() });
  } catch (err) {
    postMessage({ type: "error", message: String(err && err.message || err) });
  } finally {
    busy = false;
  }
}

onmessage = (event) => {
  const data = event.data || {};
  if (data.type === "think" && typeof data.request === "string" && !busy) {
    think(data.request);
  } else if (data.type === "stop") {
    stopRequested = true;
  }
};
