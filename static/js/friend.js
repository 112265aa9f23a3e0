// A friend game's page: the Copy button of the invite link, and the page's title following
// the live part (the friend joins: "Place your fleet against Bob"). (The live turns come
// from htmx's SSE extension, the boards' keys and sounds from game.js.)
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
  function retitle() {
    const live = document.getElementById("live");
    if (live && live.dataset.title && document.title !== live.dataset.title) document.title = live.dataset.title;
  }
  document.addEventListener("DOMContentLoaded", show);
  document.addEventListener("htmx:afterSettle", () => { show(); retitle(); });
})();
