// The loupe: Enemy waters magnified where a finger tapped, while a weapon is aimed (issue 32:
// targets of 44 px or more where a finger aims; issue 41: a plain shot is one tap, on cells
// of 32 px or more, and only a weapon, which a mistake would waste, takes two steps). When a
// finger taps a cell (or a torpedo's launch point) smaller than 44 px with an air strike or
// a torpedo chosen, nothing is fired: a dialog opens beside the tapped row with its
// neighbourhood at 44 px or more a cell, and a tap there does what a click on the board does
// (the weapon aims and, tapped again, fires: static/js/aim.js).
//
// The loupe is built from the board's own cells, copied (their marks, names and ship
// drawings), and it passes each press on to the board's cell, so the page's scripts and the
// server judge exactly what a click would have sent. A mouse, a pen, the keyboard and big
// enough cells never meet it; without this script the board is the plain form it always was.
(function () {
  "use strict";

  const TARGET = 44; // the smallest box a finger aims at surely (WCAG 2.5.5)
  const GAP = 3; // between the loupe's cells, as --gap (a ship's drawing spans it)
  const EDGES = ["west", "east", "north", "south"];
  const ARROWS = { west: "→", east: "←", north: "↓", south: "↑" };
  const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

  let finger = false; // the last press was a finger's
  let passing = false; // a press the loupe hands to the board: let it through
  let shown = null; // while open: {board, size, centre, row0, col0, count, anchor, weapon}
  let dialog = null;
  let watchers = [];

  // --- The page's words ("{cell}" where a value goes) -------------------------------------
  function words(key, values) {
    const given = document.getElementById("loupe-words");
    let text = (given && given.dataset[key]) || "";
    for (const [name, value] of Object.entries(values || {})) text = text.split(`{${name}}`).join(value);
    return text;
  }

  function along(edge) { return edge === "west" || edge === "east"; }
  function lineName(edge, line) { return along(edge) ? LETTERS[line] : String(line + 1); }

  // The weapon aimed now (aim.js marks its button pressed); "shot" without weapons.
  function weapon() {
    const pressed = document.querySelector('#weapons .aim-mode[aria-pressed="true"]');
    return pressed ? pressed.dataset.aimMode : "shot";
  }

  function enemyBoard() { return document.querySelector("table.board.enemy[data-size]"); }
  function boardTd(board, row, col) { return board.querySelector(`td[data-row="${row}"][data-col="${col}"]`); }
  function boardEdge(edge, line) { return document.querySelector(`.aim-edge[data-edge="${edge}"][data-line="${line}"]`); }

  // A board one can act on: it is this player's turn (a cell still to fire at).
  function live(board) {
    return board && board.querySelector("tbody button[name=cell]:not([aria-disabled=true])");
  }

  function small(element) {
    const box = element.getBoundingClientRect();
    return box.width < TARGET || box.height < TARGET;
  }

  // --- Size: as many cells as fit the screen at 44 px or more (7, 5 or 3 a side) ----------
  // Beside the cells: the row labels, or a torpedo's launch points on both sides.
  function sides(torpedo) { return torpedo ? 2 * (TARGET + GAP) : 22; }

  // (Across: the screen's margins, the loupe's padding and border. Down: its title, the
  // column labels or launch points, the weapon's words and its Fire button, which may take
  // two lines: a phone on its side gets fewer cells rather than a loupe taller than its
  // screen.)
  function fit(size, torpedo) {
    const width = document.documentElement.clientWidth - 2 * 6 - 2 * 10 - sides(torpedo);
    const height = window.innerHeight - 230 - (torpedo ? 2 * (TARGET + GAP) : 20);
    for (const count of [7, 5, 3]) {
      if (count > size) continue;
      const room = Math.min(width, height) - (count + 1) * GAP;
      const cell = Math.floor(room / count);
      if (cell >= (count === 7 ? 52 : TARGET)) return { count, cell: Math.min(cell, 60) };
    }
    return { count: Math.min(3, size), cell: TARGET };
  }

  // --- Building the loupe from the board's cells ------------------------------------------
  function make(tag, className, text) {
    const element = document.createElement(tag);
    if (className) element.className = className;
    if (text !== undefined) element.textContent = text;
    return element;
  }

  function ensureDialog() {
    if (dialog) return dialog;
    dialog = make("dialog", "loupe");
    dialog.id = "loupe";
    dialog.setAttribute("aria-labelledby", "loupe-title");
    dialog.setAttribute("aria-describedby", "loupe-status");
    document.body.appendChild(dialog);
    dialog.addEventListener("click", onLoupeClick);
    // From the keyboard (a tablet's), the focused cell shows the strike's square, as on the
    // board; a finger's tap aims only by its click, so that the first tap never fires.
    dialog.addEventListener("focusin", (event) => {
      if (finger || !shown || shown.weapon !== "air_strike") return;
      const target = event.target.closest && event.target.closest(".loupe-board button") && counterpart(event.target);
      if (target) target.dispatchEvent(new CustomEvent("loupe:aim", { bubbles: true }));
    });
    dialog.addEventListener("close", cleanUp);
    dialog.addEventListener("cancel", (event) => { event.preventDefault(); close(); });
    return dialog;
  }

  function build() {
    const { board, size, centre, weapon: aiming } = shown;
    const torpedo = aiming === "torpedo";
    const { count, cell } = fit(size, torpedo);
    const half = (count - 1) / 2;
    const row0 = Math.max(0, Math.min(size - count, centre.row - half));
    const col0 = Math.max(0, Math.min(size - count, centre.col - half));
    Object.assign(shown, { count, cell, row0, col0 });
    const span = count * cell + (count + 1) * GAP;

    const head = make("div", "loupe-head");
    const title = make("h2", "loupe-title", words("title", { cell: LETTERS[centre.row] + (centre.col + 1) }));
    title.id = "loupe-title";
    const shut = make("button", "loupe-close");
    shut.type = "button";
    shut.setAttribute("aria-label", words("close"));
    shut.appendChild(make("span", "", "×")).setAttribute("aria-hidden", "true");
    head.append(title, shut);

    const grid = make("div", "loupe-grid" + (torpedo ? " loupe-torpedo" : ""));
    dialog.style.setProperty("--loupe-cell", cell + "px");
    dialog.style.setProperty("--loupe-span", span + "px");
    // (Never so narrow that the weapon's words and its Fire button take many lines.)
    dialog.style.width = `${Math.max(span + sides(torpedo), 250)}px`;
    const rows = Array.from({ length: count }, (_, i) => row0 + i);
    const cols = Array.from({ length: count }, (_, i) => col0 + i);
    if (torpedo) {
      grid.append(strip("north", cols), strip("west", rows), sea(board, rows, cols), strip("east", rows), strip("south", cols));
    } else {
      const top = make("div", "loupe-labels loupe-cols");
      cols.forEach((c) => top.appendChild(make("span", "", String(c + 1))));
      const side = make("div", "loupe-labels loupe-rows");
      rows.forEach((r) => side.appendChild(make("span", "", LETTERS[r])));
      top.setAttribute("aria-hidden", "true");
      side.setAttribute("aria-hidden", "true");
      grid.append(top, side, sea(board, rows, cols));
    }

    const status = make("p", "loupe-status");
    status.id = "loupe-status";
    status.setAttribute("aria-live", "polite");
    const fire = make("button", "primary loupe-fire");
    fire.type = "button";
    fire.hidden = true;
    dialog.replaceChildren(head, grid, status, fire);
    sync();
  }

  // The neighbourhood: the board's cells copied (marks, names), each a button.
  function sea(board, rows, cols) {
    const frame = make("div", "loupe-window");
    const table = make("table", "board loupe-board");
    table.setAttribute("role", "presentation");
    const body = table.appendChild(document.createElement("tbody"));
    rows.forEach((r) => {
      const tr = body.appendChild(document.createElement("tr"));
      cols.forEach((c) => {
        const source = boardTd(board, r, c);
        const td = tr.appendChild(document.createElement("td"));
        td.dataset.row = String(r);
        td.dataset.col = String(c);
        const button = source && source.querySelector("button");
        if (!button) return;
        const copy = button.cloneNode(true);
        copy.type = "button";
        ["name", "value", "tabindex", "id", "title"].forEach((name) => copy.removeAttribute(name));
        td.appendChild(copy);
      });
    });
    ships(board, table, rows, cols);
    frame.appendChild(table);
    return frame;
  }

  // Each ship drawing that crosses the loupe, laid from its first cell inside it (the part
  // before that cell shifted out of sight, as the board draws it across its cells).
  function ships(board, table, rows, cols) {
    board.querySelectorAll("td[data-row] > .hull").forEach((hull) => {
      const td = hull.parentNode;
      const bow = { row: Number(td.dataset.row), col: Number(td.dataset.col) };
      const length = Number((/len-(\d+)/.exec(hull.className) || [0, 1])[1]);
      const across = hull.classList.contains("hull-H");
      for (let i = 0; i < length; i++) {
        const place = across ? { row: bow.row, col: bow.col + i } : { row: bow.row + i, col: bow.col };
        const inside = table.querySelector(`td[data-row="${place.row}"][data-col="${place.col}"]`);
        if (!inside) continue;
        const copy = hull.cloneNode(true);
        if (i) copy.style[across ? "left" : "top"] = `calc(${-i} * (100% + var(--gap)))`;
        inside.prepend(copy);
        break;
      }
    });
  }

  // A torpedo's launch points for the loupe's rows or columns, each named as on the board.
  function strip(edge, lines) {
    const group = make("div", `loupe-strip loupe-strip-${edge}`);
    lines.forEach((line) => {
      const source = boardEdge(edge, line);
      const button = make("button", "loupe-edge");
      button.type = "button";
      button.dataset.edge = edge;
      button.dataset.line = String(line);
      if (source) button.setAttribute("aria-label", source.getAttribute("aria-label"));
      const face = [lineName(edge, line), ARROWS[edge]]; // "C →" from the left, "← C" from the right
      if (edge === "east" || edge === "south") face.reverse();
      const seen = make("span", "", face.join(" "));
      seen.setAttribute("aria-hidden", "true");
      button.appendChild(seen);
      group.appendChild(button);
    });
    return group;
  }

  // --- Kept as the board is: what aim.js and board.js show there shows here ---------------
  function sync() {
    if (!shown || !dialog) return;
    const { board } = shown;
    if (!document.contains(board)) { close(); return; }
    let aimedEdge = null;
    dialog.querySelectorAll(".loupe-board td[data-row]").forEach((td) => {
      const source = boardTd(board, td.dataset.row, td.dataset.col);
      if (!source) return;
      td.className = source.className;
      const from = source.querySelector("button");
      const to = td.querySelector("button");
      if (from && to) {
        to.className = from.className;
        ["aria-pressed", "aria-label", "aria-disabled"].forEach((name) => {
          if (from.hasAttribute(name)) to.setAttribute(name, from.getAttribute(name));
          else to.removeAttribute(name);
        });
      }
    });
    const path = board.querySelector("td.aim-path");
    if (path) {
      const edge = EDGES.find((e) => path.classList.contains("aim-path-" + e));
      aimedEdge = { edge, line: String(along(edge) ? path.dataset.row : path.dataset.col) };
    }
    dialog.querySelectorAll(".loupe-edge").forEach((button) => {
      const on = aimedEdge && button.dataset.edge === aimedEdge.edge && button.dataset.line === aimedEdge.line;
      button.classList.toggle("aimed", Boolean(on));
    });
    const status = dialog.querySelector(".loupe-status");
    const said = document.getElementById("aim-status");
    const text = (shown.weapon !== "shot" && said && said.textContent.trim()) || help();
    if (status.textContent !== text) status.textContent = text;
    const fire = dialog.querySelector(".loupe-fire");
    const boardFire = document.getElementById("aim-fire");
    // Its place kept while nothing is aimed, so the loupe does not grow under the finger.
    fire.hidden = shown.weapon === "shot" || !boardFire;
    fire.classList.toggle("idle", !boardFire || boardFire.hidden);
    if (boardFire && fire.textContent !== boardFire.textContent) fire.textContent = boardFire.textContent;
  }

  function help() {
    const aiming = shown.weapon;
    return aiming === "air_strike" ? words("strike") : words("torpedo");
  }

  function watch() {
    const observer = new MutationObserver(sync);
    observer.observe(shown.board, { subtree: true, childList: true, attributes: true, attributeFilter: ["class", "aria-pressed", "aria-label", "aria-disabled"] });
    ["aim-status", "aim-fire"].forEach((id) => {
      const element = document.getElementById(id);
      if (element) observer.observe(element, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    watchers.push(observer);
  }

  // --- Where it opens: beside the tapped row, leaving that row and its neighbours in sight
  // (below them for a tap in the board's upper half, above for the lower half); the page
  // scrolls, board and loupe together, until both are on the screen.
  function place() {
    const { board, size, centre } = shown;
    const above = boardTd(board, Math.max(0, centre.row - 1), centre.col);
    const below = boardTd(board, Math.min(size - 1, centre.row + 1), centre.col);
    const at = boardTd(board, centre.row, centre.col);
    if (!above || !below || !at) return;
    const top = above.getBoundingClientRect().top;
    const bottom = below.getBoundingClientRect().bottom;
    const middle = at.getBoundingClientRect().left + at.getBoundingClientRect().width / 2;
    const box = dialog.getBoundingClientRect();
    const screen = { width: document.documentElement.clientWidth, height: window.innerHeight };
    // (Above only if the page has room for it there: a board near the top of the page
    // has none, and the loupe goes below instead.)
    const bar = document.getElementById("announcer");
    let inset = bar && getComputedStyle(bar).position === "sticky" ? bar.getBoundingClientRect().height : 0;
    // (And the board's column numbers, where they stay in sight under it: turn.css.)
    const numbers = board.querySelector("thead th");
    if (numbers && getComputedStyle(numbers).position === "sticky") inset += numbers.getBoundingClientRect().height + 4;
    // Room beside the board (a phone on its side): there, level with the tapped row, the
    // whole board left in sight.
    const right = board.getBoundingClientRect().right;
    if (right + 8 + box.width <= screen.width - 6) {
      const level = at.getBoundingClientRect().top + at.getBoundingClientRect().height / 2 - box.height / 2;
      const y = Math.max(inset + 8, Math.min(screen.height - box.height - 8, level));
      dialog.style.left = `${right + 8 + window.scrollX}px`;
      dialog.style.top = `${y + window.scrollY}px`;
      return;
    }
    const downward = centre.row < size / 2 || top - 6 - box.height + window.scrollY < 8;
    const y = downward ? bottom + 6 : top - 6 - box.height;
    const x = Math.max(6, Math.min(screen.width - box.width - 6, middle - box.width / 2));
    dialog.style.left = `${x + window.scrollX}px`;
    dialog.style.top = `${y + window.scrollY}px`;
    const first = downward ? top : y;
    const last = downward ? y + box.height : bottom;
    let shift = Math.max(0, last - (screen.height - 8));
    // On a phone the last round's summary stays at the top of the screen (site.css): the
    // rows kept in sight are kept below it.
    if (first - shift < inset + 8) shift = first - inset - 8;
    // A screen too low for both (a phone on its side): the loupe whole comes first.
    const loupeTop = y - shift;
    if (loupeTop + box.height > screen.height - 8) shift = y + box.height - (screen.height - 8);
    if (y - shift < 8) shift = y - 8;
    if (shift) window.scrollBy(0, shift);
  }

  // --- Opening, closing ----------------------------------------------------------------
  function open(hit, board) {
    const size = Number(board.dataset.size);
    const aiming = weapon();
    let centre;
    let aimAt = null;
    if (hit.classList.contains("aim-edge")) {
      const edge = hit.dataset.edge;
      const line = Number(hit.dataset.line);
      centre = along(edge) ? { row: line, col: edge === "west" ? 0 : size - 1 }
        : { row: edge === "north" ? 0 : size - 1, col: line };
      aimAt = hit;
    } else {
      const td = hit.closest("td[data-row]");
      centre = { row: Number(td.dataset.row), col: Number(td.dataset.col) };
      if (aiming === "air_strike") aimAt = hit;
    }
    // Where the page was: it scrolls to show the loupe, and back as it closes, so that the
    // board is under the finger again (issue 41).
    shown = { board, size, centre, weapon: aiming, anchor: hit, scrolled: window.scrollY };
    ensureDialog();
    build();
    // Opened where the screen is (placed properly below): showModal's focus scrolls nothing.
    dialog.style.top = `${window.scrollY + 8}px`;
    dialog.style.left = `${window.scrollX + 6}px`;
    dialog.showModal();
    // The tap on the board aims the weapon there (never fires it): aim.js shows the target.
    if (aimAt) aimAt.dispatchEvent(new CustomEvent("loupe:aim", { bubbles: true }));
    sync();
    place();
    watch();
    const first = aimAt && aimAt.classList.contains("aim-edge")
      ? dialog.querySelector(`.loupe-edge[data-edge="${hit.dataset.edge}"][data-line="${hit.dataset.line}"]`)
      : dialog.querySelector(`.loupe-board td[data-row="${centre.row}"][data-col="${centre.col}"] button`);
    (first || dialog.querySelector(".loupe-close")).focus();
  }

  // Focus goes back to the board: to the cell (or launch point) last used in the loupe.
  function close(backTo) {
    if (!dialog || !dialog.open) return;
    const anchor = backTo || (shown && shown.anchor);
    const scrolled = shown ? shown.scrolled : window.scrollY;
    dialog.close();
    if (anchor && document.contains(anchor)) anchor.focus({ preventScroll: true });
    if (window.scrollY !== scrolled) window.scrollTo(window.scrollX, scrolled);
  }

  function cleanUp() {
    watchers.forEach((w) => w.disconnect());
    watchers = [];
    shown = null;
    if (dialog) dialog.replaceChildren();
  }

  function counterpart(element) {
    if (!shown) return null;
    if (element.classList.contains("loupe-edge")) return boardEdge(element.dataset.edge, element.dataset.line);
    const td = element.closest("td[data-row]");
    const source = td && boardTd(shown.board, td.dataset.row, td.dataset.col);
    return source && source.querySelector("button");
  }

  // A press in the loupe is a press on the board's own cell (or launch point, or Fire).
  function pass(target) {
    passing = true;
    try { target.click(); } finally { passing = false; }
  }

  function onLoupeClick(event) {
    // A tap outside: on the backdrop, which is the dialog itself outside its box.
    if (event.target === dialog) {
      const box = dialog.getBoundingClientRect();
      const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
      if (!inside) close();
      return;
    }
    const pressed = event.target.closest("button");
    if (!pressed || !shown) return;
    if (pressed.classList.contains("loupe-close")) { close(); return; }
    if (pressed.classList.contains("loupe-fire")) {
      const fire = document.getElementById("aim-fire");
      if (fire && !fire.hidden) pass(fire);
      return;
    }
    const target = counterpart(pressed);
    if (!target) return;
    if (shown.weapon !== "shot") { shown.anchor = target; pass(target); return; }
    if (target.getAttribute("aria-disabled") === "true") return; // fired at already
    // A shot fires and a salvo's cell is picked as a click on the board would: the loupe
    // closes first, so the focus is on the board's cell as the page's scripts expect.
    close(target);
    pass(target);
  }

  // --- A finger's tap on a small target opens the loupe instead of acting ------------------
  window.addEventListener("pointerdown", (event) => { finger = event.pointerType === "touch"; }, true);
  window.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && dialog && dialog.open) {
      // The loupe closes; the weapon stays aimed (aim.js puts it down on Escape otherwise).
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    finger = false;
  }, true);

  window.addEventListener("click", (event) => {
    if (passing || !finger || (dialog && dialog.open) || !event.target.closest) return;
    if (weapon() === "shot") return; // a shot, or a salvo's cell: one tap on the board
    const hit = event.target.closest("table.board.enemy tbody td[data-row] button, .aim-edge");
    const board = enemyBoard();
    if (!hit || !board || !live(board) || !small(hit)) return;
    event.preventDefault();
    event.stopPropagation();
    open(hit, board);
  }, true);

  // A move on its way: the loupe closes before the page's scripts note where the focus is.
  window.addEventListener("htmx:beforeRequest", () => {
    if (dialog && dialog.open) close(shown && shown.anchor);
  }, true);
  // The board redrawn from elsewhere (a friend's move): the copy would be stale.
  window.addEventListener("htmx:afterSwap", sync);
  // Turned on its side: sized and placed again. (A phone's address bar coming and going as
  // the page scrolls changes only the height: that moves nothing.)
  let width = document.documentElement.clientWidth;
  window.addEventListener("resize", () => {
    const now = document.documentElement.clientWidth;
    if (now === width) return;
    width = now;
    if (!(dialog && dialog.open)) return;
    build();
    place();
  });
})();
