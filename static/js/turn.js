// A turn you can watch: the answer to a shot comes in one request, and the page plays it in
// order: your shot(s) at once, a beat, "the <opponent> is aiming…", then the computer's.
// Instant under prefers-reduced-motion. Also: the turn's log keeps its open state across
// swaps, and the end of a game has a sound. Everything works without this file.
(function () {
  "use strict";

  const BEAT = 250; // ms: your shots land, then the cue
  const AIMING = 450; // ms: the cue, then their shots
  const MUTE_KEY = "battleship:muted"; // the switch static/js/game.js keeps
  const still = window.matchMedia("(prefers-reduced-motion: reduce)");
  const body = () => document.body;
  let timers = [];
  let logOpen = false;

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
  }

  function isShot(detail) {
    const config = detail.requestConfig || {};
    // A classic game's shot (/shots) or a sector battle's turn (/turns).
    return config.verb === "post" && /\/(shots|turns)$/.test(config.path || "") && detail.xhr && detail.xhr.status === 200;
  }

  // Before the answer enters the page: the computer's part waits (CSS, static/css/turn.css),
  // so it is never seen before yours.
  document.addEventListener("htmx:beforeSwap", (event) => {
    const log = document.getElementById("turn-log");
    if (log) logOpen = log.open;
    if (!isShot(event.detail)) return;
    stop();
    if (!still.matches) body().classList.add("turn-mine");
  });

  // Once the answer is in place (every out-of-band part settles on its own: once per response).
  let settled = null;
  document.addEventListener("htmx:afterSettle", (event) => {
    const log = document.getElementById("turn-log");
    if (log && logOpen) log.open = true;
    const xhr = event.detail.xhr;
    if (!xhr || settled === xhr || !isShot(event.detail)) return;
    settled = xhr;
    setTimeout(playBack, 0);
  });

  function playBack() {
    endSound();
    const theirs = document.querySelector("#announcer .said-theirs");
    const over = document.getElementById("outcome-heading");
    step("mine", body().classList.contains("turn-mine") && theirs && !over ? "turn-mine" : null);
    if (!body().classList.contains("turn-mine")) {
      if (theirs) step("theirs");
      return;
    }
    timers.push(setTimeout(() => step("aiming", "turn-aiming"), BEAT));
    timers.push(setTimeout(() => { timers = []; step("theirs"); }, BEAT + AIMING));
  }

  // A salvo's fire button is in its place from the start of the turn (disabled until the
  // turn's cells are picked, static/js/game.js), so nothing moves when the first is picked.
  function showFireButton() {
    const fire = document.getElementById("volley-fire");
    if (fire && fire.hidden) fire.hidden = false;
  }
  document.addEventListener("htmx:afterSettle", showFireButton);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showFireButton);
  else showFireButton();

  // --- The end's own sound: up for a win, down for a loss, level for a draw -------------
  let audio = null;
  function endSound() {
    const turn = document.getElementById("turn");
    const kind = turn && turn.dataset.sound;
    const notes = { won: [392, 494, 587, 784], lost: [392, 330, 262, 196], draw: [330, 330] }[kind];
    if (!notes || localStorage.getItem(MUTE_KEY) === "1" || !window.AudioContext) return;
    audio = audio || new AudioContext();
    notes.forEach((freq, i) => {
      const start = audio.currentTime + i * 0.16;
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "triangle";
      osc.frequency.setValueAtTime(freq, start);
      gain.gain.setValueAtTime(0.12, start);
      gain.gain.exponentialRampToValueAtTime(0.001, start + 0.3);
      osc.connect(gain).connect(audio.destination);
      osc.start(start);
      osc.stop(start + 0.3);
    });
  }
})();
