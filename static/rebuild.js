// The rebuild steps on the table's phone (/t/{code}/rebuild/{board}): one step at a time
// with Back and Next, and every tick kept in this phone's storage under the board's own key
// (event, round, table, board), so a reload or a locked phone loses nothing. Without the
// script every step shows at once and the ticks still tick.
(function () {
  "use strict";
  var store = null;
  try { store = window.localStorage; } catch (e) { store = null; }
  var prefix = "calypso-rebuild:";
  // The board is rebuilt: its ticks are done with.
  var done = document.querySelector("[data-rebuilt]");
  if (done && store) {
    var k = prefix + done.getAttribute("data-rebuilt");
    store.removeItem(k);
    store.removeItem(k + ":step");
  }
  var root = document.querySelector("[data-keep-ticks]");
  if (!root) { return; }
  var key = prefix + root.getAttribute("data-keep-ticks");
  var boxes = root.querySelectorAll("input[type=checkbox]");
  var steps = root.querySelectorAll(".rebuild-step");
  var counter = root.querySelector(".ticked");
  var count = function () {
    if (!counter) { return; }
    var n = 0;
    boxes.forEach(function (b) { if (b.checked) { n++; } });
    counter.textContent = n + " of " + boxes.length + " cards ticked.";
  };
  var saved = null;
  if (store) {
    try { saved = JSON.parse(store.getItem(key) || "null"); } catch (e) { saved = null; }
  }
  if (saved && saved.length) {
    boxes.forEach(function (b) { b.checked = saved.indexOf(b.value) >= 0; });
  }
  var save = function () {
    if (!store) { return; }
    var ticked = [];
    boxes.forEach(function (b) { if (b.checked) { ticked.push(b.value); } });
    try { store.setItem(key, JSON.stringify(ticked)); } catch (e) { /* full: ticks stay on the page */ }
  };
  root.addEventListener("change", function () { save(); count(); });
  count();
  // One step at a time.
  var show = function (n, focus) {
    if (!(n >= 0 && n < steps.length)) { n = 0; }
    steps.forEach(function (s, i) { s.hidden = i !== n; });
    if (store) { try { store.setItem(key + ":step", String(n)); } catch (e) { /* ignore */ } }
    if (focus) {
      var h = steps[n].querySelector("h2");
      if (h) { h.setAttribute("tabindex", "-1"); h.focus(); }
      window.scrollTo(0, 0);
    }
  };
  root.querySelectorAll(".step-nav").forEach(function (nav) { nav.hidden = false; });
  root.addEventListener("click", function (ev) {
    var go = ev.target.closest("[data-go]");
    if (!go) { return; }
    show(parseInt(go.getAttribute("data-go"), 10), true);
  });
  var at = store ? parseInt(store.getItem(key + ":step") || "0", 10) : 0;
  show(at, false);
})();
