// How a phone in a pocket or a tab in the background learns it is your turn: the title, the icon, a buzz.
import { h } from "./dom.js";
import { gettext, interpolate } from "./i18n.js";

/** The tab's title and icon say when it is your turn; a short buzz too, if the member turned it on. */
export function showTurnInTab(app, mine, turnIcon) {
  document.title = mine ? interpolate(gettext("● Your turn · %(title)s"), { title: app.baseTitle }) : app.baseTitle;
  const icon = document.getElementById("favicon");
  if (icon) {
    if (!icon.dataset.plain) icon.dataset.plain = icon.getAttribute("href");
    icon.setAttribute("href", mine ? turnIcon : icon.dataset.plain);
  }
  if (mine && !app.wasMyTurn && vibrateWanted() && navigator.vibrate) navigator.vibrate(200);
  app.wasMyTurn = mine;
}

const VIBRATE_KEY = "jag.vibrate";

function vibrateWanted() {
  try {
    return localStorage.getItem(VIBRATE_KEY) === "on";
  } catch {
    return false;
  }
}

export function vibrateSetting() {
  const box = h("input", {
    type: "checkbox",
    id: "vibrate-setting",
    checked: vibrateWanted(),
    onchange: (event) => {
      try {
        localStorage.setItem(VIBRATE_KEY, event.currentTarget.checked ? "on" : "off");
      } catch {
        // Private browsing may refuse storage; the buzz then stays off.
      }
    },
  });
  return h("label", { class: "check-label vibrate-setting", for: "vibrate-setting" }, box, " ", gettext("Buzz on my turn"));
}
