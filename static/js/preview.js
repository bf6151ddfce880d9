// The map before Python: the page shows the scenario's map at once, drawn at build time by the app's
// own renderer (tools/prerender.py writes maps/<scenario>.svg and names them in
// <meta name="kassen-maps">), so a player can study it while the Python runtime downloads and starts.
//
//   ?scenario=<id>      a new game: its map with the starting counters
//   #k1.<kind>.<id>...  a link: its scenario's map, the counters come when Python is ready
//   (nothing)           the saved game the page will resume: its scenario's map, without counters
//
// Python replaces the whole SVG on its first drawing (kassen.ui.mapview), so nothing here lasts past
// data-ready. The runtime's big downloads start only once this first picture is on screen: on a slow
// line they would otherwise compete with it.

const PYODIDE = "./runtime/pyodide/314.0.7/";
const RUNTIME = [
  ["preload", `${PYODIDE}pyodide.asm.wasm`, "fetch", "application/wasm"],
  ["preload", `${PYODIDE}python_stdlib.zip`, "fetch"],
  ["modulepreload", `${PYODIDE}pyodide.mjs`],
  ["modulepreload", `${PYODIDE}pyodide.asm.mjs`],
];

const body = document.body;
const map = document.getElementById("map");
const maps = new Set((document.querySelector('meta[name="kassen-maps"]')?.content ?? "").split(/\s+/).filter(Boolean));
const pythonDrew = () => body.dataset.ready === "1" || body.dataset.started || map.querySelector(":scope > svg");

// [scenario id, with its counters] for this address, or null (the menu, an unknown scenario).
function wanted() {
  const hash = location.hash.replace(/^#/, "").trim();
  if (hash) {
    const link = /^k\d+\.[a-z]\.([A-Za-z0-9_-]+)\./.exec(hash);
    return link ? [link[1], false] : null;
  }
  const params = new URLSearchParams(location.search);
  if (params.has("embed")) return null;
  if (params.has("scenario")) return [params.get("scenario"), true];
  try {
    const index = JSON.parse(localStorage.getItem("kassen:index") ?? "null");
    const slot = index?.slots?.find?.((s) => s?.id === index.current);
    return typeof slot?.scenario === "string" ? [slot.scenario, false] : null;
  } catch {
    return null; // storage refused or unreadable: Python says so; no picture meanwhile
  }
}

async function show(scenario, counters) {
  const response = await fetch(`./maps/${scenario}.svg`);
  if (!response.ok) return;
  const markup = await response.text();
  if (pythonDrew()) return;
  map.innerHTML = markup; // our own build's SVG, same origin: no script, no outside reference
  if (!counters) {
    for (const layer of map.querySelectorAll('svg > g[data-layer="units"], svg > g[data-layer="over"]')) {
      layer.replaceChildren();
    }
  }
  body.dataset.preview = scenario;
  new MutationObserver((_, observer) => {
    if (body.dataset.ready === "1") {
      delete body.dataset.preview;
      observer.disconnect();
    }
  }).observe(body, { attributes: true, attributeFilter: ["data-ready"] });
}

function startRuntimeDownloads() {
  for (const [rel, href, as, type] of RUNTIME) {
    const link = document.createElement("link");
    link.rel = rel;
    link.href = href;
    if (as) link.as = as;
    if (type) link.type = type;
    link.crossOrigin = "anonymous"; // the same request mode as Pyodide's own fetch: the response is reused
    document.head.append(link);
  }
}

const which = wanted();
const shown = which && maps.has(which[0]) ? show(...which).catch(() => {}) : Promise.resolve();
// After the first picture (or at once when there is none), in the frame after it is painted.
shown.then(() => requestAnimationFrame(() => setTimeout(startRuntimeDownloads, 0)));
