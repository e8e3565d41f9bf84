/* The outbox: what this phone recorded while the server could not be reached, kept in IndexedDB (through
   the vendored idb-keyval) until it is sent. Shared by the pages (offline.js sends it) and the service
   worker (which keeps a form whose sending failed on the way). No rules live here: the server's engine
   checks each form when it arrives. */
(function (root) {
  "use strict";
  var idb = root.idbKeyval;
  if (!idb || !root.indexedDB) return;
  var store = idb.createStore("scorekeeper-outbox", "forms");
  var sentStore = idb.createStore("scorekeeper-sent", "forms");  // what went in, with the server's words
  var SENT_KEPT_MS = 24 * 3600 * 1000;  // shown on the sheet until seen (OK) or a day old

  // A table's write, by its address: the table's edit link, what it writes, and the stored hand it changes.
  var PLACES = [
    [/^(\/s\/[^/]+\/[^/]+)\/result$/, "result"],
    [/^(\/s\/[^/]+\/[^/]+)\/play$/, "cards"],
    [/^(\/s\/[^/]+\/[^/]+)\/misdeal$/, "misdeal"],
    [/^(\/s\/[^/]+\/[^/]+)\/hand\/(\d+)$/, "correction"],
    [/^(\/s\/[^/]+\/[^/]+)\/hand\/(\d+)\/json$/, "correction"],
    [/^(\/s\/[^/]+\/[^/]+)\/hand\/(\d+)\/confirm$/, "confirmation"],
    [/^(\/s\/[^/]+\/[^/]+)\/hand\/(\d+)\/strike$/, "strike"]
  ];
  var place = function (action) {
    var url = new URL(action, root.location.href);
    if (url.origin !== root.location.origin) return null;
    for (var i = 0; i < PLACES.length; i++) {
      var found = PLACES[i][0].exec(url.pathname);
      if (found) {
        return { session: found[1], kind: PLACES[i][1], hand: found[2] ? parseInt(found[2], 10) : null,
                 action: url.pathname + url.search };
      }
    }
    return null;
  };

  var valueOf = function (fields, name) {
    var found = fields.filter(function (f) { return f[0] === name; })[0];
    return found ? found[1] : "";
  };
  var OWN = ["csrf_token", "client_id", "for_hand", "drawn_from"];  // the page's fields, not what was typed
  var typed = function (fields) {
    return fields.filter(function (f) { return OWN.indexOf(f[0]) < 0; })
      .map(function (f) { return f[0] + "=" + f[1]; }).join("&");
  };
  var newId = function () {
    var bytes = new Uint8Array(12);
    root.crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_");
  };
  // A new hand is kept by its client id; a change to a stored hand by the hand and what it changes (a later
  // correction of the same hand replaces the one kept before it).
  var keyOf = function (p, fields) {
    if (p.hand === null) return "new " + p.session + " " + (valueOf(fields, "client_id") || newId());
    return p.kind + " " + p.session + " " + p.hand;
  };
  var order = 0;

  // What a kept form is, in words, from its address alone (the page adds what was typed).
  // In the page's language (app.js); the service worker, which has no page, keeps none: the page words it.
  var describe = function (p) {
    var words = root.scorekeeperWords;
    return words ? words.say(p.kind === "cards" ? "byCards" : p.kind, { hand: p.hand }) : "";
  };

  // Keep a form ({action, fields: [[name, value], ...]}) with a line that says what it is. A new hand whose
  // client id is kept already with other fields (a page opened again from what the phone last saw carries
  // the id it was drawn with) gets an id of its own: neither is lost, nor taken for the other. The same
  // form kept twice (Back, and Save again) is kept once.
  var keep = function (action, fields, label) {
    var p = place(action);
    if (!p) return Promise.reject(new Error("not a table's write: " + action));
    var key = keyOf(p, fields);
    return idb.get(key, store).then(function (found) {
      if (found && p.hand === null && typed(found.fields) === typed(fields)) return found;
      if (found && p.hand === null) {
        fields = fields.map(function (f) { return f[0] === "client_id" ? ["client_id", newId()] : f; });
        key = keyOf(p, fields);
      }
      var item = { key: key, action: p.action, session: p.session, kind: p.kind, hand: p.hand, fields: fields,
                   label: label || describe(p), kept: Date.now() * 1000 + (order++ % 1000), state: "waiting", message: "" };
      return idb.set(key, item, store).then(function () { return item; });
    });
  };

  var all = function () {
    return idb.values(store).then(function (items) {
      return items.sort(function (a, b) { return a.kept - b.kept; });
    });
  };
  var get = function (key) { return idb.get(key, store); };
  var drop = function (key) { return idb.del(key, store); };
  // What the server said of it: "refused" with its sentence (kept until corrected or dropped), or "waiting".
  var mark = function (key, state, message) {
    return get(key).then(function (item) {
      if (!item) return null;
      item.state = state;
      item.message = message || "";
      return idb.set(key, item, store).then(function () { return item; });
    });
  };

  // A kept form the server stored, taken out of the outbox with what the server said ("Hand 5 saved.",
  // or that it was stored before): the sheet shows it, so nothing leaves the phone without a word.
  var stored = function (item, message) {
    var line = { key: item.key, session: item.session, label: item.label, kind: item.kind, hand: item.hand,
                 message: message || "", sent: Date.now() };
    return idb.set(item.key, line, sentStore).then(function () { return drop(item.key); });
  };
  var sent = function () {
    var now = Date.now();
    return idb.values(sentStore).then(function (lines) {
      var old = lines.filter(function (l) { return now - l.sent > SENT_KEPT_MS; });
      return Promise.all(old.map(function (l) { return idb.del(l.key, sentStore); })).then(function () {
        return lines.filter(function (l) { return now - l.sent <= SENT_KEPT_MS; })
          .sort(function (a, b) { return a.sent - b.sent; });
      });
    });
  };
  var seen = function (key) { return idb.del(key, sentStore); };

  root.scorekeeperOutbox = { place: place, keep: keep, all: all, get: get, drop: drop, mark: mark, newId: newId,
                             valueOf: valueOf, own: OWN, describe: describe, stored: stored, sent: sent, seen: seen };
})(self);
