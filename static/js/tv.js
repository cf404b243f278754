// The TV's /tv/ page (templates/game/tv.html, game/services/pairing.py): it counts its code down,
// asks the server every two seconds how the code stands, and once the host has typed it opens the
// table's screen with the secret only this page holds (never in an address the host sees). A lapsed
// code is followed by a new one, for an hour; after that the remote's OK asks for the next.
import { gettext } from "./i18n.js";

const box = document.getElementById("tv-pair");
const $ = (id) => document.getElementById(id);
const ASK_EVERY_MS = 2000;
const NEW_CODES = 6; // an hour of codes without anyone at the TV
const csrf = box.querySelector("[name=csrfmiddlewaretoken]").value;

let secret = box.dataset.secret;
let endsAt = performance.now() + Number(box.dataset.endsIn) * 1000;
let renewed = 0;
let stopped = false;

function post(url, fields = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return fetch(url, { method: "POST", body, cache: "no-store", credentials: "same-origin", headers: { "X-CSRFToken": csrf, Accept: "application/json" } });
}

function showLeft() {
  const left = Math.max(0, Math.ceil((endsAt - performance.now()) / 1000));
  $("tv-left").textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}

/** Waiting for someone at the TV: the code stays hidden until OK is pressed (never a stale code). */
function stop(words) {
  stopped = true;
  $("tv-code").hidden = true;
  $("tv-lapse").hidden = true;
  $("tv-stopped").textContent = words;
  $("tv-stopped").hidden = false;
  const again = $("tv-new");
  again.hidden = false;
  again.focus();
}

async function newCode() {
  let answer = null;
  let made = {};
  try {
    answer = await post(box.dataset.codeUrl);
    made = await answer.json();
  } catch {
    // offline, or not our answer: said below
  }
  if (!answer?.ok || !made.secret) {
    stop(made.message || gettext("No new code came. Press OK to try again."));
    return;
  }
  secret = made.secret;
  endsAt = performance.now() + made.ends_in * 1000;
  $("tv-code").textContent = made.shown;
  showLeft();
}

async function ask() {
  if (stopped) return;
  try {
    const answer = await post(box.dataset.stateUrl, { secret });
    if (answer.ok) {
      const { state, ends_in: endsIn } = await answer.json();
      if (state === "paired") {
        location.replace(`${box.dataset.screenPrefix}${secret}/`);
        return;
      }
      if (state === "waiting") endsAt = performance.now() + endsIn * 1000;
      else if (renewed >= NEW_CODES) stop(gettext("This code has lapsed. Press OK for a new one."));
      else {
        renewed += 1;
        await newCode();
      }
    }
  } catch {
    // Offline for a moment: ask again at the next tick.
  }
  if (!stopped) setTimeout(ask, ASK_EVERY_MS);
}

$("tv-new").addEventListener("click", async () => {
  stopped = false;
  renewed = 0;
  $("tv-new").hidden = true;
  $("tv-stopped").hidden = true;
  $("tv-code").hidden = false;
  $("tv-lapse").hidden = false;
  await newCode();
  if (!stopped) setTimeout(ask, ASK_EVERY_MS);
});

setInterval(showLeft, 1000);
showLeft();
setTimeout(ask, ASK_EVERY_MS);
