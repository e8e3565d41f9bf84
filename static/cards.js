/* Card by card, for every game: the record lives here (localStorage), each tap goes to the engine
   (POST {record, action} to data-next), and the page asks only what next.ask says. No rule lives here. */
(function () {
  "use strict";
  var root = document.getElementById("play");
  if (!root || !window.fetch) return;
  var $ = function (sel) { return document.querySelector(sel); };
  var data = function (name) { try { return JSON.parse(root.dataset[name] || "null"); } catch (e) { return null; } };
  var csrf = document.querySelector('meta[name="csrf-token"]').getAttribute("content");
  var say = window.scorekeeperWords.say;  // the page's words in its language (app.js, web/script_words.py)
  var WORDS = window.scorekeeperWords.words.family;  // this game's kinds and options, from its family's vocabulary
  var PLAYERS = data("players") || [];
  var SPACES = data("spaces") || [];
  var storeKey = "scorekeeper-hand:" + root.dataset.store;
  var ORDER = null;  // the players in the order they play (the server's: offline.table_known), for the turn offline
  var moved = false;  // the table is further on than this page was drawn for (hands kept on the phone): not asked
  var SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  var PACK = (root.dataset.pack || "SHDC".replace(/./g, function (s) {  // none written: the 52 cards, spades first
    return "AKQJT98765432".replace(/./g, function (r) { return r + s + " "; });
  }).trim()).split(" ");
  var ask = $("#ask"), refused = $("#play-refusal"), save = $("#save-play");
  var hand = { records: [], taps: [], pending: [], last: null, client_id: $("#client_id").value };
  var busy = false, queued = [], picked = null, offered = null, cut = false, declaring = null;  // cut: the server did not answer the last time
  var away = function () { return cut || moved || !navigator.onLine; };
  var saveNext = false;  // "It stood": the revoke ends the hand, which is saved at once

  var el = function (tag, cls, text) {
    var e = document.createElement(tag);
    e.className = cls || "";
    e.textContent = text || "";
    return e;
  };
  var button = function (text, cls, onTap) {
    var b = el("button", cls || "choice-button", text);
    b.type = "button";
    b.addEventListener("click", onTap);
    return b;
  };
  var cardText = function (code) {
    code = String(code);
    return code.length === 2 ? code.replace("T", "10").replace(/[SHDC]$/, function (x) { return SUITS[x]; }) : code;
  };

  var remember = function () {
    try { window.localStorage.setItem(storeKey, JSON.stringify(hand)); } catch (e) { /* private mode */ }
  };
  var forget = function () {  // hands of this table saved before leave nothing behind
    try {
      Object.keys(window.localStorage).forEach(function (k) {
        if (k.indexOf(storeKey.split(":").slice(0, 2).join(":") + ":") === 0 && k !== storeKey) window.localStorage.removeItem(k);
      });
    } catch (e) { /* no storage */ }
  };
  var record = function () { return hand.records.length ? hand.records[hand.records.length - 1] : null; };

  var showRefusal = function (text, stands) {
    refused.textContent = text || "";
    refused.hidden = !text;
    offered = stands || null;
    $("#stand").hidden = !offered;
    if (offered) $("#claim-revoke").textContent = say(offered.value && offered.value.trick ? "stoodIn" : "stood",
      { player: offered.player || "", kind: WORDS.kinds[offered.kind] || offered.kind, trick: offered.value && offered.value.trick });
  };

  var line = function (label, text) {
    if (!text) return;
    var p = el("p", "strip-line");
    p.appendChild(el("strong", null, label + ": "));
    p.appendChild(document.createTextNode(text));
    $("#strip").appendChild(p);
  };
  var pairs = function (obj) {
    return Object.keys(obj || {}).map(function (k) { return k + " " + cardText(obj[k]); }).join(" \u00b7 ");
  };

  // Without the server: the trick and whose turn from the engine's last answer and the cards tapped since, as
  // far as the order of play tells them (ORDER, the server's); who wins a trick is the engine's to say.
  var derived = function (a) {
    var state = a.state || {}, n = a.next || {};
    var cards = hand.pending.every(function (t) { return t.kind === "play" && typeof t.value === "string"; });
    if (!ORDER || !cards || !Array.isArray(state.current) || n.kind !== "play" || n.ask !== "card") return null;
    var tricks = state.tricks || [];
    var size = tricks.length ? tricks[tricks.length - 1].cards.length : ORDER.length;
    var trick = state.current.slice(), number = tricks.length + 1, player = n.player || null;
    hand.pending.forEach(function (t) {
      if (trick.length >= size) { trick = []; number += 1; player = null; }  // led by the last trick's winner
      var who = t.player || player;
      trick.push([who, t.value]);
      player = who && ORDER.indexOf(who) >= 0 ? ORDER[(ORDER.indexOf(who) + 1) % ORDER.length] : null;
    });
    var pack = PACK.reduce(function (sum, item) { return sum + (parseInt(item.slice(3), 10) || 1); }, 0);
    var done = trick.length >= size;
    return { trick: trick, number: number, player: done ? null : player, done: done,
             all: hand.taps.length + hand.pending.length >= pack };
  };

  var showTable = function (a) {
    var state = a.state || {}, trick = $("#trick");
    trick.textContent = "";
    var current = a.seen ? a.seen.trick : Array.isArray(state.current) ? state.current : (state.played || []).slice(-4);
    current.forEach(function (pc) {
      var li = el("li");
      li.appendChild(document.createTextNode((pc[0] || "?") + " "));
      li.appendChild(el("span", "s" + String(pc[1])[1], cardText(pc[1])));
      trick.appendChild(li);
    });
    $("#strip").textContent = "";
    if (a.seen) line(say("trick"), a.seen.done ? say("trickDone", { n: a.seen.number }) : String(a.seen.number));
    if (Array.isArray(state.tricks) && state.tricks.length) {
      var won = {};
      state.tricks.forEach(function (t) { if (t.winner) won[t.winner] = (won[t.winner] || 0) + 1; });
      var last = state.tricks[state.tricks.length - 1];
      line(say("tricks"), pairs(won));
      line(say("lastTrick"), last.cards.map(cardText).join(" ") + (last.winner ? " \u2192 " + last.winner : ""));
    }
    var said = a.said || {};  // the family's state and payments in its words, from the server (web/play.py)
    (said.lines || []).forEach(function (l) { line(l[0], l[1]); });
    if (a.complete && a.outcome && a.outcome.points) line(say("points"), pairs(a.outcome.points));
    if (said.paid && said.paid.length) {
      line(say("paidSoFar"), said.net);
      line(say("lastPayment"), said.paid[said.paid.length - 1]);
    }
  };

  var used = function () {  // the cards tapped so far (copies count): greyed out when the choices are not known
    var counts = {};
    hand.taps.concat(hand.pending).forEach(function (t) { if (typeof t.value === "string") counts[t.value] = (counts[t.value] || 0) + 1; });
    return counts;
  };

  var send = function (n, value) {  // the answer to what comes next
    picked = null; declaring = null;
    if (hand.dealing) { dealAnswer(n, value); return; }
    tap({ kind: n.kind, player: n.player || null, value: value });
  };

  var askCard = function (n, many) {
    var grid = el("div", "grid");
    grid.id = "grid";
    PACK.forEach(function (item) {  // the game's pack: "QS", or "QS:2" for two copies
      var b = el("button", "card s" + item[1], cardText(item.slice(0, 2)));
      b.dataset.card = item.slice(0, 2);
      b.dataset.copies = item.slice(3) || "1";
      grid.appendChild(b);
    });
    var counts = used(), chosen = [];
    var choices = n.choices === null || n.choices === undefined ? null : n.choices;
    Array.prototype.forEach.call(grid.querySelectorAll("button.card"), function (b) {
      var code = b.dataset.card;
      var gone = (counts[code] || 0) >= parseInt(b.dataset.copies, 10);
      b.type = "button";
      b.classList.toggle("played", gone && choices === null);
      b.disabled = choices === null ? gone : choices.indexOf(code) < 0;
      if (b.disabled && holds(n, code)) { b.disabled = false; b.classList.add("unplayable"); }  // the engine refuses it
      b.id = "card-" + code;
      b.addEventListener("click", function () {
        if (many) {
          toggle(chosen, code, b);
          done.disabled = n.count ? chosen.length !== n.count : !chosen.length;
          return;
        }
        if (!n.player && !away() && PLAYERS.length) { picked = code; render(hand.last); return; }
        send(n, code);
      });
    });
    ask.appendChild(grid);
    if (choices && choices.indexOf(null) >= 0) ask.appendChild(button(WORDS.keep, "secondary", function () { send(n, null); }));
    var done = button(say("done"), "primary", function () { send(n, chosen.slice()); });
    done.id = "done";
    if (many) { done.disabled = true; ask.appendChild(done); }
    if (many && n.count && choices === null) ask.appendChild(button(WORDS.none, "secondary", function () { send(n, null); })).id = "none";
    if (many && !n.count && choices === null) ask.appendChild(button(WORDS.rest, "secondary", function () {
      Array.prototype.forEach.call(grid.querySelectorAll("button.card"), function (b) {  // every card nobody played
        if (!b.disabled && chosen.indexOf(b.dataset.card) < 0) toggle(chosen, b.dataset.card, b);
      });
      done.disabled = !chosen.length;
    })).id = "rest";
  };

  var toggle = function (list, value, b) {  // a choice tapped on or off; whether it is on now
    var at = list.indexOf(value);
    if (at < 0) list.push(value); else list.splice(at, 1);
    b.classList.toggle("chosen", at < 0);
    return at < 0;
  };
  var one = function (row, b) {  // b alone chosen in its row
    Array.prototype.forEach.call(row.children, function (c) { c.classList.toggle("chosen", c === b); });
  };
  var players = function (list, onTap) {
    var row = el("div", "choices");
    list.forEach(function (name) {
      var b = button(name === null ? WORDS.none : name, "choice-button", function () { onTap(name, b); });
      b.dataset.player = name;
      row.appendChild(b);
    });
    ask.appendChild(row);
    return row;
  };

  var askPlayers = function (n, many) {
    var chosen = [];
    var done = button(say("done"), "primary", function () { send(n, chosen); });
    players(n.choices || PLAYERS, function (name, b) {
      if (!many) { send(n, name); return; }
      toggle(chosen, name, b);
      done.disabled = n.count ? chosen.length !== n.count : !chosen.length;
    });
    if (many) { done.disabled = !!n.count; ask.appendChild(done); }  // no count: nobody is an answer
  };

  var askTrade = function (n) {  // a trade the deal cannot list
    var t = {};
    ["player", "partner", "card", "partner_card"].forEach(function (f, i) {
      ask.appendChild(el("p", "help", WORDS[f]));
      if (i > 1) { var input = ask.appendChild(el("input")); input.id = "trade-" + f; input.oninput = function () { t[f] = input.value.trim().toUpperCase(); }; return; }
      var row = players(PLAYERS, function (name, b) { t[f] = name; one(row, b); });
      Array.prototype.forEach.call(row.children, function (b) { b.dataset[f] = b.dataset.player; });
    });
    ask.appendChild(button(WORDS.trade, "primary", function () { send({ kind: n.kind, player: t.player }, t); }));
    ask.appendChild(button(WORDS.noTrade, "secondary", function () { send(n, null); }));
  };

  var askOption = function (n) {
    var row = el("div", "choices");
    (n.choices || []).forEach(function (c) {
      if (c !== null && typeof c === "object" && c.kind) {  // a bet: its kind, and the chips it may name
        var box = el("div", "bet");
        var amount = null;
        if (c.low !== undefined) {
          amount = el("input");
          amount.type = "number"; amount.min = c.low; amount.max = c.high; amount.value = c.low;
          amount.inputMode = "numeric"; amount.id = "amount-" + c.kind;
          amount.setAttribute("aria-label", say("chips", { option: WORDS.options[c.kind] || c.kind }));
          if (c.low === c.high) amount.hidden = true;
        }
        var b = button((WORDS.options[c.kind] || c.kind) + (amount && c.low === c.high ? " " + c.low : ""), "choice-button", function () {
          send(n, amount ? [c.kind, parseInt(amount.value, 10)] : [c.kind]);
        });
        b.dataset.option = c.kind;
        box.appendChild(b);
        if (amount) box.appendChild(amount);
        row.appendChild(box);
        return;
      }
      var o = button(c === null ? WORDS.none : c.partner ? c.player + " " + cardText(c.card) + " \u21c4 " + c.partner + " " + cardText(c.partner_card) :
                     c.card ? c.player + " " + cardText(c.card) :
                     (WORDS.options[c] || SUITS[c] || String(c)), "choice-button", function () {
        send(n, c);
      });
      o.dataset.option = c !== null && typeof c === "object" && c.card ? c.player + " " + c.card : String(c);
      row.appendChild(o);
    });
    ask.appendChild(row);
  };

  var askNumber = function (n) {  // a number within the choices' {low, high}; null among them: pass
    var input = el("input"), range = (n.choices || []).filter(function (c) { return c !== null; })[0] || {};
    input.type = "number"; input.inputMode = "numeric"; input.id = "number";
    if (range.low !== undefined) input.min = input.value = range.low;
    if (range.high !== undefined) input.max = range.high;
    ask.appendChild(input);
    ask.appendChild(button(say("ok"), "primary", function () { send(n, parseInt(input.value, 10)); }));
    if ((n.choices || []).indexOf(null) >= 0) ask.appendChild(button(WORDS.options.pass, "secondary", function () { send(n, null); })).id = "pass";
  };

  var askClaims = function (n) {  // who took each pay-card space: one player, or several where shared
    var picks = {};
    SPACES.forEach(function (sp) {
      ask.appendChild(el("span", "space-name", sp[1]));
      picks[sp[0]] = [];
      players(PLAYERS, function (name, b) { toggle(picks[sp[0]], name, b); }).dataset.space = sp[0];
    });
    ask.appendChild(button(say("done"), "primary", function () {
      var value = {};
      Object.keys(picks).forEach(function (k) { if (picks[k].length) value[k] = picks[k].length === 1 ? picks[k][0] : picks[k]; });
      send(n, value);
    }));
  };

  var askEnd = function (n) {  // the end the table declares: who went out (or nobody), the cards each has left
    var out = null, counts = {};
    ask.appendChild(el("p", "help", WORDS.out));
    var row = players(PLAYERS.concat([null]), function (name, b) { out = name; one(row, b); });
    row.lastChild.textContent = WORDS.blocked;
    ask.appendChild(el("p", "help", WORDS.left));
    PLAYERS.forEach(function (name) {
      var label = el("label", "field", name + " ");
      var input = el("input");
      input.type = "number"; input.min = 0; input.inputMode = "numeric"; input.id = "left-" + name;
      label.appendChild(input);
      counts[name] = input;
      ask.appendChild(label);
    });
    ask.appendChild(button(say("done"), "primary", function () {
      var value = out === null ? { block: true, left: {} } : { out: out, left: {} };
      PLAYERS.forEach(function (name) { if (name !== out && counts[name].value !== "") value.left[name] = parseInt(counts[name].value, 10); });
      send({ kind: n.kind }, value);
    }));
  };

  var asking = function (n) {
    var how = n.ask || "option";
    if (how === "card") askCard(n, false);
    else if (how === "cards") askCard(n, true);
    else if (how === "player") askPlayers(n, false);
    else if (how === "players") askPlayers(n, true);
    else if (how === "number") askNumber(n);
    else if (how === "suit") askOption({ kind: n.kind, player: n.player, choices: n.choices || ["S", "H", "D", "C"] });
    else if (how === "claims") askClaims(n);
    else if (how === "end") askEnd(n);
    else if (WORDS.partner_card && !n.choices) askTrade(n);  // a trade the deal cannot list: typed as the words say
    else askOption(n);
  };

  var render = function (a) {
    ask.textContent = "";
    var waiting = hand.pending.length, away = cut || moved || !navigator.onLine;
    $("#count").textContent = say("recorded", { n: hand.taps.length + waiting });
    $("#plays").value = hand.taps.concat(hand.pending).map(function (t) { return typeof t.value === "string" ? t.value : "-"; }).join(" ");
    $("#record").value = JSON.stringify(record());
    $("#pending").value = waiting ? JSON.stringify(hand.pending) : "";
    save.disabled = !(a && a.complete && !waiting) && !(waiting && away);
    seatsLine(a);
    if (dealing(a)) return;
    if (!a || a.ok === false) { $("#turn").textContent = a && a.error ? a.error.message : "\u2026"; return; }
    if (away && !a.complete && a.next) {  // what the engine last said comes next, its choices unknown now
      var was = a.next, seen = derived(a);
      a = { ok: true, next: { kind: was.kind, ask: was.ask, player: seen ? seen.player : waiting ? null : was.player,
                              count: was.count, choices: was.ask === "card" ? null : was.choices },
            state: a.state, paid: a.paid, seen: seen };
    }
    var n = a.next || {}, complete = $("#complete");
    complete.hidden = !a.complete;
    complete.textContent = a.complete ? say("complete") : "";
    showTable(a);
    if (a.complete && !n.declare) { $("#turn").textContent = say("allIn"); remember(); return; }
    var kind = WORDS.kinds[n.kind] || n.kind, seen = a.seen;
    var whose = seen && seen.all ? say("allTapped") : seen && seen.done ? say("trickOver", { n: seen.number }) :
      n.player ? say("whose", { player: n.player, kind: kind }) : (kind.charAt(0).toUpperCase() + kind.slice(1));
    var kept = say(moved && navigator.onLine ? "keptFirst" : "keptOffline", { n: waiting });
    $("#turn").textContent = a.complete ? say("allIn") : away || waiting ? whose + " " + kept : whose;
    if (picked !== null && !away) {  // a card whose player the engine cannot tell: who played it?
      ask.appendChild(el("p", "help", say("whoPlayed", { card: cardText(picked) })));
      players(PLAYERS, function (name) { var c = picked; picked = null; tap({ kind: n.kind, player: name, value: c }, true); });
      return;
    }
    if (declaring) {
      ask.appendChild(el("p", "help", (WORDS.kinds[declaring.kind] || declaring.kind) + ": " + (declaring.player || "")));
      if (declaring.ask === "cards" && !declaring.player) players(PLAYERS, function (name) { declaring.player = name; render(hand.last); });  // whose, first
      else asking(declaring);
      ask.appendChild(button(say("back"), "secondary", function () { declaring = null; render(hand.last); }));
    } else {
      if (!a.complete) asking(n);
      (n.declare || []).forEach(function (d) {  // what the table may declare instead (the end of Michigan), or once complete (a claim waived)
        var b = button(WORDS.kinds[d.kind] || d.kind, "secondary", function () { declaring = { kind: d.kind, ask: d.ask, choices: d.choices }; render(hand.last); });
        b.id = "declare-" + d.kind;
        ask.appendChild(b);
      });
    }
    remember();
  };

  /* The deal the table gives (data-deal, web/play.py): before the first action, or once the hand is complete
     without it. The engine asks each question (a hand as dealt, the cards a player passed...) as a tap is
     asked; the answers live in hand.dealing until the engine writes the record with its deal. */
  var DEAL = root.dataset.deal;
  var holds = function (n, code) {  // a card the player on turn holds but may not play: offered, for the engine to refuse
    var state = hand.last && hand.last.state, held = state && state.hands && state.hands[n.player];
    return n.kind === "play" && Array.isArray(held) && held.indexOf(code) >= 0;
  };
  var dealing = function (a) {  // the "Give the deal" button, and the deal's question while it is given
    var give = $("#give-deal"), rec = record();
    if (give) give.hidden = !DEAL || !!hand.dealing || hand.pending.length > 0 || !a || a.ok === false ||
      !!(rec && rec.deal) || !(hand.taps.length === 0 || a.complete);
    if (!hand.dealing) return false;
    save.disabled = true;
    $("#complete").hidden = true;
    var q = hand.dealing.last;
    if (!q) return true;
    var n = q.next;
    $("#turn").textContent = n.player ? say("whose", { player: n.player, kind: WORDS.kinds[n.kind] || n.kind }) :
      WORDS.kinds[n.kind] || n.kind;
    asking(n);
    ask.appendChild(button(say("back"), "secondary", function () { hand.dealing = null; showRefusal(""); render(hand.last); })).id = "deal-back";
    remember();
    return true;
  };
  var dealAsk = function () {  // while the engine answers another request (a look at the seats), it waits its turn
    if (busy) { if (hand.dealing) setTimeout(dealAsk, 200); return; }
    busy = true;
    fetch(DEAL, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify({ record: record(), given: hand.dealing.given })
    }).then(function (r) { return r.json(); }).then(function (a) {
      busy = false;
      if (!a.ok) {
        hand.dealing.given.pop();
        if (!hand.dealing.last) hand.dealing = null;
        showRefusal(a.error.message);
      } else if (a.dealt) {
        hand.dealing = null;
        showRefusal("");
        accepted(a, { kind: "deal", player: null, value: null });
      } else { hand.dealing.last = a; showRefusal(""); }
      render(hand.last);
    }, function () {
      busy = false;
      hand.dealing.given.pop();
      if (!hand.dealing.last) hand.dealing = null;
      showRefusal(say("dealOnline"));
      render(hand.last);
    });
  };
  var dealAnswer = function (n, value) { hand.dealing.given.push({ kind: n.kind, player: n.player || null, value: value }); dealAsk(); };
  var undoDeal = function () {
    if (!hand.dealing.given.length) { hand.dealing = null; render(hand.last); return; }
    hand.dealing.given.pop();
    dealAsk();
  };
  if ($("#give-deal")) $("#give-deal").addEventListener("click", function () {
    hand.dealing = { given: [], last: null };
    showRefusal("");
    dealAsk();
  });

  /* The deal from the players' own phones (data-seats, web/my_hand.py): who has sent his hand, and, until the
     first tap, a look every few seconds; once every seat has sent, the server's answer carries the deal. */
  var SEATS = root.dataset.seats, seatsSeen = null, seatsTimer = null;
  var seatsLine = function (a) {
    var line = $("#seats-status"), s = a && a.seats, rec = record();
    if (!line || !SEATS) return;
    if (s) {
      line.textContent = s.problem ? s.problem : s.dealt ? say("seatsIn") :
        say("seatsSent", { sent: s.sent.join(", "), waiting: s.waiting.join(", ") });
      seatsSeen = JSON.stringify(s);
    }
    if (!seatsTimer && !(rec && rec.deal) && !hand.taps.length && !hand.pending.length && !hand.dealing) {
      seatsTimer = setTimeout(seatsLook, 5000);
    }
  };
  var seatsLook = function () {  // drawn again only when what the seats sent has changed
    seatsTimer = null;
    if (busy || hand.taps.length || hand.pending.length || hand.dealing || !navigator.onLine) return;
    post(record(), null).then(function (a) {
      if (!a.ok || hand.taps.length || hand.dealing) return;
      if (JSON.stringify(a.seats) === seatsSeen && !(a.record && a.record.deal)) { seatsLine(a); return; }
      if (!hand.records.length) hand.records.push(a.record); else hand.records[hand.records.length - 1] = a.record;
      hand.last = a;
      render(a);
    }, function () { seatsLine(null); });
  };

  var post = function (rec, action) {
    return fetch(root.dataset.next, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify({ record: rec, action: action })
    }).then(function (r) {
      return r.json().catch(function () { return { ok: false, error: { message: say("noAnswer", { status: String(r.status) }) } }; });
    });
  };

  var accepted = function (a, action) {
    if (!hand.records.length) hand.records.push(null);  // the fresh hand, as the table starts it
    if (action) hand.taps.push(action);
    hand.records.push(a.record);
    hand.last = a;
  };

  var tap = function (action, named) {
    if (busy) { queued.push([action, named]); return; }  // taps while the engine answers the last one: taken in turn
    if (hand.pending.length || moved || !navigator.onLine) { keep(action, named); return; }
    busy = true;
    post(record(), action).then(function (a) {
      cut = false;
      if (a.ok) { accepted(a, action); showRefusal(""); }
      else {
        showRefusal(a.error.message, a.stands);
        var b = action && typeof action.value === "string" && document.getElementById("card-" + action.value);
        if (b) { b.classList.add("refused"); setTimeout(function () { b.classList.remove("refused"); }, 400); }
      }
      render(hand.last);
      if (saveNext) { saveNext = false; if (a.ok && a.complete) saveNow(); }
    }, function () { cut = true; keep(action, named); }).then(idle);
  };
  var idle = function () {  // the engine has answered: the first tap made meanwhile goes now
    busy = false;
    var q = queued.shift();
    if (q) tap(q[0], q[1]);
  };

  var saveNow = function () {  // as if Save were tapped: the page's form, through the outbox when offline
    var form = $("#play-form");
    if (save.disabled) return;
    if (form.requestSubmit) form.requestSubmit(save); else save.click();
  };

  var keep = function (action, named) {
    busy = false;
    if (action && !named) action.player = null;
    if (action) hand.pending.push(action);
    showRefusal("");
    render(hand.last);
    if (saveNext) { saveNext = false; saveNow(); }
  };

  var flush = function () {
    if (busy || moved || !hand.pending.length || !navigator.onLine) return;
    busy = true;
    var action = hand.pending[0];
    post(record(), action).then(function (a) {
      busy = false; cut = false;
      if (a.ok) { hand.pending.shift(); accepted(a, action); render(hand.last); flush(); if (!busy) idle(); return; }
      hand.pending = [];
      showRefusal(say("tapRefused", { message: a.error.message }));
      render(hand.last);
      idle();
    }, function () { cut = true; render(hand.last); idle(); });
  };

  var start = function () {
    if (moved) { render(hand.last); return; }  // the server's next hand is not this one yet
    busy = true;
    post(record(), null).then(function (a) {
      busy = false; cut = false;
      if (a.ok) {
        if (!hand.records.length) hand.records.push(a.record);
        else hand.records[hand.records.length - 1] = a.record;
        hand.last = a;
      } else if (!hand.records.length) { hand.last = a; }
      else { showRefusal(a.error.message); }
      render(hand.last);
      flush();
      if (!busy) idle();
    }, function () { cut = true; render(hand.last); idle(); });
  };

  $("#undo").addEventListener("click", function () {
    showRefusal("");
    if (hand.dealing) { undoDeal(); return; }
    picked = null;
    if (hand.pending.length) { hand.pending.pop(); render(hand.last); return; }
    if (hand.records.length < 2) return;
    hand.records.pop(); hand.taps.pop();
    start();
  });
  $("#claim-revoke").addEventListener("click", function () { if (offered) { var o = offered; showRefusal(""); saveNext = true; tap(o, true); } });
  window.addEventListener("online", function () { cut = false; if (hand.pending.length) flush(); else start(); });
  window.addEventListener("offline", function () { render(hand.last); });
  $("#play-form").addEventListener("submit", function () { render(hand.last); });
  document.addEventListener("scorekeeper:kept", function () {
    try { window.localStorage.removeItem(storeKey); } catch (e) { /* no storage */ }
    hand = { records: [], taps: [], pending: [], last: null, client_id: $("#client_id").value };
    var first = data("opening");
    if (first && first.ok) hand.last = first;
    (window.scorekeeperTable ? window.scorekeeperTable.again() : Promise.resolve(null)).then(function (now) {
      drawnFor(now);
      start();
    });
  });
  // The hands kept before this one went in: the page again, drawn by the server for this hand.
  document.addEventListener("scorekeeper:sent", function () { if (moved && navigator.onLine) window.location.reload(); });
  document.addEventListener("scorekeeper:correct", function (ev) {
    var value = window.scorekeeperOutbox.valueOf, fields = ev.detail.fields;
    try {
      hand = { records: [JSON.parse(value(fields, "record"))], taps: [], pending: JSON.parse(value(fields, "pending") || "[]"),
               last: null, client_id: value(fields, "client_id") };
    } catch (e) { return; }
    start();
  });

  // The hand this page is for: the one the phone knows comes next (offline.js: the table as the phone last saw
  // it and the hands kept on it), which may be later than the one it was drawn for (a copy kept offline).
  var drawnFor = function (now) {
    if (!now) return;
    var e = now.entry || {}, own = (now.own.coming || [])[0] || {};
    ORDER = e.order || own.order || null;
    if (!now.moved) return;
    moved = true;
    storeKey = "scorekeeper-hand:" + root.dataset.store.split(":")[0] + ":" + now.position + ":" + (e.dealer || "?");
    var first = data("opening") || {}, next = first.next || {};
    var turn = e.turn || { kind: next.kind, ask: next.ask, player: null };
    hand.last = { ok: true, next: turn, state: turn.kind === "play" ? { current: [], tricks: [] } : {} };
  };

  // A hand kept under the key of before, its title in English ("Hand 3"), moves once under its number's key.
  var adopt = function () {
    try {
      var store = window.localStorage, parts = storeKey.split(":"), prefix = parts.slice(0, 2).join(":") + ":",
        rest = ":" + parts.slice(3).join(":");
      if (store.getItem(storeKey) !== null) return;
      Object.keys(store).forEach(function (k) {
        var title = k.slice(prefix.length, k.length - rest.length);
        if (k.indexOf(prefix) || k.slice(-rest.length) !== rest || !/^\D+ \d+$/.test(title) ||
            title.split(" ").pop() !== parts[2]) return;
        store.setItem(storeKey, store.getItem(k));
        store.removeItem(k);
      });
    } catch (e) { /* no storage */ }
  };

  var begin = function (now) {
    drawnFor(now);
    adopt();
    forget();
    try {
      var saved = JSON.parse(window.localStorage.getItem(storeKey) || "null");
      if (saved && Array.isArray(saved.records) && (saved.records.length || (saved.pending || []).length)) {
        hand = saved;
        if (hand.client_id) $("#client_id").value = hand.client_id;
      }
    } catch (e) { /* a fresh hand */ }
    var fresh = !hand.last;  // nothing kept on this phone: the page's opening is the engine's answer to the fresh hand
    if (fresh) { var first = data("opening"); if (first) hand.last = first; }
    if (!$("#client_id").value) $("#client_id").value = hand.client_id;
    hand.client_id = $("#client_id").value;
    render(hand.last);
    if (!(fresh && hand.last && hand.last.ok)) start();  // else asked with the first tap (a first visit's bytes)
  };
  (window.scorekeeperTable ? window.scorekeeperTable.ready : Promise.resolve(null)).then(begin, function () { begin(null); });
})();
