"use strict";
// Errors go into the page itself (the list #nq-errors), so that a headless
// browser's DOM dump shows them: the browser test fails on any entry. Runs
// first, before any other script, so nothing escapes it.
(function () {
  const pending = [];
  function record(text) {
    const list = document.getElementById("nq-errors");
    if (!list) {
      pending.push(text);
      return;
    }
    const item = document.createElement("li");
    item.textContent = text;
    list.appendChild(item);
  }
  window.addEventListener("error", function (event) {
    record("error: " + event.message + " (" + event.filename + ":" + event.lineno + ")");
  });
  window.addEventListener("unhandledrejection", function (event) {
    record("unhandled rejection: " + event.reason);
  });
  document.addEventListener("securitypolicyviolation", function (event) {
    record("refused by the content security policy: " + event.blockedURI + " (" +
      event.violatedDirective + ")");
  });
  for (const level of ["error", "warn"]) {
    const original = console[level];
    console[level] = function () {
      record("console." + level + ": " + Array.prototype.join.call(arguments, " "));
      original.apply(console, arguments);
    };
  }
  document.addEventListener("DOMContentLoaded", function () {
    pending.splice(0).forEach(record);
  });
  window.NQ = { recordError: record };
})();
