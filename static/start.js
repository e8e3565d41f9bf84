/* The start page: under each option, the line that says what its chosen value means follows the
   choice (the server writes it for the value chosen when the page was drawn). The page works without it. */
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll("select[data-said]"), function (select) {
    var line = document.getElementById(select.getAttribute("data-said"));
    if (!line) return;
    select.addEventListener("change", function () {
      var chosen = select.options[select.selectedIndex];
      line.textContent = chosen ? chosen.getAttribute("data-line") || "" : "";
    });
  });
})();
