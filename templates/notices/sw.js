// The JustAllowGod web app's service worker (issue 32), served at /sw.js by notices/pwa_views.py.
// It shows the pushes that say it is someone's turn, opens the table when one is tapped, and puts
// up the offline page when a page can't be reached. Nothing else is cached: pages are live.
const CACHE = "jag-offline-{{ version }}";
const OFFLINE_URL = {{ offline_url|safe }};
const OFFLINE_FILES = {{ offline_files|safe }};
const ICON = {{ icon|safe }};

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(OFFLINE_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("jag-") && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    // Network first, always: the offline page only when there is no network at all.
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_URL, { ignoreVary: true })));
    return;
  }
  const url = new URL(request.url);
  if (url.origin === self.location.origin && OFFLINE_FILES.includes(url.pathname)) {
    // The offline page's own style, script and mark: fresh when online, from the cache when not.
    event.respondWith(fetch(request).catch(() => caches.match(url.pathname, { ignoreVary: true })));
  }
});

// Only the site's own pages may be opened from a notice: another origin's address keeps its path
// on this one (the site's public address may name it otherwise, as localhost for 127.0.0.1).
function sameSite(address) {
  try {
    const url = new URL(address || "/", self.location.origin);
    return self.location.origin + url.pathname + url.search;
  } catch {
    return self.location.origin + "/";
  }
}

self.addEventListener("push", (event) => {
  let told = {};
  try {
    told = event.data ? event.data.json() : {};
  } catch {
    told = {};
  }
  event.waitUntil(
    self.registration.showNotification(told.title || "JustAllowGod", {
      body: told.body || "",
      // A newer notice about the same table replaces the older one, and still buzzes.
      tag: told.tag || "jag",
      renotify: true,
      icon: ICON,
      badge: ICON,
      data: { url: sameSite(told.url) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = sameSite(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => client.url.split("#")[0] === url.split("#")[0]);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    })(),
  );
});
