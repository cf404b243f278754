// The offline page (templates/notices/offline.html): Try again reloads the page that was asked
// for (the address bar still shows it), and so does the network coming back. Browsers do not
// always say so (a phone's "online" often comes before its connection works, and some never fire
// it for a page the service worker served), so the page also asks the server itself, every few
// seconds while it is in view, and reloads once the server answers.
const PROBE_MS = 3000;

// The page holds its words in every language the site offers; show the one the reader last read a
// page in (static/js/i18n.js remembers it), else the one the worker cached it in.
let last = null;
try {
  last = localStorage.getItem("jag-language");
} catch {
  last = null;
}
const chosen = last && document.querySelector(`[data-language="${CSS.escape(last)}"]`);
if (chosen) {
  for (const words of document.querySelectorAll("[data-language]")) words.hidden = words !== chosen;
  document.documentElement.lang = chosen.dataset.language;
  document.title = chosen.dataset.title;
}

for (const again of document.querySelectorAll("[data-try-again]")) {
  again.addEventListener("submit", (event) => {
    event.preventDefault();
    window.location.reload();
  });
}

async function serverAnswers() {
  try {
    // Not a navigation, so the service worker lets it through to the network.
    await fetch(window.location.href, { method: "HEAD", cache: "no-store" });
    return true;
  } catch {
    return false;
  }
}

let next = setTimeout(probe, PROBE_MS);

async function probe() {
  if (document.visibilityState === "visible" && (await serverAnswers())) {
    window.location.reload();
    return;
  }
  next = setTimeout(probe, PROBE_MS);
}

window.addEventListener("online", () => {
  clearTimeout(next);
  next = setTimeout(probe, 1000);
});
