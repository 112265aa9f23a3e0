// Battleship game page: keyboard moves on the boards, R to rotate, focus kept across htmx
// swaps, sounds made in the browser (Web Audio), and a remembered mute switch.
// Everything works without this file; it only makes play smoother.
(function () {
  "use strict";

  const MUTE_KEY = "battleship:muted";
  let lastCell = null;

  // --- Boards: one tab stop per board, arrows move, Enter/Space fire (native buttons) ---
  function cellsOf(board) {
    return Array.from(board.querySelectorAll("tbody button"));
  }

  // The page leaves every cell one can act on in the tab order (for a browser without this
  // script); here each board becomes one tab stop: the one this script set before a swap,
  // else the first cell one can act on.
  function initBoard(board) {
    const cells = cellsOf(board);
    if (!cells.length) return;
    const stop = cells.find((b) => b.getAttribute("tabindex") === "0") ||
      cells.find((b) => b.getAttribute("aria-disabled") !== "true") || cells[0];
    cells.forEach((b) => (b.tabIndex = b === stop ? 0 : -1));
  }

  // Each cell's place is in data-row/data-col on its <td>, the board's size in data-size on
  // the table: any board size works, and nothing depends on how a cell is named.
  function placeOf(button) {
    const td = button.closest("td[data-row]");
    return td ? { row: Number(td.dataset.row), col: Number(td.dataset.col) } : null;
  }

  function cellAt(board, place) {
    return board.querySelector(`td[data-row="${place.row}"][data-col="${place.col}"] button`);
  }

  function moveFocus(board, from, dRow, dCol) {
    const place = placeOf(from);
    if (!place) return;
    const size = Number(board.dataset.size);
    const row = place.row + dRow;
    const col = place.col + dCol;
    if (row < 0 || col < 0 || row >= size || col >= size) return;
    const next = cellAt(board, { row, col });
    if (!next) return;
    cellsOf(board).forEach((b) => (b.tabIndex = -1));
    next.tabIndex = 0;
    next.focus();
  }

  const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

  document.addEventListener("keydown", (event) => {
    const target = event.target;
    const board = target.closest && target.closest("table[data-nav]");
    if (board && ARROWS[event.key]) {
      event.preventDefault();
      moveFocus(board, target, ...ARROWS[event.key]);
      return;
    }
    if ((event.key === "r" || event.key === "R") && !event.ctrlKey && !event.metaKey && !event.altKey) {
      if (target.matches && target.matches("input[type=text], input:not([type]), textarea")) return;
      rotate();
    }
  });

  document.addEventListener("focusin", (event) => {
    const board = event.target.closest && event.target.closest("table[data-nav]");
    if (!board || event.target.tagName !== "BUTTON") return;
    cellsOf(board).forEach((b) => (b.tabIndex = b === event.target ? 0 : -1));
  });

  // A fired cell is never offered again: its button says so and does nothing.
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("button[aria-disabled=true]");
    if (button) event.preventDefault();
  }, true);

  // --- Placement: R or the Turn button turns the ship (Across and Down say which way) ---
  function rotate() {
    const across = document.getElementById("orient-h");
    const down = document.getElementById("orient-v");
    if (!across || !down) return;
    (across.checked ? down : across).checked = true;
    if (hovered) preview(hovered);
  }

  document.addEventListener("click", (event) => {
    if (event.target.closest && event.target.closest("[data-rotate]")) rotate();
  });

  // --- Placement: the ship's whole outline follows the pointer (or the focus), red where it
  // cannot go; a placed ship can be dragged to a new place (mouse, pen or touch) ---
  let hovered = null; // the setup cell under the pointer or focus
  let drag = null; // {ship, way, offset, length} while a placed ship is dragged

  function setupBoard() { return document.querySelector("table.setup-board"); }

  function chosenShip() {
    const radio = document.querySelector("input[name=ship]:checked");
    if (!radio) return null;
    const down = document.getElementById("orient-v");
    return { name: radio.value, length: Number(radio.dataset.length), way: down && down.checked ? "V" : "H" };
  }

  // The cells a ship would take from a start, and whether it fits there.
  function footprint(board, start, ship) {
    const size = Number(board.dataset.size);
    const cells = [];
    let fits = true;
    for (let i = 0; i < ship.length; i++) {
      const row = start.row + (ship.way === "V" ? i : 0);
      const col = start.col + (ship.way === "H" ? i : 0);
      if (row >= size || col >= size) { fits = false; continue; }
      const cell = cellAt(board, { row, col });
      if (cell.dataset.ship && cell.dataset.ship !== ship.name) fits = false;
      if (board.dataset.allowAdjacent === "false" && touches(board, { row, col }, ship.name)) fits = false;
      cells.push(cell);
    }
    return { cells, fits };
  }

  // Under the no-touching rule a cell beside another ship (corners too) is no place either.
  function touches(board, place, name) {
    for (let dr = -1; dr <= 1; dr++)
      for (let dc = -1; dc <= 1; dc++) {
        const near = cellAt(board, { row: place.row + dr, col: place.col + dc });
        if (near && near.dataset.ship && near.dataset.ship !== name) return true;
      }
    return false;
  }

  function clearPreview() {
    document.querySelectorAll(".setup-board .preview").forEach((c) => c.classList.remove("preview", "blocked"));
  }

  function preview(cell, ship = drag || chosenShip(), offset = drag ? drag.offset : 0) {
    clearPreview();
    const board = setupBoard();
    const place = placeOf(cell);
    if (!board || !place || !ship || !ship.length) return null;
    const start = { row: place.row - (ship.way === "V" ? offset : 0), col: place.col - (ship.way === "H" ? offset : 0) };
    if (start.row < 0 || start.col < 0) return null;
    const { cells, fits } = footprint(board, start, ship);
    cells.forEach((c) => c.classList.add("preview", ...(fits ? [] : ["blocked"])));
    return { start: cellAt(board, start), fits };
  }

  function setupCell(target) {
    const cell = target && target.closest && target.closest(".setup-board td[data-row] button");
    return cell || null;
  }

  document.addEventListener("pointerover", (event) => {
    const cell = setupCell(event.target);
    if (cell && !drag) { hovered = cell; preview(cell); }
  });
  document.addEventListener("pointerout", (event) => {
    if (!drag && setupCell(event.target) && !setupCell(event.relatedTarget)) { hovered = null; clearPreview(); }
  });
  document.addEventListener("focusin", (event) => {
    const cell = setupCell(event.target);
    if (cell) { hovered = cell; preview(cell); }
  });
  document.addEventListener("change", (event) => {
    if (hovered && event.target.matches && event.target.matches("input[name=ship], input[name=orientation]")) preview(hovered);
  });

  document.addEventListener("pointerdown", (event) => {
    const cell = setupCell(event.target);
    if (!cell || !cell.dataset.ship || event.button !== 0) return;
    const radio = Array.from(document.querySelectorAll("input[name=ship]")).find((r) => r.value === cell.dataset.ship);
    if (!radio || !radio.dataset.way) return;
    // Where in the ship it was taken: the ship's first cell is the top or left one.
    const board = setupBoard();
    const place = placeOf(cell);
    const way = radio.dataset.way;
    let offset = 0;
    while (true) {
      const prev = way === "V" ? { row: place.row - offset - 1, col: place.col } : { row: place.row, col: place.col - offset - 1 };
      const before = prev.row >= 0 && prev.col >= 0 && cellAt(board, prev);
      if (!before || before.dataset.ship !== cell.dataset.ship) break;
      offset++;
    }
    drag = { name: cell.dataset.ship, length: Number(radio.dataset.length), way, offset, from: cell, moved: false };
    if (cell.releasePointerCapture) cell.releasePointerCapture(event.pointerId); // touch: follow the finger
  });

  document.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const cell = setupCell(document.elementFromPoint(event.clientX, event.clientY));
    if (cell && cell !== drag.over) {
      drag.over = cell;
      drag.moved = drag.moved || cell !== drag.from;
      drag.target = preview(cell);
    }
  });

  let dropped = false;
  document.addEventListener("pointerup", () => {
    if (!drag) return;
    const { name, way, target, moved } = drag;
    drag = null;
    clearPreview();
    if (!moved || !target || !target.start) return;
    dropped = true; // the click that may follow is not a placement of its own
    const radio = Array.from(document.querySelectorAll("input[name=ship]")).find((r) => r.value === name);
    radio.checked = true;
    document.getElementById(way === "V" ? "orient-v" : "orient-h").checked = true;
    // Sent like a click on the new first cell; a place it cannot go is refused by the server
    // with its reason, as a click would be.
    // (Focused first: htmx sends the value of the button last focused or clicked.)
    target.start.focus();
    target.start.closest("form").requestSubmit(target.start);
  });
  document.addEventListener("pointercancel", () => { drag = null; clearPreview(); });
  document.addEventListener("click", (event) => {
    if (dropped && setupCell(event.target)) { event.preventDefault(); event.stopPropagation(); }
    dropped = false;
  }, true);

  // --- Focus stays where the person was after a swap ---
  // htmx puts focus back only on an element with the same id; everything else (a board
  // cell, a button that is gone, a section replaced by another) is handled here.
  let lastFocusId = null;
  document.addEventListener("htmx:beforeRequest", (event) => {
    const active = document.activeElement;
    lastFocusId = active && active !== document.body ? active.id || null : null;
    if (active && active.closest && active.closest("table[data-nav]")) {
      lastCell = placeOf(active);
    } else if (active && active.id === "typed-cell") {
      lastCell = "typed";
    } else {
      lastCell = null;
    }
  });

  // The last round's shots are marked until the next: a move's answer brings the new marks
  // with the cells it changed, so the old ones go first.
  document.addEventListener("htmx:beforeSwap", (event) => {
    const target = event.detail.target;
    if (target && target.id === "turn") {
      document.querySelectorAll(".board .latest").forEach((c) => c.classList.remove("latest"));
    }
  });

  // Once per response: each out-of-band part (a cell a shot changed, the announcements)
  // settles with an event of its own, so the work waits until every part is in place.
  let settling = null;
  document.addEventListener("htmx:afterSettle", (event) => {
    const key = event.detail.xhr || event;
    if (!settling || settling.key !== key) {
      const response = (settling = { key, shot: false });
      setTimeout(() => afterResponse(response), 0);
    }
    // After a shot: the whole play area (the end, a refusal) or only what the move changed.
    const swapped = event.detail.target;
    if (swapped && (swapped.id === "play" || swapped.id === "turn")) settling.shot = true;
  });

  function afterResponse(response) {
    document.querySelectorAll("table[data-nav]").forEach(initBoard);
    showRotate();
    const turn = document.getElementById("turn");
    if (turn && response.shot) playSound(turn.dataset.sound);
    placeFocus(response);
    // A swap of a whole section can leave the page scrolled elsewhere (small screens): bring
    // a refusal into sight, then what has the focus, which is shown beside it.
    const error = document.querySelector("#setup .error, #play .error");
    if (error) error.scrollIntoView({ block: "nearest" });
    const focused = document.activeElement;
    if (focused && focused !== document.body) focused.scrollIntoView({ block: "nearest" });
  }

  function placeFocus(response) {
    // The game is over: the result, with Play again, is what comes next.
    const outcome = document.getElementById("outcome-heading");
    if (outcome && response.shot) {
      outcome.focus();
      return;
    }
    if (!lastCell) {
      restoreFocus();
      return;
    }
    if (lastCell === "typed") {
      const input = document.getElementById("typed-cell");
      if (input) { input.focus(); return; }
    }
    const board = document.querySelector("table[data-nav]");
    if (!board) return;
    const cells = cellsOf(board);
    const same = cellAt(board, lastCell);
    const target = same || cells.find((b) => b.getAttribute("aria-disabled") !== "true");
    if (target) {
      cells.forEach((b) => (b.tabIndex = -1));
      target.tabIndex = 0;
      target.focus();
    }
  }

  function restoreFocus() {
    const active = document.activeElement;
    if (active && active !== document.body) return; // focus survived the swap
    const same = lastFocusId && document.getElementById(lastFocusId);
    if (same && !same.disabled) { same.focus(); return; }
    // The section changed: the end of the game, the start of play, or back to placement.
    const outcome = document.getElementById("outcome-heading");
    if (outcome) { outcome.focus(); return; }
    const enemy = document.querySelector("table.enemy[data-nav] button[tabindex='0']");
    if (enemy) { enemy.focus(); return; }
    const setup = document.getElementById("setup-heading");
    if (setup) setup.focus();
  }

  // --- The page's words: the page hands them over in its language (data-* of #game-words),
  // with "{name}" where a value goes; English if they are missing. ---
  const ENGLISH = {
    failed: "That did not work ({status}). Reload the page to see the game as saved.",
    unreachable: "The server could not be reached. Check your connection and try again.",
    mute: "Mute sounds",
    unmute: "Unmute sounds",
    chosenOf: "{chosen} of {size} chosen.",
    pickMore: "Pick {more} more.",
  };
  function words(key, values) {
    const given = document.getElementById("game-words");
    let text = (given && given.dataset[key]) || ENGLISH[key];
    for (const [name, value] of Object.entries(values || {})) text = text.replace(`{${name}}`, value);
    return text;
  }

  // --- Errors that are not swapped in (lost connection, someone else's game) ---
  document.addEventListener("htmx:responseError", (event) => {
    say(words("failed", { status: event.detail.xhr.status }));
  });
  document.addEventListener("htmx:sendError", () => {
    say(words("unreachable"));
  });

  function say(text) {
    const announcer = document.getElementById("announcer");
    if (!announcer) return;
    const line = document.createElement("p");
    line.className = "error";
    line.textContent = text;
    announcer.replaceChildren(line);
  }

  // --- Sound: short tones made in the browser, muted on request (remembered) ---
  let audio = null;
  function muted() { return localStorage.getItem(MUTE_KEY) === "1"; }

  function tone(ctx, start, freqFrom, freqTo, duration, type) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freqFrom, start);
    osc.frequency.exponentialRampToValueAtTime(freqTo, start + duration);
    gain.gain.setValueAtTime(0.15, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + duration);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(start + duration);
  }

  function playSound(kind) {
    if (!kind || muted() || !window.AudioContext) return;
    audio = audio || new AudioContext();
    const now = audio.currentTime;
    if (kind === "miss") tone(audio, now, 320, 180, 0.18, "sine");
    if (kind === "hit") tone(audio, now, 180, 90, 0.3, "square");
    if (kind === "sunk") {
      tone(audio, now, 220, 60, 0.5, "sawtooth");
      tone(audio, now + 0.12, 140, 40, 0.6, "square");
    }
  }

  function showMute() {
    const button = document.querySelector("[data-mute-toggle]");
    if (!button) return;
    button.hidden = false;
    // The name says what a press does, so what is seen and what is heard agree.
    button.querySelector(".mute-label").textContent = muted() ? words("unmute") : words("mute");
    button.classList.toggle("is-muted", muted());
  }

  document.addEventListener("click", (event) => {
    if (!(event.target.closest && event.target.closest("[data-mute-toggle]"))) return;
    localStorage.setItem(MUTE_KEY, muted() ? "0" : "1");
    showMute();
  });

  function showRotate() {
    const rotateButton = document.querySelector("[data-rotate]");
    if (rotateButton) rotateButton.hidden = false;
  }

  // --- A salvo: the turn's cells are picked on the board, then fired together ---------
  // Without this script each cell pressed fires at once (the turn goes on until its shots
  // are used); with it a press picks or unpicks a cell, and "Fire the salvo" sends them all.
  function volleySize() {
    const status = document.getElementById("volley-status");
    return status ? Number(status.dataset.volley) : 1;
  }

  function picked() {
    return Array.from(document.querySelectorAll("#fire-form button.cell.picked"));
  }

  function showPicked() {
    const size = volleySize();
    const chosen = picked();
    const fire = document.getElementById("volley-fire");
    const count = document.querySelector("#volley-status .volley-count");
    if (!fire || !count) return;
    fire.hidden = false;
    fire.value = chosen.map((b) => b.value).join(" ");
    fire.disabled = chosen.length !== size;
    // The button's own words (the page's, in its language), with the count once complete.
    fire.dataset.label = fire.dataset.label || fire.textContent.trim();
    fire.textContent = chosen.length === size ? `${fire.dataset.label} (${size})` : fire.dataset.label;
    count.textContent = words("chosenOf", { chosen: chosen.length, size });
    // A turn named whole (five-shot group reports) cannot be fired in part: say what is left.
    const more = size - chosen.length;
    if (status().dataset.whole && more > 0) count.textContent += " " + words("pickMore", { more });
  }

  function status() { return document.getElementById("volley-status"); }

  document.addEventListener("click", (event) => {
    const cell = event.target.closest && event.target.closest("#fire-form button.cell[name=cell]");
    if (!cell || volleySize() <= 1) return;
    event.preventDefault();
    const on = !cell.classList.contains("picked");
    if (on && picked().length >= volleySize()) return; // a whole salvo is chosen already
    cell.classList.toggle("picked", on);
    cell.setAttribute("aria-pressed", on ? "true" : "false");
    showPicked();
  });

  // Weapons are aimed by static/js/aim.js.

  // Back/forward cache: never show a stale board; fetch the game as saved.
  window.addEventListener("pageshow", (event) => { if (event.persisted) window.location.reload(); });

  function init() {
    document.querySelectorAll("table[data-nav]").forEach(initBoard);
    showMute();
    showRotate();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
