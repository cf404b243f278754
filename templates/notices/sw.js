// The JustAllowGod web app's service worker (issue 32), served at /sw.js by notices/pwa_views.py.
// It shows the pushes that say it is someone's turn, opens the table when one is tapped, and puts
// up the offline page when a page can't be reached. Nothing else is cached but practice (issue 43):
// pages are live.
const CACHE = "jag-offline-{{ version }}";
// Verse practice works offline in the app: its page and the files it loads are kept from each visit
// online (static/js/practice.js keeps the first), and shown from here when the network is gone; its
// answers wait on the device (static/js/practice-sync.js). Kept across versions of this worker.
const PRACTICE_CACHE = "jag-practice";
const PRACTICE_URL = "/verses/practice/";
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
      .then((names) => Promise.all(names.filter((name) => name.startsWith("jag-") && name !== CACHE && name !== PRACTICE_CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  const ours = url.origin === self.location.origin;
  if (request.mode === "navigate" && ours && url.pathname === PRACTICE_URL) {
    event.respondWith(practicePage(event));
    return;
  }
  if (request.mode === "navigate") {
    // Network first, always: the offline page only when there is no network at all.
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_URL, { ignoreVary: true })));
    return;
  }
  if (ours && OFFLINE_FILES.includes(url.pathname)) {
    // The offline page's own style, script and mark: fresh when online, from the cache when not.
    event.respondWith(fetch(request).catch(() => caches.match(url.pathname, { ignoreVary: true })));
    return;
  }
  if (ours && (url.pathname.startsWith("/static/") || url.pathname.startsWith("/words/"))) {
    event.respondWith(practiceFile(event));
  }
});

// The practice page: network first, kept on each visit that shows it (not a sign-in it was sent to).
async function practicePage(event) {
  try {
    const response = await fetch(event.request);
    if (response.ok && !response.redirected) {
      const copy = response.clone();
      event.waitUntil(caches.open(PRACTICE_CACHE).then((cache) => cache.put(PRACTICE_URL, copy)));
    }
    return response;
  } catch {
    const kept = await caches.match(PRACTICE_URL, { cacheName: PRACTICE_CACHE, ignoreVary: true });
    return kept || caches.match(OFFLINE_URL, { ignoreVary: true });
  }
}

// A file a page loads: from the network as ever; one the practice page loaded is kept too, and
// given from the cache when the network is gone.
async function practiceFile(event) {
  const request = event.request;
  const url = new URL(request.url);
  try {
    const response = await fetch(request);
    if (response.ok && (await fromPractice(event))) {
      const copy = response.clone();
      event.waitUntil(caches.open(PRACTICE_CACHE).then((cache) => cache.put(url.pathname + url.search, copy)));
    }
    return response;
  } catch (error) {
    const kept = await caches.match(url.pathname + url.search, { cacheName: PRACTICE_CACHE, ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

async function fromPractice(event) {
  const client = event.clientId ? await self.clients.get(event.clientId) : null;
  return !!client && new URL(client.url).pathname === PRACTICE_URL;
}

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
