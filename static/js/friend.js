// A friend game's page: its title follows the live part (the friend joins: "Place your
// fleet against Bob"), and a move the other player made, pushed by the event stream
// (htmx's SSE extension, its "state" event), is named as a move's answer names it: its
// sound, and the end if it ended the game. (Your own moves' answers
// name their turn themselves, as every mode's do; the boards' keys, the Copy button, the
// turn's log and the sounds are static/js/board.js's.)
(function () {
  "use strict";

  function live() { return document.getElementById("live"); }

  htmx.onLoad(() => {
    const part = live();
    if (part && part.dataset.title && document.title !== part.dataset.title) document.title = part.dataset.title;
  });

  // A finished game's stream ends on the server; the browser would open it again every
  // second, each time drawing the whole page again (the end's card with it): it is closed
  // here once the page shows the game over.
  let source = null;
  document.addEventListener("htmx:sseOpen", (event) => { source = event.detail.source; });
  const OVER = ["over", "cancelled", "expired"];

  let before = null;
  let floating = false; // the end's card was up over the screen (static/js/board.js)
  document.addEventListener("htmx:sseBeforeMessage", () => {
    before = live() ? Number(live().dataset.move) : null;
    floating = Boolean(document.querySelector(".outcome.floating"));
  });
  document.addEventListener("htmx:sseMessage", (event) => {
    if (event.detail.type !== "state") return;
    // (The swap settles on its own schedule: after it.)
    setTimeout(() => {
      const part = live();
      const turn = document.getElementById("turn");
      if (part && source && OVER.includes(part.dataset.status)) source.close();
      if (floating) document.dispatchEvent(new CustomEvent("outcome:float"));
      if (!part || before === null || Number(part.dataset.move) <= before) return;
      // Named as a move's own answer names it (static/js/board.js): its sound, and the end.
      document.dispatchEvent(new CustomEvent("turn-settled", { detail: { sound: turn && turn.dataset.sound } }));
    }, 0);
  });
})();
