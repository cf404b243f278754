// The page of a member who asked the host to watch (templates/game/watch_asking.html): it asks the
// server every few seconds how the request stands and reloads once the host has answered or the
// request has lapsed, so the watcher's page (or the answer) comes up by itself.
const box = document.querySelector("[data-watch-state]");
const EVERY_MS = 3000;

async function check() {
  try {
    const answer = await fetch(box.dataset.stateUrl, { headers: { Accept: "application/json" }, cache: "no-store" });
    if (answer.ok) {
      const { state } = await answer.json();
      if (state !== box.dataset.watchState) {
        location.reload();
        return;
      }
    }
  } catch {
    // Offline for a moment: ask again at the next tick.
  }
  setTimeout(check, EVERY_MS);
}

if (box) setTimeout(check, EVERY_MS);
