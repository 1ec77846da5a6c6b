// The header pinned at the page pane's top (d1016): where a boxed row and its table's header
// lines do not fit in the pane together (Ulta's cash flow statement at 1366x768: its header at
// 96 pt, the repurchase row at 438 pt, the pane about 322 pt), the pane shows the row and, over
// its top edge, a strip of the page image cut to those header lines, labelled, so the reviewer
// sees which column the figure is in. It stays while the header is above the pane's top and the
// row's table is in view, and goes when the header itself scrolls into view or another box is
// framed without one. pages.js frame() calls gg.pinHead(figure, head, target).
(function () {
  const gg = window.ggCase;
  const scroll = document.getElementById("pagescroll");
  if (!scroll) return;
  const PAD = 3;  // px above and below the header lines in the strip
  const LABEL = 16;  // px: the strip's label line under the lines
  let pinned = null;  // {figure, head: {top, bottom}, target: {bottom}}: shares of its page box's height
  const strip = document.createElement("div");
  strip.className = "head-strip";
  strip.id = "head-strip";
  strip.hidden = true;
  strip.setAttribute("role", "img");
  const clip = document.createElement("div");
  clip.className = "head-strip-clip";
  // The page image as the clip's background (no <img>: the page's own images stay its only ones).
  const image = document.createElement("div");
  image.className = "head-strip-image";
  clip.appendChild(image);
  const label = document.createElement("span");
  label.className = "head-strip-label";
  strip.appendChild(clip);
  strip.appendChild(label);
  // Over the pane's top edge, outside its scroll box (the page's own images stay its only ones).
  scroll.parentNode.insertBefore(strip, scroll);

  gg.stripHeight = function (head) { return head.bottom - head.top + 2 * PAD + LABEL; };

  function place() {
    if (!pinned) { strip.hidden = true; return; }
    const box = pinned.figure.querySelector(".pagebox");
    const page = box.getBoundingClientRect();
    const view = scroll.getBoundingClientRect();
    const head = { top: pinned.head.top * page.height, bottom: pinned.head.bottom * page.height };
    // Shown while the header is cut off above the pane's top and the row is still below it.
    const show = page.top + head.top < view.top + 1 &&
      page.top + pinned.target.bottom * page.height > view.top + gg.stripHeight(head);
    strip.hidden = !show;
    if (!show) return;
    const height = head.bottom - head.top + 2 * PAD;
    Object.assign(strip.style, { height: height + LABEL + "px", marginBottom: -(height + LABEL) + "px",
                                 width: scroll.clientWidth + "px" });
    Object.assign(clip.style, { height: height + "px" });
    const src = new URL(pinned.figure.querySelector("img").getAttribute("src"), window.location.href).href;
    Object.assign(image.style, { backgroundImage: 'url("' + src + '")', backgroundSize: page.width + "px " + page.height + "px",
                                 width: page.width + "px", height: page.height + "px",
                                 left: page.left - view.left + "px", top: -(head.top - PAD) + "px" });
  }
  gg.pinHead = function (figure, head, target) {
    const h = figure.querySelector(".pagebox").clientHeight || 1;
    pinned = head ? { figure: figure, head: { top: head.top / h, bottom: head.bottom / h }, target: { bottom: target.bottom / h } } : null;
    if (pinned) {
      const where = figure.dataset.label || "this page";
      label.textContent = "▲ the table's header, pinned from higher on " + where;
      strip.setAttribute("aria-label", "the column header lines of the table, from higher on " + where);
    }
    place();
  };
  let queued = false;
  function soon() {
    if (queued) return;
    queued = true;
    window.requestAnimationFrame(function () { queued = false; place(); });
  }
  scroll.addEventListener("scroll", soon);
  window.addEventListener("resize", soon);
  // A step to another cited page or a zoom: the strip is of the framed box's page only.
  document.querySelectorAll("[data-page-step], .viewerbar button[data-zoom]").forEach(function (button) {
    button.addEventListener("click", soon);
  });
})();
