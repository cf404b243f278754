// My verses sends what practice kept on this device while offline (practice-sync.js), and shows
// the page again once the server has it, so what it lists is what the server now knows.
import { startSync } from "./practice-sync.js";

const config = JSON.parse(document.getElementById("practice-sync").textContent);
const sync = startSync(config);

if (sync.pending()) {
  sync.send().then(({ sent }) => {
    if (sent) window.location.reload();
  });
}
