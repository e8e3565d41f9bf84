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

  /* --- the result form: the counts, the last player's count, the moon question ---------------- */
  // Arithmetic on the totals the page was given (data-<kind>-total, data-<kind>-max) and nothing
  // more: a count is flagged where it cannot be, and the engine's refusal on Save has the last word.
  var countInputs = function (form, kind) { return $$('input[data-sum="' + kind + '"]', form); };
  var countOf = function (input) { return input.value === "" ? null : parseInt(input.value, 10); };

  // What the counts of a kind add up to: exactly (every heart is taken by someone) or at most (cards
  // out of play, worth unknown); null where the page was given neither (bids).
  var countLimit = function (form, kind) {
    var total = parseInt(form.getAttribute("data-" + kind + "-total"), 10);
    if (!isNaN(total)) return { value: total, exact: true };
    var most = parseInt(form.getAttribute("data-" + kind + "-max"), 10);
    return isNaN(most) ? null : { value: most, exact: false };
  };

  var countNoun = function (input) {
    var set = input.closest("[data-noun]");
    return set ? set.getAttribute("data-noun") : input.dataset.sum;
  };

  // The last player's count fills itself in (the total less the others) until a figure is typed into
  // it; it follows every change of the others, and is left empty while they say nothing or too much.
  var fillLast = function (form, kind) {
    var inputs = countInputs(form, kind), limit = countLimit(form, kind);
    if (inputs.length < 2 || !limit || !limit.exact) return;
    var last = inputs[inputs.length - 1];
    if (last.dataset.typed === "1") return;
    var sum = 0, given = 0;
    inputs.slice(0, -1).forEach(function (input) {
      var n = countOf(input);
      if (n !== null && !isNaN(n)) { given += 1; sum += n; }
    });
    var auto = given && sum <= limit.value ? String(limit.value - sum) : "";
    last.value = auto;
    last.dataset.auto = auto;
    last.classList.toggle("auto", auto !== "");
  };

  // On a page that comes back filled (a refusal, a correction, the browser's Back), a last count
  // that is the total less the others is the page's own figure; any other is a typed one.
  var startLast = function (form, kind) {
    var inputs = countInputs(form, kind), limit = countLimit(form, kind);
    if (inputs.length < 2 || !limit || !limit.exact) return;
    var last = inputs[inputs.length - 1];
    if (last.value === "") return;
    var sum = inputs.reduce(function (s, input) { return s + (countOf(input) || 0); }, 0);
    if (sum === limit.value) { last.dataset.auto = last.value; last.classList.add("auto"); }
    else last.dataset.typed = "1";
  };

  // Typing into the page's figure replaces it: digits typed beside it (the caret was not on it) keep
  // only what was typed. Emptying the field gives it back to the page.
  var typedIntoLast = function (last) {
    var auto = last.dataset.auto || "";
    if (auto && last.value.length > auto.length) {
      if (last.value.indexOf(auto) === 0) last.value = last.value.slice(auto.length);
      else if (last.value.slice(-auto.length) === auto) last.value = last.value.slice(0, -auto.length);
    }
    last.dataset.auto = "";
    last.classList.remove("auto");
    last.dataset.typed = last.value === "" ? "" : "1";
  };

  // A sentence at the field (aria-invalid, described by it), or none.
  var flagCount = function (input, message) {
    var id = input.id + "-check";
    var note = document.getElementById(id);
    var described = (input.getAttribute("aria-describedby") || "").split(" ").filter(function (d) { return d && d !== id; });
    if (!message) {
      if (note) note.remove();
      input.removeAttribute("aria-invalid");
    } else {
      if (!note) {
        note = document.createElement("p");
        note.className = "field-error";
        note.id = id;
        note.setAttribute("aria-live", "polite");
        (input.closest(".count-row, .field") || input.parentNode).appendChild(note);
      }
      note.textContent = message;
      input.setAttribute("aria-invalid", "true");
      described.push(id);
    }
    if (described.length) input.setAttribute("aria-describedby", described.join(" "));
    else input.removeAttribute("aria-describedby");
  };

  // Counts that cannot happen: more than a hand holds in one field, or the fields together over the
  // total (said at the field just changed, or the last one holding a figure).
  var checkCounts = function (form, kind, changed) {
    var inputs = countInputs(form, kind), limit = countLimit(form, kind);
    if (!inputs.length) return;
    var noun = countNoun(inputs[0]), sum = 0, holding = null;
    var own = inputs.map(function (input) {
      var n = countOf(input), most = parseInt(input.max, 10);
      if (n === null || isNaN(n)) return null;
      sum += n;
      holding = input;
      return !isNaN(most) && n > most ? "A hand has only " + most + " " + noun + ": " + n + " is too many." : null;
    });
    var at = changed && inputs.indexOf(changed) >= 0 && countOf(changed) !== null ? changed : holding;
    var over = limit && sum > limit.value
      ? "The " + noun + " add up to " + sum + " here, more than the " + limit.value + " a hand has." : null;
    inputs.forEach(function (input, k) { flagCount(input, own[k] || (input === at ? over : null)); });
  };

  // The shooter's choice matters only for a moon: one player with every heart (or every spot) and
  // every card the moon needs (data-moon-cards). Where the counts cannot tell, the question stays.
  var moonPossible = function (form, moon) {
    var total = { hearts: parseInt(form.getAttribute("data-hearts-total"), 10),
                  spots: parseInt(form.getAttribute("data-spots-total"), 10) };
    var seats = {};
    ["hearts", "spots"].forEach(function (kind) {
      countInputs(form, kind).forEach(function (input) {
        if (input.dataset.seat === "out" || isNaN(total[kind]) || !total[kind]) return;
        seats[input.dataset.seat] = seats[input.dataset.seat] || countOf(input) === total[kind];
      });
    });
    if (!Object.keys(seats).length) return true;
    var cards = (moon.getAttribute("data-moon-cards") || "").split(" ").filter(Boolean);
    var groups = cards.map(function (code) { return $$('fieldset[data-card="' + code + '"]', form); });
    if (groups.some(function (g) { return !g.length; })) return true;
    return Object.keys(seats).some(function (seat) {
      return seats[seat] && groups.every(function (copies) {
        return copies.every(function (g) { var taker = $("input:checked", g); return taker && taker.value === seat; });
      });
    });
  };

  var showMoon = function (form) {
    var moon = $("#moon", form);
    if (!moon) return;
    var possible = moonPossible(form, moon);
    moon.hidden = !possible;
    moon.disabled = !possible;  // a choice left from before is not sent while there is no moon
  };

  // A tap selects the whole count, so a figure typed replaces it (after the tap's own caret placing).
  var selectCount = function (input) {
    input.select();
    input.dataset.selecting = "1";
    setTimeout(function () { if (document.activeElement === input) input.select(); }, 0);
  };

  var step = function (button) {
    var input = document.getElementById(button.getAttribute("data-for"));
    var most = parseInt(input.max, 10);
    var value = (parseInt(input.value, 10) || 0) + parseInt(button.getAttribute("data-step"), 10);
    if (value < 0) value = 0;
    if (!isNaN(most) && value > most) value = most;
    input.value = String(value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  };

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

  var keepAboveBar = function (field, bar) {
    if (!bar || !field || !field.getBoundingClientRect) return;
    var box = field.getBoundingClientRect(), top = bar.getBoundingClientRect().top;
    if (box.bottom > top - 8 && box.top > 0) window.scrollBy(0, Math.min(box.bottom - top + 8, box.top));
  };

  // The form as it stands: the last counts, the flags, the moon question. Once as the page loads, and
  // again as it is shown: a browser fills a form brought back by Back in after the page has loaded.
  var refreshForm = function (form) {
    var kinds = {};
    $$("input[data-sum]", form).forEach(function (input) { kinds[input.dataset.sum] = true; });
    Object.keys(kinds).forEach(function (kind) { startLast(form, kind); fillLast(form, kind); checkCounts(form, kind, null); });
    showMoon(form);
  };

  var resultForm = function (form) {
    refreshForm(form);
    window.addEventListener("pageshow", function () { refreshForm(form); });
    form.addEventListener("input", function (ev) {
      var input = ev.target;
      if (!input.dataset || !input.dataset.sum) return;
      var kind = input.dataset.sum, inputs = countInputs(form, kind);
      if (inputs.length > 1 && input === inputs[inputs.length - 1]) typedIntoLast(input);
      fillLast(form, kind);
      checkCounts(form, kind, input);
      showMoon(form);
    });
    form.addEventListener("change", function (ev) { if (ev.target.type === "radio") showMoon(form); });
    form.addEventListener("click", function (ev) {
      var button = ev.target.closest("button[data-step]");
      if (button) step(button);
    });
    var bar = $(".save-bar", form);
    form.addEventListener("focusin", function (ev) {
      var input = ev.target;
      if (input.dataset && input.dataset.sum) selectCount(input);
      if (input.matches("input, select, textarea")) {
        keepAboveBar(input, bar);
        setTimeout(function () { if (document.activeElement === input) keepAboveBar(input, bar); }, 350);  // the keyboard has opened
      }
    });
    form.addEventListener("mouseup", function (ev) {  // some browsers drop the selection as the tap ends
      var input = ev.target;
      if (input.dataset && input.dataset.selecting === "1") { ev.preventDefault(); input.dataset.selecting = ""; }
    });
    form.addEventListener("focusout", function (ev) { if (ev.target.dataset) ev.target.dataset.selecting = ""; });
  };

  var form = $("#result-form");
  if (form) resultForm(form);
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
