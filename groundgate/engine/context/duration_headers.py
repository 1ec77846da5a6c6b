"""Duration columns (policy duration_headers "columns", gate 2.37.0, d602): a header line of
the periods in which amounts fall due ("Total  Less than 1 Year  1-3 Years  3-5 Years  More
than 5 Years", "Contractual Obligations  Less Than 1 Year  2-5 Years  Total", "Up to 1 year  1
to 3 years  3 to 5 years  More than 5 years  Total": contractual obligations, maturities,
"Payments due by period") heads the columns below it, each part one column's name; its
numbers ("1-3", "5") are no cells. A duration column is named as a period is: the answer that
says "due in less than one year" names the column "Less than 1 Year", and a cell of the
column "1-3 Years" contradicts it (kind "T" of periods.contradicts: "T0-1", "T1-3", "T5+").
"rows" (gate 2.35.0): such a line is a row, so no cell of its table has a column. Pure: no
Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.context.header_parts import header_parts
from groundgate.engine.text_memo import text_memo

_NUMBER = r"(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)"
_WORD_NUMBER = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10}  # fmt: skip
_YEARS = r"\s*years?\b"
_TO = r"\s*(?:-|–|—|to)\s*"

# Each alternative reads one duration; the groups say which: (lo, hi) a range, (upto) the
# first period, (after) the last.
_DURATION = re.compile(
    r"(?i)(?<![\w.])(?:"
    rf"(?:less\s+than|up\s+to|within|under|not\s+later\s+than)\s+{_NUMBER}(?P<u>){_YEARS}"
    rf"|{_NUMBER}(?P<u2>){_YEARS}\s+or\s+less"
    rf"|{_NUMBER}{_TO}{_NUMBER}(?P<r>){_YEARS}"
    rf"|years?\s*{_NUMBER}{_TO}{_NUMBER}(?P<r2>)(?![\w.])"
    rf"|(?:more\s+than|after|over|beyond|greater\s+than|later\s+than)\s+{_NUMBER}(?P<a>){_YEARS}"
    rf"|{_NUMBER}(?P<a2>)\s*\+?{_YEARS}\s+(?:and\s+)?(?:thereafter|after|or\s+more)"
    r")"
)

# The other parts such a line may hold: its total and its last open period.
_OTHER = re.compile(r"(?i)total|thereafter")


def _number(text: str) -> int:
    return int(text) if text.isdigit() else _WORD_NUMBER[text.casefold()]


def _token(m: re.Match[str]) -> str:
    numbers = [_number(g) for g in m.groups() if g]
    if m.group("u") is not None or m.group("u2") is not None:
        return f"T0-{numbers[0]}"
    if m.group("a") is not None or m.group("a2") is not None:
        return f"T{numbers[0]}+"
    return f"T{numbers[0]}-{numbers[1]}"


def duration_of(part: str) -> str | None:
    """The duration a header part is, whole ("1-3 Years" -> "T1-3", "Less than 1 Year" ->
    "T0-1", "More than 5 Years" -> "T5+", "Years3-5" -> "T3-5"); None for any other part."""
    m = _DURATION.fullmatch(part.strip())
    return _token(m) if m else None


def duration_parts(text: str) -> list[str] | None:
    """A header line of duration columns: its parts (the label column's own head first, when
    it has one: "Contractual Obligations"), when two parts at least are durations and every
    other part is "Total" or "Thereafter" (or that head: words without digits). None
    otherwise."""
    parts = header_parts(text)
    durations = [duration_of(p) for p in parts]
    if sum(1 for d in durations if d) < 2:
        return None
    for k, (part, found) in enumerate(zip(parts, durations, strict=True)):
        if found or _OTHER.fullmatch(part):
            continue
        if k == 0 and not any(ch.isdigit() for ch in part):
            continue
        return None
    return parts


def label_head(parts: list[str], n: int) -> bool:
    """Whether a header line of n + 1 parts over a row of n cells is a duration line whose
    first part heads the label column ("Contractual Obligations  Total  Less than 1 Year ...")."""
    return len(parts) == n + 1 and sum(1 for p in parts[1:] if duration_of(p)) >= 2


@text_memo(max_bytes=2**20, item_bytes=60)
def durations_in(text: str) -> tuple[str, ...]:
    """Every duration `text` names ("the purchase obligations due in more than 5 years" ->
    ("T5+",)), in order, without repeats: a duration column's own (its header) or the
    answer's."""
    if "year" not in text.casefold():
        return ()
    return tuple(dict.fromkeys(_token(m) for m in _DURATION.finditer(text)))


def duration_width(parts: list[str]) -> int | None:
    """The number of columns a duration header line heads (its parts but the label column's
    head): "Total  Less Than 1 Year  1-3 Years  Years3-5  More Than 5 Years" 5; None for a
    line of another kind."""
    if sum(1 for p in parts if duration_of(p)) < 2:
        return None
    head = duration_of(parts[0]) is None and not _OTHER.fullmatch(parts[0])
    return len(parts) - (1 if head else 0)
