// Report this name: a seat's small dialog that sends its gamer tag to the reviewers' queue
// (moderation/name_reports.py). Imported when a seat is first tapped, so the table's first load
// carries none of it. One button, no box to type in: children report names too.
import { h } from "./dom.js";
import { gettext, interpolate } from "./i18n.js";

const REPORT_URL = "/names/report/"; // moderation/urls.py, report_name
const FAILED = gettext("That didn't reach us. Please try again in a moment.");

// What this page was told about each seat it reported, so asking again shows it without a request.
const told = new Map();
let parts = null;
let findOpener = null;

function build() {
  const title = h("h2", { class: "dialog-title", id: "report-title" });
  const text = h("p", { id: "report-text" });
  const said = h("p", { class: "report-said", id: "report-said", role: "status" });
  const send = h("button", { type: "button", class: "button" }, gettext("Report this name"));
  const close = h("button", { type: "button", class: "button button-secondary" }, gettext("Close"));
  const dialog = h(
    "dialog",
    { class: "dialog report-dialog", id: "report-dialog", "aria-labelledby": "report-title", "aria-describedby": "report-text" },
    title,
    text,
    said,
    h("div", { class: "dialog-actions" }, close, send),
  );
  close.addEventListener("click", () => dialog.close());
  // Back to the seat that opened it (drawn again meanwhile, perhaps), or let the page place the focus.
  dialog.addEventListener("close", () => {
    const seat = findOpener?.();
    if (seat) seat.focus();
    else document.dispatchEvent(new CustomEvent("jag:focus-lost"));
  });
  document.body.append(dialog);
  return { dialog, title, text, said, send, close };
}

async function send(key, fields, csrf) {
  parts.send.disabled = true;
  let words = FAILED;
  let done = false;
  try {
    const response = await fetch(REPORT_URL, {
      method: "POST",
      headers: { "X-CSRFToken": csrf },
      body: new URLSearchParams(fields),
      credentials: "same-origin",
    });
    const answer = await response.json().catch(() => ({}));
    words = answer.message || FAILED;
    done = response.ok || answer.code === "already_reported";
  } catch {
    // Offline, or the server is away: the words say to try again, and the button stays.
  }
  parts.said.textContent = words;
  if (done) {
    told.set(key, words);
    parts.send.hidden = true;
    parts.close.focus();
  } else {
    parts.send.disabled = false;
  }
}

/** Open the dialog for one seat: `fields` name it to the server ({code, seat} or {game, seat});
 *  `opener()` finds the seat's button again when the dialog closes. */
export function openReport({ tag, fields, csrf, opener }) {
  parts ||= build();
  findOpener = opener;
  const key = JSON.stringify(fields);
  parts.title.textContent = tag;
  parts.text.textContent = interpolate(gettext("Is “%(name)s” unkind, or does it pretend to be someone else? Tell our reviewers and they will look at it. Nobody at the table is told who reported it."), { name: tag });
  parts.said.textContent = told.get(key) || "";
  parts.send.hidden = told.has(key);
  parts.send.disabled = false;
  parts.send.onclick = () => send(key, fields, csrf);
  parts.dialog.showModal();
  (parts.send.hidden ? parts.close : parts.send).focus();
}
