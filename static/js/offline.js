// The offline page (templates/notices/offline.html): Try again reloads the page that was asked
// for (the address bar still shows it), and so does the network coming back, a moment after the
// browser says so (a phone's "online" often comes before its connection really works).
const again = document.querySelector("[data-try-again]");
if (again) {
  again.addEventListener("submit", (event) => {
    event.preventDefault();
    window.location.reload();
  });
}
window.addEventListener("online", () => setTimeout(() => window.location.reload(), 1000));
