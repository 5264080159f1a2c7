// A form sent back with problems: the summary at the top of the page lists them, each a
// link to its field (server-rendered, so it works without this script). This moves the
// focus to the first field in error, in the page's order, leaving the page at its top so
// the summary stays in view; a link in the summary focuses its field, not only scrolls.
(function () {
  "use strict";
  var summary = document.querySelector("[data-error-summary]");
  if (!summary) { return; }
  var focusable = "input, select, textarea, button, a[href], [tabindex]";
  function target(link) {
    var key = decodeURIComponent(link.getAttribute("href").slice(1));
    var el = document.getElementById(key);
    if (!el) {
      var named = document.getElementsByName(key);
      el = named.length ? named[0] : null;
    }
    return el && el !== summary ? el : null;
  }
  function focusOn(el, scroll) {
    if (!el.matches(focusable) || el.type === "hidden") {
      if (el.type === "hidden") { el = el.closest("form") || el; }
      if (!el.hasAttribute("tabindex")) { el.setAttribute("tabindex", "-1"); }
    }
    el.focus({ preventScroll: true });
    if (scroll) {
      var label = el.id ? document.querySelector("label[for='" + el.id + "']") : null;
      (label || el).scrollIntoView({ block: "start" });
    }
  }
  var items = Array.prototype.slice.call(summary.querySelectorAll("li"));
  var found = items.map(function (li) {
    var a = li.querySelector("a[href^='#']");
    return { li: li, a: a, el: a ? target(a) : null };
  });
  // The list in the page's order, so its first problem is the form's first.
  found.sort(function (x, y) {
    if (!x.el || !y.el) { return x.el ? -1 : (y.el ? 1 : 0); }
    return x.el.compareDocumentPosition(y.el) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
  var list = summary.querySelector("ul");
  found.forEach(function (f) {
    list.appendChild(f.li);
    if (f.a && f.el) {
      f.a.addEventListener("click", function (e) {
        e.preventDefault();
        focusOn(f.el, true);
      });
    }
  });
  if (found.length && found[0].el) { focusOn(found[0].el, false); } else { summary.focus(); }
})();
