// The offline page (templates/notices/offline.html): Try again reloads the page that was asked
// for (the address bar still shows it), and so does the network coming back. Browsers do not
// always say so (a phone's "online" often comes before its connection works, and some never fire
// it for a page the service worker served), so the page also asks the server itself, every few
// seconds while it is in view, and reloads once the server answers.
const PROBE_MS = 3000;
const again = document.querySelector("[data-try-again]");
if (again) {
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
