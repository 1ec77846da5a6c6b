"""How English writes a quarter: "Q3 2024", "Q3'24", "3Q24", "3Q 2024", "the third quarter of
2024" (a line break may fall between the words), "third-quarter 2024", "THIRD QUARTER 2024", and
the year first, as a release's headline writes it: "2022 Fourth-Quarter". A quarter is read only
with its year: "the third quarter" alone and "Q3" alone (a question's number) are not quarters;
nor is a fiscal quarter ("Q2 FY2023", "the second quarter of fiscal 2024", "fiscal 2022 second
quarter"), whose months depend on the company's fiscal year.
A table's header writes a quarter once for the years of its columns ("SECOND QUARTER\n2023\n
2022"): when a line break parts the quarter from its year, the years that follow it on their own
lines are that quarter too (SHARED_YEARS).
Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4,
}  # fmt: skip
_YEAR4 = r"((?:19|20)[0-9]{2})(?![0-9])"
_ORDINAL = r"(?i:first|second|third|fourth|1st|2nd|3rd|4th)"

# (pattern, group of the quarter's number, group of its year)
QUARTER_EN = re.compile(
    r"(?<![A-Za-z0-9_])(?<![Ff]iscal )(?<!FISCAL )(?:"
    rf"Q([1-4])(?:[ \u00a0]?{_YEAR4}|['’]([0-9]{{2}})(?![0-9]))"
    rf"|([1-4])Q[ \u00a0]?(?:{_YEAR4}|([0-9]{{2}})(?![0-9A-Za-z]))"
    rf"|({_ORDINAL})(?:\s+|-)(?i:quarter)(?:\s+of)?,?\s*{_YEAR4}"
    rf"|{_YEAR4}[ \u00a0]+({_ORDINAL})[ \u00a0-](?i:quarter)(?![A-Za-z])"
    r")"
)
# The years after a quarter's year in a table's header, each on a line of its own.
SHARED_YEARS = re.compile(r"[ \u00a0]*\n\s*((?:19|20)[0-9]{2})(?![0-9.,%A-Za-z])")


def quarter_en(m: re.Match[str]) -> tuple[int, int, str]:
    """(year, quarter, the year as written) of a match of QUARTER_EN."""
    g = m.groups()
    if g[0] is not None:
        number, year = int(g[0]), g[1] or g[2]
    elif g[3] is not None:
        number, year = int(g[3]), g[4] or g[5]
    elif g[6] is not None:
        number, year = _ORDINALS[g[6].casefold()], g[7]
    else:
        number, year = _ORDINALS[g[9].casefold()], g[8]
    return (int(year) if len(year) == 4 else 2000 + int(year)), number, year


def header_break(m: re.Match[str]) -> bool:
    """Whether a line break parts the quarter from its year (a table's header)."""
    return "\n" in m.group() and m.group(7) is not None
