// Queue: filters apply as soon as one changes (the form is a plain GET form and its button
// applies them without JavaScript); j/k move the selection, Enter opens the selected case.
(function () {
  const filters = document.querySelector("form[data-autosubmit]");
  if (filters) {
    filters.classList.add("js");
    filters.addEventListener("change", function () { filters.submit(); });
  }
  const rows = Array.from(document.querySelectorAll("#queue tbody tr[data-href]"));
  if (!rows.length) return;
  let current = 0;
  function select(i) {
    rows[current].classList.remove("selected");
    current = Math.max(0, Math.min(rows.length - 1, i));
    rows[current].classList.add("selected");
    rows[current].scrollIntoView({ block: "nearest" });
  }
  select(0);
  document.addEventListener("keydown", function (event) {
    const tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea") return;
    if (event.key === "j") { select(current + 1); event.preventDefault(); }
    else if (event.key === "k") { select(current - 1); event.preventDefault(); }
    else if (event.key === "Enter") { window.location = rows[current].dataset.href; }
  });
  rows.forEach(function (row, i) { row.addEventListener("click", function () { select(i); }); });
})();
