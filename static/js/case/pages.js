// The page viewer (case page): the cited pages fit to the pane's width, `‹`/`›` (or [ ], PgUp,
// PgDn) step through them, `−`/`+` zoom, a finding's boxes drawn on its page (d652).
(function () {
  const gg = window.ggCase;
  // A box in unrotated PDF points -> fractions of the shown (maybe turned) image, by the page's
  // matrix (data-turn: reviews/presenters.py PageTurn, the one place a page's turn is worked out).
  function turnOf(figure) {
    const m = (figure.dataset.turn || "1 0 0 1 0 0").split(" ").map(Number);
    return { a: m[0], b: m[1], c: m[2], d: m[3], e: m[4], f: m[5] };
  }
  gg.turnOf = turnOf;
  function toImage(figure, bbox) {
    const t = turnOf(figure);
    const [x0, y0, x1, y1] = bbox;
    const xs = [t.a * x0 + t.c * y0 + t.e, t.a * x1 + t.c * y1 + t.e];
    const ys = [t.b * x0 + t.d * y0 + t.f, t.b * x1 + t.d * y1 + t.f];
    const left = Math.min(xs[0], xs[1]), top = Math.min(ys[0], ys[1]);
    return { left: left, top: top, width: Math.max(xs[0], xs[1]) - left, height: Math.max(ys[0], ys[1]) - top };
  }
  const figures = (gg.figures = Array.from(document.querySelectorAll(".pageview")));
  const pagePos = document.getElementById("page-pos");
  let pageAt = 0;
  // Which page of what (d731): "page 3 of 12 · cited page 1 of 2", "... · the only cited page".
  function saySeen() {
    if (!pagePos || !figures.length) return;
    const figure = figures[pageAt];
    const cited = figures.length === 1 ? "the only cited page" : "cited page " + (pageAt + 1) + " of " + figures.length;
    pagePos.textContent = figure.dataset.label + (figure.dataset.of ? " of " + figure.dataset.of : "") + " · " + cited;
  }
  function showPage(i) {
    if (!figures.length) return;
    pageAt = Math.max(0, Math.min(figures.length - 1, i));
    gg.reveal(figures[pageAt], "start");
    saySeen();
  }
  gg.pageStep = function (step) { showPage(pageAt + step); };
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
  // What the page pane opens on a box (d1007, d1008): the box, and above it the nearest of the
  // page's period header lines over its columns (data-heads: reviews/page_heads.py) where both
  // fit in the pane - at 1366x768 a centred row had its "52 Weeks Ended" just above the pane's
  // edge; else the box centred; a box taller than the pane (a whole table cited) from its top
  // with a margin, down to the figure's own row inside it (`focusText`) where that fits, else
  // that row with its header, else the row centred. An unseen anchor over the part to show is
  // what is scrolled into view (it never outgrows the pane).
  const MARGIN = 8;  // px above and below what is shown
  function boxOf(figure, bboxText) {
    const r = toImage(figure, bboxText.split(",").map(Number));
    const box = figure.querySelector(".pagebox");
    const w = box.clientWidth, h = box.clientHeight;
    return { left: r.left * w, right: (r.left + r.width) * w, top: r.top * h, bottom: (r.top + r.height) * h };
  }
  // The header lines nearest above `box` over its columns (the run of them up to its top):
  // {top, bottom, left, right} in px of the page box, or null. The period header lines
  // (data-heads, d1008), else the column heads by name where no period head is over the box
  // (data-column-heads, d1017: Best Buy's equity statement dates its rows, its "Total" heads
  // the column).
  function headRun(figure, box, attr) {
    const heads = (figure.dataset[attr] || "").split(";").filter(Boolean).map(function (t) { return boxOf(figure, t); })
      .filter(function (h) { return h.bottom <= box.top + 2 && h.right > box.left && h.left < box.right; });
    if (!heads.length) return null;
    heads.sort(function (a, b) { return b.bottom - a.bottom; });
    const run = { top: heads[0].top, bottom: heads[0].bottom, left: heads[0].left, right: heads[0].right };
    const gap = 1.6 * (heads[0].bottom - heads[0].top);
    heads.slice(1).forEach(function (h) {
      if (h.bottom >= run.top - gap) {
        run.top = Math.min(run.top, h.top);
        run.left = Math.min(run.left, h.left);
        run.right = Math.max(run.right, h.right);
      }
    });
    return run;
  }
  function headAbove(figure, box) {
    return headRun(figure, box, "heads") || headRun(figure, box, "columnHeads");
  }
  gg.headAbove = headAbove;
  function viewHeight(figure) {
    const scroll = figure.closest(".pagescroll");
    if (scroll && /(auto|scroll)/.test(getComputedStyle(scroll).overflowY)) return scroll.clientHeight;
    return window.innerHeight;
  }
  function frame(figure, bboxText, focusText) {
    const box = boxOf(figure, bboxText);
    const focus = focusText ? boxOf(figure, focusText) : null;
    const room = viewHeight(figure) - 2 * MARGIN;
    const fits = function (span, less) { return span && span[1] - span[0] <= room - (less || 0); };
    const headed = function (b) { const h = headAbove(figure, b); return h === null ? null : [h.top, b.bottom, h]; };
    const spans = [headed(box), [box.top, box.bottom]];
    if (focus) spans.push(headed(focus), [box.top, focus.bottom], [focus.top, focus.bottom]);
    let span = spans.find(function (s) { return fits(s); });
    // The row's header does not fit in the pane with it: it is pinned at the pane's top, a strip
    // of the page image (gg.pinHead, pagehead.js, d1016), and the row is shown below the strip.
    const head = headAbove(figure, focus || box);
    let strip = 0;
    if (head && gg.stripHeight && !(span && span[0] <= head.top + 1)) {  // not in what is shown
      strip = gg.stripHeight(head);
      span = spans.filter(function (s) { return s && s.length === 2; }).find(function (s) { return fits(s, strip); });
    }
    let top = box.top - MARGIN - strip, height = room + 2 * MARGIN;  // a tall box's top, with a margin
    if (span) { top = span[0] - MARGIN - strip; height = span[1] - span[0] + 2 * MARGIN + strip; }
    else if (focus) { top = focus.top - MARGIN - strip; height = Math.min(height, focus.bottom - focus.top + 2 * MARGIN + strip); }
    let anchor = figure.querySelector(".frame-anchor");
    if (!anchor) {
      anchor = document.createElement("div");
      anchor.className = "excerpt-anchor frame-anchor";
      anchor.setAttribute("aria-hidden", "true");
      figure.querySelector(".pagebox").appendChild(anchor);
    }
    // Its width takes in the header's columns too: a zoomed page scrolls to show the figure's
    // column head with it (d1017).
    const left = head ? Math.min(box.left, Math.max(head.left, box.right - viewWidth(figure))) : box.left;
    const right = head ? Math.max(box.right, Math.min(head.right, left + viewWidth(figure))) : box.right;
    Object.assign(anchor.style, { left: left + "px", width: right - left + "px",
                                  top: top + "px", height: height + "px" });
    gg.reveal(anchor, "center");
    if (gg.pinHead) gg.pinHead(figure, strip ? head : null, focus || box);
    return anchor;
  }
  function viewWidth(figure) {
    const scroll = figure.closest(".pagescroll");
    return scroll ? scroll.clientWidth - 2 * MARGIN : window.innerWidth;
  }
  gg.frame = frame;
  gg.focusBox = function focusBox(key, bboxText, more, focusText) {
    document.querySelectorAll(".focusbox.more").forEach(function (el) { el.remove(); });
    const figure = figures.find(function (f) { return f.dataset.key === key; });
    if (!figure) return false;
    const marker = figure.querySelector(".focusbox");
    let target = figure;
    if (bboxText) {
      place(figure, marker, bboxText);
      target = null;
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
    saySeen();
    if (target) gg.reveal(target, "center"); else frame(figure, bboxText, focusText);
    return true;
  };
  // An evidence row's page: the one its excerpt's box was found on (data-key, d963), else the
  // page it claims, of the cited document.
  function rowKey(row) {
    if (row.dataset.key) return row.dataset.key;
    const doc = figures.length ? figures[0].dataset.key.split(":")[0] : null;
    return doc ? doc + ":" + row.dataset.pageIndex : null;
  }
  document.querySelectorAll("tr.evidence[data-bbox]").forEach(function (row) {
    row.addEventListener("click", function () {
      const key = rowKey(row);
      if (key) gg.focusBox(key, row.dataset.bbox, "", row.dataset.focus);
    });
  });
  // The page pane brought to a cited excerpt's box, nothing drawn (a page opens at its top,
  // and a prose chunk's quoted sentence sat below the fold, d963): `row`, else the first evidence
  // row with a box; a finding's outline drawn before is taken away (j/k to a finding with no box
  // of its own, d1007: the pane went on showing the last one's). An unseen anchor at the box is
  // what is scrolled into view (frame). False where no evidence row has a box on a shown page.
  gg.showExcerpt = function (row) {
    row = row || document.querySelector("tr.evidence[data-bbox]");
    const key = row ? rowKey(row) : null;
    const figure = key ? figures.find(function (f) { return f.dataset.key === key; }) : null;
    if (!figure) return false;
    document.querySelectorAll(".focusbox.more").forEach(function (el) { el.remove(); });
    document.querySelectorAll(".focusbox").forEach(function (el) { el.hidden = true; });
    pageAt = figures.indexOf(figure);
    saySeen();
    frame(figure, row.dataset.bbox, row.dataset.focus);
    return true;
  };
  // The evidence row a finding is about (its data-findings), else the first with a box.
  gg.excerptRowOf = function (ids) {
    const rows = Array.from(document.querySelectorAll("tr.evidence[data-bbox]"));
    return rows.find(function (row) {
      const of = (row.dataset.findings || "").split(" ");
      return ids.some(function (id) { return of.indexOf(String(id)) >= 0; });
    }) || rows[0] || null;
  };
  document.querySelectorAll("[data-page-step]").forEach(function (button) {
    button.disabled = figures.length < 2;  // one cited page: nowhere to step
    button.addEventListener("click", function () { showPage(pageAt + parseInt(button.dataset.pageStep, 10)); });
  });
  saySeen();
  // The legend ends the evidence text below the page: the toolbar's "legend" brings it in view.
  const toLegend = document.getElementById("to-legend");
  const legend = document.getElementById("legend");
  if (toLegend && legend) toLegend.addEventListener("click", function () { gg.reveal(legend, "start"); });

  // Page zoom: 1 is the pane's width (the default); a zoomed page scrolls inside its figure.
  // When a page is shown wider than its image, a sharper render is asked for at the server's
  // nearest zoom level (groundgate/services/rendering.py ZOOM_LEVELS), never a smaller one.
  // The toolbar says the zoom once, as a share of the pane's width; "fit width" is the button
  // back to 100%, idle when there (d731).
  const SCALES = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
  const RENDER_ZOOMS = [0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 3.0, 4.0, 6.0];
  const zoomLabel = document.getElementById("zoom-level");
  const fitButton = document.querySelector('.viewerbar button[data-zoom="fit"]');
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
    if (zoomLabel) zoomLabel.textContent = Math.round(scale * 100) + "%";
    if (fitButton) fitButton.disabled = scale === 1;
  }
  gg.zoomStep = function (direction) {
    const i = SCALES.indexOf(scale) + direction;
    if (i >= 0 && i < SCALES.length) zoom(SCALES[i]);
  };
  document.querySelectorAll(".viewerbar button[data-zoom]").forEach(function (button) {
    button.addEventListener("click", function () {
      const what = button.dataset.zoom;
      if (what === "fit") zoom(1); else gg.zoomStep(what === "in" ? 1 : -1);
    });
  });
  if (fitButton) fitButton.disabled = true;
  figures.forEach(sharpen);
})();
