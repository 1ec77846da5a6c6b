// Case page: bring a finding's or evidence's page and box into view; keyboard decisions.
(function () {
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
  function focusBox(key, bboxText) {
    const figure = document.querySelector('.pageview[data-key="' + key + '"]');
    if (!figure) return;
    const marker = figure.querySelector(".focusbox");
    if (bboxText) {
      const r = toImage(figure, bboxText.split(",").map(Number));
      Object.assign(marker.style, { left: r.left * 100 + "%", top: r.top * 100 + "%",
                                    width: r.width * 100 + "%", height: r.height * 100 + "%" });
      marker.hidden = false;
      marker.classList.remove("flash"); void marker.offsetWidth; marker.classList.add("flash");
    }
    figure.scrollIntoView({ behavior: "smooth", block: "center" });
  }
  document.querySelectorAll(".finding-item[data-page]").forEach(function (item) {
    item.addEventListener("click", function (event) {
      if (event.target.closest(".decide")) return;
      focusBox(item.dataset.page, item.dataset.bbox);
    });
  });
  const figures = document.querySelectorAll(".pageview");
  document.querySelectorAll("tr.evidence[data-bbox]").forEach(function (row) {
    row.addEventListener("click", function () {
      const doc = figures.length ? figures[0].dataset.key.split(":")[0] : null;
      if (doc) focusBox(doc + ":" + row.dataset.pageIndex, row.dataset.bbox);
    });
  });
  document.querySelectorAll("mark.finding").forEach(function (mark) {
    mark.addEventListener("click", function () {
      const first = mark.dataset.findings.split(",")[0];
      const item = document.getElementById("finding-" + first);
      if (item) { item.focus(); item.click(); }
    });
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

  // Keyboard: 1-4 label, j/k finding, r/w gate right/wrong, s save, n save and next.
  const form = document.getElementById("review-form");
  const items = Array.from(document.querySelectorAll(".finding-item"));
  let current = -1;
  function select(i) {
    if (!items.length) return;
    if (current >= 0) items[current].classList.remove("selected");
    current = Math.max(0, Math.min(items.length - 1, i));
    items[current].classList.add("selected");
    items[current].focus();
  }
  function submit(next) {
    const button = form.querySelector('button[name="next"][value="' + (next ? "1" : "0") + '"]');
    if (form.reportValidity()) form.requestSubmit(button);
  }
  // The reason list of a finding takes the keyboard only for choosing a reason (arrow keys):
  // the page's own keys still work there, Escape hands focus back to the finding, and `s` saves
  // rather than type-to-select a reason starting with "s".
  const KEYS = /^([1-4]|j|k|r|w|s|n)$/;
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
      if (!KEYS.test(event.key)) return;
      current = items.indexOf(item);
    } else if (tag === "input" && target.type === "text" || tag === "textarea" || tag === "select") {
      return;
    }
    const labels = form.querySelectorAll('input[name="label"]');
    if (/^[1-4]$/.test(event.key) && labels[+event.key - 1]) { labels[+event.key - 1].checked = true; }
    else if (event.key === "j") { select(current + 1); }
    else if (event.key === "k") { select(current - 1); }
    else if ((event.key === "r" || event.key === "w") && current >= 0) {
      const value = event.key === "r" ? "right" : "wrong";
      const radio = items[current].querySelector('input[type="radio"][value="' + value + '"]');
      if (radio) radio.checked = true;
      // Wrong needs a reason: the list gets focus so arrow keys pick one.
      if (value === "wrong") items[current].querySelector("select").focus();
      else items[current].focus();
    }
    else if (event.key === "s") { submit(false); }
    else if (event.key === "n") { submit(true); }
    else if ((event.key === "+" || event.key === "=") && figures.length) { zoomStep(1); }
    else if (event.key === "-" && figures.length) { zoomStep(-1); }
    else { return; }
    event.preventDefault();
  });
})();
