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
// Pyodide's snapshot options (_makeSnapshot, _loadSnapshot, makeMemorySnapshot) are private in Pyodide
// 314 (the pinned version); the browser tests check that a snapshot is made and used.

import { loadPyodide as boot, version } from "../../runtime/pyodide/314.0.7/pyodide.mjs";
import createPyodideModule from "../../runtime/pyodide/314.0.7/pyodide.asm.mjs";

export { version };

export const INDEX_URL = new URL("../../runtime/pyodide/314.0.7/", import.meta.url).href;
// not "kassen-...": the service worker deletes caches named so that are not its own version
export const SNAPSHOT_CACHE = "python-snapshot.kassen";

// The cache key of the snapshot for a build: Pyodide's version and the app's build hash (index.html's
// <meta name="kassen-app">, written by tools/build.py). A key made by another build is never used.
export function snapshotKey(appHash) {
  return new URL(`../../snapshot/${version}/${appHash}`, import.meta.url).href;
}

const appHash = () => globalThis.document?.querySelector?.('meta[name="kassen-app"]')?.content ?? "";
const mark = (state) => {
  if (globalThis.document) document.documentElement.dataset.snapshot = state;
};

async function storedSnapshot() {
  const hash = appHash();
  if (!hash || !("caches" in globalThis)) return null;
  try {
    const hit = await (await caches.open(SNAPSHOT_CACHE)).match(snapshotKey(hash));
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
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
function withMemoryFor(snapshot) {
  const header = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1]; // where the memory image starts
  const size = snapshot.byteLength - header;
  return async (settings) => {
    const module = await createPyodideModule(settings);
    if (module.HEAP8.length < size && !module.growMemory(size)) throw new Error("no memory for the snapshot");
    return module;
  };
}

// Output goes to PyScript's handlers once it has asked for the interpreter, to the console before.
const io = { stdout: null, stderr: null };
const settings = {
  indexURL: INDEX_URL,
  stdout: (text) => (io.stdout ? io.stdout(text) : console.log(text)),
  stderr: (text) => (io.stderr ? io.stderr(text) : console.error(text)),
};

async function bootPage() {
  const snapshot = await storedSnapshot();
  if (snapshot) {
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
  return boot(settings);
}

let started = null;

/** Start the page's interpreter now (once); the promise PyScript's loadPyodide returns. The performance
 * marks kassen-python-boot / kassen-python-up time it (`make bench` prints the phases of the start). */
export function start() {
  started ??= (performance.mark("kassen-python-boot"), bootPage()).then((pyodide) => {
    performance.mark("kassen-python-up");
    return pyodide;
  });
  return started;
}

/** What PyScript calls: the interpreter start() began, with PyScript's output handlers. */
export async function loadPyodide(options = {}) {
  const { stdout, stderr, indexURL, ...rest } = options;
  const unexpected = Object.keys(rest).filter((key) => rest[key] !== undefined);
  if (unexpected.length) {
    // options this module does not pass on (packages, a lock file): boot exactly as asked instead
    return boot({ ...options, indexURL: INDEX_URL });
  }
  io.stdout = stdout ?? null;
  io.stderr = stderr ?? null;
  return start();
}
