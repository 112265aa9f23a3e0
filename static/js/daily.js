// Daily challenge: the Copy button for the share text. Without this script the text is
// still there to select and copy by hand (a read-only text box); the button stays hidden.
(function () {
  "use strict";

  function showCopy() {
    document.querySelectorAll("button[data-copy]").forEach((button) => {
      if (navigator.clipboard) button.hidden = false;
    });
  }

  function say(text) {
    const announcer = document.getElementById("announcer");
    if (!announcer) return;
    const line = document.createElement("p");
    line.textContent = text;
    announcer.replaceChildren(line);
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("button[data-copy]");
    if (!button) return;
    const box = document.getElementById(button.dataset.copy);
    if (!box) return;
    navigator.clipboard.writeText(box.value).then(
      () => say(button.dataset.copied),
      () => { box.focus(); box.select(); say(button.dataset.failed); }
    );
  });

  document.addEventListener("DOMContentLoaded", showCopy);
  document.addEventListener("htmx:afterSettle", showCopy);
})();
