// A game on a clock (a stranger's game): the time left for the move awaited, counted down
// each second from what the page was given (data-deadline-in, in seconds: the server's
// clock, not the browser's). When it runs out, the live part is asked for again: the server
// ends the game on time and the page shows it. (role="timer": read when asked, never
// announced at each tick.)
(function () {
  "use strict";

  let timer = null;

  function shown(seconds) {
    const whole = Math.max(0, Math.ceil(seconds));
    return Math.floor(whole / 60) + ":" + String(whole % 60).padStart(2, "0");
  }

  function start() {
    if (timer) clearInterval(timer);
    const clock = document.querySelector("[data-deadline-in]");
    if (!clock) return;
    const due = Date.now() + Number(clock.dataset.deadlineIn) * 1000;
    const text = clock.querySelector(".clock-time");
    let refreshed = false;
    timer = setInterval(() => {
      const left = (due - Date.now()) / 1000;
      if (text) text.textContent = shown(left);
      clock.classList.toggle("clock-low", left <= 10);
      if (left <= -1 && !refreshed && document.getElementById("live")) {
        refreshed = true;
        htmx.ajax("GET", window.location.pathname, { target: "#live", swap: "outerHTML" });
      }
    }, 250);
  }

  htmx.onLoad(start);
})();
