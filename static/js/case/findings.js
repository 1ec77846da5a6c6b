// Findings (case page): select one and show its places in both panes; per finding (group)
// decisions with undo, "gate right on all", auto-advance and progress; the cue that says how
// many findings are below the pane's visible part (d732).
(function () {
  const gg = window.ggCase;
  const form = gg.form;
  const answer = gg.answer;
  const rightPane = gg.rightPane;
  const items = (gg.items = Array.from(document.querySelectorAll(".finding-item")));
  const members = items.map(function (item) { return (item.dataset.members || "").split(" ").filter(Boolean); });
  gg.current = -1;
  function itemOf(findingId) {
    return members.findIndex(function (ids) { return ids.indexOf(String(findingId)) >= 0; });
  }
  function places(root, ids) {
    if (!root) return [];
    const selector = ids.map(function (id) { return '[data-findings~="' + id + '"]'; }).join(",");
    return selector ? Array.from(root.querySelectorAll(selector)) : [];
  }
  // A finding's last row a reviewer acts on: its "should say" row where the answer can be
  // corrected (d1009: under d981 it could open under the "more below" bar), else its decision.
  function lastRow(item) {
    return item.querySelector(".fix") || item.querySelector(".decide");
  }
  function select(i, opts) {
    if (!items.length) return;
    opts = opts || {};
    if (gg.current >= 0) items[gg.current].classList.remove("selected");
    document.querySelectorAll(".selected-place").forEach(function (el) { el.classList.remove("selected-place"); });
    gg.current = Math.max(0, Math.min(items.length - 1, i));
    const item = items[gg.current];
    item.classList.add("selected");
    if (opts.focus !== false) item.focus({ preventScroll: true });
    // Opening the case, the pane stays at its top (the case's head line whole) where the
    // finding shows down to its last row (read it, decide it, correct it; d1009); the cue is
    // counted first, it takes room above the decision block. Otherwise it is brought in (d981).
    if (opts.opening) updateCue();
    if (!opts.opening || !gg.inView(item, lastRow(item))) gg.reveal(item, "nearest");
    const ids = members[gg.current];
    // Left pane: the answer's span(s).
    const spans = places(answer, ids);
    spans.forEach(function (el) { el.classList.add("selected-place"); });
    if (spans.length) gg.reveal(spans[0], "center", true);
    // Right pane: the source mark (or the source, evidence row, code lines), and the page box.
    const marks = places(rightPane, ids).filter(function (el) { return el.tagName !== "ARTICLE" || !el.querySelector("mark.src[data-findings]"); });
    const inText = marks.filter(function (el) { return el.matches("mark.src"); });
    const shown = inText.length ? inText : marks;
    shown.forEach(function (el) { el.classList.add("selected-place"); });
    const onPage = item.dataset.page && gg.focusBox(item.dataset.page, item.dataset.bbox, item.dataset.boxes);
    if (!onPage && shown.length) gg.reveal(shown[0], "center");
    // No box of its own on a page: the page pane goes to its excerpt's box, as opening does (d1007).
    if (!onPage && gg.figures.length) gg.showExcerpt(gg.excerptRowOf(ids));
    updateCue();
  }
  gg.select = select;
  items.forEach(function (item, i) {
    item.addEventListener("click", function (event) {
      if (event.target.closest(".decide, .fix")) return;
      select(i);
    });
  });
  if (answer) {
    answer.addEventListener("click", function (event) {
      const mark = event.target.closest("mark.finding");
      if (!mark) return;
      const i = itemOf(mark.dataset.findings.split(" ")[0]);
      if (i >= 0) select(i);
    });
  }
  if (rightPane) {
    rightPane.addEventListener("click", function (event) {
      const mark = event.target.closest("mark.src[data-findings]");
      if (!mark) return;
      const i = itemOf(mark.dataset.findings.split(" ")[0]);
      if (i >= 0) select(i);
    });
  }

  // ---- "N more findings below" --------------------------------------------------------------
  // Where the left pane is shorter than its findings (1366x768: about three of six show), the
  // decision block's top edge says how many rows are cut off below, and takes you to the first.
  const list = document.getElementById("findings");
  const cue = document.getElementById("more-below");
  let firstBelow = -1;
  function scroller() {
    for (let c = list ? list.parentElement : null; c && c !== document.body; c = c.parentElement) {
      if (/(auto|scroll)/.test(getComputedStyle(c).overflowY)) return c;
    }
    return null;  // the window scrolls (one column)
  }
  function updateCue() {
    if (!cue || !items.length) return;
    const c = scroller();
    const bottom = c ? c.getBoundingClientRect().bottom - gg.stuckCovers(c, list).bottom : window.innerHeight;
    // The selected finding is not "more below" where its top shows: it is the one being read
    // (d1018; after scrolling the pane back to its top the cue counted "3 more findings below"
    // of 3, the first one selected and in view).
    const top = c ? c.getBoundingClientRect().top + gg.stuckCovers(c, list).top : 0;
    const below = items.filter(function (item, i) {
      const r = item.getBoundingClientRect();
      if (i === gg.current && r.top >= top - 0.5 && r.top < bottom - 1) return false;
      return r.bottom > bottom + 1;
    });
    firstBelow = below.length ? items.indexOf(below[0]) : -1;
    cue.hidden = !below.length;
    if (!below.length) return;
    const open = below.filter(function (item) { return !item.classList.contains("decided"); }).length;
    cue.textContent = "▼ " + below.length + " more finding" + (below.length === 1 ? "" : "s") + " below" +
      (open === below.length ? "" : open ? " (" + open + " undecided)" : " (all decided)");
  }
  gg.updateCue = updateCue;
  let queued = false;  // scrolling and resizing: once a frame, not once an event
  function soon() {
    if (queued) return;
    queued = true;
    window.requestAnimationFrame(function () { queued = false; updateCue(); });
  }
  if (cue) {
    cue.addEventListener("click", function () { if (firstBelow >= 0) select(firstBelow); });
    document.addEventListener("scroll", soon, true);
    window.addEventListener("resize", soon);
    if (window.ResizeObserver && list) new ResizeObserver(soon).observe(list);
  }

  // ---- Decisions: per finding (group), undo, gate right on all, progress ------------------
  const progress = document.getElementById("progress");
  const undoButton = document.getElementById("undo");
  function stateOf(item) {
    const checked = item.querySelector('input[type="radio"]:checked');
    return { call: checked ? checked.value : "", reason: item.querySelector("select").value };
  }
  gg.stateOf = stateOf;
  const known = (gg.known = items.map(stateOf));  // the state before the latest change, for undo
  const history = [];  // undo steps: [[item index, previous state], ...]
  // After `w`, the reason picked for that finding belongs to the same decision (one undo step).
  gg.reasonFor = -1;
  function apply(i, state) {
    const item = items[i];
    item.querySelectorAll('input[type="radio"]').forEach(function (r) { r.checked = r.value === state.call; });
    item.querySelector("select").value = state.reason;
    known[i] = stateOf(item);
    refresh();
  }
  function refresh() {
    let done = 0;
    items.forEach(function (item, i) {
      const decided = !!known[i].call && (known[i].call !== "wrong" || !!known[i].reason);
      item.classList.toggle("decided", decided);
      if (decided) done += 1;
    });
    if (progress && items.length) progress.textContent = done + " of " + items.length + " findings decided";
    if (undoButton) undoButton.disabled = history.length === 0;
    updateCue();
  }
  gg.decide = function decide(changes) {  // changes: [[item index, new state], ...] as ONE undo step
    gg.reasonFor = -1;
    const step = changes.map(function (c) { return [c[0], known[c[0]]]; });
    if (!step.length) return;
    history.push(step);
    changes.forEach(function (c) { apply(c[0], c[1]); });
  };
  gg.undo = function undo() {
    const step = history.pop();
    if (!step) return;
    step.forEach(function (c) { apply(c[0], c[1]); });
    select(step[0][0]);
  };
  function nextUndecided(from) {
    for (let k = 1; k <= items.length; k++) {
      const i = (from + k) % items.length;
      if (!known[i].call) return i;
    }
    return -1;
  }
  gg.nextUndecided = nextUndecided;
  gg.advance = function advance() {
    const i = nextUndecided(gg.current);
    if (i >= 0) { select(i); return; }
    // Every finding is decided: the case label is next.
    if (gg.current >= 0) items[gg.current].classList.remove("selected");
    const label = form.querySelector('input[name="label"]:checked') || form.querySelector('input[name="label"]');
    if (label) label.focus({ preventScroll: true });
  };
  gg.allRight = function allRight() {
    gg.decide(items.map(function (_, i) { return i; })
      .filter(function (i) { return !known[i].call; })
      .map(function (i) { return [i, { call: "right", reason: "" }]; }));
    gg.advance();
  };
  // Mouse changes are decisions too (one undo step each).
  items.forEach(function (item, i) {
    item.querySelectorAll('input[type="radio"], select').forEach(function (input) {
      input.addEventListener("change", function () {
        const now = stateOf(item);
        if (!(input.tagName === "SELECT" && gg.reasonFor === i)) history.push([[i, known[i]]]);
        known[i] = now;
        refresh();
      });
    });
  });
  const allButton = document.getElementById("all-right");
  if (allButton) allButton.addEventListener("click", gg.allRight);
  if (undoButton) undoButton.addEventListener("click", gg.undo);
  refresh();
  // Back to the page (from the back-forward cache, or a page whose form the browser filled in
  // again after this script ran): the counter, the rows and Undo follow the form as shown. A
  // call the script did not see is one undo step back to the page's own start.
  function resync() {
    items.forEach(function (item, i) {
      const now = stateOf(item);
      if (now.call === known[i].call && now.reason === known[i].reason) return;
      const checked = Array.from(item.querySelectorAll('input[type="radio"]')).find(function (r) { return r.defaultChecked; });
      const option = Array.from(item.querySelector("select").options).find(function (o) { return o.defaultSelected; });
      const was = { call: checked ? checked.value : "", reason: option ? option.value : "" };
      history.push([[i, was.call === now.call && was.reason === now.reason ? known[i] : was]]);
      known[i] = now;
    });
    refresh();
  }
  window.addEventListener("pageshow", resync);
})();
