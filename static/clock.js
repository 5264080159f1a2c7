// The room clock (issue #38): asks the server for the clock's part every few seconds and
// swaps it in, and between two answers counts the time left down each second from the
// server's figures (data-phase-left, data-over-by; a paused clock stands still). With the
// event's sound on, a short beep at each change of phase once someone has tapped "Sound on"
// (browsers play nothing before a tap). The server renders the part; nothing here builds
// markup.
(function () {
  "use strict";
  var box = document.getElementById("room-clock");
  if (!box) { return; }
  var src = box.getAttribute("data-clock-src");
  var every = parseInt(box.getAttribute("data-poll-ms"), 10) || 3000;
  var sound = box.getAttribute("data-sound") === "1";
  var audio = null;
  var received = Date.now();
  var lastPhase = null;

  function face(s) {
    s = Math.max(0, Math.floor(s));
    var h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
    var mm = (h > 0 && m < 10 ? "0" : "") + m;
    return (h > 0 ? h + ":" : "") + mm + ":" + (sec < 10 ? "0" : "") + sec;
  }

  function beep() {
    if (!audio) { return; }
    try {
      var o = audio.createOscillator(), g = audio.createGain();
      o.frequency.value = 880;
      g.gain.setValueAtTime(0.2, audio.currentTime);
      g.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.6);
      o.connect(g); g.connect(audio.destination);
      o.start(); o.stop(audio.currentTime + 0.6);
    } catch (e) { /* no sound: the page still shows the change */ }
  }

  function tick() {
    var f = box.querySelector(".clock-face");
    var t = box.querySelector("[data-countdown]");
    if (!f || !t) { return; }
    var gone = f.getAttribute("data-paused") === "1" ? 0 : (Date.now() - received) / 1000;
    var left = parseInt(f.getAttribute("data-phase-left"), 10) || 0;
    var over = parseInt(f.getAttribute("data-over-by"), 10) || 0;
    if (f.getAttribute("data-phase") === "time up") {
      t.textContent = "+" + face(over + gone);
    } else {
      t.textContent = face(left - gone);
    }
  }

  function show(html) {
    box.innerHTML = html;
    received = Date.now();
    var f = box.querySelector(".clock-face");
    var phase = f ? f.getAttribute("data-phase") : "";
    if (sound && lastPhase !== null && phase !== lastPhase) { beep(); }
    lastPhase = phase;
    tick();
  }

  function poll() {
    fetch(src, { headers: { "Accept": "application/json" }, cache: "no-store",
                 credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (data && typeof data.html === "string") { show(data.html); }
      })
      .catch(function () { /* the next poll tries again */ })
      .then(function () { setTimeout(poll, every); });
  }

  var on = document.getElementById("clock-sound-on");
  if (on) {
    on.addEventListener("click", function () {
      var A = window.AudioContext || window.webkitAudioContext;
      if (A && !audio) { audio = new A(); }
      if (audio && audio.resume) { audio.resume(); }
      on.textContent = "Sound is on";
      on.disabled = true;
      beep();
    });
  }
  // Full screen for a projector: the clock alone (where the browser allows it).
  var full = document.getElementById("clock-full");
  if (full && box.requestFullscreen) {
    full.parentNode.hidden = false;
    full.addEventListener("click", function () {
      box.requestFullscreen().catch(function () { /* refused: the page stays as it is */ });
    });
  }
  var first = box.querySelector(".clock-face");
  lastPhase = first ? first.getAttribute("data-phase") : "";
  setInterval(tick, 1000);
  setTimeout(poll, every);
})();
