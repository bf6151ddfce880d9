// kassen's map surface: pan, zoom, fit, the overview (minimap), a legible default zoom, place labels on
// demand, bringing places into view, and readable stacks.
//
// Game-agnostic and free of rules: it knows only the SVG drawn by kassen.render.board -- cells carry
// data-cell, counters data-unit / data-at (data-stack when they share a cell), top-level groups
// data-layer, and the root data-counter / data-text / data-label (the smallest counter side, counter
// text and cell label it draws, in SVG units). Python (kassen.ui.drawing) writes the SVG into #map and
// asks for places to be shown by setting #map[data-reveal]. Everything here is a view setting: the
// viewBox of the SVG (drawing-space zoom, so text stays sharp), never part of the game.
//
// Automation contract (docs/app.md): #map carries data-scale (CSS px per SVG unit), data-view (the
// viewBox shown), data-labels ("shown" | "hidden") and data-fit ("map" when the whole map is shown).

const frame = document.getElementById("map-frame");
const map = document.getElementById("map");
const minimap = document.getElementById("minimap");
const tip = document.getElementById("map-tip");

const MIN_TEXT = 9; // CSS px: counter text and cell labels are never drawn smaller
const MIN_COUNTER = { desktop: 28, phone: 24 }; // CSS px across
const MARGIN = 1.04; // a little above the minimum, so rounding never lands below it
const WHEEL_RATE = 0.0015; // zoom factor per wheel pixel: exp(-deltaY * rate), a notch is about 14%
const DRAG_START = { mouse: 4, pen: 4, touch: 8 }; // px a pointer moves before it drags the map

let svg = null; // the <svg> shown
let full = null; // its full extent {x, y, w, h} in SVG units
let mapKey = ""; // which map it is (the full viewBox): a new map gets the default view
let view = null; // the part shown {x, y, w, h}
let legible = 0; // the smallest scale at which counters and their text are legible (px per unit)
let sizes = { counter: 0, text: 0, label: 0, name: 0 }; // what the SVG draws (drawnSizes)
let userMoved = false; // the player zoomed or panned since the default view was applied

const phone = () => innerWidth < 600 || matchMedia("(pointer: coarse)").matches;
const size = () => ({ w: map.clientWidth, h: map.clientHeight });
const scale = () => (view ? size().w / view.w : 1);

function readNumber(el, name) {
  const v = parseFloat(el?.getAttribute(name) ?? "");
  return Number.isFinite(v) && v > 0 ? v : 0;
}

// The smallest counter and counter text drawn, in SVG units: declared by the renderer, else measured.
function drawnSizes() {
  let counter = readNumber(svg, "data-counter");
  let text = readNumber(svg, "data-text");
  if (!counter || !text) {
    for (const body of svg.querySelectorAll("[data-unit] .counter-body")) {
      const w = readNumber(body, "width");
      if (w) counter = counter ? Math.min(counter, w) : w;
    }
    for (const t of svg.querySelectorAll("[data-unit] text")) {
      const f = readNumber(t, "font-size") || parseFloat(getComputedStyle(t).fontSize);
      if (f) text = text ? Math.min(text, f) : f;
    }
  }
  // place names (class place-name) and labels a game draws itself (class cell-label)
  const smallest = (selector) => {
    let least = 0;
    for (const t of svg.querySelectorAll(selector)) {
      const f = readNumber(t, "font-size");
      if (f) least = least ? Math.min(least, f) : f;
    }
    return least;
  };
  return { counter, text, label: readNumber(svg, "data-label") || smallest(".cell-label"), name: smallest(".place-name") };
}

function legibleScale() {
  sizes = drawnSizes();
  const { counter, text } = sizes;
  const need = phone() ? MIN_COUNTER.phone : MIN_COUNTER.desktop;
  return Math.max(counter ? need / counter : 0, text ? MIN_TEXT / text : 0) * MARGIN;
}

const fitScale = () => Math.min(size().w / full.w, size().h / full.h);
const limits = () => {
  const fit = fitScale();
  return { min: Math.min(fit, legible || fit) * 0.9, max: Math.max(fit, legible || fit) * 6 };
};

// Keep the view on the map: centred on an axis where the map is smaller than the view.
function clamp(v) {
  const out = { ...v };
  for (const [pos, len] of [["x", "w"], ["y", "h"]]) {
    // a little beyond the edge, so a place at the edge can be moved clear of the overview
    const mini = minimap.hidden ? 0 : (len === "w" ? minimap.offsetWidth : minimap.offsetHeight) + 16;
    const pad = Math.max(out[len] * 0.25, mini / (size().w / out.w || 1));
    if (out[len] >= full[len]) {
      const centred = full[pos] + (full[len] - out[len]) / 2;
      out[pos] = Math.min(Math.max(out[pos], centred - pad), centred + pad);
    } else {
      out[pos] = Math.min(Math.max(out[pos], full[pos] - pad), full[pos] + full[len] - out[len] + pad);
    }
  }
  return out;
}

function setView(v) {
  if (!svg || !full) return;
  const { w, h } = size();
  if (!w || !h) return;
  const s = Math.min(Math.max(w / v.w, limits().min), limits().max);
  const cx = v.x + v.w / 2;
  const cy = v.y + v.h / 2;
  view = clamp({ x: cx - w / s / 2, y: cy - h / s / 2, w: w / s, h: h / s });
  svg.setAttribute("viewBox", `${view.x} ${view.y} ${view.w} ${view.h}`);
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  const { label, name } = sizes;
  map.dataset.scale = s.toFixed(3);
  map.dataset.view = [view.x, view.y, view.w, view.h].map((n) => n.toFixed(1)).join(" ");
  map.dataset.labels = !label || label * s >= MIN_TEXT ? "shown" : "hidden";
  map.dataset.names = !name || name * s >= MIN_TEXT ? "shown" : "hidden";
  map.dataset.fit = view.w >= full.w * 0.999 && view.h >= full.h * 0.999 ? "map" : "part";
  hideTip();
  drawMinimapView();
}

function centredView(cx, cy, s) {
  const { w, h } = size();
  return { x: cx - w / s / 2, y: cy - h / s / 2, w: w / s, h: h / s };
}

// Zoom by `factor` keeping the SVG point under (px, py) (frame pixels) where it is.
function zoomAt(factor, px, py) {
  if (!view) return;
  const { w, h } = size();
  const s0 = scale();
  const { min, max } = limits();
  const s1 = Math.min(Math.max(s0 * factor, min), max);
  const ux = view.x + (px ?? w / 2) / s0;
  const uy = view.y + (py ?? h / 2) / s0;
  userMoved = true;
  setView({ x: ux - (px ?? w / 2) / s1, y: uy - (py ?? h / 2) / s1, w: w / s1, h: h / s1 });
}

function panBy(dxPx, dyPx) {
  if (!view) return;
  const s = scale();
  userMoved = true;
  setView({ ...view, x: view.x - dxPx / s, y: view.y - dyPx / s });
}

function fitMap() {
  userMoved = true;
  setView(centredView(full.x + full.w / 2, full.y + full.h / 2, fitScale()));
}

function fitWidth() {
  userMoved = true;
  const s = size().w / full.w;
  const cy = view ? view.y + view.h / 2 : full.y + full.h / 2;
  setView(centredView(full.x + full.w / 2, cy, s));
}

// The centre of what the player should look at first: a selected counter, the counters that can act,
// the places a selection may go; else the middle of the map.
function focusPoint() {
  for (const sel of [".unit.selected", ".unit.can-act", ".cell.legal"]) {
    const boxes = [...svg.querySelectorAll(sel)].map(userBox).filter(Boolean);
    if (boxes.length) {
      const b = union(boxes);
      return { x: b.x + b.w / 2, y: b.y + b.h / 2 };
    }
  }
  return { x: full.x + full.w / 2, y: full.y + full.h / 2 };
}

function defaultView() {
  const s = Math.max(fitScale(), legible);
  const p = s > fitScale() * 1.001 ? focusPoint() : { x: full.x + full.w / 2, y: full.y + full.h / 2 };
  userMoved = false;
  setView(centredView(p.x, p.y, s));
}

// A box in SVG user units for a cell or counter (a counter's group is translated).
function userBox(el) {
  try {
    const b = el.getBBox();
    const m = el.transform?.baseVal?.consolidate()?.matrix;
    // a counter is translated (and maybe turned a quarter: the same square)
    return { x: b.x + (m ? m.e : 0), y: b.y + (m ? m.f : 0), w: b.width, h: b.height };
  } catch {
    return null;
  }
}

function union(boxes) {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.w));
  const y1 = Math.max(...boxes.map((b) => b.y + b.h));
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

// What the map's own controls cover, in frame pixels: the tools on the right, the overview at the
// bottom left. A place brought into view keeps clear of them.
function covered() {
  const fr = map.getBoundingClientRect();
  const tools = frame.querySelector(".map-tools")?.getBoundingClientRect();
  const mini = minimap.hidden ? null : minimap.getBoundingClientRect();
  // on a phone the dock (prompt and buttons) stays at the bottom of the screen, over the map
  const dock = document.getElementById("dock");
  const dr = dock && !dock.hidden ? dock.getBoundingClientRect() : null;
  const overDock = dr && dr.height && dr.top < fr.bottom && dr.left < fr.right && dr.right > fr.left;
  const seenBottom = Math.min(fr.bottom, innerHeight, overDock ? dr.top : Infinity);
  const bottom = Math.max(0, fr.bottom - seenBottom); // hidden under the dock or below the screen
  const top = Math.max(0, -fr.top); // scrolled above the screen
  return {
    bottom,
    top,
    right: tools && tools.width ? fr.right - tools.left + 6 : 0,
    // the overview's box in frame px (it sits in a corner: bottom left, or top left on a phone)
    mini: mini && mini.width
      ? { left: mini.left - fr.left - 6, right: mini.right - fr.left + 6, top: mini.top - fr.top - 6,
          bottom: mini.bottom - fr.top + 6, atTop: mini.top - fr.top < fr.height / 2 }
      : null,
  };
}

// Bring places (cell labels) into view, moving as little as possible; zoom is kept.
function reveal(labels) {
  if (!svg || !view || !labels.length) return;
  const boxes = labels
    .map((l) => svg.querySelector(`[data-cell="${CSS.escape(l)}"]`))
    .filter(Boolean)
    .map(userBox)
    .filter(Boolean);
  if (!boxes.length) return;
  const s = scale();
  const cover = covered();
  // the part of the view nothing covers (the overview is dealt with below)
  const safe = { w: view.w - cover.right / s, h: Math.max(view.h * 0.3, view.h - (cover.bottom + cover.top) / s) };
  const top = cover.top / s;
  let b = union(boxes);
  const pad = Math.min(safe.w, safe.h) * 0.05;
  if (b.w + 2 * pad > safe.w || b.h + 2 * pad > safe.h) b = boxes[0]; // too big: the first place
  let { x, y } = view;
  if (b.x - pad < x) x = b.x - pad;
  else if (b.x + b.w + pad > x + safe.w) x = b.x + b.w + pad - safe.w;
  if (b.y - pad < y + top) y = b.y - pad - top;
  else if (b.y + b.h + pad > y + top + safe.h) y = b.y + b.h + pad - safe.h - top;
  if (cover.mini) {
    // under the overview? move it beside the overview or clear of it vertically, whichever is less
    const m = cover.mini;
    const px = { left: (b.x - x) * s, right: (b.x + b.w - x) * s, top: (b.y - y) * s, bottom: (b.y + b.h - y) * s };
    const under = px.left < m.right && px.right > m.left && px.top < m.bottom && px.bottom > m.top;
    if (under) {
      const across = (m.right - px.left) / s + pad; // move the view left by this
      const vertical = m.atTop ? (m.bottom - px.top) / s + pad : (px.bottom - m.top) / s + pad;
      const fitsVertically = m.atTop ? px.bottom + vertical * s <= safe.h * s : px.top - vertical * s >= top * s;
      if (vertical <= across && fitsVertically) y += m.atTop ? -vertical : vertical;
      else x -= across;
    }
  }
  if (x !== view.x || y !== view.y) {
    setView({ ...view, x, y });
  }
}

// -- a new SVG from Python: keep the view on the same map, the default view on a new one ------------
function adopt() {
  const fresh = map.querySelector(":scope > svg");
  if (fresh === svg) return;
  svg = fresh;
  if (!svg) {
    minimap.hidden = true;
    return;
  }
  const vb = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
  if (vb.length !== 4 || vb.some((n) => !Number.isFinite(n))) return;
  full = { x: vb[0], y: vb[1], w: vb[2], h: vb[3] };
  const key = vb.join(" ");
  legible = legibleScale();
  drawMinimap();
  if (key !== mapKey || !view) {
    mapKey = key;
    view = null;
    if (size().w) defaultView();
  } else {
    // same map redrawn: keep the view (a bigger stack drawn now may need a closer default)
    if (!userMoved && scale() < legible * 0.999) defaultView();
    else setView(view);
  }
}

// -- pointers: drag to pan (mouse, pen, one finger), two fingers to pinch-zoom ------------------------
const pointers = new Map();
let drag = null; // {x, y, moved}
let pinch = null; // {dist, mx, my}
let swallowClick = false;

function framePoint(e) {
  const r = map.getBoundingClientRect();
  return { x: e.clientX - r.left, y: e.clientY - r.top };
}

function pinchState() {
  const [a, b] = [...pointers.values()];
  return { dist: Math.hypot(a.x - b.x, a.y - b.y) || 1, mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2 };
}

// a new press anywhere in the frame starts afresh: a finger's drag or pinch is followed by no click at
// all, so the flag set when it ended must not swallow the next tap (on a counter or the map's buttons)
frame.addEventListener("pointerdown", () => { swallowClick = false; }, true);

map.addEventListener("pointerdown", (e) => {
  if (e.pointerType === "mouse" && e.button !== 0) return;
  pointers.set(e.pointerId, framePoint(e));
  if (pointers.size === 1) drag = { ...framePoint(e), moved: false, type: e.pointerType };
  else if (pointers.size === 2) {
    pinch = pinchState();
    drag = null;
  }
});

map.addEventListener("pointermove", (e) => {
  if (!pointers.has(e.pointerId)) return;
  const p = framePoint(e);
  const last = pointers.get(e.pointerId);
  pointers.set(e.pointerId, p);
  if (pointers.size >= 2 && pinch) {
    const now = pinchState();
    zoomAt(now.dist / pinch.dist, now.mx, now.my);
    panBy(now.mx - pinch.mx, now.my - pinch.my);
    pinch = now;
    swallowClick = true;
    return;
  }
  if (!drag) return;
  if (!drag.moved && Math.hypot(p.x - drag.x, p.y - drag.y) < (DRAG_START[drag.type] ?? 4)) return;
  if (!drag.moved) {
    drag.moved = true;
    map.classList.add("dragging");
    try {
      map.setPointerCapture(e.pointerId);
    } catch {
      /* the pointer is gone already */
    }
  }
  panBy(p.x - last.x, p.y - last.y);
});

function pointerEnd(e) {
  if (!pointers.delete(e.pointerId)) return;
  if (drag?.moved || pinch) swallowClick = true;
  if (pointers.size < 2) pinch = null;
  if (pointers.size === 0) {
    drag = null;
    map.classList.remove("dragging");
  }
}
map.addEventListener("pointerup", pointerEnd);
map.addEventListener("pointercancel", pointerEnd);
// a drag or pinch ends with a click on whatever is under the pointer: it must not select or move
frame.addEventListener(
  "click",
  (e) => {
    if (swallowClick) {
      swallowClick = false;
      e.stopPropagation();
      e.preventDefault();
    }
  },
  true,
);

map.addEventListener(
  "wheel",
  (e) => {
    if (!view) return;
    e.preventDefault(); // the wheel zooms the map, not the page
    const unit = e.deltaMode === 1 ? 33 : e.deltaMode === 2 ? size().h : 1;
    const p = framePoint(e);
    zoomAt(Math.exp(-e.deltaY * unit * WHEEL_RATE), p.x, p.y);
  },
  { passive: false },
);

// -- keyboard: + and - zoom, 0 fits, arrows pan while the map itself has the focus --------------------
frame.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey || !view) return;
  const step = 0.15;
  const { w, h } = size();
  const keys = {
    "+": () => zoomAt(1.25),
    "=": () => zoomAt(1.25),
    "-": () => zoomAt(0.8),
    "_": () => zoomAt(0.8),
    "0": fitMap,
  };
  if (e.target === map) {
    Object.assign(keys, {
      ArrowLeft: () => panBy(w * step, 0),
      ArrowRight: () => panBy(-w * step, 0),
      ArrowUp: () => panBy(0, h * step),
      ArrowDown: () => panBy(0, -h * step),
    });
  }
  const act = keys[e.key];
  if (act) {
    e.preventDefault();
    e.stopPropagation(); // the page's own keys (step through frames) do not see it
    act();
  }
});

// -- buttons ---------------------------------------------------------------------------------------------
const on = (id, fn) => document.getElementById(id)?.addEventListener("click", () => view && fn());
on("zoom-in", () => zoomAt(1.25));
on("zoom-out", () => zoomAt(0.8));
on("fit-map", fitMap);
on("fit-width", fitWidth);

// -- stacks: the counter pointed at or focused comes to the top of its stack ---------------------------
function raise(unit) {
  const at = unit.getAttribute("data-at");
  const parent = unit.parentNode;
  // move the counters drawn after it (on top of it) in front of it, leaving the focused one in place
  let next = unit.nextElementSibling;
  while (next) {
    const after = next.nextElementSibling;
    if (next.getAttribute("data-at") === at) parent.insertBefore(next, unit);
    next = after;
  }
}

// -- place labels: when they are too small to draw, the place under the pointer or focus says its name --
function showTip(cell, unit) {
  if (map.dataset.labels !== "hidden" || !cell) return hideTip();
  // data-place: the place alone (kassen.ui.access adds terrain and counters to the label for screen readers)
  const words = cell.getAttribute("data-place") || cell.getAttribute("aria-label") || cell.getAttribute("data-cell");
  tip.textContent = words;
  const r = (unit || cell).getBoundingClientRect();
  const f = frame.getBoundingClientRect();
  tip.hidden = false;
  const x = Math.min(Math.max(r.left + r.width / 2 - f.left - tip.offsetWidth / 2, 4), f.width - tip.offsetWidth - 4);
  const y = r.top - f.top - tip.offsetHeight - 4;
  tip.style.setProperty("--tip-x", `${Math.round(x)}px`);
  tip.style.setProperty("--tip-y", `${Math.round(y < 4 ? r.bottom - f.top + 4 : y)}px`);
}

function hideTip() {
  tip.hidden = true;
}

function pointedAt(target) {
  const unit = target?.closest?.("[data-unit]");
  const label = unit ? unit.getAttribute("data-at") : target?.closest?.("[data-cell]")?.getAttribute("data-cell");
  const cell = label ? svg?.querySelector(`[data-cell="${CSS.escape(label)}"]`) : null;
  return { unit, cell };
}

let tipTimer = 0;
map.addEventListener("pointerover", (e) => {
  if (drag?.moved) return;
  const { unit, cell } = pointedAt(e.target);
  if (unit?.hasAttribute("data-stack")) raise(unit);
  showTip(cell, unit);
  clearTimeout(tipTimer);
  if (e.pointerType === "touch") tipTimer = setTimeout(hideTip, 2500); // a finger never leaves
});
map.addEventListener("pointerleave", hideTip);
map.addEventListener("focusin", (e) => {
  const { unit, cell } = pointedAt(e.target);
  if (unit?.hasAttribute("data-stack")) raise(unit);
  // keyboard focus never lands off-screen (a tap or click focuses too: the map must not move under it)
  if (cell && e.target.matches?.(":focus-visible")) reveal([cell.getAttribute("data-cell")]);
  showTip(cell, unit);
});
map.addEventListener("focusout", hideTip);

// -- the overview: the whole map small, where the view is, click or drag to move there -----------------
const canvas = minimap.querySelector("canvas");
const viewBox = minimap.querySelector(".minimap-view");
let miniScale = 1;
let miniQueued = false;

function drawMinimap() {
  if (miniQueued) return;
  miniQueued = true;
  requestAnimationFrame(() => {
    miniQueued = false;
    paintMinimap();
    drawMinimapView();
  });
}

function paintMinimap() {
  if (!svg || !full) return;
  const width = phone() || size().w < 700 ? 110 : 170;
  miniScale = width / full.w;
  const height = Math.round(full.h * miniScale);
  const ratio = devicePixelRatio || 1;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  canvas.style.setProperty("--mini-w", `${width}px`);
  canvas.style.setProperty("--mini-h", `${height}px`);
  minimap.style.setProperty("--mini-w", `${width}px`);
  minimap.style.setProperty("--mini-h", `${height}px`);
  const g = canvas.getContext("2d");
  g.setTransform(ratio * miniScale, 0, 0, ratio * miniScale, -full.x * ratio * miniScale, -full.y * ratio * miniScale);
  g.fillStyle = "#f7f4ec";
  g.fillRect(full.x, full.y, full.w, full.h);
  for (const shape of svg.querySelectorAll("[data-cell] > .cell-shape")) {
    g.fillStyle = shape.getAttribute("fill") || "#dddddd";
    if (shape.tagName === "polygon") {
      const pts = (shape.getAttribute("points") || "").trim().split(/[\s,]+/).map(Number);
      g.beginPath();
      for (let i = 0; i + 1 < pts.length; i += 2) (i ? g.lineTo : g.moveTo).call(g, pts[i], pts[i + 1]);
      g.closePath();
      g.fill();
    } else {
      const n = (a) => +shape.getAttribute(a) || 0;
      g.fillRect(n("x"), n("y"), n("width"), n("height"));
    }
  }
  for (const unit of svg.querySelectorAll("[data-unit]")) {
    const m = /translate\(([-\d.]+)[ ,]([-\d.]+)\)/.exec(unit.getAttribute("transform") || "");
    if (!m) continue;
    g.fillStyle = unit.querySelector(".counter-body")?.getAttribute("fill") || "#333333";
    g.fillRect(+m[1] - 16, +m[2] - 16, 32, 32);
  }
}

function drawMinimapView() {
  if (!svg || !full || !view) return;
  const whole = view.w >= full.w * 0.98 && view.h >= full.h * 0.98;
  minimap.hidden = whole;
  if (whole) return;
  const x = Math.max(0, (view.x - full.x) * miniScale);
  const y = Math.max(0, (view.y - full.y) * miniScale);
  const w = Math.min(full.w * miniScale - x, (view.x + view.w - full.x) * miniScale - x);
  const h = Math.min(full.h * miniScale - y, (view.y + view.h - full.y) * miniScale - y);
  viewBox.style.setProperty("--vx", `${x}px`);
  viewBox.style.setProperty("--vy", `${y}px`);
  viewBox.style.setProperty("--vw", `${Math.max(4, w)}px`);
  viewBox.style.setProperty("--vh", `${Math.max(4, h)}px`);
}

function miniMove(e) {
  const r = canvas.getBoundingClientRect();
  const ux = full.x + (e.clientX - r.left) / miniScale;
  const uy = full.y + (e.clientY - r.top) / miniScale;
  userMoved = true;
  setView({ ...view, x: ux - view.w / 2, y: uy - view.h / 2 });
}
let miniDrag = false;
minimap.addEventListener("pointerdown", (e) => {
  miniDrag = true;
  minimap.setPointerCapture(e.pointerId);
  miniMove(e);
});
minimap.addEventListener("pointermove", (e) => miniDrag && miniMove(e));
minimap.addEventListener("pointerup", () => (miniDrag = false));
minimap.addEventListener("pointercancel", () => (miniDrag = false));

// -- watching: a new SVG, redrawn layers, places to reveal, a resized frame ---------------------------
new MutationObserver((records) => {
  let layers = false;
  let wanted = false;
  for (const r of records) {
    if (r.type === "attributes") wanted = true;
    else layers = true;
  }
  if (layers) {
    if (map.querySelector(":scope > svg") !== svg) adopt();
    else if (svg) {  // (no svg yet: the build's picture of the map, static/js/preview.js, is not ours to size)
      legible = Math.max(legible, legibleScale());
      drawMinimap();
    }
  }
  if (wanted) reveal((map.dataset.reveal || "").split(" ").filter(Boolean));
}).observe(map, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-reveal"] });

let lastSize = "";
new ResizeObserver(() => {
  const { w, h } = size();
  const key = `${w}x${h}`;
  if (!svg || !full || !w || !h || key === lastSize) return;
  const first = !lastSize || !view;
  lastSize = key;
  legible = legibleScale();
  if (first || !userMoved) defaultView();
  else setView(view); // keep the centre and the zoom
  drawMinimap();
}).observe(map);

// -- fonts: the bundled Japanese font arrives in slices (unicode-range). Chromium keeps the fallback's
// boxes for SVG text laid out before the slice holding its characters arrived, even once it has: such
// text is set again (the same words), so it is laid out with the font now there --------------------------
let fontQueued = false;
function relayoutKanji() {
  if (fontQueued) return;
  fontQueued = true;
  requestAnimationFrame(() => {
    fontQueued = false;
    for (const t of document.querySelectorAll("#map text, #legend text")) {
      const words = t.lastChild;
      if (words && words.nodeType === Node.TEXT_NODE && /[\u2e80-\uffff]/.test(words.data)) {
        t.replaceChild(document.createTextNode(words.data), words); // a new node: laid out afresh
      }
    }
  });
}
document.fonts?.addEventListener?.("loadingdone", relayoutKanji);
document.fonts?.ready?.then(relayoutKanji);

adopt();
