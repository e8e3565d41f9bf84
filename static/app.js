/* Scorekeeper: a little JavaScript where it saves taps. The pages work without it.
   No rules live here: every check is the server's (the engine's). */
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  // Share: the phone's share sheet (Web Share API) where the browser has one, else Copy (app.css shows which).
  document.documentElement.classList.add(typeof navigator.share === "function" ? "can-share" : "no-share");
  var $ = function (sel, root) { return (root || document).querySelector(sel); };
  var $$ = function (sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); };

  /* --- start a table: player rows, first dealer, the game's options -------------------------- */
  var start = $("#start-form");
  if (start) {
    var rows = $("#player-rows");
    var dealer = $("[data-dealer-select]");
    var syncDealer = function () {
      if (!dealer) return;
      var chosen = dealer.value;
      var names = $$("[data-player-input]", rows).map(function (i) { return i.value.trim(); }).filter(Boolean);
      dealer.textContent = "";
      names.forEach(function (name) {
        var o = document.createElement("option");
        o.value = name; o.textContent = name;
        if (name === chosen) o.selected = true;
        dealer.appendChild(o);
      });
    };
    var renumber = function () {
      $$(".player-row", rows).forEach(function (row, i) {
        var input = $("input", row);
        input.name = "players-" + i; input.id = "players-" + i;
        input.setAttribute("aria-label", "Player " + (i + 1));
        var remove = $("[data-remove]", row);
        remove.value = "remove-" + i;
        remove.setAttribute("aria-label", "Remove player " + (i + 1));
      });
      syncDealer();
    };
    var addRow = function () {
      var all = $$(".player-row", rows);
      if (all.length >= 12) return null;
      var row = all[all.length - 1].cloneNode(true);
      $$(".field-error", row).forEach(function (e) { e.remove(); });
      $("input", row).value = "";
      rows.appendChild(row);
      renumber();
      return $("input", row);
    };
    start.addEventListener("click", function (ev) {
      var button = ev.target.closest("button");
      if (!button) return;
      if (button.id === "add-player") {
        ev.preventDefault();
        var input = addRow();
        if (input) input.focus();
      } else if (button.hasAttribute("data-remove")) {
        ev.preventDefault();
        if ($$(".player-row", rows).length > 2) { button.closest(".player-row").remove(); renumber(); }
        else { $("input", button.closest(".player-row")).value = ""; syncDealer(); }
      }
    });
    start.addEventListener("keydown", function (ev) {
      // Enter in a name moves to the next seat instead of starting the table half typed.
      if (ev.key !== "Enter" || !ev.target.hasAttribute("data-player-input")) return;
      ev.preventDefault();
      var inputs = $$("[data-player-input]", rows);
      var next = inputs[inputs.indexOf(ev.target) + 1] || addRow();
      if (next) next.focus();
    });
    rows.addEventListener("input", syncDealer);
    syncDealer();
    $$("[data-refresh]", start).forEach(function (select) {
      select.addEventListener("change", function () {
        var refresh = $("#refresh");
        if (start.requestSubmit) start.requestSubmit(refresh); else refresh.click();
      });
    });
  }

  /* --- every save carries a client id, and goes once ------------------------------------------ */
  // The server makes a client id per page load; the services store a hand once per id. The browser's
  // Back brings a sent form back with its fields as they were sent but a new id: the page remembers
  // the forms it sent (this tab's sessionStorage, by the form's address) and gives such a form back
  // the id it was sent with, so a second Save stores nothing and the server shows the stored hand.
  var SENT = "scorekeeper-sent:";
  var newClientId = function () {
    var bytes = new Uint8Array(12);
    try { window.crypto.getRandomValues(bytes); } catch (e) { return null; }
    return btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_");
  };
  var OWN = ["csrf_token", "client_id", "for_hand", "drawn_from"];  // the page's, not what was typed
  var formFields = function (form) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (OWN.indexOf(name) < 0 && typeof value === "string") fields.push(name + "=" + value);
    });
    return fields.join("&");
  };
  var sentForms = function (form) {
    try { return JSON.parse(window.sessionStorage.getItem(SENT + form.action) || "[]"); } catch (e) { return []; }
  };
  var rememberSent = function (form, id) {
    var sent = sentForms(form).filter(function (s) { return s.id !== id; });
    sent.push({ id: id, fields: formFields(form) });
    try { window.sessionStorage.setItem(SENT + form.action, JSON.stringify(sent.slice(-20))); } catch (e) { /* private mode */ }
  };
  var broughtBack = function () {
    var nav = window.performance && performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
    return !!nav && nav.type === "back_forward";
  };
  // As the form goes: the id it was sent with before, if Back brought it here with the same fields
  // (the browser fills them in after the page has loaded); else the page's own.
  var keepClientId = function (form) {
    var input = $("input[name=client_id]", form);
    if (!input) return;
    if (broughtBack()) {
      var fields = formFields(form);
      var same = sentForms(form).filter(function (s) { return s.fields === fields; }).pop();
      if (same) input.value = same.id;
    }
    if (!input.value) input.value = newClientId() || "";
    if (input.value) rememberSent(form, input.value);
  };

  // Every form that stores a hand: its client id as it goes, and a second tap on Save while the first
  // is on its way sends nothing more.
  var sendOnce = function (form) {
    var clear = function () { form.dataset.sending = ""; };
    form.addEventListener("submit", function (ev) {
      if (ev.defaultPrevented) return;
      if (form.dataset.sending === "1") { ev.preventDefault(); return; }
      form.dataset.sending = "1";
      keepClientId(form);
      setTimeout(clear, 8000);  // no answer at all: let the table try again
    });
    window.addEventListener("pageshow", clear);
  };

  // New game with the same players: a second tap while the first is on its way starts no second table.
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!form.classList.contains("again")) return;
    if (form.dataset.sending === "1") { ev.preventDefault(); return; }
    form.dataset.sending = "1";
    setTimeout(function () { form.dataset.sending = ""; }, 8000);
  });

  /* --- Save in reach: above the on-screen keyboard, never over the field typed into -------------- */
  // Where the browser lays the page out under the keyboard instead of resizing it, the bars at the
  // bottom (position: sticky/fixed, bottom: var(--keyboard)) move up by the part the keyboard covers.
  var followKeyboard = function () {
    var view = window.visualViewport;
    if (!view) return;
    var place = function () {
      var covered = view.scale > 1.01 ? 0 : Math.max(0, Math.round(window.innerHeight - view.height - view.offsetTop));
      document.documentElement.style.setProperty("--keyboard", covered + "px");
    };
    view.addEventListener("resize", place);
    view.addEventListener("scroll", place);
    place();
  };

  $$("form").forEach(function (f) { if ($("input[name=client_id]", f)) sendOnce(f); });
  if ($(".save-bar, .record-bar")) followKeyboard();

  /* --- the table was busy: send the same form again by itself, after Retry-After ------------- */
  var resend = $("[data-busy-resend]");
  if (resend && parseInt(resend.dataset.attempt, 10) <= parseInt(resend.dataset.resends, 10)) {
    var notice = $("#busy-notice", resend);
    var wait = Math.max(1, parseInt(resend.dataset.retryAfter, 10) || 1) * 1000 + Math.random() * 500;
    notice.textContent = "The table is busy, sending again\u2026";
    notice.hidden = false;
    setTimeout(function () { resend.submit(); }, wait);  // nothing was stored: the same form is safe to send
  }

  /* --- times in the phone's own time zone ---------------------------------------------------- */
  $$("time[datetime]").forEach(function (t) {
    var d = new Date(t.getAttribute("datetime"));
    if (!isNaN(d)) t.textContent = d.toLocaleString([], { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
  });

  /* --- confirmations before striking out ----------------------------------------------------- */
  document.addEventListener("click", function (ev) {
    var button = ev.target.closest("[data-confirm]");
    if (button && !window.confirm(button.getAttribute("data-confirm"))) ev.preventDefault();
  });

  /* --- "why this score": tap a number; the notes come with the first tap ---------------------- */
  // The note opens in a row of its own under the hand tapped: it covers no figure (the totals below
  // move down while it is open); a tap elsewhere, or on the same number, closes it.
  var notes = null;
  var showWhy = function (why, hand, player) {
    var text = notes && notes.hands[hand] && notes.hands[hand][player];
    why.textContent = "Hand " + hand + " \u00b7 " + (text || "no note for this hand");
    why.dataset.from = hand + "\u0000" + player;
    why.hidden = false;
  };
  var whyUnder = function (why, row) {
    var holder = $("#why-row");
    if (!holder) {
      holder = document.createElement("tr");
      holder.id = "why-row";
      holder.className = "why-row";
      holder.appendChild(document.createElement("td"));
    }
    holder.firstChild.colSpan = row.cells.length;
    row.parentNode.insertBefore(holder, row.nextSibling);
    holder.firstChild.appendChild(why);
  };
  var hideWhy = function (why) {
    why.hidden = true;
    var holder = $("#why-row"), wrap = $(".sheet-wrap");
    if (holder) {
      if (wrap) wrap.parentNode.insertBefore(why, wrap.nextSibling);
      holder.remove();
    }
  };
  document.addEventListener("click", function (ev) {
    var why = $("#why");
    var live = $("#live");
    if (!why || !live) return;
    var button = ev.target.closest("#sheet button.pts");
    if (!button) { if (!ev.target.closest("#why") && !why.hidden) hideWhy(why); return; }
    var cell = button.closest("td");
    var row = button.closest("tr");
    var hand = row.dataset.hand;
    var head = $$("#sheet thead th")[cell.cellIndex];
    var player = head ? head.dataset.player : "";
    if (!why.hidden && why.dataset.from === hand + "\u0000" + player) { hideWhy(why); return; }
    whyUnder(why, row);
    if (notes && String(notes.revision) === live.dataset.revision) { showWhy(why, hand, player); return; }
    why.textContent = "\u2026"; why.hidden = false;
    fetch(live.dataset.notes, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.json(); })
      .then(function (body) { notes = body; showWhy($("#why"), hand, player); })
      .catch(function () { why.textContent = "No connection: open the hand (its number on the left) to read why."; });
  });

  /* --- links and printing -------------------------------------------------------------------------- */
  // Copy a link's field or a line of text (the standings) to the clipboard, and say so on the button.
  var copyOut = function (element, button) {
    var text = element.value !== undefined ? element.value : element.textContent.trim();
    var done = function () { button.textContent = "Copied"; };
    if (element.select) element.select();
    else window.getSelection().selectAllChildren(element);
    if (navigator.clipboard) navigator.clipboard.writeText(text).then(done);
    else if (document.execCommand) { document.execCommand("copy"); done(); }
  };
  document.addEventListener("click", function (ev) {
    var copy = ev.target.closest("[data-copy]");
    if (copy) copyOut(document.getElementById(copy.getAttribute("data-copy")), copy);
    var share = ev.target.closest("[data-share], [data-share-text]");
    if (share) {
      var link = share.hasAttribute("data-share");
      var from = document.getElementById(share.getAttribute(link ? "data-share" : "data-share-text"));
      var text = link ? from.value : from.textContent.trim();
      if (typeof navigator.share !== "function") copyOut(from, share);
      else navigator.share(link ? { title: document.title, url: text } : { text: text }).catch(function () {});
    }
    if (ev.target.closest("[data-print]")) window.print();
  });

  /* --- after a save: the saved hand and the totals in view, and as much above them as fits -------- */
  // The save lands on the sheet at the hand (#hand-N). Where the sheet is short the page stays at its
  // top (the notice, who deals next); else the saved row and the totals sit just above the record bar.
  var landOnSaved = function () {
    var found = /^#hand-(\d+)$/.exec(window.location.hash);
    var row = found && document.getElementById("hand-" + found[1]);
    if (!row || broughtBack()) return;
    var bar = $("#record-bar");
    var room = bar ? bar.getBoundingClientRect().top : window.innerHeight;
    var foot = $("#sheet tfoot") || row;
    var y = window.scrollY;
    var end = foot.getBoundingClientRect().bottom + y, start = row.getBoundingClientRect().top + y;
    window.scrollTo(0, Math.min(Math.max(0, end - room + 8), Math.max(0, start - 8)));
  };
  window.addEventListener("load", landOnSaved);

  /* --- follow the other phones: poll the revision, swap the sheet ---------------------------------- */
  // Once the game is over (here or on another phone: the live part says who won) nothing is recorded.
  var recordingOver = function () {
    if (!$("#game-over")) return;
    ["#record-bar", "#misdeal"].forEach(function (sel) { var el = $(sel); if (el) el.remove(); });
  };
  recordingOver();
  var live = $("#live");
  if (live && window.fetch) {
    var every = (parseInt(live.dataset.every, 10) || 4) * 1000;
    var busy = false;
    var poll = function () {
      live = $("#live");
      if (busy || document.hidden || !live) return;
      busy = true;
      fetch(live.dataset.poll, { credentials: "same-origin", cache: "no-store" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (body) {
          if (!body || String(body.revision) === live.dataset.revision) return null;
          return fetch(live.dataset.src, { credentials: "same-origin", cache: "no-store" })
            .then(function (r) { return r.ok ? r.text() : null; })
            .then(function (html) {
              if (!html) return;
              var doc = new DOMParser().parseFromString(html, "text/html");
              var fresh = doc.getElementById("live");
              if (fresh) live.replaceWith(document.adoptNode(fresh));
              recordingOver();
              document.dispatchEvent(new Event("scorekeeper:live"));  // offline.js shows what waits again
            });
        })
        .catch(function () {})
        .then(function () { busy = false; });
    };
    setInterval(poll, every);
    document.addEventListener("visibilitychange", poll);
    document.addEventListener("scorekeeper:sent", poll);  // hands kept on the phone went in
  }
})();

/* The scripts' words in the page's language (web/script_words.py), read once from the page's JSON: a word's
   {places} filled (numbers as the language writes them), a counted word's form by the language's plural rule. */
(function () {
  "use strict";
  var lang = document.documentElement.lang, words = {};
  try { words = JSON.parse(document.getElementById("words").textContent); } catch (e) { /* none: the keys show */ }
  window.scorekeeperWords = { lang: lang, words: words, say: function (key, values) {
    var text = key in words ? words[key] : key;
    if (typeof text === "object") text = text[new Intl.PluralRules(lang).select(values.n)] || text.other;
    return text.replace(/\{(\w+)\}/g, function (all, name) {
      var v = values && values[name];
      return v === undefined || v === null ? all : typeof v === "number" ? v.toLocaleString(lang) : String(v);
    });
  } };
})();
