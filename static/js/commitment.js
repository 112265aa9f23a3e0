// The commitment to a hidden fleet (templates/games/_commitment.html). While the fleet is
// sealed, the browser keeps the fingerprint it was shown; once the places and the salt are
// shown, Check hashes them (the places, a line feed, the salt) with Web Crypto and says
// whether that is the fingerprint this browser was shown at the start (or, if it never
// saw it, the one on the page). Without JavaScript the page gives a shell command instead.
(function () {
  "use strict";
  if (window.battleshipCommitment) return; // the script is in swapped-in parts of pages too
  window.battleshipCommitment = true;

  function storageKey(section) {
    return "commitment:" + section.dataset.commitmentKey;
  }

  function remembered(section) {
    try {
      return window.localStorage.getItem(storageKey(section));
    } catch (error) {
      return null; // storage refused (private mode): the page's own digest is compared
    }
  }

  function prepare() {
    document.querySelectorAll(".commitment[data-commitment-key]").forEach(function (section) {
      const box = section.querySelector("[data-commitment-check]");
      if (box) {
        box.hidden = false;
      } else if (!remembered(section)) {
        try {
          window.localStorage.setItem(storageKey(section), section.dataset.digest);
        } catch (error) {
          /* nothing kept: Check compares with the page */
        }
      }
    });
  }

  function hex(buffer) {
    return Array.from(new Uint8Array(buffer), function (byte) {
      return byte.toString(16).padStart(2, "0");
    }).join("");
  }

  async function check(box) {
    const section = box.closest(".commitment");
    const said = box.querySelector("output");
    if (!window.crypto || !window.crypto.subtle) {
      said.textContent = box.dataset.unavailable;
      return;
    }
    const placement = section.querySelector("#commitment-placement").textContent;
    const salt = section.querySelector("#commitment-salt").textContent;
    const bytes = new TextEncoder().encode(placement + "\n" + salt);
    const digest = hex(await window.crypto.subtle.digest("SHA-256", bytes));
    const expected = remembered(section) || section.dataset.digest;
    const same = digest === expected && digest === section.dataset.digest;
    said.textContent = same ? box.dataset.matches : box.dataset.differs;
    box.classList.toggle("matches", same);
    box.classList.toggle("differs", !same);
  }

  document.addEventListener("click", function (event) {
    const button = event.target.closest("[data-commitment-check] button");
    if (button) check(button.closest("[data-commitment-check]"));
  });
  htmx.onLoad(prepare);
})();
