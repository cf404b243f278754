// A soft chime on the table screen when a stone is laid and at the end (issue 31), off unless
// chosen on this device. The sound is the site's own (static/sounds/chime.wav, CC0, its licence
// beside it); the page names its address (`data-chime-url`) so a deploy's hashed name is used.
import { pgettext } from "./i18n.js";
import { h } from "./dom.js";

const KEY = "jag.chime";

function chosen() {
  try {
    return localStorage.getItem(KEY) === "on";
  } catch {
    return false;
  }
}

/** Draw the "Chime" switch into `mount`; chime.play() rings it when switched on. */
export function setUpChime(mount) {
  const url = document.querySelector("[data-chime-url]")?.dataset.chimeUrl || new URL("../sounds/chime.wav", import.meta.url).href;
  let audio = null;
  const chime = {
    on: chosen(),
    play() {
      if (!chime.on) return;
      audio ||= new Audio(url);
      audio.currentTime = 0;
      // A browser that allows no sound yet (nobody has tapped the page) says no: stay quiet.
      audio.play()?.catch?.(() => {});
    },
  };
  const button = h("button", { type: "button", class: "button button-small chime-switch", "aria-pressed": String(chime.on) }, pgettext("a switch: ring a bell at each move", "Chime"));
  button.addEventListener("click", () => {
    chime.on = !chime.on;
    try {
      localStorage.setItem(KEY, chime.on ? "on" : "off");
    } catch {
      /* storage switched off: the choice holds for this visit */
    }
    button.setAttribute("aria-pressed", String(chime.on));
    chime.play(); // the tap that turns it on lets the browser play, and says what it sounds like
  });
  mount.append(button);
  return chime;
}
