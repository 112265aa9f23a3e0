// The statistics' and history's filters: when the mode is changed, the opponent and rules
// shown are the other mode's, so they go back to "All" (the server does the same for a form
// sent without this script); Show then lists the new mode's own choices.
(() => {
  "use strict";
  for (const form of document.querySelectorAll("form[data-filters]")) {
    const mode = form.elements.namedItem("mode");
    if (!mode) continue;
    mode.addEventListener("change", () => {
      for (const name of ["level", "rules"]) {
        const field = form.elements.namedItem(name);
        if (field) field.value = "";
      }
    });
  }
})();
