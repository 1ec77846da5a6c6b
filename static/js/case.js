// Case page: a finding selects and scrolls to its places in both panes (the answer span; the
// page box, source text mark, evidence row or code lines); keyboard decisions with undo,
// "gate right on all", auto-advance and progress; the page viewer's zoom and cited-page steps.
(function () {
  const leftPane = document.getElementById("left-pane");
  const rightPane = document.getElementById("right-pane");
  const answer = document.getElementById("answertext");
  // A refused save or relabel is shown at the form's POST URL: put the case's own URL back (a
  // reload or a shared link then opens the case, not a "method not allowed").
  if (/\/(review|relabel)$/.test(window.location.pathname)) {
    const queueField = document.querySelector('#review-form input[name="queue"]');
    const query = queueField && queueField.value ? "?" + queueField.value : "";
    window.history.replaceState(null, "", window.location.pathname.replace(/(review|relabel)$/, "") + query);
  }

  // Bring `el` into view inside its pane (and inside the scroll boxes between), never by
  // scrolling the window: the panes stay where they are. Where the panes do not scroll (a narrow
  // screen, one column), the window does.
  function stuckCovers(container, el) {
    const out = { top: 0, bottom: 0 };
    if (!container.classList.contains("pane")) return out;
    const q = container.getBoundingClientRect();
    container.querySelectorAll(".answer, .findings-pane > h2, .decision").forEach(function (s) {
      if (s.contains(el) || getComputedStyle(s).position !== "sticky") return;
      const r = s.getBoundingClientRect();
      if (r.top - q.top < q.bottom - r.bottom) out.top = Math.max(out.top, r.bottom - q.top);
      else out.bottom = Math.max(out.bottom, q.bottom - r.top);
    });
    return out;
  }

  // `inside`: scroll only the boxes between el and its pane, not the pane (the answer's span of
  // the selected finding, where the whole left pane scrolls: the finding row keeps its place).
  function reveal(el, block, inside) {
    const pane = el.closest(".pane");
    if (!pane || getComputedStyle(pane).overflowY === "visible") {
      el.scrollIntoView({ block: block === "center" ? "center" : "nearest" });
      return;
    }
    for (let c = el.parentElement; c && c !== document.body; c = c.parentElement) {
      if (inside && c === pane) break;
      const style = getComputedStyle(c);
      const r = el.getBoundingClientRect();
      let q = c.getBoundingClientRect();
      if (/(auto|scroll)/.test(style.overflowY) && c.scrollHeight > c.clientHeight) {
        // Sticky parts of the pane (the findings heading, the decision block where the whole
        // left pane scrolls: groundgate.css) cover its edges: the room is what is left between.
        const covers = stuckCovers(c, el);
        q = { left: q.left, right: q.right, width: q.width, top: q.top + covers.top,
              bottom: q.bottom - covers.bottom, height: q.height - covers.top - covers.bottom };
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
  // A box in unrotated PDF points -> fractions of the shown (maybe turned) image, by the page's
  // matrix (data-turn: reviews/presenters.py PageTurn, the one place a page's turn is worked out).
  function turnOf(figure) {
    const m = (figure.dataset.turn || "1 0 0 1 0 0").split(" ").map(Number);
    return { a: m[0], b: m[1], c: m[2], d: m[3], e: m[4], f: m[5] };
  }
  function toImage(figure, bbox) {
    const t = turnOf(figure);
    const [x0, y0, x1, y1] = bbox;
    const xs = [t.a * x0 + t.c * y0 + t.e, t.a * x1 + t.c * y1 + t.e];
    const ys = [t.b * x0 + t.d * y0 + t.f, t.b * x1 + t.d * y1 + t.f];
    const left = Math.min(xs[0], xs[1]), top = Math.min(ys[0], ys[1]);
    return { left: left, top: top, width: Math.max(xs[0], xs[1]) - left, height: Math.max(ys[0], ys[1]) - top };
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
  // The selected finding's blue outline is drawn inside each of its boxes (groundgate.css), so
  // it never reaches the row above; a derived finding is drawn whole: every operand's box
  // (data-boxes "key|x0,y0,x1,y1;..."), the first one brought into view (d652).
  function place(figure, marker, bboxText) {
    const r = toImage(figure, bboxText.split(",").map(Number));
    Object.assign(marker.style, { left: r.left * 100 + "%", top: r.top * 100 + "%",
                                  width: r.width * 100 + "%", height: r.height * 100 + "%" });
    marker.hidden = false;
    marker.classList.remove("flash"); void marker.offsetWidth; marker.classList.add("flash");
  }
  function focusBox(key, bboxText, more) {
    document.querySelectorAll(".focusbox.more").forEach(function (el) { el.remove(); });
    const figure = figures.find(function (f) { return f.dataset.key === key; });
    if (!figure) return false;
    const marker = figure.querySelector(".focusbox");
    let target = figure;
    if (bboxText) {
      place(figure, marker, bboxText);
      target = marker;
    }
    (more || "").split(";").filter(Boolean).forEach(function (one) {
      const [at, box] = one.split("|");
      const other = figures.find(function (f) { return f.dataset.key === at; });
      if (!other || (at === key && box === bboxText)) return;
      const extra = document.createElement("div");
      extra.className = "focusbox more";
      other.querySelector(".pagebox").appendChild(extra);
      place(other, extra, box);
    });
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
    const points = parseFloat(figure.dataset.shownWidth);
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
    if (spans.length) reveal(spans[0], "center", true);
    // Right pane: the source mark (or the source, evidence row, code lines), and the page box.
    const marks = places(rightPane, ids).filter(function (el) { return el.tagName !== "ARTICLE" || !el.querySelector("mark.src[data-findings]"); });
    const inText = marks.filter(function (el) { return el.matches("mark.src"); });
    const shown = inText.length ? inText : marks;
    shown.forEach(function (el) { el.classList.add("selected-place"); });
    const onPage = item.dataset.page && focusBox(item.dataset.page, item.dataset.bbox, item.dataset.boxes);
    if (!onPage && shown.length) reveal(shown[0], "center");
  }
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
      const decided = !!known[i].call && (known[i].call !== "wrong" || !!known[i].reason);
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

  // ---- Corrections (reviews/corrections.py) ------------------------------------------------
  // The reviewer points at evidence: text selected in a source (a chunk id and a span in code
  // points, as Python counts) or a box drawn on a page image (turned back into the page's
  // unrotated PDF points). `c` adds a citation, `g` points at the selected finding's evidence,
  // `e` edits the answer. The state goes into the hidden "correction" field on save.
  const correct = document.getElementById("correct");
  const fixes = {};  // finding index -> {pointer, label}
  let citations = null;  // null: as answered; else [{evidence: i} | pointer, ...]
  let pointing = null;  // {kind: "citation"} | {kind: "finding", index}
  let writeCorrection = function () {};
  const modeLine = document.getElementById("point-mode");
  const editor = document.getElementById("answer-editor");
  const editText = document.getElementById("corrected-conclusion");
  const citeList = document.getElementById("citations");
  function codePoints(text) { return Array.from(text).length; }
  function fromImage(figure, r) {  // fractions of the shown image -> [x0, top, x1, bottom]
    const t = turnOf(figure), det = t.a * t.d - t.b * t.c;
    const xs = [], ys = [];
    [[r.left, r.top], [r.right, r.bottom]].forEach(function (p) {  // the page's matrix, inverted
      const u = p[0] - t.e, v = p[1] - t.f;
      xs.push((t.d * u - t.c * v) / det);
      ys.push((t.a * v - t.b * u) / det);
    });
    const box = [Math.min(xs[0], xs[1]), Math.min(ys[0], ys[1]), Math.max(xs[0], xs[1]), Math.max(ys[0], ys[1])];
    return box.map(function (v) { return Math.round(v * 100) / 100; });
  }
  function setMode(mode) {
    pointing = mode;
    document.body.classList.toggle("pointing", !!mode);
    if (!modeLine) return;
    modeLine.hidden = !mode;
    if (mode) {
      const what = mode.kind === "citation" ? "a citation" : "the evidence of finding " + (mode.index + 1);
      modeLine.textContent = "Select the text of " + what + " in a source, or draw a box on the page · Esc cancels";
    }
  }
  function citationsNow() {
    if (citations === null) {
      citations = Array.from(citeList.querySelectorAll("li[data-evidence]")).map(function (li) {
        return { evidence: parseInt(li.dataset.evidence, 10) };
      });
    }
    return citations;
  }
  function addCitationRow(pointer, label) {
    const li = document.createElement("li");
    li.className = "citation added";
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "✕";
    button.title = "remove this citation";
    button.setAttribute("aria-label", "remove this citation");
    li.append("+ " + label + " ", button);
    button.addEventListener("click", function () {
      citations = citationsNow().filter(function (c) { return c !== pointer; });
      li.remove();
      writeCorrection();
    });
    citeList.appendChild(li);
  }
  function showFix(index) {
    const row = document.querySelector('.fix[data-index="' + index + '"]');
    if (!row) return;
    const fix = fixes[index];
    row.querySelector(".pointer").textContent = fix && fix.pointer ? fix.label : "no evidence pointed at";
    row.querySelector(".pointer").classList.toggle("muted", !(fix && fix.pointer));
  }
  function pointed(pointer, label) {
    if (!pointing) return;
    if (pointing.kind === "citation") {
      citationsNow().push(pointer);
      addCitationRow(pointer, label);
    } else {
      fixes[pointing.index] = { pointer: pointer, label: label };
      showFix(pointing.index);
    }
    setMode(null);
    writeCorrection();
  }
  function chunkText(chunk, start, end) {  // the chunk's text [start, end) in code points
    const host = Array.from(document.querySelectorAll("article[data-chunk]")).find(function (a) { return a.dataset.chunk === chunk; });
    const text = host ? Array.from(host.querySelector(".srctext").textContent) : [];
    return text.slice(start, end).join("") || "characters " + start + "–" + end;
  }
  function spanLabel(chunk, text) { return "chunk " + chunk + ": “" + (text.length > 50 ? text.slice(0, 50) + "…" : text) + "”"; }
  if (correct && rightPane) {
    // Text selected in a source: its chunk and span.
    rightPane.addEventListener("mouseup", function () {
      if (!pointing) return;
      const sel = window.getSelection();
      if (!sel || sel.isCollapsed || !sel.rangeCount) return;
      const range = sel.getRangeAt(0);
      const host = range.startContainer.parentElement && range.startContainer.parentElement.closest("article[data-chunk] .srctext");
      if (!host || !host.contains(range.endContainer)) return;
      const before = document.createRange();
      before.setStart(host, 0);
      before.setEnd(range.startContainer, range.startOffset);
      const text = range.toString();
      const start = codePoints(before.toString());
      const chunk = host.closest("article").dataset.chunk;
      sel.removeAllRanges();
      pointed({ chunk_id: chunk, start: start, end: start + codePoints(text) }, spanLabel(chunk, text));
    });
    // A box drawn on a page.
    figures.forEach(function (figure) {
      const box = figure.querySelector(".pagebox");
      const drawn = figure.querySelector(".drawbox");
      let from = null;
      function frac(event) {
        const r = box.getBoundingClientRect();
        return { x: Math.min(1, Math.max(0, (event.clientX - r.left) / r.width)),
                 y: Math.min(1, Math.max(0, (event.clientY - r.top) / r.height)) };
      }
      function rect(a, b) {
        return { left: Math.min(a.x, b.x), top: Math.min(a.y, b.y), right: Math.max(a.x, b.x), bottom: Math.max(a.y, b.y) };
      }
      box.addEventListener("mousedown", function (event) {
        if (!pointing) return;
        event.preventDefault();
        from = frac(event);
      });
      window.addEventListener("mousemove", function (event) {
        if (!from) return;
        const r = rect(from, frac(event));
        Object.assign(drawn.style, { left: r.left * 100 + "%", top: r.top * 100 + "%",
                                     width: (r.right - r.left) * 100 + "%", height: (r.bottom - r.top) * 100 + "%" });
        drawn.hidden = false;
      });
      window.addEventListener("mouseup", function (event) {
        if (!from) return;
        const r = rect(from, frac(event));
        from = null;
        if (r.right - r.left < 0.003 || r.bottom - r.top < 0.003) { drawn.hidden = true; return; }
        const [doc, page] = figure.dataset.key.split(":").map(Number);
        pointed({ document_id: doc, page_index: page, bbox: fromImage(figure, r) },
                "box on " + figure.dataset.label);
      });
    });
    document.getElementById("add-citation").addEventListener("click", function () { setMode({ kind: "citation" }); });
    citeList.querySelectorAll("li[data-evidence] input").forEach(function (box) {
      box.addEventListener("change", function () {
        const i = parseInt(box.closest("li").dataset.evidence, 10);
        const now = citationsNow().filter(function (c) { return c.evidence !== i; });
        if (box.checked) now.splice(0, 0, { evidence: i });
        citations = now;
      });
    });
    document.querySelectorAll(".fix .point").forEach(function (button) {
      button.addEventListener("click", function () {
        setMode({ kind: "finding", index: parseInt(button.closest(".fix").dataset.index, 10) });
      });
    });
    function openEditor() {
      editor.hidden = false;
      editText.disabled = false;
      editText.focus();
    }
    document.getElementById("edit-answer").addEventListener("click", openEditor);
    document.getElementById("edit-cancel").addEventListener("click", function () {
      editText.value = editText.dataset.original;
      editText.disabled = true;
      editor.hidden = true;
    });
    // What the page starts from: a refused save's posted correction, or the reviewer's last;
    // after Back, what the page had written into the hidden field (`asWritten`: labels as shown).
    function restore(start, asWritten) {
      (start.findings || []).forEach(function (f) {
        const pointer = f.bbox ? { document_id: f.document_id, page_index: f.page_index, bbox: f.bbox }
          : (f.chunk_id ? { chunk_id: f.chunk_id, start: f.start, end: f.end } : null);
        const label = asWritten ? f.text : f.bbox ? "box on page " + (f.page_index + 1) : (f.chunk_id ? spanLabel(f.chunk_id, f.text || "") : "");
        fixes[f.finding_index] = { pointer: pointer, label: label };
        const input = document.querySelector('.fix[data-index="' + f.finding_index + '"] .fixvalue');
        if (input && f.value) input.value = f.value;
        showFix(f.finding_index);
      });
      if (Array.isArray(start.citations)) {
        const kept = new Set();
        citations = [];
        start.citations.forEach(function (c) {
          citations.push(c);
          if (c.evidence !== undefined) kept.add(c.evidence);
          else addCitationRow(c, c.bbox ? "box on page " + (c.page_index + 1) : spanLabel(c.chunk_id, chunkText(c.chunk_id, c.start, c.end)));
        });
        citeList.querySelectorAll("li[data-evidence] input").forEach(function (box) {
          box.checked = kept.has(parseInt(box.closest("li").dataset.evidence, 10));
        });
      }
    }
    const start = JSON.parse(document.getElementById("correction-start").textContent || "{}") || {};
    restore(start, false);
    if (typeof start.conclusion === "string" || correct.querySelector("#conclusion-error")) {
      if (typeof start.conclusion === "string" && !correct.querySelector("#conclusion-error")) editText.value = start.conclusion;
      editor.hidden = false;
      editText.disabled = false;
    }
    // The hidden field always holds the correction as it stands (the browser keeps it on Back).
    const field = document.getElementById("correction-field");
    function write() {
      const findings = [];
      document.querySelectorAll(".fix").forEach(function (row) {
        const i = parseInt(row.dataset.index, 10);
        const value = row.querySelector(".fixvalue").value.trim();
        const fix = fixes[i];
        if (!value && !(fix && fix.pointer)) return;
        findings.push(Object.assign({ finding_index: i, value: value, text: fix && fix.pointer ? fix.label : "" },
                                    fix && fix.pointer ? fix.pointer : {}));
      });
      const data = { findings: findings };
      if (citations !== null) data.citations = citations;
      field.value = (findings.length || citations !== null) ? JSON.stringify(data) : "";
    }
    writeCorrection = write;
    form.addEventListener("submit", write);
    correct.addEventListener("change", write);
    document.querySelectorAll(".fixvalue").forEach(function (input) { input.addEventListener("input", write); });
    // The browser does not keep the corrected answer (its editor is disabled until opened): the
    // tab keeps it, for a return to this page by Back only.
    const draft = "groundgate:corrected:" + window.location.pathname;
    function keep(text) { try { if (text === null) sessionStorage.removeItem(draft); else sessionStorage.setItem(draft, text); } catch (e) { /* no storage */ } }
    editText.addEventListener("input", function () { keep(editText.value); });
    document.getElementById("edit-cancel").addEventListener("click", function () { keep(null); });
    window.addEventListener("pageshow", function (event) {
      if (field.value && !Object.keys(fixes).length && citations === null) restore(JSON.parse(field.value), true);
      const how = (performance.getEntriesByType("navigation")[0] || {}).type;
      let kept = null;
      try { kept = sessionStorage.getItem(draft); } catch (e) { /* no storage */ }
      if (kept === null || !(event.persisted || how === "back_forward")) { keep(null); return; }
      if (editText.disabled) editText.value = kept;
      editor.hidden = false;
      editText.disabled = false;
    });
  }

  // ---- Keyboard ---------------------------------------------------------------------------
  // Saving with undecided findings (a `w` without a reason is not decided) asks once: the
  // warning names how many, and a second save within the page saves anyway.
  let warned = false;
  function undecided() {
    return items.filter(function (item) {
      const st = stateOf(item);
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
    } else if (tag === "input" && target.type === "text" || tag === "textarea" || tag === "select" || tag === "input" && !target.type) {
      if (event.key === "Escape" && (tag === "textarea" || tag === "input")) { target.blur(); event.preventDefault(); }
      return;
    }
    if (event.key === "Escape" && pointing) { setMode(null); event.preventDefault(); return; }
    if (correct && event.key === "e") { document.getElementById("edit-answer").click(); event.preventDefault(); return; }
    if (correct && event.key === "c") { setMode({ kind: "citation" }); event.preventDefault(); return; }
    if (correct && event.key === "g" && current >= 0) {
      const fix = items[current].querySelector(".fix");
      if (fix) setMode({ kind: "finding", index: parseInt(fix.dataset.index, 10) });
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
    if (/^[1-5]$/.test(event.key) && labels[+event.key - 1]) { labels[+event.key - 1].checked = true; }
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
