// The asking guest's page (game/pages/guests.py): it asks how the guest stands every 2 seconds and
// goes to the table once the host lets them sit. After the host's no ("gone": the guest's account and
// session went with it) it goes to the page that says so, drawn signed out, with a way on. A state
// the page was not drawn for (the request lapsed, the game began) draws the page again.
const box = document.getElementById("guest-wait");
const EVERY_MS = 2000;

async function check() {
  let answer;
  try {
    const response = await fetch(box.dataset.stateUrl, { headers: { Accept: "application/json" }, cache: "no-store" });
    if (!response.ok) return later();
    answer = await response.json();
  } catch {
    return later(); // offline for a moment: ask again
  }
  if (answer.state === "seated" || answer.state === "gone") return location.assign(answer.url);
  if (answer.state !== box.dataset.state) return location.reload();
  later();
}

function later() {
  setTimeout(check, EVERY_MS);
}

if (box && box.dataset.state === "asking") later();
