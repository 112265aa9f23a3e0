// A turn you can watch: the answer to a move comes in one request, and the page plays it in
// order: your shot(s) at once, a beat, "the <opponent> is aiming…", then the computer's.
// Instant under prefers-reduced-motion. The server names the turn: HX-Trigger "turn" as
// its answer arrives (before it is swapped in), HX-Trigger-After-Settle "turn-settled" once
// every part of it is in place (static/js/board.js). Everything works without this file.
(function () {
  "use strict";

  const BEAT = 250; // ms: your shots land, then the cue
  const AIMING = 450; // ms: the cue, then their shots
  const still = window.matchMedia("(prefers-reduced-motion: reduce)");
  const body = () => document.body;
  let timers = [];
  let ownFleet = null; // your fleet's list as it was before their shots, while they wait
  // (the classic game's, and the sector battle's list of your ships)
  const ownList = () => document.querySelector("#own-fleet, .own-panel .sector-fleet");

  // Each step is told to whoever listens (the browser tests): turn:mine, turn:aiming, turn:theirs.
  function step(name, cls) {
    body().classList.remove("turn-mine", "turn-aiming");
    if (cls) body().classList.add(cls);
    document.dispatchEvent(new CustomEvent("turn:" + name));
  }

  function stop() {
    timers.forEach(clearTimeout);
    timers = [];
    body().classList.remove("turn-mine", "turn-aiming");
    showOwnFleet();
  }

  // Before the answer enters the page: the computer's part waits (CSS, static/css/turn.css),
  // so it is never seen before yours; so does what your fleet's list says of it ("sunk").
  document.addEventListener("turn", () => {
    stop();
    if (still.matches) return;
    body().classList.add("turn-mine");
    const list = ownList();
    ownFleet = list ? list.cloneNode(true) : null;
  });

  // As the answer is swapped in (before the screen is drawn again), the list as it was
  // goes back in its place.
  document.addEventListener("htmx:afterSwap", () => {
    if (body().classList.contains("turn-mine")) holdOwnFleet();
  });

  // Once the answer is in place.
  document.addEventListener("turn-settled", () => setTimeout(playBack, 0));

  // The list as it was stays in sight until their shots are shown; then the new one.
  let fresh = null;
  function holdOwnFleet() {
    const now = ownList();
    if (!ownFleet || !now || now === ownFleet || now.isEqualNode(ownFleet)) return;
    fresh = now;
    now.replaceWith(ownFleet);
  }
  function showOwnFleet() {
    if (fresh && ownFleet && ownFleet.isConnected) ownFleet.replaceWith(fresh);
    fresh = ownFleet = null;
  }

  function playBack() {
    const theirs = document.querySelector("#announcer .said-theirs");
    const over = document.getElementById("outcome-heading");
    const watching = body().classList.contains("turn-mine") && theirs && !over;
    step("mine", watching ? "turn-mine" : null);
    if (!watching) {
      showOwnFleet();
      if (theirs) step("theirs");
      return;
    }
    timers.push(setTimeout(() => step("aiming", "turn-aiming"), BEAT));
    timers.push(setTimeout(() => { timers = []; showOwnFleet(); step("theirs"); }, BEAT + AIMING));
  }
})();
