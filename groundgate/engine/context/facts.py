"""Facts: each value of an evidence text with what it is about.

A table cell's fact is its row label and its column header (a header may span rows: "December
31," above "2019  2018" gives the column headers "December 31, 2019" and "December 31, 2018");
a value in prose gets the periods and the entities of its sentence. Three table layouts are read,
all from plain text (no layout engine):
  - rows of a text extraction: one row a line, the label first and the cells after it
    ("Fixed Price  $ 1,452.4  $ 1,146.2");
  - one cell a line, as PyMuPDF prints many statements: a label line, then lines that hold only
    values ("Cash and cash equivalents⏎ $⏎1,671 $⏎2,148");
  - markdown tables ("| Fixed Price | $ 1,452.4 | ... |").
Header lines (read by table_headers.py) are the lines above the first row (and a line of years
anywhere, which starts a new header): a line of periods only ("2019  2018", or one year a line)
gives the columns, a line of words without values ("Years Ended September 30,") is a prefix of
every column, a unit mark in it ("Number of shares (1,000)") is no cell. Below rows, a line
that only names a day ("December 31, 2018", "As at 31 December 2018", "2018年12月31日") starts a
section of that day (d406). A cell printed "(4,667 )" is negative. Where a row's cells and the
header's columns do not pair one to one, the cell's column is left unknown: an unknown context
never contradicts anything.

Pure and linear in the text: each line is scanned once by the one number extractor.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from groundgate.engine.context.date_columns import date_parts
from groundgate.engine.context.day_columns import days_over_years, with_days
from groundgate.engine.context.duration_headers import (
    duration_parts,
    duration_width,
    durations_in,
)
from groundgate.engine.context.header_parts import header_parts
from groundgate.engine.context.length_parts import length_line, length_parts
from groundgate.engine.context.lower_heads import lower_heads
from groundgate.engine.context.month_ranges import month_ranges
from groundgate.engine.context.note_columns import (
    note_column,
    own_years,
    spanning_years,
    without_sign_note,
    word_cells,
)
from groundgate.engine.context.period_spans import spans_in
from groundgate.engine.context.periods import periods_in
from groundgate.engine.context.rows import (
    LETTER,
    Line,
    cells_from,
    marker_blanks,
    past_footnote,
    row_slots,
    same_width,
    standard_names,
    unlabelled_row,
    value_only,
)
from groundgate.engine.context.section_lines import section_line
from groundgate.engine.context.share_columns import with_periods_before
from groundgate.engine.context.table_headers import (
    _all_years,
    _column,
    _header_words,
    _period_only,
    _quarter_columns,
    _replace_section,
    _section_period,
    _year_section,
)
from groundgate.engine.context.table_reading import PLAIN as PLAIN
from groundgate.engine.context.table_reading import TableReading as TableReading
from groundgate.engine.context.unit_headers import (
    add_units,
    dated_unit_parts,
    thousands_mark,
    unit_line,
)
from groundgate.engine.context.year_rows import year_row_heads
from groundgate.engine.numbers import NumericValue, extract_numbers
from groundgate.engine.sentences import split_sentences
from groundgate.engine.values.capitals import folded


class Fact(NamedTuple):
    """A value and its context. `start`/`end` are the value's span in the text read."""

    value: NumericValue
    start: int
    end: int
    negative: bool  # printed in parentheses: "(4,667 )"
    row: str  # the row label ("" for prose, or a cell whose row is not known)
    column: str  # the column header ("" if none is known)
    periods: tuple[str, ...]  # the column's periods (a cell) or the sentence's (prose)
    entities: tuple[str, ...]  # capitalised names of the sentence (prose)
    in_table: bool
    # The column's name as a message says it, where it differs from `column`: without the
    # table's title and section lines over it (one part naming no period: "Payments Due by
    # Period (in millions)", "Cost of revenue:"), which `column` keeps for the rules (d634).
    name: str | None = None


_ENTITY = re.compile(r"(?<![\w])([A-Z][\w&'.-]*(?:\s+(?:of\s+|&\s+)?[A-Z][\w&'.-]*)*)")
_MD_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{3,}")


def _lines(text: str, capitals: str = "off") -> list[Line]:
    out: list[Line] = []
    pos = 0
    # A line's values are those of its text (spans relative to the line): a text that recurs
    # (" ", "$" between the cells of a page, a fifth of FinanceBench's lines) is scanned once.
    # Nothing changes a line's list of values (a narrower line is a new Line). `capitals`
    # (capital_words, d679): read as values/capitals.folded writes it, text as written.
    scanned: dict[str, list[NumericValue]] = {}
    for raw in text.split("\n"):
        values = scanned.get(raw)
        if values is None:
            read = raw if capitals == "off" else folded(raw, capitals == "units_months")
            values = extract_numbers(read)
            if read != raw:
                values = [v._replace(text=raw[v.start : v.end]) for v in values]
            scanned[raw] = values
        out.append(Line(pos, raw, values))
        pos += len(raw) + 1
    return out


def _negative(text: str, v: NumericValue, wide: bool = False) -> bool:
    before = text[max(0, v.start - 3) : v.start].replace(" ", "").replace("$", "")
    after = text[v.end : v.end + 3].lstrip(" ")
    if wide:  # negative_cells "parentheses_said" (d708): "（4,667）" as "(4,667)"; "减少0.62"
        # printed "－0.62" by note_columns.word_cells (d707)
        return (before.endswith(("(", "（")) and after.startswith((")", "）"))) or (
            text[v.start - 1 : v.start] == "－" and not v.text.startswith("－")
        )
    return before.endswith("(") and after.startswith(")")


def printed_negative(text: str, start: int, end: int) -> bool:
    """_negative's test for the value at text[start:end], on its own line of `text`, as
    read_facts asks it of a fact there (the line, or a markdown cell within it: a narrower
    window, whose test is True only where the line's is). False: no fact read from `text` at
    this span is negative."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    if line_end < 0:
        line_end = len(text)
    before = text[max(line_start, start - 3) : start].replace(" ", "").replace("$", "")
    after = text[end : min(end + 3, line_end)].lstrip(" ")
    return before.endswith("(") and after.startswith(")")


def read_facts(
    text: str, *, prose_context: bool = True, reading: TableReading = PLAIN
) -> list[Fact]:
    """Every value of `text` with its context, in text order. `prose_context=False` leaves a
    prose value's periods and entities empty (a caller that reads them otherwise, or not).
    `reading`: how headers are read (TableReading)."""
    if "|" in text and any(_MD_SEPARATOR.match(line) for line in text.split("\n")):
        from groundgate.engine.context.markdown_facts import markdown_facts  # (imports Fact)

        return markdown_facts(text)
    return _text_facts(text, prose_context, reading)


def _text_facts(text: str, prose_context: bool = True, reading: TableReading = PLAIN) -> list[Fact]:
    quarter_ordinals = reading.quarter_ordinals
    read = _lines(text, reading.capitals)
    if reading.month_ranges:  # "第一季度（1-3月份）" names the quarter alone (d885)
        read = [month_ranges(line) for line in read]
    lines = [line for line in read if LETTER.search(line.text) or line.values]
    if reading.marker_cells:
        lines = [marker_blanks(line) for line in lines]
    if reading.standard_names:
        lines = [standard_names(line) for line in lines]
    if reading.statements:  # "七、1" in a 附注 column is no cell; "不适用" a blank (d707)
        lines = [note_column(word_cells(line)) for line in lines]
    facts: list[Fact] = []
    header: list[list[str]] = []  # the header lines above the rows, each split into its parts
    seen_rows = False
    prose_heads: set[int] = set()  # header words read as prose below rows (lower_heads, d986)
    label: str | None = None  # a label line waiting for its value lines
    cells: list[tuple[Line, NumericValue]] = []

    def flush() -> None:
        nonlocal label, cells
        if cells:
            # One cell a line: which column a cell is in is not known (a blank cell prints
            # nothing, a "$" or a percent gets its own line), so only the row is kept.
            _add_row(facts, label or "", cells, [])
        label, cells = None, []

    # Each line's column periods, once (a line is asked again as the next line of a label).
    period_only = [_period_only(line) for line in lines]
    units = [reading.header_units and unit_line(line.text) for line in lines]
    for i, line in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else None
        if reading.unit_parts and (dated := _dated_units(line)) is not None:
            flush()  # "2019 $’000  2018 $’000": each year's column with its unit (d595)
            if seen_rows:
                header, seen_rows = [], False
            header.append(dated)
            continue
        if reading.durations and not seen_rows and (spans := duration_parts(line.text)):
            flush()  # "Total  Less than 1 Year  1-3 Years ...": the columns (d602)
            header.append(spans)
            continue
        years = period_only[i]
        if years is not None and not (label is not None and not cells):
            flush()
            if (
                seen_rows
                and quarter_ordinals
                and nxt is not None
                and nxt.values
                and _year_section(header, years)
            ):
                # "2018" below the rows of "First .. Fourth" over "2019": the same quarter
                # columns of another year, as a day line starts a section (d406).
                seen_rows = False
                continue
            if seen_rows:  # a new header below rows starts a new table
                header, seen_rows = [], False
                if reading.lower_heads:  # "52 Weeks Ended" above it heads it too (d986)
                    header = lower_heads(lines, i, prose_heads, reading.date_columns)
            if len(years) == 1 and header and _all_years(header[-1]):
                header[-1].append(years[0])  # one year a line: the columns of a statement
            else:
                parts = header_parts(line.text)
                header.append(parts if len(parts) > 1 else list(years))
            continue
        if seen_rows and _section_period(line, reading.ended_headers):
            # "December 31, 2018" / "As at 31 December 2018" below rows: the rows under it are
            # of that day (d406), not of the section above's; the column header stays.
            flush()
            _replace_section(header, line.text.strip())
            continue
        if units[i] and not seen_rows:
            flush()  # "$'000  $'000  %" under the column names: a header line (header_units)
            add_units(header, header_parts(line.text))
            continue
        if reading.year_rows and (heads := year_row_heads(line, header)):
            flush()
            seen_rows = True
            facts.extend(_prose(line._replace(values=line.values[:1]), prose_context))
            for head, v in heads:
                _add_row(facts, head, [(line, v)], [[line.values[0].text]])
            continue
        if value_only(line):
            if unlabelled_row(line, label, cells, seen_rows, header, lines[i - 1] if i else None):
                # Under rows of as many cells, a line of values only is a row of its own (a
                # total printed without its label), not the cells of the row above.
                _add_row(facts, "", [(line, v) for v in line.values], header)
                continue
            cells.extend((line, v) for v in line.values)
            continue
        flush()
        if (
            nxt is not None
            and value_only(nxt)
            and period_only[i + 1] is None
            and not (units[i + 1] and not seen_rows)
            and not (seen_rows and cells_from(line) >= 0 and same_width(line, nxt))
            and not (reading.year_rows and year_row_heads(nxt, [*header, header_parts(line.text)]))
        ):
            label = line.text.strip(" $:\t")
            seen_rows = True
            facts.extend(_prose(line, prose_context))
        elif (
            line.values
            and (k := cells_from(line)) >= 0
            and not (
                not seen_rows
                and _header_words(
                    line,
                    reading.year_ranges,
                    reading.ended_headers,
                    reading.unit_parts,
                    reading.dated,
                )
            )
        ):
            seen_rows = True
            facts.extend(_prose(line._replace(values=line.values[:k]), prose_context))
            k = past_footnote(
                line, k, header, reading.year_ranges, reading.header_units, reading.durations
            )
            row_label, slots = row_slots(line, k)
            row = [(line, v) for v in line.values[k:]]
            _add_row(facts, row_label, row, header, slots, reading)
        elif not seen_rows and (
            _header_words(
                line,
                reading.year_ranges,
                reading.ended_headers,
                reading.unit_parts,
                reading.dated,
            )
            or (i + 1 < len(lines) and units[i + 1])
        ):
            parts = header_parts(line.text)
            if reading.date_columns:  # "July 29, 2023 July 30, 2022": a column each (d906)
                parts = date_parts(line, parts)
            if reading.lower_heads:  # "Three Months Ended Six Months Ended": a run each (d986)
                parts = length_parts(line.text, parts)
            if quarter_ordinals:
                parts = _quarter_columns(header, parts, nxt)
            # "Operating activities" under the dated lines names a section (d1039)
            sections = "section_lines" in reading.period_readings
            if parts and not (sections and section_line(line, parts, header)):
                header.append(parts)
        else:
            if seen_rows and reading.lower_heads and _header_words(line, ended=True):
                prose_heads.add(i)
            facts.extend(_prose(line, prose_context))
    flush()
    facts.sort(key=lambda f: f.start)
    return facts


def _dated_units(line: Line) -> list[str] | None:
    """A header line of years printed with their units ("2019 $’000  2018 $’000"): its
    column names (unit_headers.dated_unit_parts), None for any other line."""
    if "000" not in line.text or len(line.values) < 3:
        return None
    years = [v.quantity for v in line.values if not thousands_mark(line.text, v.start, v.end)]
    if len(years) == len(line.values):
        return None
    return dated_unit_parts(line.text, years)


def _add_row(
    facts: list[Fact],
    label: str,
    cells: list[tuple[Line, NumericValue]],
    header: list[list[str]],
    slots: tuple[list[int], int] | None = None,
    reading: TableReading | None = None,
) -> None:
    units = groups = short = spans = words = wide = indicators = segs = False
    title = frozenset[str]()
    if reading is not None:
        units, groups, short = reading.header_units, reading.header_groups, reading.short_rows
        words, wide = reading.word_columns, reading.wide_negatives
        indicators = reading.indicators  # statement_headers "indicator_heads" (d789)
        segs = reading.segments  # segment_columns "metric_heads" (d886)
        # A duration line heads the columns (d602): each column's durations are periods.
        spans = reading.durations and any(duration_width(p) for p in header[-4:])
        if reading.statements:  # a title date's year is no column's that names its own
            title = spanning_years(header[-4:])
            label = without_sign_note(label)  # "（损失以“－”号填列）" names nothing (d707)
    heads = header[-4:]
    # The header without its title lines, for the column's name in messages (Fact.name).
    # A length on its own line ("52 Weeks Ended") is the column's, not a title (d1012).
    lengths = reading is not None and "length_names" in reading.period_readings
    named = [p for p in heads if not _title_line(p) or (lengths and length_line(p))]
    days = days_over_years(header)  # "January 28," over "2023": the name says both (d962)
    for k, (line, v) in enumerate(cells):
        at, n = (k, len(cells)) if slots is None else (slots[0][k], slots[1])
        column = _column(heads, at, n, units, groups, short, spans, words, indicators, segs)
        name = None
        if n > 1 and len(named) != len(heads) and column:
            name = _column(named, at, n, units, groups, short, spans, words, indicators, segs)
        if days and column:
            name = with_days(column if name is None else name, days)
        facts.append(
            Fact(
                value=v,
                start=line.start + v.start,
                end=line.start + v.end,
                negative=_negative(line.text, v, wide),
                row=label,
                column=column,
                periods=own_years(
                    _column_periods(column, spans, reading is not None and reading.spans), title
                ),
                entities=(),
                in_table=True,
                name=name if name != column else None,
            )
        )
    if reading is not None and reading.share_columns and len(cells) > 1:
        facts[-len(cells) :] = with_periods_before(facts[-len(cells) :])  # (d702)


def _column_periods(column: str, durations: bool, lengths: bool) -> tuple[str, ...]:
    """A column's periods: its header's, its durations (d602), its lengths (d694)."""
    if not column:
        return ()
    found = periods_in(column) + (durations_in(column) if durations else ())
    return found + spans_in(column) if lengths else found


def _title_line(parts: list[str]) -> bool:
    """A header line of one part naming no period: the table's title or a section's heading
    ("Payments Due by Period (in millions)", "Cost of revenue:"), not a column's name."""
    return len(parts) == 1 and not periods_in(parts[0])


def _prose(line: Line, context: bool = True) -> list[Fact]:
    out: list[Fact] = []
    if not line.values:
        return out
    for sentence in split_sentences(line.text):
        periods: tuple[str, ...] = ()
        entities: tuple[str, ...] = ()
        if context:
            periods = periods_in(sentence.text)
            entities = tuple(dict.fromkeys(m.group(1) for m in _ENTITY.finditer(sentence.text)))
        for v in line.values:
            if sentence.start <= v.start < sentence.end:
                out.append(
                    Fact(
                        value=v,
                        start=line.start + v.start,
                        end=line.start + v.end,
                        negative=_negative(line.text, v),
                        row="",
                        column="",
                        periods=periods,
                        entities=entities,
                        in_table=False,
                    )
                )
    return out
