// Live parts: every element with data-src and data-poll-ms asks the server for its part
// every few seconds and swaps it in when it changed, so a page follows the room without a
// reload (the standings, the director's result grid and round control, the navigation's
// disputes). The server renders each part (escaped by its templates); nothing here builds
// markup.
(function () {
  "use strict";
  function follow(box) {
    if (box.getAttribute("data-live-started")) { return; }
    box.setAttribute("data-live-started", "1");
    var src = box.getAttribute("data-src");
    var every = parseInt(box.getAttribute("data-poll-ms"), 10) || 5000;
    var shown = null;
    function poll() {
      fetch(src, { headers: { "Accept": "application/json" }, cache: "no-store",
                   credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) {
          if (data && typeof data.html === "string" && data.html !== shown) {
            if (shown !== null || data.html !== box.innerHTML.trim()) {
              box.innerHTML = data.html;
            }
            shown = data.html;
          }
        })
        .catch(function () { /* the next poll tries again */ })
        .then(function () { setTimeout(poll, every); });
    }
    poll();
  }
  var boxes = document.querySelectorAll("[data-src][data-poll-ms]");
  for (var i = 0; i < boxes.length; i++) { follow(boxes[i]); }
})();
