// Answers reach the server even from a phone with no network (issue 43): each is kept on the device
// first (practice-logic.js's ReviewQueue, in localStorage), then sent; what could not go is sent
// again when the browser is back online, every few seconds while the page is in view (a browser
// may never say it is back), and at the next visit of practice or My verses.
import { ReviewQueue, nextTry, sendQueue } from "./practice-logic.js";

/** The queue's key for a member on this device. */
export function queueKey(member) {
  return `jag.verses.queue.${member}`;
}

function storage() {
  try {
    return globalThis.localStorage || null;
  } catch {
    return null; // storage switched off: answers are sent straight away, or not kept
  }
}

/** The CSRF token: the cookie's as it is now (a page kept offline may carry an old one), else the page's. */
function csrfToken() {
  const cookie = document.cookie.split("; ").find((part) => part.startsWith("csrftoken="));
  if (cookie) return decodeURIComponent(cookie.slice("csrftoken=".length));
  return document.querySelector("input[name=csrfmiddlewaretoken]")?.value || "";
}

async function post(url, reviews) {
  const response = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
    body: JSON.stringify({ reviews }),
  });
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null; // a refusal that is a page (CSRF, a proxy): kept, and tried again later
  }
  return { ok: response.ok, status: response.status, body };
}

/**
 * The member's answers on this device: add(review) keeps and sends one, send() sends what waits,
 * pending() counts it. `onChange({kept, sent})` is told after each try.
 * @param {{member: number, reviews: string}} config
 */
export function startSync(config, { onChange = null } = {}) {
  const queue = new ReviewQueue(storage(), queueKey(config.member));
  let sending = null;
  let again = false;
  let timer = null;
  let wait = 0;

  /** Try again later while answers wait, only while the page is in view. */
  function later(result) {
    clearTimeout(timer);
    wait = nextTry(result, wait) || 0;
    if (wait) timer = setTimeout(() => document.visibilityState === "visible" && send(), wait);
  }

  async function send() {
    if (sending) {
      again = true;
      return sending;
    }
    sending = (async () => {
      let result;
      do {
        again = false;
        result = await sendQueue(queue, (reviews) => post(config.reviews, reviews));
      } while (again);
      later(result);
      onChange?.(result);
      return result;
    })();
    try {
      return await sending;
    } finally {
      sending = null;
    }
  }

  window.addEventListener("online", () => send());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && queue.list().length) send();
  });
  return {
    add(review) {
      if (!queue.add(review)) {
        // Not kept on the device: still sent now, as a one-answer queue of its own.
        let held = [review];
        const alone = { list: () => held, remove: (ids) => (held = held.filter((r) => !ids.includes(r.id))) };
        return sendQueue(alone, (reviews) => post(config.reviews, reviews)).then((result) => onChange?.(result));
      }
      return send();
    },
    send,
    pending: () => queue.list().length,
  };
}
