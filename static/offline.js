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

  if ("serviceWorker" in navigator && window.isSecureContext && script) {
    navigator.serviceWorker.register(script.getAttribute("data-sw"), { scope: "/" }).catch(function () {});
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
    notice.textContent = "No connection. " + (seen && !isNaN(seen)
      ? "This page is as this phone last saw it (" + seen.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) + "). "
      : "") + "What you record is kept on this phone and sent when the connection returns.";
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

  if (!outbox) return;  // no IndexedDB (an old browser): the forms go the usual way

  /* --- what a kept form is, in words ---------------------------------------------------------------------- */
  // Its address's words (outbox.js), with what was typed: the counts, the cards, struck or restored.
  var describe = function (form, place) {
    if (place.kind === "strike") {
      var struck = $("input[name=struck]", form);
      return (struck && struck.value === "0" ? "Restoring hand " : "Striking out hand ") + place.hand;
    }
    var words = outbox.describe(place), plays = $("#plays", form);
    var counts = $$("input[data-sum][data-player]", form).filter(function (i) { return i.value !== ""; })
      .map(function (i) { return i.dataset.player + " " + i.value; });
    if (place.kind === "cards" && plays) return words + ": " + plays.value.split(" ").filter(Boolean).length + " cards";
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
      said.textContent = item.label + ": kept on this phone, waiting to be sent. It goes by itself when the " +
        "connection returns.";
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
    if (response.ok && response.redirected) return { stored: true };
    return { refused: texts(doc, "h1").concat(texts(doc, "main p")).join(": ") || "The server did not take it (" + response.status + ")." };
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
            if (outcome.stored) { stored += 1; return outbox.drop(item.key).then(function () { return false; }); }
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
    mark.textContent = item.state === "refused" ? "not stored" : "waiting to be sent";
    li.appendChild(mark);
    li.appendChild(document.createTextNode(" " + item.label));
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
        actions.appendChild(button("Correct it", "button", { href: page + "#outbox=" + encodeURIComponent(item.key),
                                                             "data-outbox-correct": item.key }));
        actions.appendChild(document.createTextNode(" "));
      }
      actions.appendChild(button("Drop it", "danger", { "data-outbox-drop": item.key,
                                                        "data-confirm": "Drop it? What was typed is lost." }));
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
      td.textContent = (item.state === "refused" ? "Not stored: " : "Waiting to be sent: ") + item.label;
      tr.appendChild(th); tr.appendChild(td);
      body.appendChild(tr);
    });
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
    return outbox.all().then(function (items) {
      var mine = box.hasAttribute("data-every-session") ? items : items.filter(function (i) { return i.session === table; });
      box.textContent = "";
      box.hidden = !mine.length;
      sheetRows(table ? mine : []);
      if (!mine.length) return;
      var waiting = mine.filter(function (i) { return i.state !== "refused"; }).length;
      var head = document.createElement("h2");
      head.textContent = "Kept on this phone";
      var said = document.createElement("p");
      said.id = "outbox-said";
      said.textContent = (waiting === 1 ? "1 form is" : waiting + " forms are") + " waiting to be sent: they go by " +
        "themselves when the connection returns." + (waiting < mine.length ? " The server refused what is marked " +
        "below: correct it or drop it; the forms after it wait for it." : "");
      var list = document.createElement("ul");
      list.className = "outbox-items";
      mine.forEach(function (item) { list.appendChild(itemLine(item)); });
      box.appendChild(head); box.appendChild(said); box.appendChild(list);
      if (waiting) box.appendChild(button("Send now", "secondary", { id: "outbox-send" }));
    });
  };

  document.addEventListener("click", function (ev) {
    if (ev.defaultPrevented) return;
    var drop = ev.target.closest("[data-outbox-drop]");
    if (drop) { outbox.drop(drop.getAttribute("data-outbox-drop")).then(render).then(flush); return; }
    if (ev.target.closest("#outbox-send")) flush();
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
    said.textContent = "Not stored: " + item.message;
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
  // new hand's form was drawn for is not known any more (the phone may have kept hands since): not said.
  if (copyOf) {
    $$(".flash").forEach(function (f) { f.remove(); });  // "Hand 3 saved." was said then, not now
    $$("input[name=client_id]").forEach(function (i) { i.value = outbox.newId(); });
    $$("input[name=for_hand]").forEach(function (i) { i.remove(); });
  }

  // The scorer's next pages kept too (by the service worker), so they open without a connection.
  if (tableOf() && navigator.serviceWorker && navigator.serviceWorker.controller && !copyOf) {
    var next = $$("#record-result, #record-cards").map(function (a) { return a.href; });
    if (next.length) navigator.serviceWorker.controller.postMessage({ type: "keep-pages", urls: next });
  }

  document.addEventListener("scorekeeper:live", function () { render(); });
  window.addEventListener("online", function () { probe().then(function (ok) { offline(!ok); if (ok) flush(); }); });
  window.addEventListener("offline", function () { offline(true); });
  setInterval(function () { if (!flushing) flush(); }, RETRY_MS);
  render().then(flush);
})();
