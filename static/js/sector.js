// The sector battle's page: ships placed and dragged on your sea, and each action aimed on
// the enemy sea (a recon or sonar sector, a barrage's three cells), shown before it goes.
// Everything works without this file (plain forms, the page aimed by ?aim=); it only makes
// placing and aiming quicker. Arrow keys and focus across swaps come from game.js.
(function () {
  "use strict";

  const SIZE = 12;
  const SECTOR = 3;

  function tdOf(el) { return el && el.closest ? el.closest("td[data-row]") : null; }
  function placeOf(el) {
    const td = tdOf(el);
    return td ? { row: Number(td.dataset.row), col: Number(td.dataset.col) } : null;
  }
  function cellIn(board, place) {
    return board.querySelector(`td[data-row="${place.row}"][data-col="${place.col}"] button`);
  }

  // --- Placing: the chosen ship's outline follows the pointer or the focus ---------------
  function setupBoard() { return document.querySelector("table.sector-setup"); }

  function chosen() {
    const radio = document.querySelector(".sector-placement input[name=ship]:checked");
    if (!radio) return null;
    return { name: radio.value, length: Number(radio.dataset.length), way: wayOf(radio) };
  }

  // Across ("H") or down ("V"): a ship's from the Lies choice, a submarine's from its heading.
  function wayOf(radio, lie) {
    if (lie) return lie === "across" || lie === "E" || lie === "W" ? "H" : "V";
    if (radio.dataset.sub) {
      const heading = document.querySelector(".sector-placement input[name=heading]:checked");
      return heading && (heading.value === "N" || heading.value === "S") ? "V" : "H";
    }
    const down = document.getElementById("orient-v");
    return down && down.checked ? "V" : "H";
  }

  function clearPreview() {
    document.querySelectorAll(".sector-setup .preview").forEach((c) => c.classList.remove("preview", "blocked"));
  }

  // The cells a ship would take from where it is held, and whether the rules allow it there:
  // on the sea, over no other ship, with a clear cell around it (corners too).
  function preview(cell, ship, offset) {
    clearPreview();
    const board = setupBoard();
    const place = placeOf(cell);
    if (!board || !place || !ship) return null;
    const start = {
      row: place.row - (ship.way === "V" ? offset : 0),
      col: place.col - (ship.way === "H" ? offset : 0),
    };
    let fits = start.row >= 0 && start.col >= 0;
    const cells = [];
    for (let i = 0; i < ship.length; i++) {
      const at = { row: start.row + (ship.way === "V" ? i : 0), col: start.col + (ship.way === "H" ? i : 0) };
      const button = at.row < SIZE && at.col < SIZE && at.row >= 0 && at.col >= 0 && cellIn(board, at);
      if (!button) { fits = false; continue; }
      for (let dr = -1; dr <= 1; dr++)
        for (let dc = -1; dc <= 1; dc++) {
          const near = cellIn(board, { row: at.row + dr, col: at.col + dc });
          if (near && near.dataset.ship && near.dataset.ship !== ship.name) fits = false;
        }
      cells.push(button);
    }
    cells.forEach((c) => c.classList.add("preview", ...(fits ? [] : ["blocked"])));
    return fits ? cellIn(board, start) : null;
  }

  let hovered = null;
  let drag = null;
  let dropped = false;

  function setupCell(el) {
    return el && el.closest ? el.closest(".sector-setup td[data-row] button") : null;
  }

  document.addEventListener("pointerover", (event) => {
    const cell = setupCell(event.target);
    if (cell && !drag) { hovered = cell; preview(cell, chosen(), 0); }
  });
  document.addEventListener("pointerout", (event) => {
    if (!drag && setupCell(event.target) && !setupCell(event.relatedTarget)) { hovered = null; clearPreview(); }
  });
  document.addEventListener("focusin", (event) => {
    const cell = setupCell(event.target);
    if (cell) { hovered = cell; preview(cell, chosen(), 0); }
  });
  document.addEventListener("change", (event) => {
    if (hovered && event.target.closest && event.target.closest(".sector-placement .placement-controls"))
      preview(hovered, chosen(), 0);
  });

  // R or the Turn button: a ship turns across/down, a submarine to its next heading.
  const HEADINGS = ["E", "S", "W", "N"];
  function turnShip() {
    const ship = chosen();
    const radio = document.querySelector(".sector-placement input[name=ship]:checked");
    if (!ship || !radio) return;
    if (radio.dataset.sub) {
      const now = document.querySelector(".sector-placement input[name=heading]:checked");
      const next = HEADINGS[(HEADINGS.indexOf(now ? now.value : "N") + 1) % 4];
      document.getElementById(`heading-${next}`).checked = true;
    } else if (!document.querySelector("[data-rotate]")) {
      // (On a page with the classic Turn button, game.js turns it.)
      const across = document.getElementById("orient-h");
      (across.checked ? document.getElementById("orient-v") : across).checked = true;
    }
    if (hovered) preview(hovered, chosen(), 0);
  }
  document.addEventListener("click", (event) => {
    if (event.target.closest && event.target.closest("[data-sector-turn]")) turnShip();
  });
  document.addEventListener("keydown", (event) => {
    if (!setupBoard() || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key !== "r" && event.key !== "R") return;
    if (event.target.matches && event.target.matches("input:not([type=radio]), select, textarea")) return;
    // game.js turns #orient-h/#orient-v on R as well: only a submarine is turned here.
    const radio = document.querySelector(".sector-placement input[name=ship]:checked");
    if (radio && radio.dataset.sub) turnShip();
    else if (hovered) setTimeout(() => preview(hovered, chosen(), 0), 0);
  });

  // A placed ship is taken where it was pressed and dropped on its new place.
  document.addEventListener("pointerdown", (event) => {
    const cell = setupCell(event.target);
    if (!cell || !cell.dataset.ship || event.button !== 0) return;
    const radio = Array.from(document.querySelectorAll(".sector-placement input[name=ship]"))
      .find((r) => r.value === cell.dataset.ship);
    if (!radio || !radio.dataset.lie) return;
    const board = setupBoard();
    const place = placeOf(cell);
    const way = wayOf(radio, radio.dataset.lie);
    let offset = 0;
    for (;;) {
      const prev = way === "V" ? { row: place.row - offset - 1, col: place.col } : { row: place.row, col: place.col - offset - 1 };
      const before = prev.row >= 0 && prev.col >= 0 && cellIn(board, prev);
      if (!before || before.dataset.ship !== cell.dataset.ship) break;
      offset++;
    }
    drag = { radio, ship: { name: radio.value, length: Number(radio.dataset.length), way }, offset, from: cell, moved: false, target: null };
    if (cell.releasePointerCapture) cell.releasePointerCapture(event.pointerId); // touch: follow the finger
  });
  document.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const cell = setupCell(document.elementFromPoint(event.clientX, event.clientY));
    if (cell && cell !== drag.over) {
      drag.over = cell;
      drag.moved = drag.moved || cell !== drag.from;
      drag.target = preview(cell, drag.ship, drag.offset);
    }
  });
  document.addEventListener("pointerup", () => {
    if (!drag) return;
    const { radio, target, moved } = drag;
    drag = null;
    clearPreview();
    if (!moved) return;
    dropped = true; // the click that may follow is not a placement of its own
    if (!target) return; // dropped where it cannot go: it stays where it was
    radio.checked = true;
    const lie = radio.dataset.lie;
    if (radio.dataset.sub) document.getElementById(`heading-${lie}`).checked = true;
    else document.getElementById(lie === "down" ? "orient-v" : "orient-h").checked = true;
    target.closest("form").requestSubmit(target);
  });
  document.addEventListener("pointercancel", () => { drag = null; clearPreview(); });
  document.addEventListener("click", (event) => {
    if (dropped && setupCell(event.target)) { event.preventDefault(); event.stopPropagation(); }
    dropped = false;
  }, true);

  // --- Aiming: each action chosen by its button, aimed on the enemy sea -------------------
  function aimForm() { return document.querySelector(".sector-aims"); }
  function enemyBoard() { return document.querySelector("table.sector-board.enemy[data-nav]"); }
  function aim() { const form = aimForm(); return form ? form.dataset.aim : "shot"; }

  function words(key, values) {
    let text = aimForm().dataset[key] || "";
    for (const [name, value] of Object.entries(values)) text = text.replace(`{${name}}`, value);
    return text;
  }
  function tell(text) {
    const state = document.querySelector(".aim-state");
    if (state) state.textContent = text;
  }

  let armed = null; // on touch: the sector (or cell) a first tap showed, fired by a second
  let touch = false;

  function choose(name) {
    const form = aimForm();
    if (!form) return;
    form.dataset.aim = name;
    document.getElementById("turn-action").value = name;
    form.querySelectorAll("button[name=aim]").forEach((b) => b.setAttribute("aria-pressed", String(b.value === name)));
    document.querySelectorAll(".aim-words").forEach((w) => (w.hidden = w.dataset.for !== name));
    unpickAll();
    armed = null;
    tell("");
    showAim([]);
    const fire = document.getElementById("barrage-fire");
    if (fire) fire.hidden = name !== "barrage";
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest(".sector-aims button[name=aim]");
    if (!button) return;
    event.preventDefault(); // chosen in place; without this script the page reloads aimed so
    choose(button.value);
  });

  function sectorPlaces(place) {
    const top = place.row - (place.row % SECTOR);
    const left = place.col - (place.col % SECTOR);
    const places = [];
    for (let r = top; r < top + SECTOR; r++) for (let c = left; c < left + SECTOR; c++) places.push({ row: r, col: c });
    return places;
  }
  function sectorName(place) {
    const numerals = "I II III IV V VI VII VIII IX X XI XII XIII XIV XV XVI".split(" ");
    return numerals[Math.floor(place.row / SECTOR) * (SIZE / SECTOR) + Math.floor(place.col / SECTOR)];
  }

  function showAim(places) {
    const board = enemyBoard();
    if (!board) return;
    board.querySelectorAll("td.preview").forEach((td) => td.classList.remove("preview"));
    places.forEach((p) => {
      const td = board.querySelector(`td[data-row="${p.row}"][data-col="${p.col}"]`);
      if (td) td.classList.add("preview");
    });
  }

  // What the cell under the pointer or the focus would hit or scan.
  function aimAt(cell) {
    const place = placeOf(cell);
    if (!place) return;
    const kind = aim();
    if (kind === "recon" || kind === "sonar") showAim(sectorPlaces(place));
    else showAim([place]);
  }

  function enemyCell(el) {
    return el && el.closest ? el.closest("table.sector-board.enemy[data-nav] td[data-row] button") : null;
  }

  document.addEventListener("pointerdown", (event) => {
    if (enemyCell(event.target)) touch = event.pointerType === "touch" || event.pointerType === "pen";
  });
  document.addEventListener("pointerover", (event) => {
    const cell = enemyCell(event.target);
    if (cell && event.pointerType === "mouse") aimAt(cell);
  });
  document.addEventListener("pointerout", (event) => {
    if (enemyCell(event.target) && !enemyCell(event.relatedTarget) && !armed) showAim([]);
  });
  document.addEventListener("focusin", (event) => {
    const cell = enemyCell(event.target);
    if (cell) aimAt(cell);
  });

  // A recon or a sonar sweep: on touch the first tap shows the sector, a second fires.
  // A barrage: each press chooses or unchooses a cell; "Fire the barrage" sends the three.
  document.addEventListener("click", (event) => {
    const cell = enemyCell(event.target);
    if (!cell) return;
    const kind = aim();
    if (kind === "barrage") {
      event.preventDefault();
      pick(cell);
      return;
    }
    if ((kind === "recon" || kind === "sonar") && touch) {
      const name = sectorName(placeOf(cell));
      if (armed !== name) {
        event.preventDefault();
        armed = name;
        aimAt(cell);
        tell(words("armedSector", { sector: name }));
      }
    }
    touch = false;
  });

  function picked() {
    return Array.from(document.querySelectorAll("table.sector-board.enemy button.cell.picked"));
  }
  function unpickAll() {
    picked().forEach((b) => { b.classList.remove("picked"); b.removeAttribute("aria-pressed"); });
  }
  function pick(cell) {
    const on = !cell.classList.contains("picked");
    if (on && picked().length >= 3) return;
    cell.classList.toggle("picked", on);
    cell.setAttribute("aria-pressed", String(on));
    const chosenCells = picked();
    const fire = document.getElementById("barrage-fire");
    const typed = document.querySelector("#turn-form input[name=cells]");
    if (typed) typed.value = chosenCells.map((b) => b.value).join(" ");
    if (fire) { fire.hidden = false; fire.disabled = chosenCells.length !== 3; }
    tell(words("picked", { count: chosenCells.length }));
  }

  function init() {
    const turn = document.querySelector("[data-sector-turn]");
    if (turn) turn.hidden = false;
    const form = aimForm();
    if (form) {
      const fire = document.getElementById("barrage-fire");
      if (fire) fire.hidden = aim() !== "barrage";
    }
  }
  document.addEventListener("htmx:afterSettle", init);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
