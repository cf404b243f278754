// "Tell me when it's my turn" (issue 32): every [data-push-setup] button subscribes this browser to
// push notices, and then stops them. The browser's permission is asked only when the member taps
// (never on load); the subscription goes to the server with the page's CSRF token, and what
// happened is said in the live region beside the button.
import { registerWorker } from "./app-worker.js";

const START = "Tell me when it's my turn";
const STOP = "Stop telling this browser";
const WORDS = {
  subscribed: "Done: this browser will tell you when it's your turn.",
  stopped: "This browser won't tell you any more.",
  blocked: "Your browser blocks notices from this site. You can allow them in its site settings.",
  dismissed: "Nothing changed. Tap again and choose Allow when your browser asks.",
  unsupported:
    "This browser can't show notices from a website. On an iPhone or iPad, add JustAllowGod to your home screen first.",
  off: "Notices to browsers are off on this server just now.",
  failed: "That didn't work. Please try again in a moment.",
};

// A base64url key (as the server gives it) as the bytes pushManager.subscribe takes.
function keyBytes(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function supported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
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
  let subscribed = false;
  const show = (on) => {
    subscribed = on;
    button.textContent = on ? STOP : START;
    button.dataset.state = on ? "on" : "off";
    button.classList.toggle("button-secondary", on);
  };
  show(false);
  currentSubscription()
    .then((subscription) => show(Boolean(subscription)))
    .catch(() => {});

  async function start() {
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
    if (!answer.ok) return say(answer.message || WORDS.failed);
    show(true);
    say(WORDS.subscribed);
  }

  async function stop() {
    const subscription = await currentSubscription();
    if (subscription) {
      const answer = await post(button.dataset.unsubscribeUrl, button.dataset.csrf, { endpoint: subscription.endpoint });
      if (!answer.ok) return say(answer.message || WORDS.failed);
      await subscription.unsubscribe().catch(() => false);
    }
    show(false);
    say(WORDS.stopped);
  }

  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await (subscribed ? stop() : start());
    } catch {
      say(WORDS.failed);
    } finally {
      button.disabled = false;
    }
  });
}

document.querySelectorAll("[data-push-setup]").forEach(setUp);
