// Case page: a finding selects and scrolls to its places in both panes (the answer span; the
// page box, source text mark, evidence row or code lines); keyboard decisions with undo,
// "gate right on all", auto-advance and progress; the page viewer's zoom and cited-page steps.
(function () {
  const leftPane = document.getElementById("left-pane");
  const rightPane = document.getElementById("right-pane");
  const answer = document.getElementById("answertext");

  // Bring `el` into view inside its pane (and inside the scroll boxes between), never by
  // scrolling the window: the panes stay where they are. Where the panes do not scroll (a narrow
  // screen, one column), the window does.
  function reveal(el, block) {
    const pane = el.closest(".pane");
    if (!pane || getComputedStyle(pane).overflowY === "visible") {
      el.scrollIntoView({ block: block === "center" ? "center" : "nearest" });
      return;
    }
    for (let c = el.parentElement; c && c !== document.body; c = c.parentElement) {
      const style = getComputedStyle(c);
      const r = el.getBoundingClientRect(), q = c.getBoundingClientRect();
      if (/(auto|scroll)/.test(style.overflowY) && c.scrollHeight > c.clientHeight) {
        if (block === "center" || block === "start" || r.top < q.top || r.bottom > q.bottom) {
          let room;  // where el's top should land, from the container's top
          if (block === "start") room = 48;  // below the viewer's sticky toolbar
          else if (block === "center") room = (q.height - r.height) / 2;
          else room = r.top < q.top ? 8 : q.height - r.height - 8;
          c.scrollTop += r.top - q.top - Math.max(0, room);
        }
      }
      if (/(auto|scroll)/.test(style.overflowX) && c.scrollWidth > c.clientWidth && (r.left < q.left || r.right > q.right)) {
        c.scrollLeft += r.left - q.left - Math.max(0, (q.width - r.width) / 2);
      }
      if (c.classList.contains("pane")) break;
    }
  }

  // ---- The page viewer -------------------------------------------------------------------
  // A box in unrotated PDF points -> a fraction of the rendered (rotated) image.
  function toImage(figure, bbox) {
    const w = parseFloat(figure.dataset.width), h = parseFloat(figure.dataset.height);
    const rot = parseInt(figure.dataset.rotation || "0", 10) % 360;
    let [x0, y0, x1, y1] = bbox;
    let rw = w, rh = h, box;
    if (rot === 90) { box = [h - y1, x0, h - y0, x1]; rw = h; rh = w; }
    else if (rot === 180) { box = [w - x1, h - y1, w - x0, h - y0]; }
    else if (rot === 270) { box = [y0, w - x1, y1, w - x0]; rw = h; rh = w; }
    else { box = [x0, y0, x1, y1]; }
    return { left: box[0] / rw, top: box[1] / rh, width: (box[2] - box[0]) / rw, height: (box[3] - box[1]) / rh };
  }
  const figures = Array.from(document.querySelectorAll(".pageview"));
  const pagePos = document.getElementById("page-pos");
  let pageAt = 0;
  function showPage(i) {
    if (!figures.length) return;
    pageAt = Math.max(0, Math.min(figures.length - 1, i));
    reveal(figures[pageAt], "start");
    if (pagePos) pagePos.textContent = figures[pageAt].dataset.label + " · " + (pageAt + 1) + " of " + figures.length;
  }
  function focusBox(key, bboxText) {
    const figure = figures.find(function (f) { return f.dataset.key === key; });
    if (!figure) return false;
    const marker = figure.querySelector(".focusbox");
    let target = figure;
    if (bboxText) {
      const r = toImage(figure, bboxText.split(",").map(Number));
      Object.assign(marker.style, { left: r.left * 100 + "%", top: r.top * 100 + "%",
                                    width: r.width * 100 + "%", height: r.height * 100 + "%" });
      marker.hidden = false;
      marker.classList.remove("flash"); void marker.offsetWidth; marker.classList.add("flash");
      target = marker;
    }
    pageAt = figures.indexOf(figure);
    if (pagePos) pagePos.textContent = figure.dataset.label + " · " + (pageAt + 1) + " of " + figures.length;
    reveal(target, "center");
    return true;
  }
  document.querySelectorAll("tr.evidence[data-bbox]").forEach(function (row) {
    row.addEventListener("click", function () {
      const doc = figures.length ? figures[0].dataset.key.split(":")[0] : null;
      if (doc) focusBox(doc + ":" + row.dataset.pageIndex, row.dataset.bbox);
    });
  });
  document.querySelectorAll("[data-page-step]").forEach(function (button) {
    button.addEventListener("click", function () { showPage(pageAt + parseInt(button.dataset.pageStep, 10)); });
  });

  // Page zoom: 1 is the pane's width (the default); a zoomed page scrolls inside its figure.
  // When a page is shown wider than its image, a sharper render is asked for at the server's
  // nearest zoom level (groundgate/services/rendering.py ZOOM_LEVELS), never a smaller one.
  const SCALES = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
  const RENDER_ZOOMS = [0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 3.0, 4.0, 6.0];
  const zoomLabel = document.getElementById("zoom-level");
  let scale = 1;
  function sharpen(figure) {
    const rot = parseInt(figure.dataset.rotation || "0", 10) % 180;
    const points = parseFloat(rot ? figure.dataset.height : figure.dataset.width);
    const img = figure.querySelector("img");
    if (!points || !img) return;
    const wanted = img.parentElement.clientWidth * (window.devicePixelRatio || 1) / points;
    const level = RENDER_ZOOMS.find(function (z) { return z >= wanted; }) || 6.0;
    if (level <= parseFloat(figure.dataset.zoom)) return;
    const url = new URL(img.getAttribute("src"), window.location.href);
    url.searchParams.set("zoom", String(level));
    img.src = url.pathname + url.search;
    figure.dataset.zoom = String(level);
  }
  function zoom(to) {
    scale = to;
    figures.forEach(function (figure) {
      figure.querySelector(".pagebox").style.width = scale * 100 + "%";
      sharpen(figure);
    });
    if (zoomLabel) zoomLabel.textContent = scale === 1 ? "fit width" : Math.round(scale * 100) + "%";
  }
  function zoomStep(direction) {
    const i = SCALES.indexOf(scale) + direction;
    if (i >= 0 && i < SCALES.length) zoom(SCALES[i]);
  }
  document.querySelectorAll(".viewerbar button[data-zoom]").forEach(function (button) {
    button.addEventListener("click", function () {
      const what = button.dataset.zoom;
      if (what === "fit") zoom(1); else zoomStep(what === "in" ? 1 : -1);
    });
  });
  figures.forEach(sharpen);

  // ---- Findings: select one, show its places in both panes --------------------------------
  const form = document.getElementById("review-form");
  const items = Array.from(document.querySelectorAll(".finding-item"));
  const members = items.map(function (item) { return (item.dataset.members || "").split(" ").filter(Boolean); });
  let current = -1;
  function itemOf(findingId) {
    return members.findIndex(function (ids) { return ids.indexOf(String(findingId)) >= 0; });
  }
  function places(root, ids) {
    if (!root) return [];
    const selector = ids.map(function (id) { return '[data-findings~="' + id + '"]'; }).join(",");
    return selector ? Array.from(root.querySelectorAll(selector)) : [];
  }
  function select(i, opts) {
    if (!items.length) return;
    opts = opts || {};
    if (current >= 0) items[current].classList.remove("selected");
    document.querySelectorAll(".selected-place").forEach(function (el) { el.classList.remove("selected-place"); });
    current = Math.max(0, Math.min(items.length - 1, i));
    const item = items[current];
    item.classList.add("selected");
    if (opts.focus !== false) item.focus({ preventScroll: true });
    reveal(item, "nearest");
    const ids = members[current];
    // Left pane: the answer's span(s).
    const spans = places(answer, ids);
    spans.forEach(function (el) { el.classList.add("selected-place"); });
    if (spans.length) reveal(spans[0], "center");
    // Right pane: the source mark (or the source, evidence row, code lines), and the page box.
    const marks = places(rightPane, ids).filter(function (el) { return el.tagName !== "ARTICLE" || !el.querySelector("mark.src[data-findings]"); });
    const inText = marks.filter(function (el) { return el.matches("mark.src"); });
    const shown = inText.length ? inText : marks;
    shown.forEach(function (el) { el.classList.add("selected-place"); });
    const onPage = item.dataset.page && focusBox(item.dataset.page, item.dataset.bbox);
    if (!onPage && shown.length) reveal(shown[0], "center");
  }
  items.forEach(function (item, i) {
    item.addEventListener("click", function (event) {
      if (event.target.closest(".decide")) return;
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

  // ---- Decisions: per finding (group), undo, gate right on all, progress ------------------
  const progress = document.getElementById("progress");
  const undoButton = document.getElementById("undo");
  function stateOf(item) {
    const checked = item.querySelector('input[type="radio"]:checked');
    return { call: checked ? checked.value : "", reason: item.querySelector("select").value };
  }
  const known = items.map(stateOf);  // the state before the latest change, for undo
  const history = [];  // undo steps: [[item index, previous state], ...]
  // After `w`, the reason picked for that finding belongs to the same decision (one undo step).
  let reasonFor = -1;
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
      const decided = !!known[i].call;
      item.classList.toggle("decided", decided);
      if (decided) done += 1;
    });
    if (progress && items.length) progress.textContent = done + " of " + items.length + " findings decided";
    if (undoButton) undoButton.disabled = history.length === 0;
  }
  function decide(changes) {  // changes: [[item index, new state], ...] as ONE undo step
    reasonFor = -1;
    const step = changes.map(function (c) { return [c[0], known[c[0]]]; });
    if (!step.length) return;
    history.push(step);
    changes.forEach(function (c) { apply(c[0], c[1]); });
  }
  function undo() {
    const step = history.pop();
    if (!step) return;
    step.forEach(function (c) { apply(c[0], c[1]); });
    select(step[0][0]);
  }
  function nextUndecided(from) {
    for (let k = 1; k <= items.length; k++) {
      const i = (from + k) % items.length;
      if (!known[i].call) return i;
    }
    return -1;
  }
  function advance() {
    const i = nextUndecided(current);
    if (i >= 0) { select(i); return; }
    // Every finding is decided: the case label is next.
    if (current >= 0) items[current].classList.remove("selected");
    const label = form.querySelector('input[name="label"]:checked') || form.querySelector('input[name="label"]');
    if (label) label.focus({ preventScroll: true });
  }
  function allRight() {
    decide(items.map(function (_, i) { return i; })
      .filter(function (i) { return !known[i].call; })
      .map(function (i) { return [i, { call: "right", reason: "" }]; }));
    advance();
  }
  // Mouse changes are decisions too (one undo step each).
  items.forEach(function (item, i) {
    item.querySelectorAll('input[type="radio"], select').forEach(function (input) {
      input.addEventListener("change", function () {
        const now = stateOf(item);
        if (!(input.tagName === "SELECT" && reasonFor === i)) history.push([[i, known[i]]]);
        known[i] = now;
        refresh();
      });
    });
  });
  const allButton = document.getElementById("all-right");
  if (allButton) allButton.addEventListener("click", allRight);
  if (undoButton) undoButton.addEventListener("click", undo);
  refresh();

  // ---- Keyboard ---------------------------------------------------------------------------
  function submit(next) {
    const button = form.querySelector('button[name="next"][value="' + (next ? "1" : "0") + '"]');
    if (form.reportValidity()) form.requestSubmit(button);
  }
  const skip = document.getElementById("skip");
  // The reason list of a finding takes the keyboard only for choosing a reason (arrow keys,
  // then Enter moves on): the page's own keys still work there, Escape hands focus back to the
  // finding, and `s` saves rather than type-to-select a reason starting with "s".
  const KEYS = /^([1-4]|j|k|r|w|s|n|a|u|x)$/;
  document.addEventListener("keydown", function (event) {
    const target = event.target;
    const tag = (target.tagName || "").toLowerCase();
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (tag === "select" && target.closest(".finding-item")) {
      const item = target.closest(".finding-item");
      if (event.key === "Escape") {
        select(items.indexOf(item));
        event.preventDefault();
        return;
      }
      if (event.key === "Enter") {  // the reason is chosen: on to the next undecided finding
        current = items.indexOf(item);
        known[current] = stateOf(item);
        advance();
        event.preventDefault();
        return;
      }
      if (!KEYS.test(event.key)) return;
      current = items.indexOf(item);
      known[current] = stateOf(item);  // a reason picked with the arrow keys
    } else if (tag === "input" && target.type === "text" || tag === "textarea" || tag === "select") {
      return;
    }
    const labels = form.querySelectorAll('input[name="label"]');
    if (/^[1-4]$/.test(event.key) && labels[+event.key - 1]) { labels[+event.key - 1].checked = true; }
    else if (event.key === "j") { select(current + 1); }
    else if (event.key === "k") { select(current - 1); }
    else if (event.key === "r" && current >= 0) {
      decide([[current, { call: "right", reason: "" }]]);
      advance();
    }
    else if (event.key === "w" && current >= 0) {
      // Wrong needs a reason: the list gets focus so the arrow keys pick one, Enter moves on.
      decide([[current, { call: "wrong", reason: known[current].reason }]]);
      reasonFor = current;
      items[current].querySelector("select").focus();
    }
    else if (event.key === "a" && items.length) { allRight(); }
    else if (event.key === "u") { undo(); }
    else if (event.key === "x" && skip) { window.location.href = skip.href; }
    else if (event.key === "s") { submit(false); }
    else if (event.key === "n") { submit(true); }
    else if ((event.key === "]" || event.key === "PageDown") && figures.length) { showPage(pageAt + 1); }
    else if ((event.key === "[" || event.key === "PageUp") && figures.length) { showPage(pageAt - 1); }
    else if ((event.key === "+" || event.key === "=") && figures.length) { zoomStep(1); }
    else if (event.key === "-" && figures.length) { zoomStep(-1); }
    else { return; }
    event.preventDefault();
  });

  // Opening a case selects the finding to work on: the one a refused save names, else the
  // first undecided one (one key less per case).
  const failed = items.findIndex(function (item) { return item.classList.contains("has-error"); });
  const start = failed >= 0 ? failed : nextUndecided(-1);
  if (start >= 0) select(start);
})();
