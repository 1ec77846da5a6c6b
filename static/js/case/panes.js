// Case page (templates/reviews/case_detail.html), split by capability; each file adds to the
// one namespace `window.ggCase`, loaded in this order: panes.js (the two panes: bringing a
// place into view), pages.js (the page viewer: cited pages, boxes, zoom), pagehead.js (a
// table's header pinned over the page pane where it does not fit with its row), findings.js
// (selecting a finding, decisions, undo, progress, the "more below" cue), corrections.js
// (pointing at evidence, the corrected answer), keys.js (the keyboard; the first selection).
(function () {
  const gg = (window.ggCase = {});
  gg.leftPane = document.getElementById("left-pane");
  gg.rightPane = document.getElementById("right-pane");
  gg.answer = document.getElementById("answertext");
  gg.form = document.getElementById("review-form");
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
  gg.stuckCovers = stuckCovers;

  // Whether el's top down to `upTo`'s bottom (el whole without it) shows in its pane, clear of
  // the pane's sticky parts; where the panes do not scroll, in the window.
  gg.inView = function inView(el, upTo) {
    const pane = el.closest(".pane");
    const top = el.getBoundingClientRect().top;
    const bottom = (upTo || el).getBoundingClientRect().bottom;
    if (!pane || getComputedStyle(pane).overflowY === "visible") return top >= 0 && bottom <= window.innerHeight;
    const q = pane.getBoundingClientRect();
    const covers = stuckCovers(pane, el);
    return top >= q.top + covers.top - 0.5 && bottom <= q.bottom - covers.bottom + 0.5;
  };

  // `inside`: scroll only the boxes between el and its pane, not the pane (the answer's span of
  // the selected finding, where the whole left pane scrolls: the finding row keeps its place).
  gg.reveal = function reveal(el, block, inside) {
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
          if (block === "start") room = c.classList.contains("pane") ? 48 : 0;  // below the viewer's sticky toolbar
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
  };
})();
