// What the table page draws only after its welcome (issue 31), fetched then, off the first load:
// its styles, the Read aloud switch (table-voice.js), and who watches the table without a seat:
// "2 people watching", and for the host a Remove button beside each, the requests to watch that
// wait for a yes or no (issue 49), the guests asking to sit (R41), and a line when a big screen
// follows the table.
import { fill, h, postForm } from "./dom.js";
import { gettext, interpolate, ngettext, pgettext } from "./i18n.js";
import { tagName, withNodes } from "./names.js";
import { startVoice } from "./table-voice.js";

export function start(app) {
  // Beside this module wherever it is served (an unhashed name is served too: WhiteNoise keeps both).
  document.head.append(h("link", { rel: "stylesheet", href: new URL("../css/voice-and-watching.css", import.meta.url).href }));
  startVoice(app, document.getElementById("voice-box"));
  const more = { render: () => renderWatching(app, document.getElementById("watching")) };
  more.render();
  return more;
}

const NO = pgettext("the answer to a request", "No");

// When each request (to watch, to sit) lapses on this page's clock, by the request as the server
// last sent it: a fresh table message says afresh how many seconds are left (a request asked again
// keeps its id but lapses later), while drawing the same message again keeps its clock.
const lapses = new WeakMap();
const lapseTimers = {};

function renderWatching(app, box) {
  const watchers = app.table?.watchers || [];
  const isHost = app.me?.seat === app.table?.host_seat;
  const asking = isHost ? openRequests(app, box, app.table?.asking, "w") : [];
  const sitting = isHost ? openRequests(app, box, app.table?.sit_asks, "s") : [];
  const screenOn = isHost && app.table?.screen_on;
  box.hidden = watchers.length === 0 && asking.length === 0 && sitting.length === 0 && !screenOn;
  if (box.hidden) return;
  fill(
    box,
    sitting.map((r) =>
      h(
        "div",
        { class: "watch-request sit-request", role: "status" },
        h("span", { class: "watch-request-words" }, withNodes(gettext("%(name)s asks to sit, as your guest"), { name: tagName(r.tag, "watcher-name") })),
        // The words wrap on a phone; the name in them is kept whole on one line.
        guestLanguage(app, r, answerForm(`${app.base}guests/${r.id}/answer/`, app, "yes", h("span", {}, withNodes(gettext("Let %(name)s sit"), { name: h("span", { class: "tag-word" }, r.tag) })), "button button-small")),
        answerForm(`${app.base}guests/${r.id}/answer/`, app, "no", NO, "button button-small button-secondary"),
        h("small", { class: "sit-request-note" }, gettext("You answer for your guest: a child's parent must agree.")),
      ),
    ),
    asking.map((r) =>
      h(
        "p",
        { class: "watch-request", role: "status" },
        h("span", { class: "watch-request-words" }, withNodes(gettext("%(name)s asks to watch"), { name: tagName(r.tag, "watcher-name") })),
        answerForm(`${app.base}watchers/${r.id}/answer/`, app, "yes", interpolate(gettext("Let %(name)s watch"), { name: r.tag }), "button button-small"),
        answerForm(`${app.base}watchers/${r.id}/answer/`, app, "no", NO, "button button-small button-secondary"),
      ),
    ),
    screenOn
      ? h(
          "p",
          { class: "watch-request" },
          h("span", { class: "watch-request-words" }, gettext("A screen is following this table")),
          postForm(`${app.base}screen/off/`, app.csrf, gettext("Turn it off"), "button button-small button-secondary"),
        )
      : null,
    watchers.length ? watcherList(app, watchers, isHost) : null,
    isHost && (watchers.length || asking.length) ? watchingOff(app) : null,
  );
}

/** The requests (to watch: kind "w"; to sit: "s") still waiting, each hidden when it lapses (the
 * page draws itself again then). */
function openRequests(app, box, requests, kind) {
  const now = Date.now();
  for (const r of requests || []) if (!lapses.has(r)) lapses.set(r, now + r.ends_in * 1000);
  const open = (requests || []).filter((r) => lapses.get(r) > now);
  clearTimeout(lapseTimers[kind]);
  if (open.length) {
    const next = Math.min(...open.map((r) => lapses.get(r))) - now;
    lapseTimers[kind] = setTimeout(() => renderWatching(app, box), next + 50);
  }
  return open;
}

/** The host's way to stop all watching at once (game/services/watching.py `set_watching`). */
function watchingOff(app) {
  const form = postForm(`${app.base}watching/`, app.csrf, gettext("Turn watching off"), "button button-small button-secondary");
  form.prepend(h("input", { type: "hidden", name: "watching", value: "off" }));
  return h("p", { class: "watching-off" }, form);
}

function answerForm(url, app, answer, label, buttonClass) {
  const form = postForm(url, app.csrf, label, buttonClass);
  form.prepend(h("input", { type: "hidden", name: "answer", value: answer }));
  return form;
}

/** The "Let them sit" form with the language the guest will read the site in, when the site offers
 * more than one: the one their device chose, or the host's own, until the host picks another. */
const pickedLanguage = new Map(); // request id -> the host's pick, kept while the box is drawn again

function guestLanguage(app, request, form) {
  if (app.languages.length < 2) return form;
  const id = `sit-language-${request.id}`;
  const chosen = pickedLanguage.get(request.id) || request.language || document.documentElement.lang;
  form.prepend(
    h("label", { class: "sit-request-language", for: id }, pgettext("a guest reads the site in (the name of a language follows)", "Reads")),
    h(
      "select",
      { id, name: "language", class: "sit-request-select", onchange: (event) => pickedLanguage.set(request.id, event.target.value) },
      app.languages.map(([code, name]) => h("option", { value: code, lang: code, selected: code === chosen }, name)),
    ),
  );
  return form;
}

function watcherList(app, watchers, isHost) {
  return h(
    "details",
    { class: "watching-list" },
    h("summary", { class: "watching-count" }, interpolate(ngettext("%(n)s person watching", "%(n)s people watching", watchers.length), { n: watchers.length })),
    h(
      "ul",
      {},
      watchers.map((w) =>
        h(
          "li",
          { class: "watcher" },
          tagName(w.tag, "watcher-name"),
          isHost ? postForm(`${app.base}watchers/${w.id}/remove/`, app.csrf, gettext("Remove"), "button button-small button-secondary") : null,
        ),
      ),
    ),
  );
}
