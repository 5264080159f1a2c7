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
    // A form the server sent back with problems holds what was typed: it wins.
    var sentBack = form.closest("section").querySelector(".field-error, .notice");
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
    if (!form || !(k > 1)) { return; }
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
