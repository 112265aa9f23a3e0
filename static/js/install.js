// The site as an app: its service worker (served from /sw.js, core/app.py) keeps the static
// files, an offline page, and the rules and learning pages opened, for when the network is
// away. Nothing of a player's game is kept.
(function () {
  "use strict";
  if ("serviceWorker" in navigator) {
    window.addEventListener("load", () => {
      navigator.serviceWorker.register("/sw.js").catch(() => {});
    });
  }
})();
