// The take-home cards' Print button (an inline onclick would break the Content Security Policy).
document.getElementById("print-cards")?.addEventListener("click", () => window.print());
