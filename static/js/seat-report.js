// A seat's menu: Report this name, and Report how they played. A small dialog that sends the seat's
// gamer tag (moderation/name_reports.py) or a reason picked from a list (moderation/play_reports.py)
// to the reviewers. Imported when a seat is first tapped, so the table's first load carries none of
// it. Buttons and choices only, no box to type in: children report too.
import { h } from "./dom.js";
import { gettext, interpolate } from "./i18n.js";

const NAME_URL = "/names/report/"; // moderation/urls.py, report_name
const PLAY_URL = "/games/report/"; // moderation/urls.py, report_play
const FAILED = gettext("That didn't reach us. Please try again in a moment.");
// moderation.models.PlayReport.Reason, in its order (tests/moderation/test_play_reports.py compares).
export const REASONS = [
  ["not_a_person", gettext("It didn't seem like a person was playing")],
  ["helped", gettext("They seemed to have help, or to play two seats")],
  ["spoiled", gettext("They spoiled the game on purpose")],
  ["reactions", gettext("They used reactions to upset someone")],
  ["other", gettext("Something else worried me")],
];
// A refusal that still means "it is with the reviewers": the report is done, the button goes.
const ALREADY = new Set(["already_reported", "play_already_reported"]);

// What this page was told about each seat, so asking again shows it without a request.
const told = new Map();
let parts = null;
let findOpener = null;

function reasonChoice([value, words]) {
  const id = `report-reason-${value}`;
  return h("div", { class: "report-reason" }, h("input", { type: "radio", name: "reason", value, id }), h("label", { for: id }, words));
}

function build() {
  const title = h("h2", { class: "dialog-title", id: "report-title" });
  const text = h("p", { id: "report-text" });
  const said = h("p", { class: "report-said", id: "report-said", role: "status" });
  const sendName = h("button", { type: "button", class: "button" }, gettext("Report this name"));
  const openPlay = h("button", { type: "button", class: "button button-secondary", "aria-expanded": "false", "aria-controls": "report-play" }, gettext("Report how they played"));
  const sendPlay = h("button", { type: "button", class: "button" }, gettext("Send the report"));
  const play = h(
    "fieldset",
    { class: "report-play", id: "report-play", hidden: true },
    h("legend", {}, gettext("What went wrong?")),
    ...REASONS.map(reasonChoice),
    h("p", { class: "report-play-note" }, gettext("A reviewer looks at the whole game. Nobody at the table is told who reported it.")),
    h("div", { class: "dialog-actions" }, sendPlay),
  );
  const close = h("button", { type: "button", class: "button button-secondary" }, gettext("Close"));
  const dialog = h(
    "dialog",
    { class: "dialog report-dialog", id: "report-dialog", "aria-labelledby": "report-title", "aria-describedby": "report-text" },
    title,
    text,
    h("div", { class: "dialog-actions report-choices" }, sendName, openPlay),
    play,
    said,
    h("div", { class: "dialog-actions" }, close),
  );
  close.addEventListener("click", () => dialog.close());
  openPlay.addEventListener("click", () => showPlay(true));
  // Back to the seat that opened it (drawn again meanwhile, perhaps), or let the page place the focus.
  dialog.addEventListener("close", () => {
    const seat = findOpener?.();
    if (seat) seat.focus();
    else document.dispatchEvent(new CustomEvent("jag:focus-lost"));
  });
  document.body.append(dialog);
  return { dialog, title, text, said, sendName, openPlay, sendPlay, play, close };
}

function showPlay(open) {
  parts.play.hidden = !open;
  parts.openPlay.hidden = open;
  parts.openPlay.setAttribute("aria-expanded", String(open));
  if (open) parts.play.querySelector("input").focus();
}

async function post(url, fields, csrf) {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "X-CSRFToken": csrf },
      body: new URLSearchParams(fields),
      credentials: "same-origin",
    });
    const answer = await response.json().catch(() => ({}));
    return { words: answer.message || FAILED, done: response.ok || ALREADY.has(answer.code) };
  } catch {
    // Offline, or the server is away: the words say to try again, and the button stays.
    return { words: FAILED, done: false };
  }
}

async function send(kind, key, fields, csrf) {
  const button = kind === "name" ? parts.sendName : parts.sendPlay;
  const body = { ...fields };
  if (kind === "play") body.reason = parts.play.querySelector("input:checked")?.value || "";
  button.disabled = true;
  const { words, done } = await post(kind === "name" ? NAME_URL : PLAY_URL, body, csrf);
  parts.said.textContent = words;
  button.disabled = false;
  if (!done) {
    // Still theirs to send: back to what to change (no reason picked: the first reason).
    const pick = kind === "play" && !body.reason && parts.play.querySelector("input");
    (pick || button).focus();
    return;
  }
  const seen = told.get(key) || {};
  told.set(key, { ...seen, [kind]: words, last: words });
  if (kind === "name") parts.sendName.hidden = true;
  else showPlayDone();
  parts.close.focus();
}

function showPlayDone() {
  parts.play.hidden = true;
  parts.openPlay.hidden = true;
}

/** Open the dialog for one seat: `fields` name it to the server ({code, seat} or {game, seat});
 *  `opener()` finds the seat's button again when the dialog closes. */
export function openReport({ tag, fields, csrf, opener }) {
  parts ||= build();
  findOpener = opener;
  const key = JSON.stringify(fields);
  const seen = told.get(key) || {};
  parts.title.textContent = tag;
  parts.text.textContent = interpolate(gettext("Is “%(name)s” unkind, or does it pretend to be someone else? Tell our reviewers and they will look at it. Nobody at the table is told who reported it."), { name: tag });
  parts.said.textContent = seen.last || "";
  parts.sendName.hidden = Boolean(seen.name);
  parts.sendName.onclick = () => send("name", key, fields, csrf);
  parts.sendPlay.onclick = () => send("play", key, fields, csrf);
  for (const input of parts.play.querySelectorAll("input")) input.checked = false;
  showPlay(false);
  if (seen.play) showPlayDone();
  parts.dialog.showModal();
  const first = [parts.sendName, parts.openPlay].find((b) => !b.hidden) || parts.close;
  first.focus();
}
