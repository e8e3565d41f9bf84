/* The audit: step through the hand without reloading the page. The server builds every step from the
   engine's steps; this asks it for the step wanted (the same form post the buttons make without
   JavaScript) and puts the answer's step in place. Tapping an action to change it stays a plain post. */
(function () {
  "use strict";
  if (!window.fetch || !window.DOMParser) return;
  var busy = false;

  var bind = function () {
    var root = document.getElementById("steps");
    if (!root) return;
    var form = document.getElementById("step-form");
    var slider = document.getElementById("step-slider");
    var number = document.getElementById("step-number");
    var go = function (n) {
      var last = parseInt(root.dataset.last, 10) || 0;
      n = Math.max(0, Math.min(last, n));
      if (busy || String(n) === root.dataset.current) return;
      busy = true;
      var body = new FormData(form);
      body.set("step", String(n));
      fetch(form.action, { method: "POST", body: body, credentials: "same-origin" })
        .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
        .then(function (text) {
          var fresh = new DOMParser().parseFromString(text, "text/html").getElementById("steps");
          if (!fresh) throw new Error("no steps");
          root.replaceWith(fresh);
          busy = false;
          bind();
          var heading = fresh.querySelector(".frame h3");
          if (heading) { heading.setAttribute("tabindex", "-1"); heading.focus({ preventScroll: true }); }
        })
        .catch(function () {  // the server answers the plain post: let the page reload with the step
          busy = false;
          var field = document.createElement("input");
          field.type = "hidden"; field.name = "step"; field.value = String(n);
          form.appendChild(field);
          form.submit();
        });
    };
    var current = function () { return parseInt(root.dataset.current, 10) || 0; };
    var buttons = form.querySelectorAll('button[name="step"]');
    Array.prototype.forEach.call(buttons, function (b) {
      b.addEventListener("click", function (event) { event.preventDefault(); go(parseInt(b.value, 10) || 0); });
    });
    if (slider) {
      slider.addEventListener("input", function () { if (number) number.textContent = slider.value; });
      slider.addEventListener("change", function () { go(parseInt(slider.value, 10) || 0); });
    }
    root.dataset.bound = "1";
    root.current = current;
  };
  bind();
  document.addEventListener("keydown", function (event) {
    var root = document.getElementById("steps");
    if (!root || (event.target && /INPUT|TEXTAREA|SELECT/.test(event.target.tagName))) return;
    var step = event.key === "ArrowLeft" ? "prev-step" : event.key === "ArrowRight" ? "next-step" : null;
    var button = step && document.getElementById(step);
    if (button && !button.disabled) button.click();
  });
})();
