/* Scorekeeper: the result form's arithmetic (linked by the pages that show a result form, loaded only there).
   No rules live here: every check is the server's (the engine's). The form works without it. */
(function () {
  "use strict";
  var $ = function (sel, root) { return (root || document).querySelector(sel); };
  var $$ = function (sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); };

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
})();
