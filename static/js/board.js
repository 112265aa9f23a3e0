// The one board script of every page with a board (a game against the computer, a friend's
// game, the daily challenge, the sector battle): arrow keys on the boards and the focus
// kept across htmx swaps; placing a fleet (the ship's outline before the press, R to turn
// it, drag and drop, by mouse, pen or finger); a salvo's cells picked; the Copy buttons;
// the turn's log kept open; sounds made in the browser (Web Audio) for what the server
// names (its HX-Trigger events, below) and a remembered mute switch.
//
// Setup after every swap goes through htmx.onLoad. A turn is named by the server: the
// answer to a move carries HX-Trigger "turn" (before it is swapped in) and
// HX-Trigger-After-Settle "turn-settled" (once it is all in place), each with the sound
// of what happened; static/js/turn.js plays the turn back in order from the same events.
// Everything works without this file; it only makes play smoother.
(function () {
  "use strict";

  const MUTE_KEY = "battleship:muted";

  // --- The page's words: handed over in its language (data-* of #game-words), with
  // "{name}" where a value goes; English if they are missing. ---
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

  function say(text, isError) {
    const announcer = document.getElementById("announcer");
    if (!announcer) return;
    const line = document.createElement("p");
    if (isError) line.className = "error";
    line.textContent = text;
    announcer.replaceChildren(line);
  }

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
  function placeOf(element) {
    const td = element && element.closest ? element.closest("td[data-row]") : null;
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
      if (target.matches && target.matches("input:not([type=radio]), select, textarea")) return;
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

  // --- Placing a fleet (the classic game's, a friend's, the sector battle's) -------------
  // The setup board is table[data-setup]; its rules are on it (data-allow-adjacent="false":
  // no two ships side by side or corner to corner). A ship's choice is input[name=ship]
  // (data-length; once placed, data-way H/V, or the sector's data-lie); across or down is
  // #orient-h/#orient-v; a sector submarine's heading, input[name=heading] (data-sub).
  let hovered = null; // the setup cell under the pointer or focus
  let drag = null; // {radio, ship, offset, from, over, target, moved} while a ship is dragged
  let dropped = false;

  function setupBoard() { return document.querySelector("table[data-setup]"); }
  function setupCell(element) {
    return element && element.closest ? element.closest("table[data-setup] td[data-row] button") : null;
  }
  function shipRadios() { return Array.from(document.querySelectorAll("input[name=ship][data-length]")); }

  // Across ("H") or down ("V"): a placed ship's from what the page says of it; the chosen
  // one's from the controls (a submarine's from its heading).
  function wayOf(radio, placed) {
    if (placed) {
      const lie = radio.dataset.way || radio.dataset.lie;
      return lie === "V" || lie === "down" || lie === "N" || lie === "S" ? "V" : "H";
    }
    if (radio.dataset.sub) {
      const heading = document.querySelector("input[name=heading]:checked");
      return heading && (heading.value === "N" || heading.value === "S") ? "V" : "H";
    }
    const down = document.getElementById("orient-v");
    return down && down.checked ? "V" : "H";
  }

  function chosenShip() {
    const radio = shipRadios().find((r) => r.checked);
    return radio ? { name: radio.value, length: Number(radio.dataset.length), way: wayOf(radio) } : null;
  }

  // R or the Turn button: a ship turns across/down, a submarine to its next heading.
  const HEADINGS = ["E", "S", "W", "N"];
  function rotate() {
    const radio = shipRadios().find((r) => r.checked);
    if (radio && radio.dataset.sub) {
      const now = document.querySelector("input[name=heading]:checked");
      const next = document.getElementById(`heading-${HEADINGS[(HEADINGS.indexOf(now ? now.value : "N") + 1) % 4]}`);
      if (next) next.checked = true;
    } else {
      const across = document.getElementById("orient-h");
      const down = document.getElementById("orient-v");
      if (!across || !down) return;
      (across.checked ? down : across).checked = true;
    }
    if (hovered) preview(hovered);
  }

  document.addEventListener("click", (event) => {
    if (event.target.closest && event.target.closest("[data-rotate]")) rotate();
  });

  // The cells a ship would take from a start, and whether the rules allow it there: on the
  // board, over no other ship, and where the rules say so, with a clear cell around it.
  function footprint(board, start, ship) {
    const size = Number(board.dataset.size);
    const apart = board.dataset.allowAdjacent === "false";
    const cells = [];
    let fits = start.row >= 0 && start.col >= 0;
    for (let i = 0; i < ship.length; i++) {
      const place = { row: start.row + (ship.way === "V" ? i : 0), col: start.col + (ship.way === "H" ? i : 0) };
      const cell = place.row < size && place.col < size && place.row >= 0 && place.col >= 0 && cellAt(board, place);
      if (!cell) { fits = false; continue; }
      if (cell.dataset.ship && cell.dataset.ship !== ship.name) fits = false;
      if (apart && touches(board, place, ship.name)) fits = false;
      cells.push(cell);
    }
    return { cells, fits };
  }

  function touches(board, place, name) {
    for (let dr = -1; dr <= 1; dr++)
      for (let dc = -1; dc <= 1; dc++) {
        const near = cellAt(board, { row: place.row + dr, col: place.col + dc });
        if (near && near.dataset.ship && near.dataset.ship !== name) return true;
      }
    return false;
  }

  function clearPreview() {
    document.querySelectorAll("table[data-setup] .preview").forEach((c) => c.classList.remove("preview", "blocked"));
  }

  // The ship's outline from the cell it is held by; the first cell, if it may go there.
  function preview(cell, ship = drag ? drag.ship : chosenShip(), offset = drag ? drag.offset : 0) {
    clearPreview();
    const board = setupBoard();
    const place = placeOf(cell);
    if (!board || !place || !ship || !ship.length) return null;
    const start = { row: place.row - (ship.way === "V" ? offset : 0), col: place.col - (ship.way === "H" ? offset : 0) };
    const { cells, fits } = footprint(board, start, ship);
    cells.forEach((c) => c.classList.add("preview", ...(fits ? [] : ["blocked"])));
    return fits ? cellAt(board, start) : null;
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
    if (hovered && event.target.matches && event.target.matches("input[name=ship], input[name=orientation], input[name=lie], input[name=heading]")) {
      preview(hovered);
    }
  });

  // A placed ship is taken where it was pressed and dropped where the pointer (the finger)
  // is let go: its new place keeps that cell under it.
  document.addEventListener("pointerdown", (event) => {
    const cell = setupCell(event.target);
    if (!cell || !cell.dataset.ship || event.button !== 0) return;
    const radio = shipRadios().find((r) => r.value === cell.dataset.ship);
    if (!radio || !(radio.dataset.way || radio.dataset.lie)) return;
    const board = setupBoard();
    const place = placeOf(cell);
    const way = wayOf(radio, true);
    let offset = 0; // where in the ship it was taken: its first cell is the top or left one
    for (;;) {
      const prev = way === "V" ? { row: place.row - offset - 1, col: place.col } : { row: place.row, col: place.col - offset - 1 };
      const before = prev.row >= 0 && prev.col >= 0 && cellAt(board, prev);
      if (!before || before.dataset.ship !== cell.dataset.ship) break;
      offset++;
    }
    drag = { radio, ship: { name: radio.value, length: Number(radio.dataset.length), way }, offset, from: cell, over: cell, target: null, moved: false };
    if (cell.releasePointerCapture) cell.releasePointerCapture(event.pointerId); // touch: follow the finger
  });

  function dragOver(event) {
    const cell = setupCell(document.elementFromPoint(event.clientX, event.clientY));
    if (cell && cell !== drag.over) {
      drag.over = cell;
      drag.moved = drag.moved || cell !== drag.from;
      drag.target = preview(cell);
    }
  }

  document.addEventListener("pointermove", (event) => { if (drag) dragOver(event); });

  document.addEventListener("pointerup", (event) => {
    if (!drag) return;
    dragOver(event); // where the finger is let go, not where it last moved
    const { radio, ship, target, moved } = drag;
    drag = null;
    clearPreview();
    if (!moved) return;
    dropped = true; // the click that may follow is not a placement of its own
    if (!target) return; // dropped where it cannot go: it stays where it was
    radio.checked = true;
    const lie = radio.dataset.lie;
    const heading = radio.dataset.sub && lie && document.getElementById(`heading-${lie}`);
    if (heading) heading.checked = true;
    else document.getElementById(ship.way === "V" ? "orient-v" : "orient-h").checked = true;
    // Sent like a press on the new first cell. (Focused first: htmx sends the value of the
    // button last focused or clicked.)
    target.focus();
    target.closest("form").requestSubmit(target);
  });
  document.addEventListener("pointercancel", () => { drag = null; clearPreview(); });
  document.addEventListener("click", (event) => {
    if (dropped && setupCell(event.target)) { event.preventDefault(); event.stopPropagation(); }
    dropped = false;
  }, true);

  // --- A salvo: the turn's cells are picked on the board, then fired together ---------
  // Without this script each cell pressed fires at once (the turn goes on until its shots
  // are used); with it a press picks or unpicks a cell, and "Fire the salvo" sends them all.
  function volleyStatus() { return document.getElementById("volley-status"); }
  function volleySize() {
    const status = volleyStatus();
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
    if (volleyStatus().dataset.whole && more > 0) count.textContent += " " + words("pickMore", { more });
  }

  document.addEventListener("click", (event) => {
    const cell = event.target.closest && event.target.closest("#fire-form button.cell[name=cell]");
    if (!cell || volleySize() <= 1 || event.defaultPrevented) return;
    event.preventDefault();
    const on = !cell.classList.contains("picked");
    if (on && picked().length >= volleySize()) return; // a whole salvo is chosen already
    cell.classList.toggle("picked", on);
    cell.setAttribute("aria-pressed", on ? "true" : "false");
    showPicked();
  });

  // --- Focus stays where the person was after a swap ---
  // htmx puts focus back only on an element with the same id; everything else (a board
  // cell, a button that is gone, a section replaced by another) is handled here.
  let lastFocusId = null;
  let lastCell = null;
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
  document.addEventListener("turn", () => {
    document.querySelectorAll(".board .latest").forEach((c) => c.classList.remove("latest"));
  });

  // Once per response: each out-of-band part (a cell a shot changed, the announcements)
  // settles with an event of its own, so the work waits until every part is in place. (A
  // part pushed by a friend game's event stream has no request of its own.) Whether the
  // response is a turn played, the server said: its "turn-settled".
  let settling = null;
  document.addEventListener("htmx:afterSettle", (event) => {
    const xhr = event.detail.xhr;
    const key = xhr || event;
    if (settling && settling.key === key) return;
    const named = xhr && xhr.getResponseHeader("HX-Trigger-After-Settle");
    const response = (settling = { key, turn: Boolean(named && named.includes('"turn-settled"')) });
    setTimeout(() => afterResponse(response), 0);
  });

  function afterResponse(response) {
    placeFocus(response);
    // A swap of a whole section can leave the page scrolled elsewhere (small screens): bring
    // a refusal into sight, then what has the focus, which is shown beside it. After a turn
    // nothing is scrolled: the boards stay under the finger.
    if (response.turn) return;
    const error = document.querySelector("#setup .error, #play .error");
    if (error) error.scrollIntoView({ block: "nearest" });
    const focused = document.activeElement;
    if (focused && focused !== document.body) focused.scrollIntoView({ block: "nearest" });
  }

  function placeFocus(response) {
    // The game is over: the result, with Play again, is what comes next (over the foot of
    // the screen: nothing scrolls).
    const outcome = document.getElementById("outcome-heading");
    if (outcome && (response.turn || outcome.closest(".floating"))) {
      outcome.focus({ preventScroll: true });
      return;
    }
    if (!lastCell) {
      restoreFocus();
      return;
    }
    if (lastCell === "typed") {
      const input = document.getElementById("typed-cell");
      if (input) { input.focus({ preventScroll: response.turn }); return; }
    }
    const board = document.querySelector("table[data-nav]");
    if (!board) return;
    const cells = cellsOf(board);
    const same = cellAt(board, lastCell);
    const target = same || cells.find((b) => b.getAttribute("aria-disabled") !== "true");
    if (target) {
      cells.forEach((b) => (b.tabIndex = -1));
      target.tabIndex = 0;
      target.focus({ preventScroll: response.turn });
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

  // --- Errors that are not swapped in (lost connection, someone else's game) ---
  document.addEventListener("htmx:responseError", (event) => {
    say(words("failed", { status: event.detail.xhr.status }), true);
  });
  document.addEventListener("htmx:sendError", () => {
    say(words("unreachable"), true);
  });

  // --- Copy buttons: [data-copy] names the box whose text it copies (its id or a selector). Without this script
  // the text is there to select and copy by hand; the button stays hidden. After copying
  // it shows its [data-copied] neighbour, or says its data-copied words. ---
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("button[data-copy]");
    if (!button) return;
    const box = document.getElementById(button.dataset.copy) || document.querySelector(button.dataset.copy);
    if (!box) return;
    navigator.clipboard.writeText(box.value).then(
      () => {
        const shown = button.parentElement.querySelector("[data-copied]:not(button)");
        if (shown) shown.hidden = false;
        else if (button.dataset.copied) say(button.dataset.copied);
      },
      () => { box.focus(); box.select(); if (button.dataset.failed) say(button.dataset.failed); }
    );
  });

  // --- The turn's log (every shot of the last turn) stays open across the moves once
  // opened: a move may replace the part it is in. ---
  let logOpen = false;
  document.addEventListener("toggle", (event) => {
    if (event.target.id === "turn-log") logOpen = event.target.open;
  }, true);

  // --- Sound: short tones made in the browser, muted on request (remembered) ---
  let audio = null;
  function muted() { return localStorage.getItem(MUTE_KEY) === "1"; }

  function tone(start, freqFrom, freqTo, duration, type, volume = 0.15) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freqFrom, start);
    if (freqTo !== freqFrom) osc.frequency.exponentialRampToValueAtTime(freqTo, start + duration);
    gain.gain.setValueAtTime(volume, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + duration);
    osc.connect(gain).connect(audio.destination);
    osc.start(start);
    osc.stop(start + duration);
  }

  // The end's notes: up for a win, down for a loss, level for a draw.
  const ENDINGS = { won: [392, 494, 587, 784], lost: [392, 330, 262, 196], draw: [330, 330] };

  function playSound(kind) {
    if (!kind || muted() || !window.AudioContext) return;
    audio = audio || new AudioContext();
    const now = audio.currentTime;
    if (kind === "miss") tone(now, 320, 180, 0.18, "sine");
    if (kind === "hit") tone(now, 180, 90, 0.3, "square");
    if (kind === "sunk") {
      tone(now, 220, 60, 0.5, "sawtooth");
      tone(now + 0.12, 140, 40, 0.6, "square");
    }
    (ENDINGS[kind] || []).forEach((freq, i) => tone(now + i * 0.16, freq, freq, 0.3, "triangle", 0.12));
  }

  // What the server named: the turn's sound once its answer is in place, and if the game
  // ended with it, the end. (A friend's move pushed by the event stream is named the same
  // way by static/js/friend.js.)
  document.addEventListener("turn-settled", (event) => {
    playSound(event.detail && event.detail.sound);
    showEnd();
  });

  // --- One tap, one shot: the cell fired at is marked as the shot goes, until the answer
  // draws what it found there (a salvo's picks are marked as picked; a weapon is shown as
  // it is aimed, static/js/aim.js). ---
  document.addEventListener("submit", (event) => {
    const cell = event.submitter;
    if (cell && cell.matches && cell.matches("table.board.enemy td[data-row] button.cell")) cell.classList.add("incoming");
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    if (!event.detail.successful) document.querySelectorAll(".board .incoming").forEach((c) => c.classList.remove("incoming"));
  });

  // --- The end, as it happens: the result comes up over the foot of the screen (the boards
  // stay where they are, the last shot in sight), its heading focused; a win is celebrated
  // for a moment, unless the system asks for reduced motion. Its × (or Escape) puts it back
  // in its place under the boards. ---
  const still = window.matchMedia("(prefers-reduced-motion: reduce)");

  function showEnd(quietly) {
    const heading = document.getElementById("outcome-heading");
    const card = heading && heading.closest(".outcome");
    if (!card || card.classList.contains("floating")) return;
    card.classList.add("floating");
    card.classList.toggle("again", Boolean(quietly)); // (drawn again: not brought in again)
    const dock = card.querySelector("[data-outcome-dock]");
    if (dock) dock.hidden = false;
    placeEnd(card);
    heading.focus({ preventScroll: true });
    if (!quietly && card.classList.contains("outcome-won") && !still.matches) celebrate();
  }

  // Where the card covers none of Enemy waters: beside them on a wide screen (over your
  // own board, site.css); else under them if it fits there, else above them (under the
  // site's header, which stays in reach) if it fits there, else in the larger of the two,
  // scrolling within.
  const SIDE_BY_SIDE = window.matchMedia("(min-width: 660px)"); // (the boards side by side: site.css)
  function placeEnd(card) {
    const board = document.querySelector("table.board.enemy");
    card.classList.toggle("at-side", SIDE_BY_SIDE.matches);
    if (!board || SIDE_BY_SIDE.matches) return;
    const box = board.getBoundingClientRect();
    const header = document.querySelector(".site-header");
    const under = Math.max(0, header ? header.getBoundingClientRect().bottom : 0);
    const below = window.innerHeight - box.bottom - 4;
    const above = box.top - under - 4;
    const height = card.getBoundingClientRect().height;
    const top = height > below && (height <= above || above > below);
    card.classList.toggle("at-top", top);
    card.style.top = top ? `${under}px` : "";
    const room = Math.floor(top ? above : below);
    card.style.maxHeight = height > room && room >= 140 ? `${room}px` : "";
  }
  // A friend's page is drawn again by the event stream as it ends (static/js/friend.js):
  // the card comes back where it was, without a second celebration.
  document.addEventListener("outcome:float", () => showEnd(true));

  function dockEnd(card) {
    card.classList.remove("floating", "at-top", "at-side");
    card.style.maxHeight = card.style.top = "";
    const dock = card.querySelector("[data-outcome-dock]");
    if (dock) dock.hidden = true;
    const heading = document.getElementById("outcome-heading");
    if (heading) heading.focus(); // brought into sight, where the player asked it to go
  }

  document.addEventListener("click", (event) => {
    const dock = event.target.closest && event.target.closest("[data-outcome-dock]");
    if (dock) dockEnd(dock.closest(".outcome"));
  });
  document.addEventListener("keydown", (event) => {
    const card = event.key === "Escape" && event.target.closest && event.target.closest(".outcome.floating");
    if (card) dockEnd(card);
  });

  function celebrate() {
    const layer = document.createElement("div");
    layer.className = "celebration";
    layer.setAttribute("aria-hidden", "true");
    for (let i = 0; i < 30; i++) {
      const flare = document.createElement("i");
      flare.style.left = `${(i * 37 + 5) % 100}%`;
      flare.style.animationDelay = `${(i % 8) * 80}ms`;
      layer.appendChild(flare);
    }
    document.body.appendChild(layer);
    setTimeout(() => layer.remove(), 2600);
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

  // Back/forward cache: never show a stale board; fetch the game as saved.
  window.addEventListener("pageshow", (event) => { if (event.persisted) window.location.reload(); });

  // --- Setup of whatever was loaded: the page, then each part an answer swaps in ---------
  function setUp(loaded) {
    const within = (selector) => [
      ...(loaded.matches && loaded.matches(selector) ? [loaded] : []),
      ...loaded.querySelectorAll(selector),
    ];
    within("table[data-nav]").forEach(initBoard);
    within("[data-rotate]").forEach((button) => (button.hidden = false));
    within("button[data-copy]").forEach((button) => (button.hidden = !navigator.clipboard));
    // A salvo's fire button is in its place from the start of the turn (disabled until the
    // turn's cells are picked), so nothing moves when the first is picked.
    within("#volley-fire").forEach((fire) => (fire.hidden = false));
    within("#turn-log").forEach((log) => { if (logOpen) log.open = true; });
    showMute();
  }
  htmx.onLoad(setUp);
})();
