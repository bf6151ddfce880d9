// Boot feedback for kassen: shows which stage of the start-up is running and turns boot failures into a
// readable message in the page's role="alert" element. Loads PyScript itself (a dynamic import, so a
// missing or blocked runtime is reported too instead of leaving the page silently stuck).
//
// Stages come from what PyScript 0.7.31 / Pyodide 314 expose: the "py:progress" events PyScript
// dispatches on window while it sets Pyodide up ("Loading interpreter", "Loading files", ...), the
// download of pyodide.asm.wasm finishing (Resource Timing), and PyScript's documented main.onReady hook.
// Once Python sets <body data-ready="1"> the stylesheet hides the loading panel.

const PYSCRIPT = "../../runtime/pyscript/0.7.31/core.js";
const STAGES = [
  "Downloading the Python runtime…",
  "Starting Python…",
  "Loading the game engine…",
  "Starting the game…",
];

const $ = (id) => document.getElementById(id);
let stage = 1; // the page's HTML already shows stage 1
const isReady = () => document.body.dataset.ready === "1";
const hasFailed = () => document.body.dataset.boot === "failed";

function setStage(n) {
  if (n <= stage || hasFailed()) return;
  stage = n;
  $("loading-stage").textContent = STAGES[n - 1];
  const bar = $("loading-progress");
  bar.value = n;
  bar.textContent = `Step ${n} of ${STAGES.length}`;
}

// The last line of a Python traceback names the exception ("ValueError: ..."): the readable part.
function summary(text) {
  const lines = String(text).trim().split("\n").map((l) => l.trim()).filter(Boolean);
  return lines.length ? lines[lines.length - 1] : "unknown error";
}

function showError(headline, details) {
  if (!isReady()) {
    document.body.dataset.boot = "failed";
    $("loading-stage").textContent = "kassen could not start.";
  }
  const box = document.createElement("div");
  box.className = "message error";
  const p = document.createElement("p");
  p.textContent = headline;
  box.append(p);
  if (details) {
    const more = document.createElement("details");
    const label = document.createElement("summary");
    label.textContent = "Technical details";
    const pre = document.createElement("pre");
    pre.textContent = details;
    more.append(label, pre);
    box.append(more);
  }
  $("messages").append(box);
}

// Stage 2: the wasm has arrived, Python is being compiled and initialised. The same observer reports a
// runtime file that failed to download: Pyodide only logs a failed wasm download, then waits forever.
if ("PerformanceObserver" in window) {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const essential = /\/(runtime|app)\/|\/pyscript\.toml$/.test(new URL(entry.name).pathname);
      if (essential && entry.responseStatus >= 400 && !isReady() && !hasFailed()) {
        const file = entry.name.split("/").pop();
        showError(`kassen could not start: ${file} could not be downloaded (HTTP ${entry.responseStatus}).`);
      } else if (entry.name.endsWith("/pyodide.asm.wasm")) {
        setStage(2);
      }
    }
  }).observe({ type: "resource", buffered: true });
}

addEventListener("py:progress", ({ detail }) => {
  if (detail === "Loaded interpreter") setStage(2);
});
// static/js/runtime.mjs: Python is up and the app's files are being unpacked
addEventListener("kassen:stage", ({ detail }) => setStage(detail));

// JS-level failures while booting (runtime file missing, WebAssembly blocked, ...).
addEventListener("error", (event) => {
  if (!isReady() && !hasFailed()) showError(`kassen could not start: ${event.message}`, event.error?.stack);
});
addEventListener("unhandledrejection", (event) => {
  if (isReady() || hasFailed()) return;
  const reason = event.reason;
  showError(`kassen could not start: ${reason?.message ?? reason}`, reason?.stack);
});

try {
  const { hooks } = await import(PYSCRIPT);
  // PyScript turns worker hooks into code with Function() as soon as any is registered, even on the
  // main thread; its one default worker hook would thus need CSP 'unsafe-eval'. kassen runs no
  // PyScript worker, so dropping it keeps script-src at 'self' 'wasm-unsafe-eval'.
  hooks.worker.onBeforeRunAsync.clear();
  hooks.main.onReady.add((wrap) => {
    setStage(4);
    // PyScript reports uncaught Python exceptions (and sys.stderr lines) through io.stderr: put the
    // exceptions on the page; everything still reaches the console as before.
    const stderr = wrap.io.stderr;
    wrap.io.stderr = (error, ...rest) => {
      if (error instanceof Error) {
        const what = isReady() ? "Something went wrong" : "kassen could not start";
        showError(`${what}: ${summary(error.message)}`, error.message);
      }
      return stderr(error, ...rest);
    };
  });
} catch (error) {
  showError("kassen could not start: the Python runtime failed to load.", String(error?.stack ?? error));
}

// A quicker next visit: once the page is ready and quiet, a worker makes the Python memory snapshot that
// static/js/runtime.mjs starts from next time (unless this visit already started from one). Skipped under
// browser automation (every browser test would boot a second Pyodide) unless a test asks for it with
// window.__kassenMakeSnapshot.
function makeSnapshot() {
  const root = document.documentElement;
  const appHash = document.querySelector('meta[name="kassen-app"]')?.content;
  if (root.dataset.snapshot !== "none" || !appHash || !("caches" in window) || !("Worker" in window)) return;
  if (navigator.webdriver && !window.__kassenMakeSnapshot) return;
  // an embed lives in a blog's storage partition: tens of MB for each blog a reader passes is no gain
  if (document.body.classList.contains("embed")) return;
  root.dataset.snapshot = "making";
  const worker = new Worker(new URL("./snapshot-worker.js", import.meta.url), { type: "module" });
  worker.onmessage = ({ data }) => {
    root.dataset.snapshot = data.state;
    if (data.error) console.warn("kassen: no Python snapshot for the next visit:", data.error);
    worker.terminate();
  };
  worker.onerror = () => {
    root.dataset.snapshot = "failed";
    worker.terminate();
  };
  worker.postMessage({ appHash });
}
const whenIdle = (task) => setTimeout(() => ("requestIdleCallback" in window ? requestIdleCallback(task, { timeout: 5000 }) : task()), 1000);

// Offline use: register the service worker (dist/sw.js) once the page is interactive, so caching the
// site never competes with start-up. Registration failing (an old browser, a file:// page) changes nothing.
if ("serviceWorker" in navigator) {
  const register = () => {
    navigator.serviceWorker.register("./sw.js").catch(() => {});
    whenIdle(makeSnapshot);
  };
  if (isReady()) register();
  else {
    const watch = new MutationObserver(() => {
      if (isReady()) {
        watch.disconnect();
        register();
      }
    });
    watch.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  }
}
