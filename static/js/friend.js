// A friend game's page: its title follows the live part (the friend joins: "Place your
// fleet against Bob"), and a move the other player made, pushed by the event stream
// (htmx's SSE extension, its "state" event), makes its sound. (Your own moves' answers
// name their turn themselves, as every mode's do; the boards' keys, the Copy button, the
// turn's log and the sounds are static/js/board.js's.)
(function () {
  "use strict";

  function live() { return document.getElementById("live"); }

  htmx.onLoad(() => {
    const part = live();
    if (part && part.dataset.title && document.title !== part.dataset.title) document.title = part.dataset.title;
  });

  let before = null;
  document.addEventListener("htmx:sseBeforeMessage", () => {
    before = live() ? Number(live().dataset.move) : null;
  });
  document.addEventListener("htmx:sseMessage", (event) => {
    if (event.detail.type !== "state") return;
    // (The swap settles on its own schedule: after it.)
    setTimeout(() => {
      const part = live();
      const turn = document.getElementById("turn");
      if (!part || before === null || Number(part.dataset.move) <= before) return;
      document.dispatchEvent(new CustomEvent("board:sound", { detail: { sound: turn && turn.dataset.sound } }));
    }, 0);
  });
})();
