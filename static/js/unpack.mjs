// Unpacks the app archive (app/kassen.tar.gz, made by tools/build.py) into Pyodide's file system.
//
// Why not PyScript's [files] or pyodide.unpackArchive: those run Python's archive code over ~360 entries
// in one go, 60-250 ms of the main thread in one task while the page starts. Here the browser inflates
// the whole archive in one stream (DecompressionStream, native code: ~30 ms) and the files are written
// between short tasks. One gzip stream over the whole tar, rather than a zip's entry by entry: a stream
// per entry took ~250 ms for the same files.
//
// The archive is the build's own: a POSIX (ustar) tar of regular files, gzipped. Anything else is refused
// with an error naming the entry (the page then reports it like any start-up failure), and so is a name
// that would leave the target directory.

const BLOCK = 512;
const SLICE_MS = 8; // as runtime.mjs: Lighthouse counts a task over 12.5 ms here as blocking

const nextTask = () => (globalThis.scheduler?.yield ? globalThis.scheduler.yield() : new Promise((go) => setTimeout(go, 0)));

/** The tar inside `buffer` (the gzip as downloaded; a server that already took the gzip off is fine too). */
export async function gunzip(buffer) {
  const bytes = new Uint8Array(buffer);
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const inflated = new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")));
  return new Uint8Array(await inflated.arrayBuffer());
}

const text = new TextDecoder("utf-8", { fatal: true });
function field(header, start, length) {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return text.decode(end < 0 ? raw : raw.subarray(0, end));
}

/** The files of a tar: [{name, data}] (data a view into `tar`). */
export function files(tar) {
  const out = [];
  for (let at = 0; at + BLOCK <= tar.length; ) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) break; // the end-of-archive blocks
    const prefix = field(header, 345, 155);
    const name = (prefix ? `${prefix}/` : "") + field(header, 0, 100);
    const size = Number.parseInt(field(header, 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(header[156] || 48);
    if (!Number.isFinite(size) || size < 0 || at + BLOCK + size > tar.length) {
      throw new Error(`app/kassen.tar.gz: ${name}: damaged entry`);
    }
    if (type === "0") out.push({ name, data: tar.subarray(at + BLOCK, at + BLOCK + size) });
    else if (type !== "5") throw new Error(`app/kassen.tar.gz: ${name}: not a file (type ${type})`);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return out;
}

/** Write every file of the archive in `buffer` under `target` (a directory of Pyodide's FS); a name that
 * starts with a key of `places` goes under that key's directory instead (`{"home/": "/home/pyodide"}`). */
export async function unpack(FS, buffer, target, places = {}) {
  const entries = files(await gunzip(buffer));
  for (const { name } of entries) {
    if (name.startsWith("/") || name.split("/").some((part) => part === ".." || part === "" || part === ".")) {
      throw new Error(`app/kassen.tar.gz: ${name}: not a path inside the archive`);
    }
  }
  const made = new Set();
  let slice = performance.now();
  for (const { name, data } of entries) {
    if (performance.now() - slice > SLICE_MS) {
      await nextTask();
      slice = performance.now();
    }
    const place = Object.keys(places).find((prefix) => name.startsWith(prefix));
    const path = place ? `${places[place]}/${name.slice(place.length)}` : `${target}/${name}`;
    const dir = path.slice(0, path.lastIndexOf("/"));
    if (!made.has(dir)) {
      FS.mkdirTree(dir);
      made.add(dir);
    }
    FS.writeFile(path, data);
  }
}
