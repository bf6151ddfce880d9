// The map before Python: the page shows the scenario's map at once, drawn at build time by the app's
// own renderer (tools/prerender.py writes maps/<scenario>.svg and maps/board/<scenario>.svg, and names
// the scenarios in <meta name="kassen-maps">), so a player can study it while Python downloads and starts.
//
//   ?scenario=<id>      a new game: its map with the starting counters
//   #k1.<kind>.<id>...  a link: its scenario's map, the counters come when Python is ready
//   (nothing)           the saved game the page will resume: its scenario's map, without counters
//
// In the language static/js/lang.js decided: a Japanese reader sees maps/ja/... (the same map drawn in
// Japanese by the build).
//
// It is an <img> of the SVG file (an image is what the browser counts as the largest paint; the file is
// fetched and drawn off the main thread). Python replaces it with its own drawing (kassen.ui.mapview),
// so nothing here lasts past data-ready.
//
// Once the picture is on screen (at the latest after 1 s), this starts the Python runtime
// (static/js/runtime.mjs) and asks for the Japanese font: their downloads never share the line with the
// picture; the interpreter boots while PyScript loads its own modules, and the app archive is asked for
// meanwhile. On a repeat visit (the service worker serves the site from this device: nothing to download)
// the runtime starts at once, beside the picture.

import { lang } from "./lang.js";

performance.mark("kassen-preview");

const PRELOADS = [["./app/kassen.tar.gz", "fetch"]];
// the languages the build drew the maps in besides English (tools/prerender.py LANGUAGES)
const DRAWN_IN = ["ja"];
// The Japanese font (tools/build.py writes its stylesheet): added by script, so it never holds up the
// first paint; only the slices holding characters on the page are downloaded (unicode-range).
const FONT_CSS = "./runtime/fonts/noto-sans-jp/5.3.0/noto-sans-jp.css";

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

// The picture, or null; resolves once it is drawn (or failed), so the runtime's big downloads never
// share the line with it.
function show(scenario, counters) {
  if (pythonDrew()) return Promise.resolve();
  const picture = document.createElement("img");
  picture.className = "map-preview";
  const dir = DRAWN_IN.includes(lang) ? `./maps/${lang}` : "./maps";
  picture.src = counters ? `${dir}/${scenario}.svg` : `${dir}/board/${scenario}.svg`;
  picture.alt = ""; // the map's names are in the drawing Python puts here; this is a picture of it
  picture.decoding = "async";
  picture.fetchPriority = "high";
  map.replaceChildren(picture);
  body.dataset.preview = scenario;
  new MutationObserver((_, observer) => {
    if (body.dataset.ready === "1") {
      delete body.dataset.preview;
      observer.disconnect();
    }
  }).observe(body, { attributes: true, attributeFilter: ["data-ready"] });
  return picture.decode().catch(() => {});
}

function startRuntime() {
  performance.mark("kassen-runtime-asked");
  const font = document.createElement("link");
  font.rel = "stylesheet";
  font.href = FONT_CSS;
  document.head.append(font);
  for (const [href, as] of PRELOADS) {
    const link = document.createElement("link");
    link.rel = "preload";
    link.href = href;
    link.as = as;
    link.crossOrigin = "anonymous"; // the same request mode as PyScript's own fetch: the response is reused
    document.head.append(link);
  }
  // boot.js reports a runtime that fails to load (its error and unhandledrejection listeners)
  import("./runtime.mjs").then((runtime) => runtime.start());
}

const which = wanted();
const shown = which && maps.has(which[0]) ? show(...which) : Promise.resolve();
const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
if (navigator.serviceWorker?.controller) {
  startRuntime(); // a repeat visit: the runtime comes from this device, the line stays free for nothing
} else {
  // after the frame that shows the picture, at the latest after 1 s: a slow picture must not hold up the game
  Promise.race([shown.then(painted), new Promise((resolve) => setTimeout(resolve, 1000))]).then(startRuntime);
}
