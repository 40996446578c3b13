// Gamão's service worker: precache every file of the site, answer cache-first, one cache per deploy.
// precache.js is written by tools/build_site.py: {version, urls}. A new deploy changes it, which makes the browser
// install this worker again; the page then offers "Update", and the old caches are removed on activation.
importScripts("precache.js");

const CACHE = "gamao-" + self.PRECACHE.version;

self.addEventListener("install", (event) => {
  event.waitUntil(
    // Default cache mode: what the page already loaded is revalidated (304), not downloaded again.
    caches.open(CACHE).then((cache) => cache.addAll(self.PRECACHE.urls))
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("gamao-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  // Query strings (?lang=, ?seed=) and the invite fragment do not change which file is served.
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(request, { ignoreSearch: true }).then((hit) => hit || fetch(request))
    )
  );
});
