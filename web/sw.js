// Keeps the page working offline once it has been opened: every file is fetched from the
// network when it can be (so a rebuilt page is never hidden behind an old copy) and from
// this cache when it cannot.

const CACHE = 'quoridor-v1';
const FILES = [
  './', 'index.html', 'style.css', 'js/app.js', 'js/board.js', 'js/engine.js', 'js/worker.js',
  'pkg/quoridor_web.js', 'pkg/quoridor_web_bg.wasm',
];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((c) => c.put(request, copy));
        }
        return response;
      })
      .catch(() => caches.match(request, { ignoreSearch: true }).then((hit) => hit ?? Response.error())),
  );
});
