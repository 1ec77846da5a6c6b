"""A section's name under a statement's dated header lines heads none of its columns (policy
period_words "section_lines", gate 2.87.0, d1039; issue 28).

PDF ingestion (documents/chunking.py, chunking 5) prints Ulta's cash-flow statement

    52 Weeks Ended
    January 28, January 29,
    2023 2022
    (Unaudited)
    Operating activities
    Net income $ 1,242,408 $ 985,837

and a row's columns are read from the last four header lines (facts._add_row), so the section's
name "Operating activities" pushed "52 Weeks Ended" out of the window: the column was "January
28, 2023 (Unaudited) Operating activities", and a right answer saying "in the 52 weeks ended
January 28, 2023" was refused (UNGROUNDED_NUMBER "52 weeks"). Its balance sheet ("Assets",
"Current assets:" under "January 28, January 29," / "2023 2022") lost its days the same way.
Once a header line names a period, a line of words only - no figure, one part, naming no period
and no length, not a parenthesised note ("(Unaudited)", "(In thousands)": they stay) - is a
section's name, not a column's: it is not a header line. Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.context.length_parts import length_line
from groundgate.engine.context.period_spans import spans_in
from groundgate.engine.context.periods import periods_in
from groundgate.engine.context.rows import Line


def section_line(line: Line, parts: list[str], header: list[list[str]]) -> bool:
    """True where `line` (its header parts `parts`) is a section's name under header lines of
    which one names a period ("Operating activities" under "2023 2022"): no header line (d1039)."""
    if line.values or len(parts) != 1:
        return False
    text = parts[0].strip()
    if not text or text.startswith(("(", "（")) or periods_in(text) or spans_in(text):
        return False
    if length_line(parts):
        return False
    return any(periods_in(part) for head in header for part in head)
