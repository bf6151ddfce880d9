// Makes the memory snapshot static/js/runtime.mjs starts Python from on later visits: a Pyodide of its
// own (in this worker, so the page stays responsive) imports kassen's pure-Python modules and every
// game's rules, and its memory is stored in Cache Storage under the Pyodide version and the app's build
// hash. Started by static/js/boot.js once the page is ready, at most once per build; it never touches
// the page's own interpreter. Nothing that refers to JavaScript objects may be alive when the snapshot is
// taken (Pyodide refuses), so the page's DOM code (kassen.ui) is not imported here.

import { loadPyodide } from "../../runtime/pyodide/314.0.7/pyodide.mjs";
import { APP_DIR, APP_URL, HOME_DIR, INDEX_URL, SNAPSHOT_CACHE, STDLIB_URL, snapshotKey } from "./runtime.mjs";
import { unpack } from "./unpack.mjs";

const WARM_UP = `
import sys
sys.path.insert(0, "/home/pyodide/app/py")
import asyncio, base64, datetime, html, inspect, json, pathlib, traceback, urllib.parse, weakref
import kassen.app.controller, kassen.app.routing, kassen.app.storage, kassen.app.catalog
import kassen.engine.codec, kassen.render.board, kassen.render.legend
from kassen.games import load_rules, scenario_ids
for _sid in scenario_ids():
    load_rules(_sid)
del _sid
`;

self.onmessage = async ({ data: { appHash } }) => {
  try {
    const key = snapshotKey(appHash);
    const cache = await caches.open(SNAPSHOT_CACHE);
    if (await cache.match(key)) {
      self.postMessage({ state: "stored" });
      return;
    }
    const pyodide = await loadPyodide({ indexURL: INDEX_URL, stdLibURL: STDLIB_URL, _makeSnapshot: true });
    const archive = await fetch(APP_URL);
    if (!archive.ok) throw new Error(`app/kassen.tar.gz: HTTP ${archive.status}`);
    await unpack(pyodide.FS, await archive.arrayBuffer(), APP_DIR, { "home/": HOME_DIR });
    pyodide.runPython(WARM_UP);
    const snapshot = pyodide.makeMemorySnapshot();
    for (const old of await cache.keys()) await cache.delete(old); // one snapshot: this build's
    await cache.put(key, new Response(snapshot, { headers: { "Content-Type": "application/octet-stream" } }));
    self.postMessage({ state: "stored", bytes: snapshot.length });
  } catch (error) {
    self.postMessage({ state: "failed", error: String(error?.stack ?? error) });
  }
};
