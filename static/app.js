/* Scorekeeper: a little JavaScript where it saves taps. The pages work without it.
   No rules live here: every check is the server's (the engine's). */
(function () {
  "use strict";
  document.documentElement.classList.add("js");
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

  /* --- number steppers and the last player's count ------------------------------------------- */
  var form = $("#result-form");
  if (form) {
    var fill = function (kind) {
      var inputs = $$('input[data-sum="' + kind + '"]', form);
      var total = parseInt(form.getAttribute("data-" + kind + "-total"), 10);
      if (inputs.length < 2 || isNaN(total)) return;
      var last = inputs[inputs.length - 1];
      if (last.dataset.manual === "1") return;
      var sum = 0, typed = 0;
      inputs.slice(0, -1).forEach(function (i) {
        if (i.value !== "") { typed += 1; sum += parseInt(i.value, 10) || 0; }
      });
      if (!typed) return;
      if (sum <= total) { last.value = String(total - sum); last.classList.add("auto"); }
    };
    form.addEventListener("input", function (ev) {
      var input = ev.target;
      if (!input.dataset || !input.dataset.sum) return;
      var inputs = $$('input[data-sum="' + input.dataset.sum + '"]', form);
      if (input === inputs[inputs.length - 1]) {
        input.dataset.manual = input.value === "" ? "" : "1";
        input.classList.remove("auto");
      } else {
        fill(input.dataset.sum);
      }
    });
    form.addEventListener("click", function (ev) {
      var button = ev.target.closest("button[data-step]");
      if (!button) return;
      var input = document.getElementById(button.getAttribute("data-for"));
      var max = parseInt(input.max, 10);
      var value = (parseInt(input.value, 10) || 0) + parseInt(button.getAttribute("data-step"), 10);
      if (value < 0) value = 0;
      if (!isNaN(max) && value > max) value = max;
      input.value = String(value);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }

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
  var notes = null;
  var showWhy = function (why, hand, player) {
    var text = notes && notes.hands[hand] && notes.hands[hand][player];
    why.textContent = "Hand " + hand + " \u00b7 " + (text || "no note for this hand");
    why.dataset.from = hand + "\u0000" + player;
    why.hidden = false;
  };
  document.addEventListener("click", function (ev) {
    var why = $("#why");
    var live = $("#live");
    if (!why || !live) return;
    var button = ev.target.closest("#sheet button.pts");
    if (!button) { if (!ev.target.closest("#why")) why.hidden = true; return; }
    var cell = button.closest("td");
    var hand = button.closest("tr").dataset.hand;
    var head = $$("#sheet thead th")[cell.cellIndex];
    var player = head ? head.dataset.player : "";
    if (!why.hidden && why.dataset.from === hand + "\u0000" + player) { why.hidden = true; return; }
    if (notes && String(notes.revision) === live.dataset.revision) { showWhy(why, hand, player); return; }
    why.textContent = "\u2026"; why.hidden = false;
    fetch(live.dataset.notes, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.json(); })
      .then(function (body) { notes = body; showWhy($("#why"), hand, player); })
      .catch(function () { why.textContent = "No connection: open the hand (its number on the left) to read why."; });
  });

  /* --- links and printing -------------------------------------------------------------------------- */
  document.addEventListener("click", function (ev) {
    var copy = ev.target.closest("[data-copy]");
    if (copy) {
      var input = document.getElementById(copy.getAttribute("data-copy"));
      input.select();
      if (navigator.clipboard) navigator.clipboard.writeText(input.value).then(function () { copy.textContent = "Copied"; });
      else if (document.execCommand) { document.execCommand("copy"); copy.textContent = "Copied"; }
    }
    if (ev.target.closest("[data-print]")) window.print();
  });

  /* --- follow the other phones: poll the revision, swap the sheet ---------------------------------- */
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
            });
        })
        .catch(function () {})
        .then(function () { busy = false; });
    };
    setInterval(poll, every);
    document.addEventListener("visibilitychange", poll);
  }
})();
