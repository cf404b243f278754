// A class child's waiting page (classes/pages.py): it asks every 2 seconds how the child stands and
// opens their table once the leader starts the games; once the class has ended, or the leader took
// the child off the list, the page says that and nothing more (no name, no buttons).
const box = document.getElementById("class-wait");
const EVERY_MS = 2000;
let shown = null;

async function check() {
  try {
    const response = await fetch(box.dataset.stateUrl, { headers: { Accept: "application/json" }, cache: "no-store" });
    if (response.ok) {
      const answer = await response.json();
      if (answer.state === "seated") return location.assign(answer.url);
      if (answer.state === "ended" || answer.state === "removed") return over(answer.state);
      if (answer.state !== "waiting") return location.reload(); // signed out: the page leads back in
      const seat = answer.table ? `table ${answer.table}` : "";
      if (shown !== null && seat !== shown) return location.reload(); // the leader made or changed the tables
      shown = seat;
    }
  } catch {
    // offline for a moment: ask again
  }
  setTimeout(check, EVERY_MS);
}

function over(state) {
  const words = document.getElementById(`class-${state}`);
  box.replaceChildren(words.content.cloneNode(true));
  box.querySelector("h1")?.focus(); // read out at once, as the page it now is
}

if (box) check();
