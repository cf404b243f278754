// "Add JustAllowGod to your home screen" (issue 32): on a phone-sized screen, when the browser
// offers to install the site, a small banner says so once. Install or Not now is remembered on
// this device, and the banner never comes back. It also registers the service worker.
import { registerWorker } from "./app-worker.js";

const KEY = "jag-install-prompt";
const banner = document.querySelector("[data-install-prompt]");
const phone = window.matchMedia("(pointer: coarse), (max-width: 40rem)");

function remembered() {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    return true; // no storage: never risk asking again and again
  }
}

function remember(choice) {
  try {
    localStorage.setItem(KEY, choice);
  } catch {
    // nothing to keep it in
  }
}

registerWorker();

if (banner && !remembered()) {
  let offer = null;
  window.addEventListener("beforeinstallprompt", (event) => {
    // A computer keeps the browser's own install button; a phone gets the banner.
    if (!phone.matches || remembered()) return;
    event.preventDefault();
    offer = event;
    banner.hidden = false;
  });
  banner.querySelector("[data-install]").addEventListener("click", async () => {
    banner.hidden = true;
    if (!offer) return;
    offer.prompt();
    const choice = await offer.userChoice.catch(() => ({ outcome: "dismissed" }));
    remember(choice.outcome);
    offer = null;
  });
  banner.querySelector("[data-install-later]").addEventListener("click", () => {
    remember("later");
    banner.hidden = true;
  });
  window.addEventListener("appinstalled", () => {
    remember("installed");
    banner.hidden = true;
  });
}
