// The event form: hands and packs belong to the games dealt at the table (Embers and
// Auction); the fieldset hides itself for the others. Without script it is always shown,
// and a value or an error in it keeps it shown.
(function () {
  "use strict";
  var game = document.getElementById("game");
  var set = document.querySelector("fieldset.embers-set");
  if (!game || !set) { return; }
  var dealtHere = { embers: true, auction: true };
  function filled() {
    return Array.prototype.some.call(set.querySelectorAll("input"), function (i) {
      return i.value.trim() !== "" || i.getAttribute("aria-invalid") === "true";
    });
  }
  function show() { set.hidden = !dealtHere[game.value] && !filled(); }
  game.addEventListener("change", show);
  show();
})();
