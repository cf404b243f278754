// "Tell me on this device" (issues 32 and 46): one tap asks the browser's permission and sets this
// device up to be told, in the same tap; the page then reloads, and the server's list of devices
// shows it. Nothing is kept unless the browser allowed notices and the server took the
// subscription, so the list never names a device that won't be told. The permission is asked only
// after the tap (never on load). If this browser is already on the list, its row says so, the
// button steps aside, and that row's "Stop telling this device" also unsubscribes the browser.
import { registerWorker } from "./app-worker.js";
import { gettext } from "./i18n.js";

export const WORDS = {
  setUp: gettext("This device is set up: it will tell you when it's your turn."),
  asking: gettext("Asking your browser…"),
  blocked: gettext("Your browser blocks notices from this site, so nothing was set up. You can allow them in the browser's site settings, then tap again."),
  dismissed: gettext("Nothing was set up: your browser wasn't allowed to show notices. Tap again and choose Allow when it asks."),
  unsupported: gettext("This browser can't show notices from a website, so this device can't be told. On an iPhone or iPad, add JustAllowGod to your home screen first."),
  off: gettext("Notices to phones and computers are off on this server just now."),
  failed: gettext("That didn't work, and nothing was set up. Please try again in a moment."),
  blockedHere: gettext("This browser blocks notices from this site now, so this device won't show them. Allow them in its site settings, or stop telling it."),
};

// A base64url key (as the server gives it) as the bytes pushManager.subscribe takes.
export function keyBytes(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

// The first 16 hex digits of the endpoint's SHA-256, as PushSubscription.fingerprint gives them:
// the page lists devices by it and never shows an endpoint.
export async function fingerprint(endpoint) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(endpoint));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0"))
    .join("")
    .slice(0, 16);
}

function supported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window && !!globalThis.crypto?.subtle;
}

async function currentSubscription() {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return registration ? registration.pushManager.getSubscription() : null;
}

async function post(url, csrf, body) {
  const response = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  return { ok: response.ok && answer.ok === true, message: answer.message };
}

async function subscribeWith(pushManager, key) {
  const options = { userVisibleOnly: true, applicationServerKey: keyBytes(key) };
  try {
    return await pushManager.subscribe(options);
  } catch (error) {
    if (error.name !== "InvalidStateError") throw error;
    // Subscribed before with another server key (the server's keys changed): start afresh.
    const old = await pushManager.getSubscription();
    if (old) await old.unsubscribe();
    return pushManager.subscribe(options);
  }
}

// This browser's row in the page's list, marked as this device; its Stop also unsubscribes here.
function markThisDevice(row, subscription) {
  const mark = row.querySelector("[data-device-this]");
  if (mark) mark.hidden = false;
  if (Notification.permission !== "granted") {
    const note = row.querySelector("[data-device-note]");
    if (note) {
      note.textContent = WORDS.blockedHere;
      note.hidden = false;
    }
  }
  const form = row.querySelector("[data-stop-device]");
  form?.addEventListener("submit", async (event) => {
    event.preventDefault();
    await subscription.unsubscribe().catch(() => false);
    form.submit(); // the server forgets it too, and the page says so
  });
}

async function findThisDevice() {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  const print = await fingerprint(subscription.endpoint);
  const row = document.querySelector(`[data-device="${print}"]`);
  if (row) markThisDevice(row, subscription);
  return row;
}

function setUp(button) {
  const box = button.closest("[data-push-setup-box]") || button.parentElement;
  const status = box.querySelector("[data-push-status]");
  const say = (text) => {
    if (status) status.textContent = text;
  };
  const key = button.dataset.vapidKey;
  if (!key) {
    button.disabled = true;
    say(WORDS.off);
    return;
  }
  if (!supported()) {
    button.disabled = true;
    say(WORDS.unsupported);
    return;
  }
  findThisDevice()
    .then((row) => {
      if (!row) return;
      button.hidden = true;
      say(WORDS.setUp);
    })
    .catch(() => {});

  async function start() {
    say(WORDS.asking);
    // Asked here, after the tap, and nowhere else.
    const permission = await Notification.requestPermission();
    if (permission === "denied") return say(WORDS.blocked);
    if (permission !== "granted") return say(WORDS.dismissed);
    const registration = await registerWorker();
    if (!registration) return say(WORDS.failed);
    await navigator.serviceWorker.ready;
    let subscription;
    try {
      subscription = await subscribeWith(registration.pushManager, key);
    } catch (error) {
      return say(error.name === "NotAllowedError" ? WORDS.blocked : WORDS.failed);
    }
    const answer = await post(button.dataset.subscribeUrl, button.dataset.csrf, subscription.toJSON());
    // Refused (another member's browser, push off): nothing kept, and the browser's own
    // subscription is left alone, for it may be that other member's.
    if (!answer.ok) return say(answer.message || WORDS.failed);
    say(WORDS.setUp);
    window.location.reload(); // the list, the summary and the message, as the server now has them
  }

  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await start();
    } catch {
      say(WORDS.failed);
    } finally {
      button.disabled = false;
    }
  });
}

document.querySelectorAll("[data-push-setup]").forEach(setUp);
