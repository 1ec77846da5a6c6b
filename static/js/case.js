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
    else { return; }
    event.preventDefault();
  });
})();
