// allot's service worker: after the first visit the app works offline. The build (vite.config.ts,
// plugin "precache") fills in the manifest below with the list of files of this build and its hash,
// so every new build installs a new worker and a fresh cache.
/// <reference lib="webworker" />
const { version, files } = /* manifest */ { version: 'dev', files: [] };
const CACHE = `allot-${version}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(files.map((file) => new URL(file, self.registration.scope).href)))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('allot-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

// Same-origin GETs only: the app's own files come from the cache (hashed names never change);
// the page itself is fetched fresh when online so a new build is seen, and from the cache offline.
// Requests to LLM providers and local model servers are never touched.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || !url.href.startsWith(self.registration.scope)) return;
  const isPage = request.mode === 'navigate';
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      if (isPage) {
        try {
          return await fetch(request);
        } catch {
          return (await cache.match(self.registration.scope)) ?? Response.error();
        }
      }
      return (await cache.match(request)) ?? fetch(request);
    })(),
  );
});
