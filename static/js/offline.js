// The offline page (templates/notices/offline.html): Try again reloads the page that was asked
// for (the address bar still shows it), and so does the network coming back.
const again = document.querySelector("[data-try-again]");
if (again) {
  again.addEventListener("submit", (event) => {
    event.preventDefault();
    window.location.reload();
  });
}
window.addEventListener("online", () => window.location.reload());
