// The table's connection, as a person sees it: a "Reconnecting…" bar while the socket comes back,
// and a notice with a way on once it has closed for good (signed out, restricted, ...).
import { gettext } from "./i18n.js";
import { FINAL_WORDS } from "./socket.js";

/** Show a socket status from LiveSocket: "open", "reconnecting", "unreachable" or a final one; `pending` when a
 * move of this page's is waiting for its answer (it is sent again once the socket is back). */
export function showConnection(root, el, status, pending = false) {
  const conn = el.conn;
  if (status === "open") {
    conn.hidden = true;
    return;
  }
  conn.dataset.status = status;
  const final = FINAL_WORDS[status];
  el.connText.textContent = final ?? waitingWords(status, pending);
  conn.hidden = Boolean(final); // a final close has the notice instead, with a way on
  if (final) closeTable(root, final, status === "signed_out");
}

/** What the bar says while the socket comes back: after the server's own error, that the table
 * can't be reached for a moment (the page waits longer each time, and keeps the move). */
function waitingWords(status, pending) {
  if (status === "unreachable") {
    return pending ? gettext("The table can't be reached for a moment. Your move will go as soon as it can.") : gettext("The table can't be reached for a moment.");
  }
  return pending ? gettext("Reconnecting… Your move will go as soon as you're back.") : gettext("Reconnecting…");
}

/** The socket closed for good: the table stops taking taps and says why. */
function closeTable(root, words, signedOut) {
  root.classList.add("is-closed");
  for (const part of root.querySelectorAll("#waiting, #game")) part.inert = true;
  const notice = document.getElementById("closed-notice");
  notice.querySelector("[data-words]").textContent = words;
  notice.querySelector("[data-sign-in]").hidden = !signedOut;
  notice.hidden = false;
  notice.focus();
}
