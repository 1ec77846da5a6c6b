// The case page's keyboard, the save warning for undecided findings, and the finding a case
// opens on. Keys: j/k finding, r/w gate right/wrong, a right on all, u undo, 1-5 label (the
// chosen label then holds the focus, d733), s save, n save and next, x skip, e/c/g/v
// corrections, [ ] PgUp PgDn cited page, + - zoom.
(function () {
  const gg = window.ggCase;
  const form = gg.form;
  const items = gg.items;
  const known = gg.known;
  const correct = gg.correct;
  // Saving with undecided findings (a `w` without a reason is not decided) asks once: the
  // warning names how many, and a second save within the page saves anyway.
  let warned = false;
  function undecided() {
    return items.filter(function (item) {
      const st = gg.stateOf(item);
      return !st.call || (st.call === "wrong" && !st.reason);
    }).length;
  }
  function submit(next) {
    const button = form.querySelector('button[name="next"][value="' + (next ? "1" : "0") + '"]');
    if (form.reportValidity()) form.requestSubmit(button);
  }
  form.addEventListener("submit", function (event) {
    const left = undecided();
    if (left && !warned) {
      warned = true;
      event.preventDefault();
      event.stopImmediatePropagation();
      const note = document.getElementById("partial-warning");
      note.textContent = left + " of " + items.length + " findings undecided (a “gate wrong” needs a reason): save again to save anyway.";
      note.hidden = false;
    }
  }, true);
  const skip = document.getElementById("skip");
  const paged = gg.figures.length > 0;
  // The reason list of a finding takes the keyboard only for choosing a reason (arrow keys,
  // then Enter moves on): the page's own keys still work there, Escape hands focus back to the
  // finding, and `s` saves rather than type-to-select a reason starting with "s".
  const KEYS = /^([1-5]|j|k|r|w|s|n|a|u|x)$/;
  document.addEventListener("keydown", function (event) {
    const target = event.target;
    const tag = (target.tagName || "").toLowerCase();
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (tag === "select" && target.closest(".finding-item")) {
      const item = target.closest(".finding-item");
      if (event.key === "Escape") {
        gg.select(items.indexOf(item));
        event.preventDefault();
        return;
      }
      if (event.key === "Enter") {  // the reason is chosen: on to the next undecided finding
        gg.current = items.indexOf(item);
        known[gg.current] = gg.stateOf(item);
        gg.advance();
        event.preventDefault();
        return;
      }
      if (!KEYS.test(event.key)) return;
      gg.current = items.indexOf(item);
      known[gg.current] = gg.stateOf(item);  // a reason picked with the arrow keys
    } else if (tag === "input" && target.type === "text" || tag === "textarea" || tag === "select" || tag === "input" && !target.type) {
      if (event.key === "Escape" && (tag === "textarea" || tag === "input")) { target.blur(); event.preventDefault(); }
      return;
    }
    const current = gg.current;
    if (event.key === "Escape" && correct && gg.isPointing()) { gg.setMode(null); event.preventDefault(); return; }
    if (correct && event.key === "e") { document.getElementById("edit-answer").click(); event.preventDefault(); return; }
    if (correct && event.key === "c") { gg.setMode({ kind: "citation" }); event.preventDefault(); return; }
    if (correct && event.key === "g" && current >= 0) {
      const fix = items[current].querySelector(".fix");
      if (fix) gg.setMode({ kind: "finding", index: parseInt(fix.dataset.index, 10) });
      event.preventDefault();
      return;
    }
    if (correct && event.key === "v" && current >= 0) {
      const input = items[current].querySelector(".fixvalue");
      if (input) input.focus();
      event.preventDefault();
      return;
    }
    const labels = form.querySelectorAll('input[name="label"]');
    if (/^[1-5]$/.test(event.key) && labels[+event.key - 1]) {
      // The chosen label takes the focus (d733): left on another radio (the first, after the
      // last finding was decided), Space or an arrow key would act on that one instead.
      const chosen = labels[+event.key - 1];
      chosen.checked = true;
      chosen.focus({ preventScroll: true });
    }
    else if (event.key === "j") { gg.select(current + 1); }
    else if (event.key === "k") { gg.select(current - 1); }
    else if (event.key === "r" && current >= 0) {
      gg.decide([[current, { call: "right", reason: "" }]]);
      gg.advance();
    }
    else if (event.key === "w" && current >= 0) {
      // Wrong needs a reason: the list gets focus so the arrow keys pick one, Enter moves on.
      gg.decide([[current, { call: "wrong", reason: known[current].reason }]]);
      gg.reasonFor = current;
      items[current].querySelector("select").focus();
    }
    else if (event.key === "a" && items.length) { gg.allRight(); }
    else if (event.key === "u") { gg.undo(); }
    else if (event.key === "x" && skip) { window.location.href = skip.href; }
    else if (event.key === "s") { submit(false); }
    else if (event.key === "n") { submit(true); }
    else if ((event.key === "]" || event.key === "PageDown") && paged) { gg.pageStep(1); }
    else if ((event.key === "[" || event.key === "PageUp") && paged) { gg.pageStep(-1); }
    else if ((event.key === "+" || event.key === "=") && paged) { gg.zoomStep(1); }
    else if (event.key === "-" && paged) { gg.zoomStep(-1); }
    else { return; }
    event.preventDefault();
  });

  // Opening a case selects the finding to work on: the one a refused save names, else the
  // first undecided one (one key less per case).
  const failed = items.findIndex(function (item) { return item.classList.contains("has-error"); });
  const start = failed >= 0 ? failed : gg.nextUndecided(-1);
  if (start >= 0) gg.select(start, { opening: true });
  else gg.updateCue();
  // The page pane opens at that finding's box; where it has none on a page (one about the
  // question's own words: select goes to its excerpt's, d1007), or no finding is selected, at
  // the cited excerpt's box (d963).
  if (paged && start < 0) gg.showExcerpt();
})();
