// The messages of a save the page's own script sent (static/js/save.js): the server gives them
// in its answer, not in the session, and save.js keeps them in this tab's sessionStorage for the
// page it opens next, which shows them here as the server shows its own (base.html's
// .messages). A save whose page stayed (its form changed meanwhile, d901) keeps nothing, so no
// "Saved" waits to show beside a later save's (d925). Shown once: read, then removed.
(function () {
  const KEY = "groundgate.saved-messages";
  let kept = null;
  try {
    kept = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
  } catch (e) {
    return;  // storage refused (a privacy setting): the page still opened; nothing to show
  }
  if (!kept) return;
  let said = [];
  try { said = JSON.parse(kept); } catch (e) { return; }
  if (!Array.isArray(said) || !said.length) return;
  const main = document.querySelector("main");
  if (!main) return;
  let list = main.querySelector(":scope > .messages");
  if (!list) {
    list = document.createElement("ul");
    list.className = "messages";
    main.insertBefore(list, main.firstChild);
  }
  said.forEach(function (m) {
    if (!m || typeof m.text !== "string") return;
    const item = document.createElement("li");
    item.className = "msg-" + (/^(success|info|error|warning)$/.test(m.level) ? m.level : "info");
    item.textContent = m.text;
    list.appendChild(item);
  });
})();
