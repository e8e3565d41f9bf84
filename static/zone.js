// The phone's time zone (an IANA name such as "Pacific/Auckland"), sent with the start form: the
// table keeps it, and its printed sheet shows its times as this phone does. Without it (no script,
// an old browser) the sheet prints in UTC and says so.
(function () {
  "use strict";
  var field = document.querySelector("input[data-time-zone]");
  if (!field) return;
  try {
    field.value = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (e) {
    field.value = "";
  }
})();
