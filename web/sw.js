// Gamão's service worker: every file of the site in one cache per deploy, answered cache-first, offline after the
// first visit, with no file downloaded twice.
//
// precache.js is written by tools/site/build_site.py: {version, files: {url: content hash}}. A new deploy changes it,
// which makes the browser install this worker again.
//
// - First visit: the worker installs with nothing to fetch and takes control of the page at once, so the files
//   the page loads (the 9.6 MB interpreter among them) go through it and are kept as they arrive. When the table is
//   ready the page posts "complete", and the worker fetches only what the page has not loaded (the verify page,
//   icons, ...), then posts "offline-ready" back.
// - A new deploy: the new worker fills its own cache, copying every file whose hash has not changed from the old
//   cache and fetching only the changed ones; it then waits, the page offers "Update", and on activation the old
//   caches are removed, the old deploy's memory snapshot ("gamao-snapshot", assets/boot/pyodide.mjs) with them.
// - A kept file is answered with the very Response the cache holds, never a rebuilt one, and the WebAssembly's URL
//   does not change between deploys: Chromium then keeps the compiled WebAssembly with the cached response (its
//   code cache, kept through the page's compile worker: assets/app.js), and the next visits start from it.
importScripts("precache.js");

const CACHE = "gamao-" + self.PRECACHE.version;
const MANIFEST = new URL("precache-manifest", self.registration.scope).href; // the hashes a cache was filled for
const FILES = new Map(Object.entries(self.PRECACHE.files).map(([url, hash]) => [new URL(url, self.registration.scope).href, hash]));

// The cache key of a request for one of the site's files, or null: query strings (?lang=, ?seed=) and the invite
// fragment do not change which file is served.
const keyOf = (request) => {
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  return FILES.has(url.href) ? url.href : null;
};

const inFlight = new Map(); // key -> the promise of a file the page is loading through this worker, being kept

const openCache = async () => {
  const cache = await caches.open(CACHE);
  if (!(await cache.match(MANIFEST))) await cache.put(MANIFEST, new Response(JSON.stringify(self.PRECACHE.files)));
  return cache;
};

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

// Fetches one of the site's files and checks it against its hash: a copy from the browser's HTTP cache that
// belongs to another deploy is fetched again from the server; a server answering with another deploy's file
// (one being uploaded right now) is an error, and nothing is stored.
const fetchChecked = async (url, mode) => {
  const response = await fetch(url, { cache: mode });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const hash = hex(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer())).slice(0, 16);
  if (hash === FILES.get(url)) return response;
  if (mode !== "no-cache") return fetchChecked(url, "no-cache");
  throw new Error(`${url}: not the file of deploy ${self.PRECACHE.version}`);
};

// Puts every file that is not yet in this deploy's cache: copied from an older cache when its hash is unchanged,
// fetched otherwise (from the browser's HTTP cache when it holds this deploy's file; `fresh`: from the server).
const fill = async (fresh) => {
  const cache = await openCache();
  const missing = [];
  for (const url of FILES.keys()) if (!(await cache.match(url))) missing.push(url);
  const older = [];
  for (const name of await caches.keys()) {
    if (name === CACHE || !name.startsWith("gamao-")) continue;
    const old = await caches.open(name);
    const manifest = await old.match(MANIFEST);
    if (manifest) older.push([old, new Map(Object.entries(await manifest.json()).map(([u, h]) => [new URL(u, self.registration.scope).href, h]))]);
  }
  await Promise.all(missing.map(async (url) => {
    if (inFlight.has(url)) return inFlight.get(url);
    for (const [old, hashes] of older) {
      if (hashes.get(url) !== FILES.get(url)) continue;
      const copy = await old.match(url);
      if (copy) return cache.put(url, copy);
    }
    return cache.put(url, await fetchChecked(url, fresh ? "no-cache" : "force-cache"));
  }));
};

self.addEventListener("install", (event) => {
  if (!self.registration.active) {
    // First visit: nothing to wait for; take the page now and keep what it loads (its cache is opened once the
    // page is taken: the page's start waits for the worker to control it, not for the cache).
    event.waitUntil(self.skipWaiting());
  } else {
    event.waitUntil(fill(true));
  }
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    self.clients.claim()
      .then(() => caches.keys())
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("gamao-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(openCache)
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
  if (event.data === "claim") event.waitUntil(self.clients.claim());
  if (event.data === "complete") {
    const client = event.source;
    event.waitUntil(fill(false).then(
      () => client && client.postMessage("offline-ready"),
      () => { /* a file could not be fetched (offline?): the next visit completes the cache */ }
    ));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const key = keyOf(request);
  if (key === null) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(key);
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok && response.type === "basic") {
      const kept = cache.put(key, response.clone()).catch(() => {}).finally(() => inFlight.delete(key));
      inFlight.set(key, kept);
      event.waitUntil(kept);
    }
    return response;
  })());
});
