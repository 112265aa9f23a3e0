// A friend game's page: the Copy button of the invite link, the page's title following
// the live part (the friend joins: "Place your fleet against Bob"), the turn's log kept open. (The live turns come
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
  // The turn's log (every shot of the last turn) stays open across the moves once opened:
  // each move replaces the live part it is in.
  let logOpen = false;
  document.addEventListener("toggle", (event) => {
    if (event.target.id === "turn-log") logOpen = event.target.open;
  }, true);
  function keepLog() {
    const log = document.getElementById("turn-log");
    if (log && logOpen && !log.open) log.open = true;
  }
  document.addEventListener("DOMContentLoaded", show);
  document.addEventListener("htmx:afterSettle", () => { show(); retitle(); keepLog(); });
})();
