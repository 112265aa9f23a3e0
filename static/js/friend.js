// A friend game's page: the Copy button of the invite link. (The live turns come from
// htmx's SSE extension, the boards' keys and sounds from game.js.)
(function () {
  "use strict";
  function show() {
    document.querySelectorAll("[data-copy]").forEach((button) => { button.hidden = !navigator.clipboard; });
  }
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("[data-copy]");
    if (!button) return;
    const field = document.querySelector(button.dataset.copy);
    navigator.clipboard.writeText(field.value).then(() => {
      const said = button.parentElement.querySelector("[data-copied]");
      if (said) said.hidden = false;
    });
  });
  document.addEventListener("DOMContentLoaded", show);
  document.addEventListener("htmx:afterSettle", show);
})();
