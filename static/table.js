// Keeps a table's unsent result form across a reload or a locked phone: every change is
// saved in this phone's storage and put back when the page opens again. Once the result is
// in, the page has no form and the saved copy is dropped.
(function () {
  "use strict";
  var store;
  try { store = window.localStorage; } catch (e) { return; }
  if (!store) { return; }
  var prefix = "calypso-result:";
  var forms = document.querySelectorAll("form[data-keep]");
  var live = {};
  forms.forEach(function (form) {
    var key = prefix + form.getAttribute("data-keep");
    live[key] = true;
    // A form the server sent back (with problems, or an Embers hand checked and the score
    // so far) holds what was typed: it wins.
    var sentBack = form.closest("section").querySelector(".field-error, .notice, table.running");
    var saved = store.getItem(key);
    if (saved && !sentBack) {
      try {
        var values = JSON.parse(saved);
        Array.prototype.forEach.call(form.elements, function (el) {
          if (!el.name || el.type === "hidden" || !(el.name in values)) { return; }
          var v = values[el.name];
          if (el.type === "checkbox") { el.checked = v.indexOf(el.value) >= 0; }
          else if (el.type === "radio") { el.checked = el.value === v; }
          else { el.value = v; }
        });
      } catch (e) { store.removeItem(key); }
    }
    var save = function () {
      var values = {};
      Array.prototype.forEach.call(form.elements, function (el) {
        if (!el.name || el.type === "hidden" || el.type === "submit") { return; }
        if (el.type === "checkbox") {
          values[el.name] = values[el.name] || [];
          if (el.checked) { values[el.name].push(el.value); }
        } else if (el.type === "radio") {
          if (el.checked) { values[el.name] = el.value; }
        } else { values[el.name] = el.value; }
      });
      store.setItem(key, JSON.stringify(values));
    };
    form.addEventListener("input", save);
    form.addEventListener("change", save);
    // What the server sent back (a deal checked, its next deal started from it) is kept at
    // once, so a reload finds it too.
    if (sentBack) { save(); }
  });
  // Drop saved forms of this table whose result is now in (or whose round is over).
  var here = document.querySelector("[data-table-code]");
  var code = here ? here.getAttribute("data-table-code") : null;
  if (!code) { return; }
  for (var i = store.length - 1; i >= 0; i--) {
    var k = store.key(i);
    if (k && k.indexOf(prefix + code + "-") === 0 && !live[k]) { store.removeItem(k); }
  }
})();

// Deal by deal: the calypsos and the cards in progress mostly carry over from one deal to the
// next, so each deal after the first offers to start from the one before (its trick piles are
// new counts, left as they are).
(function () {
  "use strict";
  document.querySelectorAll("form.score-form fieldset.deal").forEach(function (deal) {
    var form = deal.form;
    var k = parseInt(deal.id.split("-deal-")[1], 10);
    // A deal the server already started from the one before (after "Check deal k") needs none.
    if (!form || !(k > 1) || deal.querySelector(".carried")) { return; }
    var from = "d" + (k - 1) + "_", to = "d" + k + "_";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "secondary copy-deal";
    button.textContent = "Same calypsos and cards as after deal " + (k - 1);
    button.addEventListener("click", function () {
      Array.prototype.forEach.call(form.elements, function (el) {
        var name = el.name || "";
        if (name.indexOf(to) !== 0 || name.indexOf(to + "piles_") === 0) { return; }
        var twin = from + name.slice(to.length);
        if (el.type === "checkbox") {
          var other = form.querySelector("input[name='" + twin + "'][value='" + el.value + "']");
          el.checked = !!(other && other.checked);
        } else {
          var source = form.querySelector("[name='" + twin + "']");
          if (source) { el.value = source.value; }
        }
      });
      // The copy is kept like anything typed.
      form.dispatchEvent(new Event("change"));
    });
    var legend = deal.querySelector("legend");
    deal.insertBefore(button, legend.nextSibling);
  });
})();

// Deal by deal: "Check deal k" names the last deal whose trick piles are counted (the server
// checks the deals up to it), and goes once that is the game's last deal (the result is then
// entered with the form's own button).
(function () {
  "use strict";
  document.querySelectorAll("form.score-form button[name=check]").forEach(function (button) {
    var form = button.form;
    var wrap = button.closest(".check-deal") || button;
    var deals = form.querySelectorAll("fieldset.deal").length;
    var name = function () {
      var k = 0;
      for (var d = 1; d <= deals; d++) {
        var piles = form.querySelectorAll("input[name^='d" + d + "_piles_']");
        if (Array.prototype.some.call(piles, function (el) { return el.value.trim() !== ""; })) { k = d; }
      }
      k = Math.max(k, 1);
      button.textContent = "Check deal " + k;
      button.value = String(k);
      wrap.hidden = k >= deals;
    };
    form.addEventListener("input", name);
    form.addEventListener("change", name);
  });
  // After a check with nothing wrong, the page opens at the score so far.
  var soFar = document.querySelector("table.so-far-deals");
  if (soFar && !document.querySelector(".field-error, .error-summary")) { soFar.scrollIntoView(); }
})();

// Kaiso: songs are rows of buttons. "Add a song" copies an empty row under the last one (the
// page always has two spare rows, so nothing depends on this), and each row can be cleared,
// as a tapped button cannot be untapped.
(function () {
  "use strict";
  var MAX = 60;
  function clearRow(row) {
    row.querySelectorAll("input").forEach(function (el) {
      if (el.type === "radio" || el.type === "checkbox") { el.checked = false; }
      else { el.value = ""; }
    });
  }
  function addClear(row) {
    var legend = row.querySelector("legend");
    if (!legend || row.querySelector(".clear-song")) { return; }
    var b = document.createElement("button");
    b.type = "button";
    b.className = "link clear-song";
    b.textContent = "clear";
    b.addEventListener("click", function () {
      clearRow(row);
      row.form && row.form.dispatchEvent(new Event("change"));
    });
    legend.appendChild(document.createTextNode(" "));
    legend.appendChild(b);
  }
  function blank(row) {
    return !Array.prototype.some.call(row.querySelectorAll("input"), function (el) {
      return (el.type === "radio" || el.type === "checkbox") ? el.checked : (el.value !== "" && el.value !== "0");
    });
  }
  document.querySelectorAll("fieldset.songs").forEach(function (side) {
    var rows = side.querySelector(".song-rows");
    var add = side.querySelector("button.add-song");
    if (!rows || !add) { return; }
    // The spare rows wait behind "Add a song": one blank row shows under the typed ones.
    var seenBlank = false;
    rows.querySelectorAll("fieldset.song").forEach(function (row) {
      addClear(row);
      if (blank(row)) {
        if (seenBlank) { row.hidden = true; }
        seenBlank = true;
      }
    });
    add.hidden = false;
    add.addEventListener("click", function () {
      var waiting = rows.querySelector("fieldset.song[hidden]");
      if (waiting) {
        waiting.hidden = false;
        var input = waiting.querySelector("input");
        if (input) { input.focus(); }
        return;
      }
      var all = rows.querySelectorAll("fieldset.song");
      var last = all[all.length - 1];
      var n = parseInt(last.getAttribute("data-song"), 10);
      if (!(n < MAX)) { return; }
      var from = "_" + n + "_", to = "_" + (n + 1) + "_";
      var copy = last.cloneNode(true);
      copy.setAttribute("data-song", String(n + 1));
      copy.querySelectorAll("[name], [id], [for]").forEach(function (el) {
        ["name", "id", "for"].forEach(function (a) {
          var v = el.getAttribute(a);
          if (v) { el.setAttribute(a, v.replace(from, to)); }
        });
      });
      var legend = copy.querySelector("legend");
      if (legend) { legend.textContent = "Song " + (n + 1); }
      clearRow(copy);
      rows.appendChild(copy);
      addClear(copy);
      var first = copy.querySelector("input");
      if (first) { first.focus(); }
    });
  });
})();

// Auction Calypso (three-handed, or in partnerships at four): each hand's calls are a text
// field ("pass 170C double pass pass"); the buttons type the same tokens into it, for a
// thumb, and the calls are redrawn as chips with who made each. Without script the field alone does it (the buttons stay hidden).
(function () {
  "use strict";
  var SUITS = { S: "spades", H: "hearts", D: "diamonds", C: "clubs",
    "♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs" };
  var WORDS = { pass: "pass", p: "pass", double: "double", x: "double", redouble: "redouble", xx: "redouble" };
  function tokens(text) {
    return text.split(/[\s,]+/).filter(function (t) { return t !== ""; });
  }
  // A token as the server words it ("1 calypso and 200 spades"), or null if it is no call.
  function words(token) {
    var t = token.toLowerCase();
    if (WORDS.hasOwnProperty(t)) { return WORDS[t]; }
    var m = /^(?:(\d+)\+)?(\d+)([SHDC♠♥♦♣])$/i.exec(token);
    if (!m) { return null; }
    var calypsos = m[1] ? parseInt(m[1], 10) : 0;
    var bid = parseInt(m[2], 10) + " " + SUITS[m[3].toUpperCase()];
    if (calypsos === 0) { return bid; }
    return calypsos + (calypsos === 1 ? " calypso" : " calypsos") + " and " + bid;
  }
  document.querySelectorAll("fieldset.auction-hand").forEach(function (hand) {
    var input = hand.querySelector("input[name$='_calls']");
    var list = hand.querySelector("ol.call-chips");
    var pad = hand.querySelector(".call-pad");
    if (!input || !list || !pad) { return; }
    // The dealer's position (1-based) and the callers by position: "1 2 3" at the
    // three-hander's table, "N E S W" at the partnership game's.
    var where = hand.querySelector(".calls");
    var dealer = parseInt(where.getAttribute("data-dealer"), 10) || 1;
    var callers = (where.getAttribute("data-callers") || "1 2 3").split(" ");
    var state = hand.querySelector(".call-state");
    function draw() {
      list.textContent = "";
      tokens(input.value).forEach(function (t, i) {
        var said = words(t);
        var li = document.createElement("li");
        li.className = said ? "call-chip" : "call-chip bad";
        var who = document.createElement("span");
        who.className = "who";
        // Eldest, the dealer's left, calls first; then clockwise.
        who.textContent = callers[(dealer + i) % callers.length];
        li.appendChild(who);
        li.appendChild(document.createTextNode(" " + (said || t)));
        list.appendChild(li);
      });
      // The server's word on the auction holds for the calls it saw only.
      if (state) { state.hidden = input.value !== input.defaultValue; }
    }
    function set(calls) {
      input.value = calls.join(" ");
      // Redrawn, and kept like anything typed.
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    input.addEventListener("input", draw);
    pad.hidden = false;
    pad.addEventListener("click", function (ev) {
      var b = ev.target.closest("button");
      if (!b) { return; }
      var calls = tokens(input.value);
      if (b.hasAttribute("data-call")) {
        calls.push(b.getAttribute("data-call"));
      } else if (b.hasAttribute("data-undo")) {
        calls.pop();
      } else if (b.hasAttribute("data-suit")) {
        var points = parseInt(pad.querySelector(".bid-points").value, 10);
        if (!(points >= 0)) { pad.querySelector(".bid-points").focus(); return; }
        var picked = pad.querySelector(".bid-calypsos input:checked");
        var calypsos = picked ? parseInt(picked.value, 10) : 0;
        calls.push((calypsos > 0 ? calypsos + "+" : "") + points + b.getAttribute("data-suit"));
      } else { return; }
      set(calls);
    });
    draw();
  });
})();
