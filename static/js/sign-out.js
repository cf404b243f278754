// Signing out forgets the practice this device kept for offline use (templates/notices/sw.js keeps
// it in the "jag-practice" cache), so whoever uses the device next never sees this member's verses.
// The cache is emptied before the form goes; without this script the sign-out works as ever.
const PRACTICE_CACHE = "jag-practice";

for (const form of document.querySelectorAll("form.sign-out-form")) {
  form.addEventListener("submit", (event) => {
    if (!("caches" in window) || form.dataset.forgotten) return;
    event.preventDefault();
    form.dataset.forgotten = "yes";
    caches
      .delete(PRACTICE_CACHE)
      .catch(() => false)
      .finally(() => form.submit());
  });
}
