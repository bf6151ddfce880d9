// The Python runtime PyScript starts (pyscript.toml's `interpreter`): Pyodide's own loadPyodide, with two
// differences that make the page ready sooner while PyScript stays the page's runtime.
//
// 1. It starts at once: static/js/preview.js calls start() as soon as the page has been parsed, so
//    Pyodide downloads and boots while PyScript loads its own modules and reads pyscript.toml (a chain of
//    requests a bare Pyodide page does not wait for). When PyScript then calls loadPyodide(options), it
//    gets that same interpreter; its stdout/stderr handlers are connected to it from then on (Python runs
//    nothing before PyScript does, so nothing is printed before).
// 2. It restores a memory snapshot when this browser has one: the interpreter's memory after Python
//    started and imported kassen, made on this device after a first visit (static/js/snapshot-worker.js,
//    in a worker once the page is ready) and kept in Cache Storage under the Pyodide version and the
//    app's build hash. A snapshot is used only when both match this page; anything wrong with it
//    (missing, another build, refused by Pyodide) means an ordinary boot, and a bad one is thrown away.
//
// 3. It starts in slices: a bare Pyodide boot is one task of 1-2 s on this machine (compiling the wasm
//    functions it calls, starting Python, importing ~130 modules), during which the page cannot paint or
//    answer. Here the wasm's instantiation, Python's start and each group of imports are tasks of their
//    own: after Python has started, the modules Pyodide's boot imports (<meta name="kassen-python-
//    warmup">, dependencies first, written by tools/build.py from tools/stdlib.mjs) are imported in
//    slices of about SLICE_MS, so Pyodide finds them loaded. A module that fails to import here is simply
//    imported again by Pyodide, which reports the error as it would have.
//
// 4. It unpacks the app (app/kassen.tar.gz: the app's bytecode, catalogs and scenarios) to APP_DIR itself,
//    in slices, before PyScript gets the interpreter (static/js/unpack.mjs; PyScript's [files] took one
//    long task for it), with the bytecode of PyScript's own Python package where Python looks for it beside the
//    sources PyScript writes next.
//
// Pyodide's snapshot options (_makeSnapshot, _loadSnapshot, makeMemorySnapshot) are private in Pyodide
// 314 (the pinned version); the browser tests check that a snapshot is made and used.

import { loadPyodide as boot, version } from "../../runtime/pyodide/314.0.7/pyodide.mjs";
import createPyodideModule from "../../runtime/pyodide/314.0.7/pyodide.asm.mjs";
import { unpack } from "./unpack.mjs";

export { version };

export const INDEX_URL = new URL("../../runtime/pyodide/314.0.7/", import.meta.url).href;
// The standard library the app's Python imports from (tools/build.py, tools/stdlib.mjs): what a start imports
// as bytecode made by this Pyodide, so no module is compiled from source at start (a bare Pyodide compiles
// ~130, about 1 s here). The page, the computer's worker and the snapshot worker all use it.
export const STDLIB_URL = new URL("../../app/stdlib.zip", import.meta.url).href;
export const APP_URL = new URL("../../app/kassen.tar.gz", import.meta.url).href;
// where the app's files live in Python's file system: py/ is the import root, scenarios/ beside it
export const APP_DIR = "/home/pyodide/app";
// Pyodide's home, where PyScript writes its Python package: the archive's home/ entries (that package's
// bytecode, tools/build.py pyscript_bytecode) go there
export const HOME_DIR = "/home/pyodide";
// not "kassen-...": the service worker deletes caches named so that are not its own version
export const SNAPSHOT_CACHE = "python-snapshot.kassen";

// The cache key of the snapshot for a build: Pyodide's version and the app's build hash (index.html's
// <meta name="kassen-app">, written by tools/build.py). A key made by another build is never used.
export function snapshotKey(appHash) {
  return new URL(`../../snapshot/${version}/${appHash}`, import.meta.url).href;
}

// Lighthouse's mobile preset simulates a CPU 4x slower and counts every task over 50 ms there (12.5 ms
// here) as blocking: slices of 8 ms rather than 30 brought its estimate of the boot's blocking time down by
// a fifth (3.5 s against 4.3 s, 7 cold loads each, same run) and left the page ready as soon (1.79 s, 1.83 s).
const SLICE_MS = 8;
// A task of its own for what follows: the browser paints and handles input in between.
const nextTask = () => (globalThis.scheduler?.yield ? globalThis.scheduler.yield() : new Promise((go) => setTimeout(go, 0)));

const warmupModules = () =>
  (globalThis.document?.querySelector?.('meta[name="kassen-python-warmup"]')?.content ?? "").split(/\s+/).filter(Boolean);

// Python has started (Emscripten ran its main()); Pyodide's own set-up comes next and imports what is
// already loaded here. API.rawRun is Pyodide 314's (private): without it, no warm-up, an ordinary boot.
async function warmUp(module) {
  const run = module.API?.rawRun;
  if (typeof run !== "function") return;
  let slice = performance.now();
  for (const name of warmupModules()) {
    if (performance.now() - slice > SLICE_MS) {
      await nextTask();
      slice = performance.now();
    }
    run(`import ${name}`);
  }
  await nextTask();
}

async function slicedModule(settings) {
  const module = await createPyodideModule(settings);
  await nextTask();
  await warmUp(module);
  return module;
}

const appHash = () => globalThis.document?.querySelector?.('meta[name="kassen-app"]')?.content ?? "";
const mark = (state) => {
  if (globalThis.document) document.documentElement.dataset.snapshot = state;
};

// This build's stored snapshot (a Response: its ~30 MB are read while the wasm downloads and compiles), or null.
async function storedSnapshot() {
  const hash = appHash();
  if (!hash || !("caches" in globalThis)) return null;
  try {
    return (await (await caches.open(SNAPSHOT_CACHE)).match(snapshotKey(hash))) ?? null;
  } catch {
    return null; // storage refused (private mode, quota): an ordinary boot
  }
}

async function forget() {
  try {
    await caches.delete(SNAPSHOT_CACHE);
  } catch {
    /* nothing stored, or storage refused: nothing to forget */
  }
}

// Pyodide 314's restore copies the snapshot into the wasm memory as it is; its memory is the module's own
// (exported), so the INITIAL_MEMORY it asks for has no effect and a snapshot larger than a fresh memory
// does not fit ("offset is out of bounds"). The memory is grown to the snapshot's size first.
function withMemoryFor(reading) {
  return async (settings) => {
    const snapshot = await reading;
    const header = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1]; // where the memory image starts
    const size = snapshot.byteLength - header;
    const module = await createPyodideModule(settings);
    if (module.HEAP8.length < size && !module.growMemory(size)) throw new Error("no memory for the snapshot");
    return module;
  };
}

// Output goes to PyScript's handlers once it has asked for the interpreter, to the console before.
const io = { stdout: null, stderr: null };
const settings = {
  indexURL: INDEX_URL,
  stdLibURL: STDLIB_URL,
  stdout: (text) => (io.stdout ? io.stdout(text) : console.log(text)),
  stderr: (text) => (io.stderr ? io.stderr(text) : console.error(text)),
  // Emscripten waits for this between instantiating the wasm and starting Python: a task boundary
  fsInit: () => nextTask(),
};

async function bootPage() {
  const stored = await storedSnapshot();
  if (stored) {
    const snapshot = stored.arrayBuffer().then((bytes) => new Uint8Array(bytes));
    snapshot.catch(() => {}); // a failed read fails the boot below, which then starts normally
    try {
      const pyodide = await boot({ ...settings, _loadSnapshot: snapshot, createPyodideModule: withMemoryFor(snapshot) });
      mark("used");
      return pyodide;
    } catch (error) {
      console.warn("kassen: the stored Python snapshot could not be used; starting normally.", error);
      await forget();
    }
  }
  mark("none");
  return boot({ ...settings, createPyodideModule: slicedModule });
}

// Pyodide only logs a standard library it could not download and starts Python without it, which then
// stops with "Program terminated with exit(1)": after a failed boot, say which file was missing.
async function explained(error) {
  try {
    const response = await fetch(STDLIB_URL, { method: "HEAD", credentials: "same-origin" });
    if (!response.ok) return new Error(`app/stdlib.zip could not be downloaded (HTTP ${response.status}).`);
  } catch {
    return new Error("app/stdlib.zip could not be downloaded (no connection).");
  }
  return error;
}

let started = null;

/** Start the page's interpreter now (once); the promise PyScript's loadPyodide returns. The performance
 * marks kassen-python-boot / kassen-python-up time it (`make bench` prints the phases of the start). */
export function start() {
  started ??= (async () => {
    performance.mark("kassen-python-boot");
    // the archive downloads while Python starts (preview.js preloads it the same way)
    const archive = fetch(APP_URL, { credentials: "same-origin" }).then((response) => {
      if (!response.ok) throw new Error(`app/kassen.tar.gz could not be downloaded (HTTP ${response.status}).`);
      return response.arrayBuffer();
    });
    archive.catch(() => {}); // reported below, once Python is up
    let pyodide;
    try {
      pyodide = await bootPage();
    } catch (error) {
      throw await explained(error);
    }
    performance.mark("kassen-python-up");
    globalThis.dispatchEvent?.(new CustomEvent("kassen:stage", { detail: 3 })); // the loading panel's stage
    await nextTask();
    await unpack(pyodide.FS, await archive, APP_DIR, { "home/": HOME_DIR });
    performance.mark("kassen-app-unpacked");
    return pyodide;
  })();
  return started;
}

/** What PyScript calls: the interpreter start() began, with PyScript's output handlers. */
export async function loadPyodide(options = {}) {
  const { stdout, stderr, indexURL, ...rest } = options;
  const unexpected = Object.keys(rest).filter((key) => rest[key] !== undefined);
  if (unexpected.length) {
    // options this module does not pass on (packages, a lock file): boot exactly as asked instead
    return boot({ ...options, indexURL: INDEX_URL, stdLibURL: STDLIB_URL });
  }
  io.stdout = stdout ?? null;
  io.stderr = stderr ?? null;
  return start();
}
