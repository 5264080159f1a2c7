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
