// Corrections (case page; reviews/corrections.py): the reviewer points at evidence - text
// selected in a source (a chunk id and a span in code points, as Python counts) or a box drawn
// on a page image (turned back into the page's unrotated PDF points). `c` adds a citation, `g`
// points at the selected finding's evidence, `e` edits the answer (keys.js). The state goes
// into the hidden "correction" field on save.
(function () {
  const gg = window.ggCase;
  const rightPane = gg.rightPane;
  const form = gg.form;
  const figures = gg.figures;
  const turnOf = gg.turnOf;
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
  gg.setMode = setMode;
  gg.isPointing = function () { return !!pointing; };
  gg.correct = correct;
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
})();
