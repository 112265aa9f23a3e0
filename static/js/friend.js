// A friend game's page: its title follows the live part (the friend joins: "Place your
// fleet against Bob"), and a move the other player made, pushed by the event stream
// (htmx's SSE extension: its "move" event, what the move changed, or its "state" event,
// the whole live part), is named as a move's answer names it: its
// sound, and the end if it ended the game. (Your own moves' answers
// name their turn themselves, as every mode's do; the boards' keys, the Copy button, the
// turn's log and the sounds are static/js/board.js's.)
(function () {
  "use strict";

  function live() { return document.getElementById("live"); }
  function turn() { return document.getElementById("turn"); }
  function shownMove() { return turn() ? Number(turn().dataset.move) : null; }

  // The stream is told which move the page shows (a reconnect says it by its last event's
  // id): it sends only what the page lacks (friends/stream.py).
  const eventSource = htmx.createEventSource;
  htmx.createEventSource = (url) => {
    const move = shownMove();
    if (move === null || !eventSource) return eventSource ? eventSource(url) : new EventSource(url);
    return eventSource(url + (url.includes("?") ? "&" : "?") + "move=" + move);
  };

  // A move's event (friends/changes.py) swaps in only what the move changed. Whose turn it
  // is now (#turn's data-mine) is set here on the controls it leaves alone, as the server
  // draws them on each player's turn (core/templatetags/boards.py's enemy_cells,
  // templates/games/_weapons.html): the cells one may fire at, the typed shot, the weapons.
  function setTurn(mine, move) {
    const board = document.querySelector("#fire-form table.board.enemy");
    if (board) {
      board.querySelectorAll('td[id^="enemy-"] > button.cell.unknown:not(.heat)').forEach((cell) => {
        const label = cell.parentElement.id.slice("enemy-".length);
        if (mine) {
          cell.type = "submit";
          cell.name = "cell";
          cell.value = label;
          cell.removeAttribute("aria-disabled");
          cell.removeAttribute("tabindex");
          cell.replaceChildren();
        } else {
          cell.type = "button";
          cell.removeAttribute("name");
          cell.removeAttribute("value");
          cell.setAttribute("aria-disabled", "true");
          cell.tabIndex = -1;
          const symbol = document.createElement("span");
          symbol.setAttribute("aria-hidden", "true");
          cell.replaceChildren(symbol);
        }
      });
      // One tab stop on the board, as static/js/board.js keeps it.
      const cells = Array.from(board.querySelectorAll("tbody button"));
      const stop = cells.find((b) => b.getAttribute("tabindex") === "0") ||
        cells.find((b) => b.getAttribute("aria-disabled") !== "true") || cells[0];
      cells.forEach((b) => (b.tabIndex = b === stop ? 0 : -1));
    }
    const controls = "#typed-cell, #typed-fire, #weapons .aim-mode, #weapons .weapon-form select, " +
      "#weapons .weapon-form button[type=submit], #weapons .weapon-form input:not([type=hidden])";
    document.querySelectorAll(controls).forEach((control) => { control.disabled = !mine; });
    document.querySelectorAll("#weapons .weapon-form input[name=move]").forEach((input) => { input.value = move; });
    if (live()) live().dataset.move = move;
  }

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
    before = shownMove();
    floating = Boolean(document.querySelector(".outcome.floating"));
  });
  document.addEventListener("htmx:sseMessage", (event) => {
    const type = event.detail.type;
    if (type !== "state" && type !== "move") return;
    if (type === "move" && turn() && turn().dataset.mine) setTurn(turn().dataset.mine === "true", turn().dataset.move);
    // (The swap settles on its own schedule: after it.)
    setTimeout(() => {
      const part = live();
      if (part && source && OVER.includes(part.dataset.status)) source.close();
      if (floating) document.dispatchEvent(new CustomEvent("outcome:float"));
      if (!part || before === null || shownMove() === null || shownMove() <= before) return;
      // Named as a move's own answer names it (static/js/board.js): its sound, and the end.
      document.dispatchEvent(new CustomEvent("turn-settled", { detail: { sound: turn() && turn().dataset.sound } }));
    }, 0);
  });
})();
