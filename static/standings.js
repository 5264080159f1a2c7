// Live standings: asks the server for the standings part every few seconds and swaps it in
// when it changed, so the page follows the room without a reload. The server renders the
// part (escaped by its templates); nothing here builds markup.
(function () {
  "use strict";
  var box = document.getElementById("live-standings");
  if (!box) { return; }
  var src = box.getAttribute("data-src");
  var every = parseInt(box.getAttribute("data-poll-ms"), 10) || 5000;
  var shown = null;
  function poll() {
    fetch(src, { headers: { "Accept": "application/json" }, cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (data && typeof data.html === "string" && data.html !== shown) {
          box.innerHTML = data.html;
          shown = data.html;
        }
      })
      .catch(function () { /* the next poll tries again */ })
      .then(function () { setTimeout(poll, every); });
  }
  poll();
})();
