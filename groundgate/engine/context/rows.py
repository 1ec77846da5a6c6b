"""A row line of a table as a text extraction prints it: its label and its cells.

"Fixed Price  $ 1,452.4  $ 1,146.2" is a label and two cells. What is no cell: a footnote mark
on the label ("Other assets(1)", "Plant start-up costs (2)" over one column fewer), a date
written with words in the label ("Outstanding at 1 April"), a reference ("Note 9"). A dash
("—", "–", "-") between gaps is a blank cell: "Other  —  591  315" under three year columns is
2018 and 2017. A line of values only right under a row of as many cells is a row of its own
(a total printed without its label). Used by facts.py; pure and linear in the line.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from groundgate.engine.context.duration_headers import duration_width
from groundgate.engine.context.periods import periods_in
from groundgate.engine.context.unit_headers import label_unit
from groundgate.engine.numbers import NumericValue
from groundgate.engine.values.registry import PERIODS

LETTER = re.compile(r"[^\W\d_]")


# "(note 23)", "Item 7", "营业收入（注释5）", "附注七": a reference before a value, no cell.
REFERENCE = re.compile(
    r"(?i)(?:\b(?:notes?|items?|pages?|sections?|and|of)|附注|注释)\s*[(（]?\s*$"
)


_UNIT_AFTER = re.compile(r" ?[A-Za-z°µ/³²]{1,3}[A-Za-z0-9°µ/³²]{0,4}(?=\s|$)")


class Line(NamedTuple):
    start: int
    text: str
    values: list[NumericValue]  # spans relative to the line


def value_only(line: Line) -> bool:
    return bool(line.values) and not LETTER.search(line.text)


def same_width(line: Line, nxt: Line) -> bool:
    """Whether a row line has as many cells as the value line under it has values."""
    k = cells_from(line)
    return len(nxt.values) >= 2 and k >= 0 and width(line, k) == len(nxt.values)


def width(line: Line, k: int) -> int:
    """How many cells a row line has from value k on, a dash ("—") counting as a blank cell."""
    _, slots = row_slots(line, k)
    return len(line.values) - k if slots is None else slots[1]


def unlabelled_row(
    line: Line,
    label: str | None,
    cells: list[tuple[Line, NumericValue]],
    seen_rows: bool,
    header: list[list[str]],
    above: Line | None,
) -> bool:
    """A line of values only right under a row of as many cells (no label line waiting)."""
    return (
        label is None
        and not cells
        and seen_rows
        and above is not None
        and not value_only(above)
        and cells_from(above) >= 0
        and same_width(above, line)
    )


def footnote(text: str, v: NumericValue) -> bool:
    """ "2018 (4)", "Net income (1)": a small number in parentheses after a word or year."""
    return (
        len(v.text) == 1 and text[v.start - 1 : v.start] == "(" and text[v.end : v.end + 1] == ")"
    )


def cells_from(line: Line) -> int:
    """Index of the first cell of a row line (the values after its last letter), or -1 when the
    line is no row: no label before the cells, or the label ends in a reference ("Note 9")."""
    # The line with each value and its unit blanked (a unit belongs to its value: "205
    # m3/h"), built in one pass: the blanked spans in order, the text between them kept.
    parts: list[str] = []
    kept = 0  # the text before this is in parts
    for v in line.values:
        unit = _UNIT_AFTER.match(line.text, v.end)
        end = unit.end() if unit else v.end
        start = max(v.start, kept)
        if end > start:
            parts.append(line.text[kept:start])
            parts.append(" " * (end - start))
            kept = end
    parts.append(line.text[kept:])
    masked = "".join(parts)
    # The end of the last letter: the first letter of the text read backwards.
    found = LETTER.search(masked[::-1])
    if found is None:
        return -1
    last = len(masked) - found.start()
    for k, v in enumerate(line.values):
        if v.start >= last:
            if REFERENCE.search(line.text[: v.start]):
                last = v.end  # "(note 23)": a reference, the cells come after it
                continue
            if k + 1 < len(line.values) and (
                glued_footnote(line.text, v) or (v.kind in PERIODS and LETTER.search(v.text))
            ):
                # "Outstanding at 1 April  3,104,563": a date written with words is the label's
                # too, as is "Other assets(1)  18,111": the label's footnote mark.
                last = v.end
                continue
            return k
    return -1


def glued_footnote(text: str, v: NumericValue) -> bool:
    """ "assets(1)": a footnote mark written against the label's last word."""
    return footnote(text, v) and v.start >= 2 and bool(LETTER.match(text[v.start - 2]))


_DASH_CELLS = re.compile(r"(?:(?:\s{2,}|\t)[—–-])+\s*$")


_PART = re.compile(r"\S+(?: \S+)*")


def row_slots(line: Line, k: int) -> tuple[str, tuple[list[int], int] | None]:
    """The row's label, and where a dash prints a blank cell ("Other  —  591  315"), the slot
    of each cell and the number of slots (None: no dash, the cells are the slots)."""
    label = row_label(line, k)
    head = line.text[: line.values[k].start]
    dashes = _DASH_CELLS.search(head)
    tail_start = line.values[k].start
    parts = [
        (m.start() + tail_start, m.end() + tail_start)
        for m in _PART.finditer(line.text[tail_start:])
    ]
    blank = sum(1 for a, b in parts if line.text[a:b] in ("—", "–", "-"))
    if dashes is None and not blank:
        return label, None
    lead = (
        dashes.group().count("—") + dashes.group().count("–") + dashes.group().count("-")
        if dashes
        else 0
    )
    if dashes is not None:
        label = head[: dashes.start()].strip(" $(:\t")
    slots = []
    for v in line.values[k:]:
        at = next((i for i, (a, b) in enumerate(parts) if a <= v.start < b), None)
        if at is None:
            return label, None
        slots.append(lead + at)
    return label, (slots, lead + len(parts))


def past_footnote(
    line: Line,
    k: int,
    header: list[list[str]],
    label_heads: bool = False,
    units: bool = False,
    durations: bool = False,
) -> int:
    """ "Plant start-up costs (2)  (927)  929  427" under three year columns: the "(2)" is the
    label's footnote mark, not a cell (a row of one cell more than the columns). With
    `label_heads` (year_ranges "header_periods"), a header line of ranges of years whose first
    part names no period ("(In thousands)  Total  2020  2021-2022 ...") heads one column
    fewer: its first part is the label column's. With `durations` (duration_headers
    "columns"), a duration header line heads its durations and total."""
    values = line.values
    if k + 1 >= len(values) or not footnote(line.text, values[k]):
        return k
    widths = {
        len(parts) - (1 if label_heads and _label_head(parts) else 0)
        for parts in header[-4:]
        if len(parts) > 1 and any(map(periods_in, parts))
    }
    if units:  # header_units: "(In millions)  As Reported  ..." heads one column fewer
        widths.update(len(p) - 1 for p in header[-4:] if len(p) > 2 and label_unit(p))
    if durations:
        widths.update(w for p in header[-4:] if (w := duration_width(p)) is not None)
    n = width(line, k)
    return k + 1 if (n - 1) in widths and n not in widths else k


_YEAR_RANGE_PART = re.compile(r"(?:19|20)\d\d\s*[-–—]\s*(?:(?:19|20)\d\d|\d\d)")


def _label_head(parts: list[str]) -> bool:
    """A header line of ranges of years whose first part names no period, two or more of the
    others do: "(In thousands)  Total  2020  2021-2022  2023-2024  Thereafter"."""
    return (
        not periods_in(parts[0])
        and sum(1 for p in parts[1:] if periods_in(p)) >= 2
        and any(_YEAR_RANGE_PART.fullmatch(p) for p in parts[1:])
    )


# "nm", "n/m", "n.m.", "n/a", "NMF" after a row's last value: a cell printed as "not meaningful"
# or "not applicable" (a change column of a loss), blank as a dash is.
_MARKER_CELLS = re.compile(r"(?i)(?:(?:\s{2,}|\t)(?:n/?m|n\.m\.?|n/a|nmf))+\s*$")
_MARKER = re.compile(r"(?i)n/?m|n\.m\.?|n/a|nmf")


def marker_blanks(line: Line) -> Line:
    """The line with each marker cell after its last value printed as a dash of its width
    ("Interest expense  (5,940)  (598)  (5,342)  nm" as "...  (5,342)  — "), so that the row is
    read as a row with a blank last cell (policy marker_cells "blank", d518); the values and
    their spans are the same."""
    if not line.values:
        return line
    found = _MARKER_CELLS.search(line.text, line.values[-1].end)
    if found is None:
        return line
    tail = _MARKER.sub(lambda m: "—".ljust(len(m.group())), found.group())
    return line._replace(text=line.text[: found.start()] + tail)


# An accounting standard's name before its number: "ASC 606", "Topic 842", "IFRS 9", "IAS 39",
# "ASU 2016-02", "SFAS 123(R)", "AASB 16", "HKFRS 16", "企业会计准则第14号".
_STANDARD = re.compile(
    r"(?:(?<![A-Za-z])(?:ASC|ASU|Topic|IFRS|IAS|IFRIC|SIC|SFAS|FAS|AASB|HKFRS|HKAS|SFRS|FRS)|准则第)\s?$"
)


def standard_names(line: Line) -> Line:
    """The line without the numbers of the accounting standards it names ("Opening balance -
    IFRS 9  83,934  100,107", "ASC 606  Without ASC 606"): a standard's number is its name's,
    no cell nor value of a column (policy standard_names "label_words", d539)."""
    kept = [v for v in line.values if not standard_number(line.text, v)]
    return line if len(kept) == len(line.values) else line._replace(values=kept)


def standard_number(text: str, v: NumericValue) -> bool:
    """Whether `v` of `text` is the number of the standard named right before it ("IFRS 9")."""
    return _STANDARD.search(text, max(0, v.start - 8), v.start) is not None


def row_label(line: Line, k: int) -> str:
    if k and glued_footnote(line.text, line.values[k - 1]):
        return line.text[: line.values[k - 1].start - 1].strip(" $(:\t")
    return line.text[: line.values[k].start].strip(" $(:\t")
