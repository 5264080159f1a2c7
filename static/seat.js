// The table on a phone (issue #39 item 7): plays a tapped card without leaving the page and
// follows the other seats' cards. The server renders the table part (`?part=table`,
// escaped by its template); nothing here builds markup. With no script the page still works:
// each card is a button of a form that posts and comes back.
//
// - A card's form is posted with fetch; the answer (the table part, or the same part with
//   the service's refusal in words) is swapped in.
// - The seat's event stream (/api/v1/seats/{token}/stream, server-sent events) says when the
//   table changed (`view`, `card`): the part is fetched again. When the stream is not there
//   or breaks, the part is asked for every 2 s instead (and the stream tried again later).
// - Arrow keys (and Home/End) move between the legal cards; Enter or Space plays.
// - The live region says the last card played and whose turn it is, once per new card.
(function () {
  "use strict";
  var page = document.getElementById("seat");
  var box = document.getElementById("seat-table");
  var live = document.getElementById("seat-live");
  if (!page || !box) { return; }
  var path = page.getAttribute("data-path");
  var part = path + "?part=table";
  var posting = false;

  function current() { return box.querySelector(".seat-table"); }
  // The part's stamp changes whenever it does (a card; in Calypso Duet a choice too).
  function seqOf(el) { return el ? (el.getAttribute("data-stamp") || el.getAttribute("data-seq")) : null; }

  // Swaps in a table part (the server's HTML), keeping what the reader opened and where the
  // keyboard was; says the news in the live region when the table moved on.
  function swap(html, force) {
    var tpl = document.createElement("template");
    tpl.innerHTML = html.trim();
    var next = tpl.content.querySelector(".seat-table");
    if (!next) { return; }
    var before = current();
    var moved = seqOf(before) !== seqOf(next);
    if (!moved && !force) { return; }
    // Answers can arrive out of order (a stream's card and view events each ask): an older
    // part of the same board never replaces a newer one.
    if (before && before.getAttribute("data-board") === next.getAttribute("data-board") &&
        Number(next.getAttribute("data-seq")) < Number(before.getAttribute("data-seq"))) { return; }
    var open = {};
    var details = box.querySelectorAll("details[id]");
    for (var i = 0; i < details.length; i++) { open[details[i].id] = details[i].open; }
    var active = document.activeElement;
    var hadFocus = active && box.contains(active);
    var focusedCard = hadFocus && active.getAttribute ? active.getAttribute("value") : null;
    box.replaceChildren(next);
    for (var id in open) {
      var d = document.getElementById(id);
      if (d && !(id === "seat-score" && next.querySelector("#seat-score[open]"))) { d.open = open[id]; }
    }
    if (hadFocus) {
      var again = focusedCard && box.querySelector("button.play[value=\"" + focusedCard + "\"]");
      var first = box.querySelector("button.play");
      var target = again || first || document.getElementById("hand-title");
      if (target) { target.focus({ preventScroll: true }); }
    }
    if (moved && live) { live.textContent = next.getAttribute("data-announce") || ""; }
  }

  function refresh() {
    return fetch(part, { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html !== null) { swap(html, false); } })
      .catch(function () { /* the next news or poll tries again */ });
  }

  // A tapped card: posted here, the answer swapped in (a refusal is shown with its words).
  box.addEventListener("submit", function (ev) {
    var form = ev.target;
    // The hand's cards, and a Calypso Duet player's dummy's (the choice forms post plainly).
    if (!form || (form.id !== "hand-form" && form.id !== "dummy-form")) { return; }
    ev.preventDefault();
    var button = ev.submitter;
    if (posting || !button || !button.value) { return; }
    posting = true;
    var data = new URLSearchParams(new FormData(form));
    data.set("card", button.value);
    var buttons = form.querySelectorAll("button.play");
    for (var i = 0; i < buttons.length; i++) { buttons[i].disabled = true; }
    button.classList.add("sending");
    fetch(form.getAttribute("action") + "?part=table", {
      method: "POST", body: data, credentials: "same-origin", cache: "no-store"
    })
      .then(function (r) { return r.text().then(function (t) { return [r, t]; }); })
      .then(function (rt) {
        if (rt[1].indexOf("seat-table") >= 0) {
          swap(rt[1], true);
        } else {
          // Not the table (a session that expired: the site's form page): the plain form.
          var chosen = document.createElement("input");
          chosen.type = "hidden"; chosen.name = "card"; chosen.value = button.value;
          form.appendChild(chosen);
          form.submit();
        }
      })
      .catch(function () {
        for (var i = 0; i < buttons.length; i++) { buttons[i].disabled = false; }
      })
      .then(function () { posting = false; });
  });

  // Arrow keys between the legal cards.
  box.addEventListener("keydown", function (ev) {
    var t = ev.target;
    if (!t || !t.classList || !t.classList.contains("play")) { return; }
    var cards = Array.prototype.slice.call(box.querySelectorAll("button.play"));
    var i = cards.indexOf(t);
    var to = -1;
    if (ev.key === "ArrowRight" || ev.key === "ArrowDown") { to = Math.min(i + 1, cards.length - 1); }
    else if (ev.key === "ArrowLeft" || ev.key === "ArrowUp") { to = Math.max(i - 1, 0); }
    else if (ev.key === "Home") { to = 0; }
    else if (ev.key === "End") { to = cards.length - 1; }
    if (to >= 0 && cards[to]) { ev.preventDefault(); cards[to].focus(); }
  });

  // Following the table: the stream when there is one, else a poll every 2 s.
  var timer = null;
  function poll() {
    if (timer) { return; }
    timer = setInterval(refresh, 2000);
  }
  function stopPolling() {
    if (timer) { clearInterval(timer); timer = null; }
  }
  function listen() {
    if (!window.EventSource) { poll(); return; }
    var es;
    try { es = new EventSource(page.getAttribute("data-stream")); } catch (e) { poll(); return; }
    es.addEventListener("open", function () { stopPolling(); refresh(); });
    es.addEventListener("view", refresh);
    es.addEventListener("card", refresh);
    es.addEventListener("error", function () {
      poll();
      if (es.readyState === 2) {
        // Closed for good (no stream at this address, or a proxy that will not pass it):
        // keep polling, and try the stream again in a minute.
        setTimeout(listen, 60000);
      }
    });
  }
  listen();
})();
