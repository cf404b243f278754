// What the table page draws only after its welcome (issue 31), fetched then, off the first load:
// its styles, the Read aloud switch (table-voice.js), and who watches the table without a seat:
// "2 people watching", and for the host a Remove button beside each.
import { fill, h, plural, postForm } from "./dom.js";
import { tagName } from "./names.js";
import { startVoice } from "./table-voice.js";

export function start(app) {
  // Beside this module wherever it is served (an unhashed name is served too: WhiteNoise keeps both).
  document.head.append(h("link", { rel: "stylesheet", href: new URL("../css/voice-and-watching.css", import.meta.url).href }));
  startVoice(app, document.getElementById("voice-box"));
  const more = { render: () => renderWatching(app, document.getElementById("watching")) };
  more.render();
  return more;
}

function renderWatching(app, box) {
  const watchers = app.table?.watchers || [];
  box.hidden = watchers.length === 0;
  if (!watchers.length) return;
  const isHost = app.me?.seat === app.table.host_seat;
  fill(
    box,
    h(
      "details",
      { class: "watching-list" },
      h("summary", { class: "watching-count" }, `${plural(watchers.length, "person", "people")} watching`),
      h(
        "ul",
        {},
        watchers.map((w) =>
          h(
            "li",
            { class: "watcher" },
            tagName(w.tag, "watcher-name"),
            isHost ? postForm(`${app.base}watchers/${w.id}/remove/`, app.csrf, "Remove", "button button-small button-secondary") : null,
          ),
        ),
      ),
    ),
  );
}
