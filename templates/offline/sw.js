/* Scorekeeper's service worker (served at /sw.js by scorekeeper/web/offline.py, which writes the lists in).
   - The static files: precached by their fingerprinted URLs as the worker installs, then answered from the
     cache (a fingerprint never changes its file).
   - The pages: from the network first; each page answered is kept, so without a connection the phone opens
     what it last saw of it (marked, for offline.js, as such); a page never seen is the offline page. A
     table's pages are fetched again whenever a page sees a newer revision of the table (keep-pages, below).
   - A table's form whose sending fails on the way (the connection dropped after the page checked it) is
     kept in the outbox (outbox.js) and the phone goes to the table's sheet, where it waits to be sent.
   No third-party requests, and nothing here decides a rule. */
"use strict";
var VERSION = {{ version|tojson }};
var PRECACHE = {{ precache|tojson }};
var OFFLINE = {{ offline_url|tojson }};
var STATIC = "scorekeeper-static-" + VERSION;
var PAGES = "scorekeeper-pages";  // the pages seen, kept across versions
var PAGES_KEPT = 60;
importScripts.apply(self, {{ scripts|tojson }});

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC).then(function (cache) { return cache.addAll(PRECACHE); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf("scorekeeper-static-") === 0 && k !== STATIC; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

// The copy kept of a page, marked as such (offline.js tells the scorer what it is, and gives its forms new
// client ids: the copy carries the id it was drawn with).
var copyOf = function (kept) {
  return kept.text().then(function (html) {
    var when = new Date(kept.headers.get("Date") || "");
    when = (isNaN(when) ? new Date() : when).toISOString();  // when the server sent it
    var marked = html.replace("<html ", '<html data-offline-copy="' + when + '" ');
    var headers = { "Content-Type": "text/html; charset=utf-8" };
    var policy = kept.headers.get("Content-Security-Policy");
    if (policy) headers["Content-Security-Policy"] = policy;
    return new Response(marked, { status: 200, headers: headers });
  });
};

var trim = function (cache) {
  return cache.keys().then(function (keys) {
    return Promise.all(keys.slice(0, Math.max(0, keys.length - PAGES_KEPT)).map(function (k) { return cache.delete(k); }));
  });
};

// Only a page the app marks for offline use is kept (every page says no-store: a table's pages, which a
// scorer needs without a connection, add Scorekeeper-Offline: keep; a club's pages do not).
var keeps = function (response) { return response.headers.get("Scorekeeper-Offline") === "keep"; };

// A table's page names its current link (Scorekeeper-Links: /s/<id>/<key>/): the copies kept under its
// older links, which the table has taken back, go.
var dropRetired = function (current) {
  var table = current.split("/").slice(0, 3).join("/") + "/";
  return caches.open(PAGES).then(function (cache) {
    return cache.keys().then(function (keys) {
      return Promise.all(keys.map(function (k) {
        var path = new URL(k.url).pathname;
        return path.indexOf(table) === 0 && (path + "/").indexOf(current) !== 0 ? cache.delete(k) : null;
      }));
    });
  });
};

var page = function (event) {
  var request = event.request;
  return fetch(request).then(function (response) {
    var html = (response.headers.get("Content-Type") || "").indexOf("text/html") === 0;
    var current = response.headers.get("Scorekeeper-Links");
    if (response.status === 200 && current) event.waitUntil(dropRetired(current));
    if (response.status === 403 || response.status === 404 || response.status === 410) {  // a link taken back
      event.waitUntil(caches.open(PAGES).then(function (cache) { return cache.delete(request.url); }));
    }
    if (response.status === 200 && response.type === "basic" && html && keeps(response)) {  // a page: no PDF, no JSON
      var copy = response.clone();
      event.waitUntil(caches.open(PAGES).then(function (cache) {
        return cache.delete(request.url).then(function () { return cache.put(request.url, copy); })
          .then(function () { return trim(cache); });
      }));
    }
    return response;
  }, function () {
    return caches.open(PAGES).then(function (cache) { return cache.match(request.url); }).then(function (kept) {
      return kept ? copyOf(kept) : caches.match(OFFLINE, { cacheName: STATIC });
    });
  });
};

// A table's form that could not go: kept in the outbox, and the sheet of its table shown (from what the
// phone last saw of it, if the connection is still gone).
var post = function (event) {
  var request = event.request;
  var copy = request.clone();
  return fetch(request).catch(function (failed) {
    var outbox = self.scorekeeperOutbox;
    var place = outbox && outbox.place(request.url);
    if (!place) throw failed;
    return copy.formData().then(function (data) {
      var fields = [];
      data.forEach(function (value, name) { if (typeof value === "string") fields.push([name, value]); });
      return outbox.keep(request.url, fields, "");
    }).then(function () { return Response.redirect(place.session + "#outbox", 303); });
  });
};

var staticFile = function (request) {
  return caches.match(request, { cacheName: STATIC }).then(function (kept) {
    return kept || fetch(request);
  });
};

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (/\/my-hand$/.test(url.pathname)) return;  // a player's own hand: never kept on the phone (no-store)
  if (request.mode === "navigate" && request.method === "GET") event.respondWith(page(event));
  else if (request.mode === "navigate" && request.method === "POST") event.respondWith(post(event));
  else if (request.method === "GET" && url.pathname.indexOf("/static/") === 0) event.respondWith(staticFile(request));
});

// A page asks for the pages a scorer goes to next (the sheet, the result form, card by card) to be kept too,
// so they open without a connection even before the scorer has opened them. With "refresh" (the page has
// seen a newer revision of the table than the phone knew) each is fetched again and replaces the copy kept:
// a copy is never older than the newest revision the phone has seen, as far as the connection allowed.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  // A page whose loading began while this worker was still installing is not among the pages it claimed as it
  // activated; such a page asks, and is taken (offline.js).
  if (data.type === "claim") { event.waitUntil(self.clients.claim()); return; }
  if (data.type !== "keep-pages" || !Array.isArray(data.urls)) return;
  event.waitUntil(caches.open(PAGES).then(function (cache) {
    return Promise.all(data.urls.map(function (u) {
      var url = new URL(u, self.location.origin);
      if (url.origin !== self.location.origin) return null;
      return (data.refresh ? Promise.resolve(null) : cache.match(url.href)).then(function (kept) {
        if (kept) return null;
        return fetch(url.href, { credentials: "same-origin" }).then(function (response) {
          if (response.status !== 200 || response.redirected || !keeps(response)) return null;
          return cache.delete(url.href).then(function () { return cache.put(url.href, response); });
        }).catch(function () { return null; });
      });
    })).then(function () { return trim(cache); });
  }));
});
