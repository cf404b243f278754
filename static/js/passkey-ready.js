// The passkey buttons (templates/mfa/webauthn/) start disabled: allauth's script wires them when
// the page has loaded (account/js/onload.js, on DOMContentLoaded), and a tap before that did
// nothing, or sent the sign-in form without a key. This listener comes after allauth's, so it
// enables them once they work.
document.addEventListener("DOMContentLoaded", () => {
  for (const button of document.querySelectorAll("[data-enabled-on-load]")) button.disabled = false;
});
