// Arrow keys between neighbouring places of the map, for keyboard and screen-reader players.
//
// While a place ([data-cell]) or a counter ([data-unit]) has the focus, an arrow key moves the focus to
// the nearest place in that direction (by the drawn centres, so it works on hexes, squares and off-map
// boxes alike, and on a map drawn turned). Every place is focusable (kassen.ui.access gives each a
// tabindex and a label naming the place, its terrain and its counters); Enter then acts as a click.
// The map itself keeps its own arrow keys (pan) while it has the focus (static/js/surface.js).

const map = document.getElementById("map");
let cache = { layer: null, centres: [] };

function centres() {
  const layer = map.querySelector('g[data-layer="cells"]');
  if (!layer) return [];
  if (cache.layer !== layer) {
    const out = [];
    for (const cell of layer.querySelectorAll("[data-cell]")) {
      const b = cell.getBBox();
      out.push({ cell, x: b.x + b.width / 2, y: b.y + b.height / 2 });
    }
    cache = { layer, centres: out };
  }
  return cache.centres;
}

const DIRECTIONS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

// The nearest place whose direction from `from` lies within 67.5° of (dx, dy); nearer and straighter wins.
function neighbour(label, [dx, dy]) {
  const all = centres();
  const here = all.find((c) => c.cell.getAttribute("data-cell") === label);
  if (!here) return null;
  let best = null;
  let bestScore = Infinity;
  for (const c of all) {
    if (c === here) continue;
    const vx = c.x - here.x;
    const vy = c.y - here.y;
    const dist = Math.hypot(vx, vy);
    if (dist < 1e-6) continue;
    const cos = (vx * dx + vy * dy) / dist;
    if (cos < Math.cos((67.5 * Math.PI) / 180)) continue;
    const angle = Math.acos(Math.min(1, cos));
    const score = dist * (1 + angle);
    if (score < bestScore) {
      bestScore = score;
      best = c.cell;
    }
  }
  return best;
}

map?.addEventListener("keydown", (e) => {
  const dir = DIRECTIONS[e.key];
  if (!dir || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey || e.target === map) return;
  const unit = e.target.closest?.("[data-unit]");
  const cell = e.target.closest?.("[data-cell]");
  const label = unit ? unit.getAttribute("data-at") : cell?.getAttribute("data-cell");
  if (!label) return;
  e.preventDefault();
  e.stopPropagation(); // not the page's own arrow keys (stepping through recorded moves)
  const next = neighbour(label, dir);
  if (next) {
    if (!next.hasAttribute("tabindex")) next.setAttribute("tabindex", "-1");
    next.focus();
  }
});

// -- labels, for kassen.ui.access: one call per drawing instead of a Python call per element -----------
window.kassenAccess = {
  // Counters drawn since the last call get: their visible text first in their label (WCAG 2.5.3; the
  // renderer's words are kept in data-words), a space between their text lines (speech and axe run SVG
  // text lines together), a tabindex, and their side's place in the game's order (data-side-n: the
  // second side is drawn with cut corners). Returns JSON [[place, words], ...] of every counter.
  counters(sidesJson) {
    const sides = JSON.parse(sidesJson);
    const out = [];
    for (const node of map.querySelectorAll("[data-unit]")) {
      if (!node.hasAttribute("data-words")) {
        const words = node.getAttribute("aria-label") || "";
        node.setAttribute("data-words", words);
        const texts = [...node.querySelectorAll(":scope > text")];
        const seen = texts.map((t) => t.textContent.trim()).join(" ");
        if (seen && !words.includes(seen)) node.setAttribute("aria-label", `${seen}: ${words}`);
        for (const t of texts.slice(1)) node.insertBefore(document.createTextNode(" "), t);
        if (!node.hasAttribute("tabindex")) node.setAttribute("tabindex", "-1");
        const n = sides.indexOf(node.getAttribute("data-side"));
        node.setAttribute("data-side-n", n < 0 ? "x" : String(n));
      }
      out.push([node.getAttribute("data-at") || "", node.getAttribute("data-words") || ""]);
    }
    return JSON.stringify(out);
  },
  // The places as drawn ({cell: its own words}) when the cells were drawn anew or the language changed
  // since the last labels; else "null".
  places(lang) {
    const layer = map.querySelector('g[data-layer="cells"]');
    if (!layer || layer.getAttribute("data-labelled") === lang) return "null";
    const out = {};
    for (const cell of layer.querySelectorAll("[data-cell]")) {
      if (!cell.hasAttribute("data-place")) cell.setAttribute("data-place", cell.getAttribute("aria-label") || "");
      out[cell.getAttribute("data-cell")] = cell.getAttribute("data-place");
    }
    return JSON.stringify(out);
  },
  // Set these labels ([[cell, label], ...]); every labelled cell is focusable (a legal one is a button).
  label(updatesJson, lang) {
    const layer = map.querySelector('g[data-layer="cells"]');
    if (!layer) return;
    for (const [label, text] of JSON.parse(updatesJson)) {
      const cell = layer.querySelector(`[data-cell="${CSS.escape(label)}"]`);
      if (!cell) continue;
      if (cell.getAttribute("aria-label") !== text) cell.setAttribute("aria-label", text);
      if (!cell.hasAttribute("tabindex")) cell.setAttribute("tabindex", "-1");
      if (!cell.hasAttribute("role")) cell.setAttribute("role", "img");
    }
    layer.setAttribute("data-labelled", lang);
  },
};
