// The event form: hands and packs belong to the games dealt at the table (Embers and
// Auction), fire hands to Embers, the setup before hand 1 to Auction; the fieldset hides itself for the others. Without script it is always shown,
// and a value or an error in it keeps it shown.
(function () {
  "use strict";
  var game = document.getElementById("game");
  var set = document.querySelector("fieldset.embers-set");
  if (!game || !set) { return; }
  var dealtHere = { embers: true, auction: true, "auction-pairs": true };
  function filled() {
    return Array.prototype.some.call(set.querySelectorAll("input"), function (i) {
      return i.value.trim() !== "" || i.getAttribute("aria-invalid") === "true";
    });
  }
  // Fire hands are Embers' alone: hidden for Auction too, unless filled or in error.
  var fire = set.querySelector(".embers-only");
  function fireFilled() {
    var i = fire && fire.querySelector("input");
    return !!i && (i.value.trim() !== "" || i.getAttribute("aria-invalid") === "true");
  }
  // The setup before hand 1 is Auction's alone: hidden for the others unless chosen or in
  // error (blank is the game's own default).
  var setup = set.querySelector(".auction-only");
  function setupChosen() {
    var s = setup && setup.querySelector("select");
    return !!s && (s.value !== "" || s.getAttribute("aria-invalid") === "true");
  }
  function show() {
    set.hidden = !dealtHere[game.value] && !filled() && !setupChosen();
    if (fire) { fire.hidden = game.value !== "embers" && !fireFilled(); }
    if (setup) { setup.hidden = game.value !== "auction" && game.value !== "auction-pairs" && !setupChosen(); }
  }
  game.addEventListener("change", show);
  show();
})();

// The club's pace (#38): the block shows the chosen game's pace, and its question asks
// about that game.
(function () {
  "use strict";
  var game = document.getElementById("game");
  var block = document.getElementById("pace");
  if (!game || !block) { return; }
  var asked = block.querySelector("input[name=game]");
  function show() {
    var any = false;
    Array.prototype.forEach.call(block.querySelectorAll(".pace-game"), function (g) {
      g.hidden = g.getAttribute("data-game") !== game.value;
      any = any || !g.hidden;
    });
    if (asked && any) { asked.value = game.value; }
  }
  game.addEventListener("change", show);
})();
