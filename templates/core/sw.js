{% autoescape off %}// The site's service worker (core/app.py): the static files, the offline page, and the
// rules and learning pages a player opened, nothing else (no game, no statistics, nothing of
// a player's). Pages come from the network first, from here only when it is away.
"use strict";
const FILES = "files-{{ version }}";
const PAGES = "pages-v1";
const PRECACHE = [{% for url in precache %}"{{ url|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];
const OFFLINE = "{{ offline_url|escapejs }}";
const KEPT = [{% for prefix in offline_pages %}"{{ prefix|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(FILES).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n !== FILES && n !== PAGES).map((n) => caches.delete(n))))
      .then(() => self.clients.claim())
  );
});

function kept(url) {
  return KEPT.some((prefix) => url.pathname.startsWith(prefix));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) {
    // Static files have hashed names in production: the kept copy is the file.
    event.respondWith(
      caches.match(request).then((hit) => hit || fetch(request).then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(FILES).then((cache) => cache.put(request, copy));
        }
        return response;
      }))
    );
    return;
  }
  if (request.mode !== "navigate") return;
  event.respondWith(
    fetch(request).then((response) => {
      if (response.ok && kept(url)) {
        const copy = response.clone();
        caches.open(PAGES).then((cache) => cache.put(url.pathname, copy));
      }
      return response;
    }).catch(() =>
      (kept(url) ? caches.match(url.pathname, { cacheName: PAGES }) : Promise.resolve(undefined))
        .then((hit) => hit || caches.match(OFFLINE))
    )
  );
});
{% endautoescape %}
