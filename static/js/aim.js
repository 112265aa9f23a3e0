// Special weapons aimed on the board (templates/games/_weapons.html, docs/rules/special-weapons.md).
// A weapon is chosen by a button. The air strike's 3 x 3 square follows the pointer or the
// focus over Enemy waters, and a click (or Enter) fires it; a torpedo is launched from
// buttons on the board's edges, its path shown before it runs. On a touch screen the first
// tap aims and the second fires (on a board too small for a finger, in the loupe:
// static/js/loupe.js). Firing fills in the page's own weapon form and sends it, so
// the server judges the same POST as a typed one; without this script the forms are typed.
(function () {
  "use strict";

  const EDGES = ["west", "east", "north", "south"];
  const ARROWS = { west: "→", east: "←", north: "↓", south: "↑" };
  const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

  let mode = "shot"; // "shot", "air_strike" or "torpedo"
  let aimed = null; // the target shown now: {kind, key, place} or {kind, key, edge, line}
  let armed = null; // the key a first tap aimed at: a second tap on it fires
  let touch = false; // the last press was a finger's
  let firing = false; // a weapon is on its way: nothing more until the answer

  function section() { return document.getElementById("weapons"); }
  function board() { return document.querySelector("table.board.enemy"); }
  function boardSize() { const b = board(); return b ? Number(b.dataset.size) : 0; }
  function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

  // The page's words, in its language ("{cell}" where a value goes).
  function words(key, values) {
    const given = section();
    let text = (given && given.dataset[key]) || "";
    for (const [name, value] of Object.entries(values || {})) text = text.split(`{${name}}`).join(value);
    return text;
  }

  function label(place) { return LETTERS[place.row] + (place.col + 1); }
  function along(edge) { return edge === "west" || edge === "east"; }
  function lineName(edge, line) { return along(edge) ? LETTERS[line] : String(line + 1); }

  function tdAt(place) {
    const b = board();
    return b && b.querySelector(`td[data-row="${place.row}"][data-col="${place.col}"]`);
  }

  // --- What a weapon covers ---------------------------------------------------------------
  function square(center, size) {
    const places = [];
    for (let r = center.row - 1; r <= center.row + 1; r++)
      for (let c = center.col - 1; c <= center.col + 1; c++)
        if (r >= 0 && c >= 0 && r < size && c < size) places.push({ row: r, col: c });
    return places;
  }

  // A torpedo's line in the order it runs, from its edge.
  function path(edge, line, size) {
    const places = [];
    for (let i = 0; i < size; i++) {
      const step = edge === "east" || edge === "south" ? size - 1 - i : i;
      places.push(along(edge) ? { row: line, col: step } : { row: step, col: line });
    }
    return places;
  }

  const PATH_CLASSES = ["preview", "aim-path", ...EDGES.map((e) => "aim-path-" + e)];

  function clearPreview() {
    document.querySelectorAll(".board.enemy td.preview").forEach((td) => td.classList.remove(...PATH_CLASSES));
  }

  function showCells(places, edge) {
    clearPreview();
    places.forEach((place) => {
      const td = tdAt(place);
      if (td) td.classList.add("preview", ...(edge ? ["aim-path", "aim-path-" + edge] : []));
    });
  }

  // --- Aiming: a target shown, said, and ready to fire ------------------------------------
  function targetOf(element) {
    if (mode === "air_strike") {
      const td = element.closest("table.board.enemy td[data-row]");
      if (!td) return null;
      const place = { row: Number(td.dataset.row), col: Number(td.dataset.col) };
      return { kind: "air_strike", key: "strike " + label(place), place };
    }
    if (mode === "torpedo" && element.classList.contains("aim-edge")) {
      const edge = element.dataset.edge;
      const line = Number(element.dataset.line);
      return { kind: "torpedo", key: edge + " " + line, edge, line };
    }
    return null;
  }

  function aim(target, how) {
    aimed = target;
    const size = boardSize();
    let text;
    let fireText;
    if (target.kind === "air_strike") {
      const cells = square(target.place, size);
      showCells(cells);
      text = words("aimStrike", { cell: label(target.place), first: label(cells[0]), last: label(cells[cells.length - 1]) });
      fireText = words("fireStrike", { cell: label(target.place) });
    } else {
      showCells(path(target.edge, target.line, size), target.edge);
      text = words("aim" + capital(target.edge), { line: lineName(target.edge, target.line) });
      fireText = words("fireTorpedo");
    }
    if (how === "tap") text += " " + words("tapAgain");
    if (how === "focus") text += " " + words("enterFires");
    const status = document.getElementById("aim-status");
    if (status && status.textContent !== text) status.textContent = text;
    const fire = document.getElementById("aim-fire");
    if (fire) { fire.textContent = fireText; fire.hidden = false; }
  }

  function fire(target) {
    const given = section();
    if (!given || firing) return;
    const form = given.querySelector(`form[data-weapon="${target.kind}"]`);
    if (!form) return;
    if (target.kind === "air_strike") {
      form.querySelector("[name=center]").value = label(target.place);
    } else {
      const kind = along(target.edge) ? "row-" : "column-";
      form.querySelector("[name=line]").value = kind + target.line;
      form.querySelector("[name=end]").value = target.edge === "west" || target.edge === "north" ? "start" : "end";
    }
    firing = true;
    form.requestSubmit();
  }

  // --- The weapon chosen ------------------------------------------------------------------
  function setMode(next, fromKeyboard) {
    const given = section();
    const table = board();
    if (!given || !table) return;
    if (!given.querySelector(`.aim-mode[data-aim-mode="${next}"]`)) next = "shot";
    mode = next;
    aimed = armed = null;
    given.querySelectorAll(".aim-mode").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.aimMode === mode)));
    given.querySelector(".aim-panel").hidden = mode === "shot";
    given.querySelectorAll(".aim-help").forEach((p) => (p.hidden = p.dataset.for !== mode));
    document.getElementById("aim-status").textContent = "";
    document.getElementById("aim-fire").hidden = true;
    clearPreview();
    table.classList.toggle("aiming-strike", mode === "air_strike");
    edges(mode === "torpedo");
    if (!fromKeyboard) return;
    // From the keyboard, straight to where one aims (the board comes before this section).
    const start = mode === "air_strike" ? table.querySelector("tbody button[tabindex='0']")
      : mode === "torpedo" ? document.querySelector(".aim-edge[tabindex='0']") : null;
    if (start) start.focus();
  }

  // The launch points: a strip of buttons on each edge of the board, one a row or column.
  function frameOf(table) {
    let frame = table.closest(".aim-frame");
    if (!frame) {
      frame = document.createElement("div");
      frame.className = "aim-frame";
      table.parentNode.insertBefore(frame, table);
      frame.appendChild(table);
    }
    return frame;
  }

  function edges(on) {
    const table = board();
    const frame = frameOf(table);
    frame.querySelectorAll(".aim-edges").forEach((e) => e.remove());
    frame.classList.toggle("aiming-torpedo", on);
    if (!on) return;
    const size = boardSize();
    const group = document.createElement("div");
    group.className = "aim-edges";
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", words("edges"));
    EDGES.forEach((edge) => {
      const strip = document.createElement("div");
      strip.className = "aim-strip aim-strip-" + edge;
      for (let line = 0; line < size; line++) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "aim-edge aim-edge-" + edge;
        button.dataset.edge = edge;
        button.dataset.line = String(line);
        button.setAttribute("aria-label", words("edge" + capital(edge), { line: lineName(edge, line) }));
        const arrow = document.createElement("span");
        arrow.setAttribute("aria-hidden", "true");
        arrow.textContent = ARROWS[edge];
        button.appendChild(arrow);
        button.tabIndex = line === 0 ? 0 : -1; // one tab stop a strip; arrows move along it
        strip.appendChild(button);
      }
      group.appendChild(strip);
    });
    frame.appendChild(group);
    placeEdges();
  }

  // Each launch point beside its row or column, measured from the board as it is laid out.
  function placeEdges() {
    const frame = document.querySelector(".aim-frame.aiming-torpedo");
    if (!frame) return;
    const box = frame.getBoundingClientRect();
    const depth = parseFloat(getComputedStyle(frame).paddingTop);
    frame.querySelectorAll(".aim-edge").forEach((button) => {
      const edge = button.dataset.edge;
      const line = Number(button.dataset.line);
      const td = tdAt(along(edge) ? { row: line, col: 0 } : { row: 0, col: line });
      if (!td) return;
      const cell = td.getBoundingClientRect();
      const style = button.style;
      if (along(edge)) {
        style.top = `${cell.top - box.top}px`;
        style.height = `${cell.height}px`;
        style.width = `${depth - 2}px`;
        style.left = edge === "west" ? "0px" : `${box.width - depth + 2}px`;
      } else {
        style.left = `${cell.left - box.left}px`;
        style.width = `${cell.width}px`;
        style.height = `${depth - 2}px`;
        style.top = edge === "north" ? "0px" : `${box.height - depth + 2}px`;
      }
    });
  }
  window.addEventListener("resize", placeEdges);

  // --- Pointer, touch and keys ------------------------------------------------------------
  document.addEventListener("pointerdown", (event) => { touch = event.pointerType === "touch"; }, true);
  document.addEventListener("keydown", () => { touch = false; }, true);

  function aimable(element) {
    if (mode === "shot" || !element || !element.closest) return null;
    const button = element.closest("table.board.enemy td[data-row] button, .aim-edge");
    return button && targetOf(button) ? button : null;
  }

  // Hovering shows (a finger has no hover: its first tap does; nor does a mouse left
  // still over the board of a device last pressed with a finger).
  document.addEventListener("pointerover", (event) => {
    if (event.pointerType === "touch" || touch || firing) return;
    const button = aimable(event.target);
    if (button) aim(targetOf(button), "pointer");
  });

  document.addEventListener("focusin", (event) => {
    const button = aimable(event.target);
    if (button && !firing) aim(targetOf(button), touch ? "tap" : "focus");
  });

  // Before the shot's own handling (board.js, htmx): in a weapon's mode a press on the board
  // aims or fires the weapon, never a shot.
  document.addEventListener("click", (event) => {
    if (mode === "shot" || !event.target.closest) return;
    const onBoard = event.target.closest("table.board.enemy tbody button, .aim-edge");
    if (!onBoard) return;
    event.preventDefault();
    event.stopPropagation();
    const button = aimable(onBoard);
    if (!button || firing) return;
    const target = targetOf(button);
    if (touch && armed !== target.key) {
      armed = target.key;
      aim(target, "tap");
      return;
    }
    fire(target);
  }, true);

  // A finger's tap on a board too small for it opens the loupe (static/js/loupe.js), which
  // aims the weapon where the tap landed and leaves the firing to a tap in the loupe.
  document.addEventListener("loupe:aim", (event) => {
    const button = aimable(event.target);
    if (!button || firing) return;
    const target = targetOf(button);
    armed = target.key;
    aim(target, "tap");
  });

  document.addEventListener("click", (event) => {
    const given = section();
    if (!given || !event.target.closest) return;
    const choice = event.target.closest("[data-aim-mode]");
    if (choice && given.contains(choice)) {
      setMode(choice.dataset.aimMode, event.detail === 0);
      return;
    }
    if (event.target.closest("#aim-fire") && aimed) fire(aimed);
  });

  // Along a strip of launch points with the arrow keys; Escape puts the weapon down.
  const STEPS = { ArrowUp: -1, ArrowLeft: -1, ArrowDown: 1, ArrowRight: 1 };
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && mode !== "shot") {
      const inside = event.target.closest && event.target.closest("#weapons, .aim-frame");
      setMode("shot");
      if (inside) section().querySelector('.aim-mode[data-aim-mode="shot"]').focus();
      return;
    }
    const button = event.target.closest && event.target.closest(".aim-edge");
    if (!button || !(event.key in STEPS)) return;
    const sideways = along(button.dataset.edge) ? ["ArrowLeft", "ArrowRight"] : ["ArrowUp", "ArrowDown"];
    if (sideways.includes(event.key)) return;
    event.preventDefault();
    const strip = Array.from(button.parentNode.children);
    const next = strip[strip.indexOf(button) + STEPS[event.key]];
    if (!next) return;
    strip.forEach((b) => (b.tabIndex = b === next ? 0 : -1));
    next.focus();
  });

  // --- Typed targets are shown on the board too -------------------------------------------
  function typedPlace(text, size) {
    const match = /^\s*([A-Za-z])\s*(\d{1,2})\s*$/.exec(text || "");
    if (!match) return null;
    const place = { row: match[1].toUpperCase().charCodeAt(0) - 65, col: Number(match[2]) - 1 };
    return place.row < size && place.col >= 0 && place.col < size ? place : null;
  }

  function showTyped(target) {
    const size = boardSize();
    if (!size || !target.closest || !target.closest(".weapon-form")) return;
    if (target.id === "strike-center") {
      const place = typedPlace(target.value, size);
      showCells(place ? square(place, size) : []);
    }
    if (target.id === "torpedo-line" || target.id === "torpedo-end") {
      const [kind, index] = document.getElementById("torpedo-line").value.split("-");
      const start = document.getElementById("torpedo-end").value === "start";
      const edge = kind === "row" ? (start ? "west" : "east") : (start ? "north" : "south");
      showCells(path(edge, Number(index), size), edge);
    }
  }
  ["input", "change", "focusin"].forEach((kind) => document.addEventListener(kind, (event) => showTyped(event.target)));
  document.addEventListener("focusout", (event) => {
    if (mode === "shot" && event.target.closest && event.target.closest(".weapon-form")) clearPreview();
  });

  // --- After every answer: a fresh board, aimed with a shot again ---------------------------
  // (A torpedo's track of the last move is drawn by the server; a move answered in parts
  // brings its own, so an old one goes first: as the server names the turn, board.js.)
  document.addEventListener("turn", () => {
    document.querySelectorAll(".board td.track").forEach((td) => td.classList.remove("track", ...EDGES.map((e) => "track-" + e)));
  });
  // (A move's answer may replace the form that sent it, whose own events then reach no one:
  // a fresh weapons section is ready to fire too.)
  document.addEventListener("htmx:afterRequest", () => { firing = false; });

  function init() {
    const given = section();
    if (!given) { mode = "shot"; aimed = armed = null; return; } // no weapon to aim now
    if (given.dataset.ready) return;
    given.dataset.ready = "true";
    firing = false;
    given.querySelector(".aim-modes").hidden = false;
    mode = "shot";
    aimed = armed = null;
  }
  htmx.onLoad(init);
})();
