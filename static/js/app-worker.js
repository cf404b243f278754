// Registers the web app's service worker (/sw.js, issue 32): it shows push notices and the
// offline page. Registering asks the member nothing; the permission to notify is asked elsewhere,
// and only when they tap for it (push-setup.js).
export function registerWorker() {
  if (!("serviceWorker" in navigator)) return Promise.resolve(null);
  return navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => null);
}
