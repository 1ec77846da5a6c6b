"""A one-line header of long dated parts (policy dated_headers "long_parts", gate 2.58.0, d778).

A header line of words above the columns is read only under 100 characters (table_headers.
_header_words), so a 10-Q's one-line header of four dated parts - "(In millions)  Three Months
Ended September 30, 2023  Three Months Ended September 30, 2022  Nine Months Ended September 30,
2023  Nine Months Ended September 30, 2022" - was read as no header (d696): its cells had no
column, no year and no length, and "Revenue for the three months ended September 30, 2023 was
$6,890 million" (the nine months' cell) passed. Here such a line heads its columns where,
after a unit statement first ("(In millions)"), it has two parts at least and each part names
a year (a dated period: "Three Months Ended September 30, 2023", "As of March 31, 2024",
"Fiscal 2023") in at most 60 characters; its values must still be periods only (the caller's
test). Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.context.header_parts import header_parts
from groundgate.engine.context.periods import periods_in
from groundgate.engine.context.unit_headers import unit_part

# The longest part a dated column header has ("Three Months Ended September 30, 2023" is 37),
# and the longest line read so.
_PART = 60
_LINE = 400


def dated_parts(text: str) -> bool:
    """Whether `text`, a line of 100 characters or more, is a header of dated parts: two at
    least (a unit statement first aside), each naming a year in at most 60 characters."""
    if len(text) > _LINE:
        return False
    parts = header_parts(text)
    if parts and unit_part(parts[0]):
        parts = parts[1:]
    return len(parts) >= 2 and all(
        len(part) <= _PART and any(p[0] == "Y" for p in periods_in(part)) for part in parts
    )
