// allot's service worker: after the first visit the app works offline. The build (vite.config.ts,
// plugin "precache") fills in the manifest below with the list of files of this build and its hash,
// so every new build installs a new worker and a fresh cache.
//
// A deploy must not break a tab that is open on the old build (issue 18): the tab still loads its
// lazy chunks, workers and WASM by their old hashed names, which the server no longer has. So
// - a new worker waits (no skipWaiting) until a page asks it to take over: the page shows "a new
//   version is ready, reload" and posts 'allot:activate' when the user agrees (only the very first
//   install takes over at once, since no tab runs an older build then);
// - the cache of the previous build is kept when the new one activates (tabs that were not
//   reloaded keep finding their old files), and files are looked up in every allot cache.
/// <reference lib="webworker" />
const { version, files } = /* manifest */ { version: 'dev', files: [] };
const CACHE = `allot-${version}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(files.map((file) => new URL(file, self.registration.scope).href)))
      .then(() => (self.registration.active ? undefined : self.skipWaiting())),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'allot:activate') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => {
        // keys() lists caches in creation order: keep this build's and the one before it.
        const others = keys.filter((key) => key.startsWith('allot-') && key !== CACHE);
        return Promise.all(others.slice(0, -1).map((key) => caches.delete(key)));
      })
      .then(() => self.clients.claim()),
  );
});

// Same-origin GETs only: the app's own files come from the caches (hashed names never change);
// the page itself is fetched fresh when online so a new build is seen, and from the cache offline.
// Requests to LLM providers and local model servers are never touched.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || !url.href.startsWith(self.registration.scope)) return;
  const isPage = request.mode === 'navigate';
  event.respondWith(
    (async () => {
      if (isPage) {
        try {
          return await fetch(request);
        } catch {
          return (await (await caches.open(CACHE)).match(self.registration.scope)) ?? Response.error();
        }
      }
      return (await caches.match(request)) ?? fetch(request);
    })(),
  );
});
