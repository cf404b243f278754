// A class child's waiting page (classes/pages.py): it asks every 2 seconds how the child stands and
// opens their table once the leader starts the games, or says the class is over.
const box = document.getElementById("class-wait");
const EVERY_MS = 2000;
let shown = null;

async function check() {
  try {
    const response = await fetch(box.dataset.stateUrl, { headers: { Accept: "application/json" }, cache: "no-store" });
    if (response.ok) {
      const answer = await response.json();
      if (answer.state === "seated") return location.assign(answer.url);
      if (answer.state === "gone") return over();
      const seat = answer.table ? `table ${answer.table}` : "";
      if (shown !== null && seat !== shown) return location.reload(); // the leader made or changed the tables
      shown = seat;
    }
  } catch {
    // offline for a moment: ask again
  }
  setTimeout(check, EVERY_MS);
}

function over() {
  document.getElementById("class-status")?.replaceWith(document.getElementById("class-over").content.cloneNode(true));
}

if (box) check();
