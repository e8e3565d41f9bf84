/* A player's own hand on his own phone (templates/pages/my_hand.html, web/my_hand.py): the seat is chosen once
   (kept on this phone), the hand and the cards passed are tapped and sent with a secret this phone makes and
   keeps; the server gives the cards back to this phone only. No rule lives here: the engine checks the hand. */
(function () {
  "use strict";
  var root = document.getElementById("my-hand");
  if (!root || !window.fetch || !window.crypto) return;
  var $ = function (sel) { return document.querySelector(sel); };
  var data = function (name) { try { return JSON.parse(root.dataset[name] || "null"); } catch (e) { return null; } };
  var csrf = document.querySelector('meta[name="csrf-token"]').getAttribute("content");
  var ASKS = data("asks") || {}, POSITION = parseInt(root.dataset.position, 10);
  var say = window.scorekeeperWords.say;  // the page's words in its language (app.js, web/script_words.py)
  var SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  var store = window.localStorage, seatKey = "scorekeeper-seat:" + root.dataset.table;
  var draftKey = "scorekeeper-my-hand:" + root.dataset.table + ":" + POSITION;
  var seat = null, mine = { hand: [], passed: [], more: {} }, step = "hand", sent = false, dirty = false, timer = null;

  var get = function (k) { try { return store.getItem(k); } catch (e) { return null; } };
  var put = function (k, v) { try { if (v === null) store.removeItem(k); else store.setItem(k, v); } catch (e) { /* private mode */ } };
  var secret = get("scorekeeper-secret");
  if (!/^[0-9a-f]{64}$/.test(secret || "")) {  // made once on this phone, never shown, sent only to this site
    var bytes = new Uint8Array(32);
    window.crypto.getRandomValues(bytes);
    secret = Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
    put("scorekeeper-secret", secret);
  }
  var cardText = function (code) { return code.replace("T", "10").replace(/[SHDC]$/, function (x) { return SUITS[x]; }); };

  var ask = function (draft) {  // the server's answer: who has sent, this seat's own draft (to this phone only)
    var body = { player: seat, secret: secret };
    if (draft) body.draft = draft;
    return fetch(root.dataset.answer, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf }, body: JSON.stringify(body)
    }).then(function (r) { return r.json(); });
  };

  var refuse = function (text) { var p = $("#mine-refusal"); p.textContent = text || ""; p.hidden = !text; };
  var shown = function (a) {
    if (!a.ok) { refuse(a.error.message); render(); return; }  // Send again once the sentence is answered
    if (a.position !== POSITION) { window.location.reload(); return; }  // the hand was stored: the next one
    var players = data("players") || [], waiting = players.filter(function (p) { return a.sent.indexOf(p) < 0; });
    $("#sent-line").textContent = a.problem ? a.problem : a.dealt ? say("allIn") :
      say(waiting.length ? "sentWaiting" : "sentFrom", { sent: a.sent.join(", ") || say("noneYet"), waiting: waiting.join(", ") });
    if (a.mine && !dirty) { mine = { hand: a.mine.hand, passed: a.mine.passed, more: a.mine.more || {} }; sent = true; step = "hand"; }
    if (!a.mine && sent) {  // the scorer freed this seat (Free Dan's seat): what this phone sent is dropped
      sent = false; step = steps()[steps().length - 1];  // its taps kept: one tap sends them again
      refuse(say("dropped"));
    }
    if (!a.dealt) { clearTimeout(timer); timer = setTimeout(look, 5000); }
    render();
  };
  var look = function () { if (seat) ask(null).then(shown, function () { timer = setTimeout(look, 10000); }); };

  var asks = function () { return ASKS[seat] || { hand: 0, passed: 0 }; };
  /* The steps: the hand, then each other card of the deal this seat is asked (Reversis' card dealt face down,
     from the cards not in the hand), then the cards passed (from the hand). */
  var more = function () { return asks().more || []; };
  var steps = function () {
    return ["hand"].concat(more().map(function (m) { return m.kind; }), asks().passed ? ["passed"] : []);
  };
  var asked = function (s) { return more().filter(function (m) { return m.kind === s; })[0]; };
  var listOf = function (s) {
    if (s === "hand" || s === "passed") return mine[s];
    mine.more = mine.more || {};
    return (mine.more[s] = mine.more[s] || []);
  };
  var wanted = function (s) { return s === "hand" ? asks().hand : s === "passed" ? asks().passed : asked(s).count; };
  var said = function (s) {  // "Ann: tap the 13 cards you were dealt"
    var m = asked(s), values = { seat: seat, n: wanted(s), what: m && m.word };
    return say(s === "hand" ? "tapHand" : s === "passed" ? "tapPassed" : "tapMore", values);
  };
  var render = function () {
    $("#seat-choice").hidden = !!seat;
    $("#hand-tap").hidden = !seat;
    if (!seat) return;
    var list = listOf(step), want = wanted(step), all = steps(), after = all[all.indexOf(step) + 1];
    $("#mine-turn").textContent = sent ? say("isSent", { seat: seat }) : said(step);
    $("#mine-count").textContent = say("count", { n: list.length, want: want });
    Array.prototype.forEach.call(document.querySelectorAll("#mine-grid button.card"), function (b) {
      var code = b.dataset.card, held = mine.hand.indexOf(code) >= 0;
      b.disabled = step === "passed" ? !held : step !== "hand" && held;
      b.classList.toggle("chosen", list.indexOf(code) >= 0);
    });
    var send = $("#send");
    send.disabled = sent || list.length !== want;
    send.textContent = !after ? say("send") : say(after === "hand" ? "nextHand" : after === "passed" ? "nextPassed" : "nextMore",
                                                   { what: asked(after) && asked(after).word });
    put(draftKey, JSON.stringify(mine));
  };

  var grid = $("#mine-grid");
  (root.dataset.pack || "").split(" ").forEach(function (code) {
    if (!code) return;
    var b = document.createElement("button");
    b.type = "button"; b.className = "card s" + code[1]; b.textContent = cardText(code);
    b.dataset.card = code; b.id = "mine-" + code;
    b.addEventListener("click", function () {
      if (sent) { sent = false; step = "hand"; }
      dirty = true;
      var list = listOf(step), at = list.indexOf(code);
      if (at >= 0) list.splice(at, 1); else if (wanted(step) === 1 && step !== "hand") list.splice(0, 1, code); else list.push(code);
      if (step === "hand") {
        mine.passed = mine.passed.filter(function (c) { return mine.hand.indexOf(c) >= 0; });
        Object.keys(mine.more || {}).forEach(function (k) {
          mine.more[k] = mine.more[k].filter(function (c) { return mine.hand.indexOf(c) < 0; });
        });
      }
      refuse("");
      render();
    });
    grid.appendChild(b);
  });
  $("#send").addEventListener("click", function () {
    var all = steps(), after = all[all.indexOf(step) + 1];
    if (after) { step = after; render(); return; }
    var send = $("#send"), draft = { hand: mine.hand, passed: mine.passed };
    if (more().length) {
      draft.more = {};
      more().forEach(function (m) { draft.more[m.kind] = listOf(m.kind); });
    }
    send.disabled = true;
    ask(draft).then(function (a) {
      if (a.ok) { sent = true; dirty = false; step = "hand"; refuse(""); }
      shown(a);
    }, function () { refuse(say("notSent")); render(); });
  });
  $("#change-seat").addEventListener("click", function () {
    seat = null; sent = false; dirty = false; mine = { hand: [], passed: [], more: {} }; step = "hand";
    put(seatKey, null); put(draftKey, null);
    render();
  });
  Array.prototype.forEach.call(document.querySelectorAll("#seat-choice button[data-player]"), function (b) {
    b.addEventListener("click", function () { seat = b.dataset.player; put(seatKey, seat); render(); look(); });
  });

  seat = get(seatKey);
  if (seat && !ASKS[seat]) seat = null;
  try { var kept = JSON.parse(get(draftKey) || "null"); if (kept && Array.isArray(kept.hand)) mine = kept; } catch (e) { /* none */ }
  render();
  if (seat) look(); else ask(null).then(function (a) { if (a.ok) shown(a); }, function () {});
})();
