// kassen's service worker: the site keeps working offline once it has been opened.
//
// tools/build.py copies this file to dist/sw.js (the site root, so it controls every page) and writes
// dist/sw-manifest.json: the files the page needs and a version hash of their contents. On install the
// worker caches those files (the runtime mostly comes straight from the browser's HTTP cache, where the
// page just put it); on activate it drops caches of older versions.
//
// Requests: the versioned runtime (/runtime/...) never changes, so it is served from the cache first;
// everything else goes to the network first (a deploy is seen at once) and falls back to the cache when
// the network fails. Only same-origin GET requests are handled; nothing else is touched.

const PREFIX = "kassen-";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const manifest = await (await fetch("sw-manifest.json", { cache: "no-cache" })).json();
    const cache = await caches.open(PREFIX + manifest.version);
    await cache.addAll(manifest.files);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const manifest = await (await fetch("sw-manifest.json", { cache: "no-cache" }).catch(() => null))?.json?.()
      .catch(() => null);
    if (manifest) {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== PREFIX + manifest.version) await caches.delete(key);
      }
    }
    await self.clients.claim();
  })());
});

async function fromCache(request) {
  // Navigations carry ?scenario=... or #links: the cached page is index.html whatever the query.
  const hit = await caches.match(request, { ignoreSearch: request.mode === "navigate" });
  if (hit) return hit;
  if (request.mode === "navigate") return caches.match("index.html");
  return undefined;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.includes("/runtime/")) {
    event.respondWith((async () => (await caches.match(request)) || fetch(request))());
    return;
  }
  event.respondWith((async () => {
    try {
      return await fetch(request);
    } catch (error) {
      const cached = await fromCache(request);
      if (cached) return cached;
      throw error;
    }
  })());
});
