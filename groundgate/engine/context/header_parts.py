"""A table line's parts: the text between runs of two or more spaces or a tab, stripped and
non-empty, as bench/tatqa_build.py and the PDF reader render a table's cells ("Contractual
Obligations  Total  Less than 1 Year" -> three parts). One splitter for the header readers
(table_headers, unit_headers, duration_headers). Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

_GAP = re.compile(r"\s{2,}|\t")


def header_parts(text: str) -> list[str]:
    """The parts of a table line, in order ("2019  2018  Amount" -> ["2019", "2018", "Amount"])."""
    return [p for p in (part.strip() for part in _GAP.split(text)) if p]
