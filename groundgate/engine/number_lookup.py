"""The fast verbatim lookup: whether an excerpt offers a quantity as a whole value, and with which
units, answered without scanning the excerpt in full (units_offering). It gives exactly what
numbers.offered_quantities would (tests/engine/test_number_grammar_guards.py holds the two
equal); docs/number-grammar.md ("Speed") describes it. Split out of numbers.py, whose grammar
and scanner it matches at the occurrences of a value's leading figure. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet

from groundgate.engine.numbers import _MASTER, _raw, _scan_from, _values, offered_quantities
from groundgate.engine.text_memo import text_memo
from groundgate.engine.values.identifier.rules import COUNTRY_CODE_DIGITS, COUNTRY_CODE_REACH
from groundgate.engine.values.registry import READERS
from groundgate.engine.values.scanned import Scanned, Skip

# How far before a digit a value that started earlier can still reach: a connector of up to 3
# characters after a digit ("1,0", "5-3", "5, 2024"), or the words of a date or a score
# (" September, 2024", ".5 stars out of "). Within this distance of a digit, units_offering scans
# fully.
_REACH = 16
_LEADING_DIGITS = re.compile(r"[0-9０-９]+")
_DIGIT_CHARS = frozenset("0123456789０１２３４５６７８９")


def leading_digits(quantity: str) -> str:
    """The first run of digits of a quantity ("-1,050.5" -> "1"): what units_offering looks for."""
    m = _LEADING_DIGITS.search(quantity)
    return m.group() if m is not None else ""


_LEADING_FIGURE = re.compile(r"[0-9０-９][0-9０-９,.．]*")


def leading_figure(quantity: str) -> str:
    """The first digit of a quantity and the digits, commas and points after it ("-1,050.5%"
    -> "1,050.5"). The grammar drops only whitespace from a quantity, and none can stand inside
    this part, so a text that offers the quantity has this verbatim, from the value's first
    digit on: a longer needle than leading_digits for units_offering (a short one such as "1"
    is in nearly every excerpt, and each false hit costs a match of the grammar)."""
    m = _LEADING_FIGURE.search(quantity)
    return m.group() if m is not None else ""


def units_offering(
    text: str,
    quantity: str,
    needle: str | None = None,
    scanned: dict[str, dict[str, set[str]]] | None = None,
    plain: set[str] | None = None,
) -> set[str] | None:
    """The units with which `text` offers `quantity` as a whole value (as offered_quantities
    would say), or None when it does not offer it. Much faster than a full scan: it only looks
    where the quantity's first digits occur.

    A value's first digit can be covered by a longer value that started earlier only within
    _REACH characters after one of that value's digits. So when a digit sits that close before
    an occurrence, this falls back to the full scan; otherwise matching the grammar right there
    gives exactly the scanner's answer (a property test holds the two equal). `scanned` keeps
    full scans for the next value of the same case (dense tables fall back often). `needle`,
    when given, is the quantity's leading_digits or its (longer, more selective) leading_figure:
    both start at the value's first digit. `plain` keeps, for the next value of the same case,
    the texts where no kind's own reader reads a value (asked once per text, not per value).
    """
    if needle is None:
        needle = leading_digits(quantity)
    if scanned is not None and (full := scanned.get(text)) is not None:
        return full.get(quantity)
    if READERS and (plain is None or text not in plain) and any(read(text) for read in READERS):
        # A kind's own reader reads a value here ("Q3 2024", "2000年1季度"): its value does not
        # start where the grammar matches, and it hides the grammar's values it overlaps, so
        # only the full scan says what the text offers.
        full = offered_quantities(text)
        if scanned is not None:
            scanned[text] = full
        return full.get(quantity)
    if plain is not None:
        plain.add(text)
    if not needle:  # "noon": a time written in words
        return offered_quantities(text).get(quantity) if quantity in text else None
    found: set[str] | None = None
    pos = text.find(needle)
    while pos >= 0:
        if pos and text[pos - 1] in _DIGIT_CHARS:
            pos = text.find(needle, pos + 1)  # inside a longer run of digits: not a start
            continue
        if not _DIGIT_CHARS.isdisjoint(text[max(0, pos - _REACH) : pos]):
            # A value that starts earlier may cover this occurrence: scan the values from the
            # last point before it that none can cover, up to it.
            resume = _resume_point(text, pos)
            if resume < 0:  # a long run of close numbers (a table): the full scan, once
                if scanned is None:
                    return offered_quantities(text).get(quantity)
                full = scanned.get(text)
                if full is None:
                    full = scanned[text] = offered_quantities(text)
                return full.get(quantity)
            values: Iterable[Scanned] = _scan_from(text, resume, pos + COUNTRY_CODE_REACH)
        else:
            match = _MASTER.match(text, pos)
            raw = _raw(text, match) if match is not None else None
            if _may_be_country_code(text, pos, raw):
                values = _scan_from(text, pos, pos + COUNTRY_CODE_REACH)
            elif raw is not None and not isinstance(raw, Skip):
                values = (raw,)
            else:
                values = ()
        # The values up to this occurrence; past it, COUNTRY_CODE_REACH more characters find a
        # phone number that reaches back over it (its country code, country_code_start).
        for start, _, _, q, unit, endpoints in values:
            if start > pos:
                break
            if q == quantity or quantity in endpoints:
                if found is None:
                    found = set()
                found.add(unit)
        pos = text.find(needle, pos + 1)
    return found


def kept_offers(text: str) -> Mapping[str, AbstractSet[str]] | None:
    """What `text` offers (offered_quantities: quantity -> its units), when knowing it costs no
    scan: kept for the text, or made from the values another rule kept for it (an excerpt cited
    by an earlier answer about the same filing); else None, and units_offering looks where the
    value's digits are. Both give the same units (the property test of units_offering)."""
    table = _offered_table.peek(text)
    if table is None and _values.peek(text) is not None:
        table = _offered_table(text)
    return table


@text_memo(max_bytes=8 * 2**20, item_bytes=150)
def _offered_table(text: str) -> dict[str, frozenset[str]]:
    """offered_quantities(text), frozen: the memo's result is shared (kept_offers)."""
    return {quantity: frozenset(units) for quantity, units in offered_quantities(text).items()}


def _may_be_country_code(text: str, pos: int, raw: Scanned | Skip | None) -> bool:
    """Can a value whose grammar match starts after `pos` reach back over the digits at `pos`,
    as a phone number does over its country code ("1 800-555-0199")? Only when what the match
    at `pos` covers is short enough to be a country code and a digit follows it closely: then
    matching the grammar at `pos` alone is not the scanner's answer."""
    covered = pos  # the scanner reads no value here and moves on
    if isinstance(raw, Skip):
        if raw.covers is not None:
            covered = raw.covers
    elif raw is not None:
        covered = raw.end
    return covered - pos <= COUNTRY_CODE_DIGITS and not _DIGIT_CHARS.isdisjoint(
        text[covered : pos + COUNTRY_CODE_REACH + 1]
    )


# A digit with no digit in the _SAFE characters before it starts a value in the full scan, or
# starts none, as if the text began there (twice _REACH: a margin, no value has such a gap).
_SAFE = 2 * _REACH
# Beyond this many characters back, units_offering scans the whole text once instead.
_RESUME_LIMIT = 240


def _resume_point(text: str, pos: int) -> int:
    """A digit position at or before `pos` where the full scan can be resumed (_scan_from), or
    -1 when it lies more than _RESUME_LIMIT characters back."""
    r = pos
    while r > 0 and not _DIGIT_CHARS.isdisjoint(text[max(0, r - _SAFE) : r]):
        j = r - 1
        while text[j] not in _DIGIT_CHARS:  # the nearest digit before r ...
            j -= 1
        while j > 0 and text[j - 1] in _DIGIT_CHARS:  # ... and the start of its run
            j -= 1
        r = j
        if pos - r > _RESUME_LIMIT:
            return -1
    return r
