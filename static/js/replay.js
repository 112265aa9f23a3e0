// Replay page: the slider, its number and the focus follow the shot shown. htmx fetches
// each step; without JavaScript the Show button and the Previous/Next links do the same.
(function () {
  "use strict";

  let focusedLink = null;

  function slider() { return document.querySelector("[data-replay-slider]"); }

  function showNumber(value) {
    const output = document.getElementById("step-output");
    if (output) output.value = value;
  }

  document.addEventListener("input", (event) => {
    if (event.target.matches && event.target.matches("[data-replay-slider]")) showNumber(event.target.value);
  });

  document.addEventListener("htmx:beforeRequest", () => {
    const active = document.activeElement;
    focusedLink = active && active.matches && active.matches("[data-step-link]") ? active.getAttribute("rel") : null;
  });

  document.addEventListener("htmx:afterSettle", () => {
    const step = document.getElementById("step");
    const range = slider();
    if (!step || !range) return;
    if (document.activeElement !== range) range.value = step.dataset.step;
    showNumber(range.value);
    if (!focusedLink) return;
    // At either end the link becomes plain text: keep focus on the one that still moves.
    const link = step.querySelector(`a[rel=${focusedLink}]`) || step.querySelector("a[data-step-link]");
    if (link) link.focus();
  });

  htmx.onLoad(() => {
    document.querySelectorAll("[data-no-js]").forEach((element) => { element.hidden = true; });
  });
})();
