"""How PDF chunking reads a block of lines as a table, and what heads it (chunking version 3).

Version 2 (d905) keeps a table block's rows as lines. Version 3 reads three things more, each on
the shared filings (bench/pdf_tables.py lists them):
  - a block whose rows are sentences (a bullet or footnote mark beside a wrapped sentence, a
    reference list, a form's check-box lines) is prose, joined by spaces as version 1 did
    (`reads_as_prose`, d966): a newline inside a sentence cuts it for every reader of lines;
  - in a table kept as rows, a row that carries on the text of the row before - a label or a
    header cell wrapped over two lines ("Cost of products" over "sold $ 6,687 ...", "Useful Life
    Remaining as" over "of July 29, 2023 (in years)") - is joined to it by a space
    (`continues_row`, d967);
  - the short parts right above a table - its title, its scale line ("$ in millions",
    "(in thousands, except per share data)", "单位：万元") - are its head (`heads`, d965):
    chunking keeps them in the chunk of the rows they head instead of ending the chunk before.
Every rule reads only lines, their boxes and their words; a separator stays one character.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from groundgate.documents.chunking import Line

# d966: a block of table rows whose PyMuPDF lines hold this many words each, on average, is
# prose: a statement's lines are cells (a label, a figure), a wrapped sentence's are ~10 words.
# On the shared PDFs the tables read 1.4-5.3 words a line (a code listing the most), the prose
# ones 5.7-15.1 (bench/pdf_tables.py --blocks).
PROSE_WORDS_PER_LINE = 5.5

# d965: what may head a table: up to this many parts, each of at most this many lines and
# characters, the last no further above the table than this many of its own line heights.
HEAD_PARTS = 3
HEAD_LINES = 4
HEAD_CHARS = 200
HEAD_GAP_LINES = 3.0

# A scale or units line: "$ in millions", "(In thousands)", "(in thousands, except per share
# data)", "(Dollars in Millions Except Per Share Figures)", "单位：万元", "单位：人民币元".
_SCALE = re.compile(r"(?i)\b(?:in|of)\s+(?:thousands|millions|billions)\b|单位\s*[:：]")
_SENTENCE_END = re.compile(r"[.:;!?。；：]\s*$")
_FIGURE_END = re.compile(r"[\d%)\-—–]\s*$")
_LOWER_START = re.compile(r"^[a-z]")


def same_row(previous: Line, line: Line) -> bool:
    """`line` continues `previous`'s row: it starts at or right of where `previous` ends, and
    the two overlap vertically by at least half the lower one's height (cells on one baseline)."""
    top = max(previous.bbox[1], line.bbox[1])
    bottom = min(previous.bbox[3], line.bbox[3])
    height = min(previous.bbox[3] - previous.bbox[1], line.bbox[3] - line.bbox[1])
    return bottom - top >= 0.5 * height and line.bbox[0] >= previous.bbox[2] - 1.0


def rows_of(lines: list[Line]) -> list[list[Line]]:
    """The block's rows: runs of lines side by side (same_row)."""
    rows: list[list[Line]] = []
    for line in lines:
        if rows and same_row(rows[-1][-1], line):
            rows[-1].append(line)
        else:
            rows.append([line])
    return rows


def reads_as_prose(lines: list[Line]) -> bool:
    """A block read as table rows whose lines are sentences (d966): on average at least
    PROSE_WORDS_PER_LINE words a line."""
    words = sum(len(line.text.split()) for line in lines)
    return bool(lines) and words >= PROSE_WORDS_PER_LINE * len(lines)


def continues_row(previous: list[Line], row: list[Line]) -> bool:
    """`row` carries on the text of `previous` (d967): it starts with a lower-case letter (or
    `previous` ends with a hyphen broken word), `previous` ends no sentence, and either
    `previous` is one line of words (a label wrapped, its cells on the row below) or `row` is
    one line under a row whose last line is words (a wrapped item beside its mark). A row of
    cells under a row of cells (a code listing, a statement) keeps its newline."""
    last, first = previous[-1].text, row[0].text
    if _SENTENCE_END.search(last):
        return False
    if not (_LOWER_START.match(first) or (last.endswith("-") and first[:1].isalpha())):
        return False
    if len(previous) == 1:
        return True
    return len(row) == 1 and len(last.split()) >= 3 and not _FIGURE_END.search(last)


# d968: a table's column header is at most this many rows.
HEADER_ROWS = 6
# A figure cell: "473", "$ 1,093", "1,093  $", "(2,053)", "23.2 %", "-", "—"; a year alone is
# a header's.
_FIGURE_CELL = re.compile(r"^\$?\s*\(?\s*(?:[\d,]*\d(?:\.\d+)?|[-—–])\s*\)?\s*%?\s*\$?$")
_YEAR = re.compile(r"^(?:19|20)\d\d$")
_YEAR_IN = re.compile(r"\b(?:19|20)\d\d\b")
_PERIOD_WORDS = re.compile(
    r"(?i)\b(?:ended|ending|quarter|weeks|months|year|fiscal|january|february|march|april|may|"
    r"june|july|august|september|october|november|december)\b|年|季度|月"
)
_FIGURE = re.compile(r"\d[\d,]*(?:\.\d+)?|(?<![\w])[-—–](?![\w])")


def _figure_row(row: list[Line]) -> bool:
    cells = [line.text.strip() for line in row]
    return any(_FIGURE_CELL.match(c) and not _YEAR.match(c) for c in cells)


def lead_rows(rows: list[list[Line]]) -> int:
    """How many leading rows of a table hold no figure cell (d968); 0 when no row holds one
    (no figures: a list, not a statement)."""
    for n, row in enumerate(rows):
        if _figure_row(row):
            return n
    return 0


def _heads_columns(row: list[Line]) -> bool:
    text = " ".join(line.text for line in row)
    return len(row) >= 2 or bool(_YEAR_IN.search(text) or _PERIOD_WORDS.search(text))


def column_header(rows: list[list[Line]]) -> tuple[int, int]:
    """The rows [start, end) that are the table's column header (d968): of its lead rows, the
    run of at most HEADER_ROWS that ends at the last row of two cells or more, or naming a
    year or a period ("Six Months Ended" over "July 29, 2023 July 30, 2022"), and goes up
    while rows are such; not a section's label ("Assets", "Operating activities"), a title or
    a scale line. (0, 0) when there is none."""
    end = lead_rows(rows)
    while end and not _heads_columns(rows[end - 1]):
        end -= 1
    start = end
    while start and end - start < HEADER_ROWS and _heads_columns(rows[start - 1]):
        start -= 1
    return (start, end) if end else (0, 0)


def names_periods(rows: list[list[Line]]) -> bool:
    """The rows name a year or a period ("Six Months Ended", "July 29, 2023"): a header worth
    carrying to a statement's later chunks (d968), where the gate reads its columns' periods."""
    text = " ".join(line.text for row in rows for line in row)
    return bool(_YEAR_IN.search(text) or _PERIOD_WORDS.search(text))


def figure_columns(rows: list[list[Line]]) -> int:
    """The figures of the table's first row of figures, its label left out: how many columns
    a header must have to head it (0: no row of figures)."""
    row = next((r for r in rows if _figure_row(r)), None)
    if row is None:
        return 0
    cells = row[1:] if not _FIGURE_CELL.match(row[0].text.strip()) else row
    return len(_FIGURE.findall(" ".join(line.text for line in cells)))


def declares_scale(text: str) -> bool:
    return _SCALE.search(text) is not None


def is_head(lines: list[Line], text: str) -> bool:
    """A part that may head a table below it: a short title, column header or scale line - a
    few lines, no sentence (a scale line may end as one: "(in thousands, except per share
    data)." is rare, but "$ in millions." is still its scale)."""
    if len(lines) > HEAD_LINES or len(text) > HEAD_CHARS:
        return False
    return declares_scale(text) or not _SENTENCE_END.search(text)


def near_above(head: list[Line], table: list[Line]) -> bool:
    """`head`'s last line ends no more than HEAD_GAP_LINES of its height above `table`'s top."""
    _, top, _, bottom = head[-1].bbox
    return table[0].bbox[1] - bottom <= HEAD_GAP_LINES * max(bottom - top, 1.0)
