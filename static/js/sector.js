// The sector battle's page: each action aimed on the enemy sea (a recon or sonar sector, a
// barrage's three cells), shown before it goes. Everything works without this file (plain
// forms, the page aimed by ?aim=); it only makes aiming quicker. Placing the fleet (its
// outline, R, drag and drop), arrow keys and focus across swaps come from board.js.
(function () {
  "use strict";

  const SIZE = 12;
  const SECTOR = 3;

  function placeOf(el) {
    const td = el && el.closest ? el.closest("td[data-row]") : null;
    return td ? { row: Number(td.dataset.row), col: Number(td.dataset.col) } : null;
  }

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

  htmx.onLoad(() => {
    const fire = document.getElementById("barrage-fire");
    if (fire && aimForm()) fire.hidden = aim() !== "barrage";
  });
})();
