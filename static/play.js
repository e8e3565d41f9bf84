/* Card by card: every tapped card is sent with the cards so far to the server, whose engine
   answers whose turn it is, the trick, or why the card is refused. No rule lives here. */
(function () {
  "use strict";
  var root = document.getElementById("play");
  if (!root || !window.fetch) return;
  var $ = function (sel) { return document.querySelector(sel); };
  var $$ = function (sel) { return Array.prototype.slice.call(document.querySelectorAll(sel)); };
  var csrf = document.querySelector('meta[name="csrf-token"]').getAttribute("content");
  var total = parseInt(root.dataset.total, 10);
  var storeKey = "scorekeeper-play:" + root.dataset.session + ":" + root.dataset.deal;
  var leaderSelect = $("[data-leader-select]");
  var trumpsSelect = $("[data-trumps-select]");  // Knaves: the card turned up, or the suit named
  var trumps = function () { return trumpsSelect ? (trumpsSelect.value || null) : null; };
  var refusal = $("#play-refusal");
  var save = $("#save-play");
  var claimBox = $("#claim");
  var plays = [];
  var revoke = null;  // an established revoke the table let stand: {player, trick[, play]}
  var offered = null;  // the revoke the last refusal offers to record
  var lastCard = null;
  var busy = false;
  var SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

  var label = function (code) { return (code[0] === "T" ? "10" : code[0]) + (SUITS[code[1]] || code[1]); };
  var cardSpan = function (code) {
    var s = document.createElement("span");
    s.className = "s" + code[1]; s.textContent = label(code);
    return s;
  };
  var moonChoice = function () { var m = $('input[name="moon_choice"]:checked'); return m ? m.value : null; };

  try { plays = JSON.parse(root.dataset.plays || "[]"); } catch (e) { plays = []; }
  if ($("#revoke_player").value) revoke = { player: $("#revoke_player").value, trick: parseInt($("#revoke_trick").value, 10) };
  try {  // hands of this session already saved leave nothing behind
    var prefix = "scorekeeper-play:" + root.dataset.session + ":";
    for (var i = window.localStorage.length - 1; i >= 0; i--) {
      var k = window.localStorage.key(i);
      if (k && k.indexOf(prefix) === 0 && k !== storeKey) window.localStorage.removeItem(k);
    }
  } catch (e) { /* no storage */ }
  if (!plays.length) {
    try {
      var saved = JSON.parse(window.localStorage.getItem(storeKey) || "null");
      if (saved && Array.isArray(saved.plays)) {
        plays = saved.plays;
        if (saved.client_id) $("#client_id").value = saved.client_id;
        if (saved.leader && leaderSelect) leaderSelect.value = saved.leader;
        if (saved.trumps && trumpsSelect) trumpsSelect.value = saved.trumps;
        if (saved.revoke) revoke = saved.revoke;
      }
    } catch (e) { plays = []; }
  }

  var remember = function () {
    try {
      window.localStorage.setItem(storeKey, JSON.stringify({
        plays: plays, client_id: $("#client_id").value, leader: leaderSelect ? leaderSelect.value : null,
        trumps: trumps(), revoke: revoke }));
    } catch (e) { /* private mode: the page still works */ }
  };

  var showRefusal = function (text, claim) {
    refusal.textContent = text || "";
    refusal.hidden = !text;
    offered = claim || null;
    claimBox.hidden = !offered;
    if (offered) $("#claim-revoke").textContent = "It stood: record " + offered.player + "\u2019s revoke in trick " + offered.trick;
  };

  // The cards tapped so far are greyed out (each of its copies played), and none is offered once all are.
  var markPlayed = function () {
    var counts = {};
    plays.forEach(function (c) { counts[c] = (counts[c] || 0) + 1; });
    $$("#grid .card").forEach(function (b) {
      var used = (counts[b.dataset.card] || 0) >= parseInt(b.dataset.copies, 10);
      b.classList.toggle("played", used);
      b.disabled = used || plays.length >= total;
    });
  };

  var render = function (state) {
    plays = state.plays || plays;
    if (state.revoke) revoke = state.revoke;
    $("#plays").value = plays.join(" ");
    $("#revoke_player").value = revoke ? revoke.player : "";
    $("#revoke_trick").value = revoke ? String(revoke.trick) : "";
    if (state.leader) $("#leader").value = leaderSelect && leaderSelect.value ? leaderSelect.value : state.leader;
    markPlayed();
    var turn = $("#turn");
    if (plays.length >= total) turn.textContent = "Every card is played.";
    else if (leaderSelect && !leaderSelect.value && !plays.length) turn.textContent = "Who holds 2C? Choose above, then tap 2C.";
    else if (trumpsSelect && !trumpsSelect.value && !plays.length) turn.textContent = "Which trumps? Choose above, then tap the first card.";
    else turn.textContent = state.turn + " to play (trick " + state.trick_number + ")";
    var trick = $("#trick");
    trick.textContent = "";
    (state.trick || []).forEach(function (pc) {
      var li = document.createElement("li");
      li.appendChild(document.createTextNode(pc[0] + " "));
      li.appendChild(cardSpan(pc[1]));
      trick.appendChild(li);
    });
    var last = $("#last-trick");
    last.textContent = "";
    if (state.last_trick) {
      last.appendChild(document.createTextNode("Last trick: "));
      state.last_trick.cards.forEach(function (pc, i) {
        if (i) last.appendChild(document.createTextNode(" "));
        last.appendChild(cardSpan(pc[1]));
      });
      last.appendChild(document.createTextNode(state.last_trick.winner ? " \u2192 " + state.last_trick.winner + " won it" : " \u2192 a dead trick"));
    }
    $$("#won tbody tr").forEach(function (tr) {
      var name = tr.dataset.player;
      tr.querySelector(".tricks").textContent = String((state.tricks_won || {})[name] || 0);
      var taken = tr.querySelector(".taken");
      taken.textContent = "";
      ((state.taken || {})[name] || []).forEach(function (c) { taken.appendChild(cardSpan(c)); taken.appendChild(document.createTextNode(" ")); });
    });
    $("#count").textContent = plays.length + " of " + total;
    var complete = $("#complete");
    if (state.complete) {
      var text = state.message ? state.message : "The hand is complete" + (state.points_shown ? ": " +
        Object.keys(state.points_shown).map(function (n) { return n + " " + state.points_shown[n]; }).join(", ") : "") + ".";
      complete.textContent = text;
      complete.hidden = false;
    } else {
      complete.hidden = true;
    }
    save.disabled = !state.complete;
    remember();
  };

  var check = function (card) {
    if (busy) return;
    busy = true;
    lastCard = card || null;
    var body = { plays: plays, card: card || null, leader: leaderSelect ? (leaderSelect.value || null) : null,
                 trumps: trumps(), moon_choice: moonChoice(), revoke: revoke };
    fetch(root.dataset.check, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify(body)
    }).then(function (r) {
      return r.json().catch(function () { return { ok: false, error: { message: "The server did not answer (" + r.status + "). Reload the page." } }; });
    }).then(function (state) {
      if (state.ok) {
        showRefusal("");
      } else {
        if (state.error.code === "revoke-claim") revoke = null;  // the claimed revoke is no longer in the cards
        showRefusal(state.error.message + (state.hint ? " " + state.hint : ""), state.claim);
        var b = card && document.getElementById("card-" + card);
        if (b) { b.classList.add("refused"); setTimeout(function () { b.classList.remove("refused"); }, 400); }
      }
      if (state.plays) render(state);
    }).catch(function () {
      // No answer: the card is kept on this phone, unchecked, with the others; the engine checks them all
      // when the connection returns or the hand is sent.
      if (card && plays.length < total) plays = plays.concat([card]);
      showRefusal("");
      kept();
    }).then(function () { busy = false; });
  };

  // Without the server: only what the taps say (the cards tapped, how many); no rule is decided here.
  var kept = function () {
    $("#plays").value = plays.join(" ");
    markPlayed();
    $("#turn").textContent = "No connection: " + plays.length + " card" + (plays.length === 1 ? "" : "s") +
      " kept on this phone, not checked yet. The engine checks the whole hand when the connection returns or it is sent.";
    $("#trick").textContent = "";
    $("#last-trick").textContent = "";
    $("#count").textContent = plays.length + " of " + total;
    $("#complete").hidden = true;
    save.disabled = plays.length < total;
    remember();
  };

  $("#grid").addEventListener("click", function (ev) {
    var b = ev.target.closest("button.card");
    if (b && !b.disabled) check(b.dataset.card);
  });
  $("#undo").addEventListener("click", function () {
    if (!plays.length) return;
    plays = plays.slice(0, -1);
    if (revoke && (revoke.play === undefined || plays.length <= revoke.play)) revoke = null;  // undone past it
    check(null);
  });
  $("#claim-revoke").addEventListener("click", function () {
    if (!offered) return;
    revoke = { player: offered.player, trick: offered.trick };
    check(lastCard);
  });
  if (leaderSelect) leaderSelect.addEventListener("change", function () { check(null); });
  if (trumpsSelect) trumpsSelect.addEventListener("change", function () { check(null); });
  $$('input[name="moon_choice"]').forEach(function (m) { m.addEventListener("change", function () { check(null); }); });
  $("#play-form").addEventListener("submit", function () {
    $("#plays").value = plays.join(" ");
    if (leaderSelect && leaderSelect.value) $("#leader").value = leaderSelect.value;
    $("#trumps").value = trumps() || "";
  });
  window.addEventListener("online", function () { check(null); });
  // The hand was kept on the phone (offline.js): the page is ready for the next one.
  document.addEventListener("scorekeeper:kept", function () {
    try { window.localStorage.removeItem(storeKey); } catch (e) { /* no storage */ }
    plays = []; revoke = null;
    check(null);
  });
  // "Correct it" on a hand the server refused: its cards again, checked by the engine.
  document.addEventListener("scorekeeper:correct", function (ev) {
    var fields = ev.detail.fields, value = window.scorekeeperOutbox.valueOf;
    plays = value(fields, "plays").split(" ").filter(Boolean);
    if (leaderSelect) leaderSelect.value = value(fields, "leader");
    if (trumpsSelect) trumpsSelect.value = value(fields, "trumps");
    revoke = value(fields, "revoke_player") ? { player: value(fields, "revoke_player"), trick: parseInt(value(fields, "revoke_trick"), 10) } : null;
    check(null);
  });
  check(null);
})();
