/* The table without a connection. A table's form saved while the server cannot be reached is kept on this
   phone (outbox.js: IndexedDB) with its client id, shown on the table's sheet as waiting to be sent, and sent
   by itself when the connection returns (the online event, each page load, every 15 s); the client id makes
   a second sending store nothing more. What the server refuses stays kept, with the engine's sentence, to be
   corrected or dropped. This works in the page itself, so also over plain http on a LAN, where a browser
   allows no service worker; where it does (https, or this machine), the service worker (/sw.js) also opens
   the pages this phone has seen without a connection. No rules live here. */
(function () {
  "use strict";
  var script = document.currentScript;
  var outbox = window.scorekeeperOutbox;
  var $ = function (sel, root) { return (root || document).querySelector(sel); };
  var $$ = function (sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); };
  var copyOf = document.documentElement.getAttribute("data-offline-copy");  // set by the service worker
  var RETRY_MS = 15000, PROBE_MS = 5000;
  var W = window.scorekeeperWords, say = W.say;  // the words in the page's language (app.js)

  if ("serviceWorker" in navigator && window.isSecureContext && script) {
    navigator.serviceWorker.register(script.getAttribute("data-sw"), { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      // Opened while the worker was still installing: not claimed as it activated, so ask to be.
      if (!navigator.serviceWorker.controller && registration.active) registration.active.postMessage({ type: "claim" });
    }).catch(function () {});
  }

  /* --- the notice while the server cannot be reached ------------------------------------------------------ */
  var notice = document.createElement("p");
  notice.id = "offline-notice";
  notice.className = "offline-notice";
  notice.setAttribute("role", "status");
  notice.hidden = true;
  var main = $("#main");
  if (main) main.parentNode.insertBefore(notice, main);
  var offline = function (yes) {
    if (!yes) { notice.hidden = true; return; }
    var seen = copyOf ? new Date(copyOf) : null;
    notice.textContent = [say("offline"), seen && !isNaN(seen) ?
      say("seenAt", { time: seen.toLocaleTimeString(W.lang, { hour: "2-digit", minute: "2-digit" }) }) : "",
      say("keptHere")].filter(Boolean).join(" ");
    notice.hidden = false;
  };
  offline(!navigator.onLine || !!copyOf);

  // Whether the server answers now (a form goes the usual way only then).
  var probe = function () {
    if (!navigator.onLine) return Promise.resolve(false);
    var control = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (control) control.abort(); }, PROBE_MS);
    return fetch(script.getAttribute("data-ping"), { cache: "no-store", credentials: "same-origin",
                                                      signal: control ? control.signal : undefined })
      .then(function (r) { return r.ok; }, function () { return false; })
      .then(function (ok) { clearTimeout(timer); return ok; });
  };

  /* --- what the phone knows of a table: the newest of its pages seen online, and what waits in the outbox --- */
  // A table's scorer's page says the table's revision, the position of its next hand and, as far as the
  // rotation tells them, that hand and those after it (#table-known: offline.table_known). The newest the
  // phone has seen is remembered, and a newer one has the service worker fetch the table's pages again. A
  // page opened from an older copy, or with new hands kept on the phone, shows the hand that comes after
  // them (its number, dealer, pass and leader) and draws its form for it; the engine checks each on arrival.
  var KNOWN = "scorekeeper-known:";
  var readKnown = function (el) {
    try { return JSON.parse(el.getAttribute("data-known")); } catch (e) { return null; }
  };
  var remembered = function (table) {
    try { return JSON.parse(window.localStorage.getItem(KNOWN + table) || "null"); } catch (e) { return null; }
  };
  var keepPages = function (table, refresh) {
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!worker) return;
    var here = window.location.pathname;  // a page opened online is kept as it is answered
    var urls = [table, table + "/result", table + "/play"].filter(function (u) { return copyOf || u !== here; });
    worker.postMessage({ type: "keep-pages", urls: urls, refresh: !!refresh });
  };
  var learn = function (known) {  // whether the phone had seen an older revision; the kept pages follow it
    if (!known || !known.table) return false;
    var before = remembered(known.table);
    if (before && known.revision < before.revision) return false;
    try { window.localStorage.setItem(KNOWN + known.table, JSON.stringify(known)); } catch (e) { /* no storage */ }
    var newer = !before || known.revision > before.revision;
    keepPages(known.table, newer);
    return newer;
  };
  // A hand to come may say players as seats of the table ("seats": a big table's page stays small): by name here.
  var named = function (entry, players) {
    if (!entry || !entry.seats || !players) return entry || null;
    var out = {};
    Object.keys(entry).forEach(function (k) { if (k !== "seats") out[k] = entry[k]; });
    Object.keys(entry.seats).forEach(function (k) { out[k] = players[entry.seats[k]]; });
    return out;
  };
  var ownKnown = function () { var el = $("#table-known"); return el ? readKnown(el) : null; };
  var asItIs = function () {
    var own = ownKnown();
    if (!own) return Promise.resolve(null);
    var mem = remembered(own.table);
    var base = mem && mem.revision > own.revision ? mem : own;
    return (outbox ? outbox.all() : Promise.resolve([])).then(function (items) {
      var kept = items.filter(function (i) { return i.session === own.table && i.hand === null; });
      var played = kept.filter(function (i) {  // a misdeal is dealt again: its own form, or a result form that says one
        return i.kind !== "misdeal" && !outbox.valueOf(i.fields, "misdeal");
      }).length;
      var position = base.position + kept.length;
      return { own: own, kept: kept.length, position: position, entry: named((base.coming || [])[played], base.players),
               moved: position !== own.position };
    }, function () { return null; });
  };
  var showAsItIs = function (now) {
    if (!now || !now.moved) return now;
    var e = now.entry;
    $$("[data-coming]").forEach(function (el) {
      var k = el.getAttribute("data-coming");
      if (k === "title") el.textContent = el.textContent.replace(/\d+/, String(now.position));
      else if (e && e[k] !== undefined) el.textContent = String(e[k]);
      else if (k === "number") el.textContent = String(now.position);
      else if (el.tagName === "P") el.hidden = true;  // a sentence of an earlier hand: not shown
      else el.textContent = "?";
    });
    $$("[data-coming-in]").forEach(function (el) {  // a sentence that names it: the name replaced
      var k = el.getAttribute("data-coming-in"), to = e && e[k] !== undefined ? String(e[k]) : "?";
      el.textContent = el.textContent.replace(el.getAttribute("data-was"), to);
      el.setAttribute("data-was", to);
    });
    $$("input[name=for_hand]").forEach(function (i) { i.value = String(now.position); });
    var note = $("#coming-note");
    if (!now.kept && e) { if (note) note.remove(); return now; }
    if (!note) {
      note = document.createElement("p");
      note.id = "coming-note";
      note.className = "notice";
      note.setAttribute("role", "status");
      var at = $("#main h1");
      if (at) at.parentNode.insertBefore(note, at.nextSibling);
    }
    note.textContent = [now.kept ? say("after", { n: now.kept, position: now.position }) : "",
      e ? "" : say("follow")].filter(Boolean).join(" ");
    return now;
  };
  var again = function () { return asItIs().then(showAsItIs); };
  window.scorekeeperTable = { ready: again(), again: again };  // cards.js waits for it
  if (!copyOf) learn(ownKnown());

  if (!outbox) return;  // no IndexedDB (an old browser): the forms go the usual way

  /* --- what a kept form is, in words ---------------------------------------------------------------------- */
  // Its address's words (outbox.js), with what was typed: the counts, the cards, struck or restored.
  var describe = function (form, place) {
    if (place.kind === "strike") {
      var struck = $("input[name=struck]", form);
      return say(struck && struck.value === "0" ? "restoring" : "striking", { hand: place.hand });
    }
    var words = outbox.describe(place), plays = $("#plays", form);
    var counts = $$("input[data-sum][data-player]", form).filter(function (i) { return i.value !== ""; })
      .map(function (i) { return i.dataset.player + " " + i.value; });
    if (place.kind === "cards" && plays) return say("cards", { what: words, n: plays.value.split(" ").filter(Boolean).length });
    return place.hand === null && counts.length ? words + ": " + counts.join(", ") : words;
  };

  var fieldsOf = function (form, submitter) {
    var fields = [];
    new FormData(form).forEach(function (value, name) { if (typeof value === "string") fields.push([name, value]); });
    if (submitter && submitter.name) fields.push([submitter.name, submitter.value]);
    return fields;
  };

  /* --- a save: the usual way while the server answers, else kept on the phone ----------------------------- */
  var kept = function (form, item, reachable) {
    form.dataset.sending = "";
    var replaces = form.dataset.outboxKey;
    form.dataset.outboxKey = "";
    var done = replaces && replaces !== item.key ? outbox.drop(replaces) : Promise.resolve();
    return done.then(function () {
      document.dispatchEvent(new CustomEvent("scorekeeper:kept", { detail: item }));
      if (window.location.pathname === item.session) {
        window.location.hash = "outbox";
        return render().then(function () { if (reachable) flush(); });
      }
      if (reachable || (navigator.serviceWorker && navigator.serviceWorker.controller)) {
        window.location.assign(item.session + "#outbox");  // the sheet, as this phone last saw it
        return;
      }
      // No service worker (plain http on a LAN): the page cannot be left without a connection. It says so,
      // and the form is ready for the next hand, with an id of its own.
      var said = $("#outbox-kept") || document.createElement("p");
      said.id = "outbox-kept";
      said.className = "flash notice";
      said.setAttribute("role", "status");
      said.textContent = say("keptForm", { what: item.label });
      form.parentNode.insertBefore(said, form);
      if (item.hand === null) {
        form.reset();
        var id = $("input[name=client_id]", form), drawn = $("input[name=for_hand]", form);
        if (id) id.value = outbox.newId();
        if (drawn) drawn.value = String(parseInt(drawn.value, 10) + 1);  // the next hand's form
        $$("input[data-sum]", form).forEach(function (i) { i.dispatchEvent(new Event("input", { bubbles: true })); });
      }
      window.scrollTo(0, 0);
    });
  };

  var sendForReal = function (form, submitter) {
    if (submitter && submitter.name) {
      var carried = document.createElement("input");
      carried.type = "hidden"; carried.name = submitter.name; carried.value = submitter.value;
      form.appendChild(carried);
    }
    var replaces = form.dataset.outboxKey;
    (replaces ? outbox.drop(replaces) : Promise.resolve()).then(function () {
      HTMLFormElement.prototype.submit.call(form);
    });
  };

  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (ev.defaultPrevented || !form.matches || form.method.toLowerCase() !== "post") return;
    var place = outbox.place(form.action);
    if (!place) return;
    ev.preventDefault();
    var submitter = ev.submitter || null;
    Promise.all([probe(), waitingBefore(form, place)]).then(function (found) {
      var reachable = found[0], behind = found[1];
      offline(!reachable);
      if (reachable && !behind) { sendForReal(form, submitter); return null; }
      return outbox.keep(form.action, fieldsOf(form, submitter), describe(form, place))
        .then(function (item) { return kept(form, item, reachable); });
    }).catch(function () { form.dataset.sending = ""; });
  });

  // Whether a new hand must wait behind the table's new hands kept on the phone (they were played first).
  var waitingBefore = function (form, place) {
    if (place.hand !== null) return Promise.resolve(false);
    return outbox.all().then(function (items) {
      return items.some(function (i) { return i.session === place.session && i.hand === null && i.key !== form.dataset.outboxKey; });
    });
  };

  /* --- sending what is kept ------------------------------------------------------------------------------- */
  var texts = function (doc, sel) {
    return $$(sel, doc).filter(function (e) { return !e.hidden; })
      .map(function (e) { return e.textContent.replace(/\s+/g, " ").trim(); }).filter(Boolean);
  };
  // The server's answer: stored (or stored before: the client id), refused with its sentence, or not now.
  var judge = function (response, html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    if (response.status >= 500 || (response.status === 409 && $("[data-busy-resend]", doc))) return { later: true };
    var said = texts(doc, ".flash.refusal, .refusal[role=alert]");
    if (said.length) return { refused: said.concat(texts(doc, ".field-error")).join(" ") };
    if (response.ok && response.redirected) {
      var known = $("#table-known", doc);  // the sheet it went on to: the table as it is now
      return { stored: texts(doc, ".flash:not(.refusal)").join(" ") || say("stored"), known: known && readKnown(known) };
    }
    return { refused: texts(doc, "h1").concat(texts(doc, "main p")).join(": ") || say("notTaken", { status: String(response.status) }) };
  };
  var send = function (item) {
    var body = new URLSearchParams();
    item.fields.forEach(function (f) { body.append(f[0], f[1]); });
    return fetch(item.action, { method: "POST", body: body, credentials: "same-origin" })
      .then(function (r) { return r.text().then(function (html) { return judge(r, html); }); },
            function () { return { later: true, offline: true }; });
  };

  // Every kept form in the order kept. A table's forms wait behind one of its own the server refused (the
  // hands go in in the order they were played); a form the server cannot take now stops the round.
  var flushing = null;
  var flush = function () {
    if (flushing) return flushing;
    if (!navigator.onLine) { offline(true); return Promise.resolve(); }
    var stored = 0, lost = false;
    flushing = outbox.all().then(function (items) {
      if (!items.length && (copyOf || !notice.hidden)) return probe().then(function (ok) { lost = !ok; });
      var blocked = {};
      return items.reduce(function (chain, item) {
        return chain.then(function (stop) {
          if (stop) return true;
          if (item.state === "refused" || blocked[item.session]) { blocked[item.session] = true; return false; }
          return send(item).then(function (outcome) {
            if (outcome.stored) {
              stored += 1;
              learn(outcome.known);
              return outbox.stored(item, outcome.stored).then(function () { return false; });
            }
            if (outcome.refused) {
              blocked[item.session] = true;
              return outbox.mark(item.key, "refused", outcome.refused).then(function () { return false; });
            }
            lost = !!outcome.offline;
            return true;
          });
        });
      }, Promise.resolve(false));
    }).then(function () {
      flushing = null;
      offline(lost);
      if (stored) document.dispatchEvent(new CustomEvent("scorekeeper:sent", { detail: stored }));
      if (copyOf && !lost && $("#live")) { copyOf = null; window.location.reload(); return; }  // the sheet as it is now
      return render();
    }, function () { flushing = null; });
    return flushing;
  };

  /* --- the sheet: what waits to be sent, and what the server refused -------------------------------------- */
  var tableOf = function () {
    var found = /^\/s\/[^/]+\/[^/]+$/.exec(window.location.pathname);
    return found && $("#live") ? found[0] : null;
  };
  var button = function (text, cls, attrs) {
    var b = document.createElement(attrs.href ? "a" : "button");
    if (!attrs.href) b.type = "button";
    b.className = cls; b.textContent = text;
    Object.keys(attrs).forEach(function (k) { b.setAttribute(k, attrs[k]); });
    return b;
  };
  var itemLine = function (item) {
    var li = document.createElement("li");
    li.className = "outbox-item " + item.state;
    li.setAttribute("data-outbox", item.key);
    var mark = document.createElement("strong");
    mark.className = "mark";
    mark.textContent = say(item.state === "refused" ? "notStoredMark" : "waitingMark");
    li.appendChild(mark);
    li.appendChild(document.createTextNode(" " + (item.label || outbox.describe(item))));
    if (item.state === "refused") {
      var why = document.createElement("p");
      why.className = "refusal outbox-refusal";
      why.setAttribute("role", "alert");
      why.textContent = item.message;
      li.appendChild(why);
      var actions = document.createElement("p");
      actions.className = "outbox-actions";
      if (item.kind !== "confirmation" && item.kind !== "strike") {
        var page = item.kind === "correction" ? item.session + "/hand/" + item.hand
          : item.kind === "misdeal" ? item.session : item.action;
        actions.appendChild(button(say("correct"), "button", { href: page + "#outbox=" + encodeURIComponent(item.key),
                                                             "data-outbox-correct": item.key }));
        actions.appendChild(document.createTextNode(" "));
      }
      actions.appendChild(button(say("drop"), "danger", { "data-outbox-drop": item.key, "data-confirm": say("dropSure") }));
      li.appendChild(actions);
    }
    return li;
  };
  var sheetRows = function (items) {
    $$("#sheet tr.outbox-row").forEach(function (tr) { tr.remove(); });
    var body = $("#sheet tbody");
    if (!body) return;
    var columns = $$("#sheet thead th").length || 2;
    items.forEach(function (item) {
      var tr = document.createElement("tr");
      tr.className = "outbox-row " + item.state;
      tr.setAttribute("data-outbox", item.key);
      var th = document.createElement("th");
      th.scope = "row";
      th.textContent = "\u2026";
      var td = document.createElement("td");
      td.colSpan = columns - 1;
      td.textContent = say(item.state === "refused" ? "notStored" : "waiting", { what: item.label || outbox.describe(item) });
      tr.appendChild(th); tr.appendChild(td);
      body.appendChild(tr);
    });
  };
  // What went in from the outbox, each with the server's words, until the scorer has seen it.
  var sentLines = function (went) {
    var part = document.createElement("div");
    part.id = "outbox-sent";
    var list = document.createElement("ul");
    list.className = "outbox-items";
    went.forEach(function (line) {
      var li = document.createElement("li");
      li.className = "outbox-item stored";
      li.setAttribute("data-sent", line.key);
      var mark = document.createElement("strong");
      mark.className = "mark";
      mark.textContent = say("sentMark");
      li.appendChild(mark);
      li.appendChild(document.createTextNode(" " + (line.label || outbox.describe(line)) + ". " + line.message));
      list.appendChild(li);
    });
    part.appendChild(list);
    part.appendChild(button(say("ok"), "secondary", { id: "outbox-seen", "data-sent-seen": went.map(function (l) { return l.key; }).join("\n") }));
    return part;
  };
  var render = function () {
    var table = tableOf();
    var box = $("#outbox");
    if (!box && table) {
      box = document.createElement("section");
      box.id = "outbox";
      box.className = "outbox";
      var live = $("#live");
      live.parentNode.insertBefore(box, live);
    }
    if (!box) return Promise.resolve();
    var every = box.hasAttribute("data-every-session");
    return Promise.all([outbox.all(), outbox.sent()]).then(function (found) {
      var ours = function (i) { return every || i.session === table; };
      var mine = found[0].filter(ours), went = found[1].filter(ours);
      box.textContent = "";
      box.hidden = !mine.length && !went.length;
      sheetRows(table ? mine : []);
      if (box.hidden) return;
      var head = document.createElement("h2");
      head.textContent = say("keptTitle");
      box.appendChild(head);
      if (mine.length) {
        var waiting = mine.filter(function (i) { return i.state !== "refused"; }).length;
        var said = document.createElement("p");
        said.id = "outbox-said";
        said.textContent = say("forms", { n: waiting }) + (waiting < mine.length ? " " + say("refusedBelow") : "");
        var list = document.createElement("ul");
        list.className = "outbox-items";
        mine.forEach(function (item) { list.appendChild(itemLine(item)); });
        box.appendChild(said); box.appendChild(list);
        if (waiting) box.appendChild(button(say("sendNow"), "secondary", { id: "outbox-send" }));
      }
      if (went.length) box.appendChild(sentLines(went));
    });
  };

  document.addEventListener("click", function (ev) {
    if (ev.defaultPrevented) return;
    var drop = ev.target.closest("[data-outbox-drop]");
    if (drop) { outbox.drop(drop.getAttribute("data-outbox-drop")).then(render).then(flush); return; }
    if (ev.target.closest("#outbox-send")) flush();
    var seen = ev.target.closest("[data-sent-seen]");
    if (seen) Promise.all(seen.getAttribute("data-sent-seen").split("\n").map(outbox.seen)).then(render);
  });

  /* --- "Correct it": the form again, filled with what was typed, and the server's sentence ---------------- */
  // The page's own fields stay: its token, its id, and what it was drawn from (as it stands now: the scorer
  // has read the sentence, and saves it for what the table has now).
  var OWN = outbox.own;
  var fill = function (form, item) {
    var values = {};
    item.fields.forEach(function (f) { (values[f[0]] = values[f[0]] || []).push(f[1]); });
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || !(el.name in values) || OWN.indexOf(el.name) >= 0) return;
      if (el.type === "radio" || el.type === "checkbox") el.checked = values[el.name].indexOf(el.value) >= 0;
      else if (el.type !== "submit" && el.type !== "button") el.value = values[el.name][0];
      el.dispatchEvent(new Event(el.type === "radio" || el.type === "checkbox" || el.tagName === "SELECT" ? "change" : "input",
                                 { bubbles: true }));
    });
    var id = $("input[name=client_id]", form);
    if (id && item.hand === null) id.value = outbox.newId();  // nothing was stored under the old one
    var said = document.createElement("p");
    said.className = "refusal";
    said.id = "outbox-refusal";
    said.setAttribute("role", "alert");
    said.textContent = say("notStored", { what: item.message });
    form.insertBefore(said, form.firstChild);
    form.dataset.outboxKey = item.key;
  };
  var correcting = /^#outbox=(.+)$/.exec(window.location.hash);
  if (correcting) {
    outbox.get(decodeURIComponent(correcting[1])).then(function (item) {
      if (!item) return;
      var form = $$("form").filter(function (f) {
        var p = outbox.place(f.action);
        return p && p.action === item.action;
      })[0];
      if (form) fill(form, item);
      document.dispatchEvent(new CustomEvent("scorekeeper:correct", { detail: item }));
    });
  }

  /* --- a page opened from what the phone last saw --------------------------------------------------------- */
  // Its forms carry the client ids they were drawn with, maybe sent before: each gets a new one. The hand a
  // new hand's form is drawn for is the one the phone knows comes next (above); where the page does not
  // say what it knows of the table, not said.
  if (copyOf) {
    $$(".flash").forEach(function (f) { f.remove(); });  // "Hand 3 saved." was said then, not now
    $$("input[name=client_id]").forEach(function (i) { i.value = outbox.newId(); });
    if (!ownKnown()) $$("input[name=for_hand]").forEach(function (i) { i.remove(); });
  }

  document.addEventListener("scorekeeper:live", function () { learn(ownKnown()); again(); render(); });
  document.addEventListener("scorekeeper:kept", function () { again(); });
  window.addEventListener("online", function () { probe().then(function (ok) { offline(!ok); if (ok) flush(); }); });
  window.addEventListener("offline", function () { offline(true); });
  setInterval(function () { if (!flushing) flush(); }, RETRY_MS);
  render().then(flush);
})();
