"""The one numeric-value extractor of the project. Every gate that checks numbers calls it.

The grammar is documented for humans in docs/number-grammar.md; keep the two in step.

A value is found as a whole: "10,000" is one value, never "10" and "000", so a conclusion's "10"
is not grounded by an excerpt's "10,000", "100", "2010" or "10.5". Each value has
  - quantity: the characters of the number itself (sign, digits, separators, decimals, Chinese or
    English magnitude, percent/per-mille). Whitespace inside a value is dropped; nothing else is
    normalised, so "12.50" != "12.5" and "１０" != "10".
  - unit: a recognised unit or currency written next to it ("mg/L", "元", "$"), or "".
What a value means, and when two values written differently are the same one, is decided in
one place only: its kind under values/ (values/typed.py, values/sameness.py). The fast lookup of
one quantity in an excerpt (units_offering), equal to this module's full scan, is number_lookup.py.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet

from groundgate.engine.text_memo import text_memo
from groundgate.engine.units import _UNIT_FIRST, CURRENCY_CODES, unit_after
from groundgate.engine.values.count.calendar import calendar_phrase
from groundgate.engine.values.date.rules_en import ISO_DATE, US_DATE, month_before
from groundgate.engine.values.date.rules_zh import CN_DATE
from groundgate.engine.values.grammar import WS, D
from groundgate.engine.values.identifier.rules import (
    IDENT,
    PHONE,
    country_code_start,
)
from groundgate.engine.values.number.after import special_after, starts_line
from groundgate.engine.values.number.numerals_zh import numeral_values
from groundgate.engine.values.number.words_en import word_values
from groundgate.engine.values.range.rules_en import TOKENISED_YEAR_DASH, time_range
from groundgate.engine.values.registry import READERS
from groundgate.engine.values.scanned import NumericValue as NumericValue
from groundgate.engine.values.scanned import Scanned, Skip, scanned
from groundgate.engine.values.time.rules_en import CLOCK, WORD_TIMES_EN
from groundgate.engine.values.time.rules_zh import WORD_TIMES_ZH, day_part_start

# Magnitudes that belong to the quantity itself (1.5万 is fifteen thousand, not 1.5 of a unit).
_CJK_MAGNITUDES = {
    "万亿": 10**12,
    "千亿": 10**11,
    "百亿": 10**10,
    "亿": 10**8,
    "千万": 10**7,
    "百万": 10**6,
    "十万": 10**5,
    "万": 10**4,
}

_MAG = "(?:" + "|".join(sorted(_CJK_MAGNITUDES, key=len, reverse=True)) + ")"
_EN_MAG = r"(?:(?:\s(?:thousand|million|billion|trillion)|[ \u00a0]?(?:bn|mn))(?![A-Za-z]))"
_PCT = r"(?:\s?[%％‰])"
_NUMBER = rf"(?:{D}{{1,3}}(?:,{D}{{3}})+(?!{D})|{D}+)(?:[.．]{D}+)?"
_QUANTITY = rf"{_NUMBER}(?:{_MAG}|{_EN_MAG})?{_PCT}?"

# The grammar. It starts with a bare digit class so that finditer skips ahead in C (most of the
# extractor's speed, see docs/benchmarks.md); every branch below continues after that first digit.
# The lookbehinds are the left boundary: a value never starts inside a word or identifier ("H2O",
# "c1", "COVID-19", "IPC_420") or after a decimal point ("1.2.3" is the value 1.2, not also 3),
# except right after "am-"/"pm-" ("9am-5pm" is two times) and "magnitude-" (a hyphenated measure
# before its noun: "a magnitude-4.8 quake" is a "4.8-magnitude quake", decision d296).
# A sign or currency sign before the first digit is attached in _raw, which also reads the words
# around a value (month names, am/pm, "/5", form names such as "10-K").
# Full-width digits may group their thousands with a full-width comma ("１２，３４５．６７", d888):
# only between full-width digits, so "12，345" (a clause break) stays two values.
_WIDE = "[０-９]"
_REST = (
    rf"(?:{D}{{0,2}}(?:,{D}{{3}})+(?!{D})|(?<=[０-９]){_WIDE}{{0,2}}(?:，{_WIDE}{{3}})+(?!{D})|{D}*)"
    rf"(?:[.．]{D}+)?"
)
# A range separator never spans a line break, and a hyphen-minus with spaces around it is
# subtraction written as working ("177,866 - 135,987"): two values, not a range. A tokenised
# dash (" -- ") separates only a span of years ("2007 -- 11": range/rules_en.py, d299), never
# before a magnitude or a percentage ("in 2007 -- 11 million units", which the range's first end
# would take).
_RANGE_SEP = (
    rf"(?:[ \u00a0]?[–—~～〜][ \u00a0]?|[-‐](?=[0-9０-９])"
    rf"|{TOKENISED_YEAR_DASH}(?!{_NUMBER}(?:{_MAG}|{_EN_MAG}|{_PCT})))"
)
# Two lookaheads that only say "the branches after me cannot match here" (each tests a character
# that every one of those branches needs), so that a plain number - most values - skips them at
# once; Python's regex engine tries every branch of an alternation otherwise. They change no match
# (tests/engine/test_number_grammar_guards.py compares the grammar with and without them):
#   _SPECIAL_AHEAD: dates, phones, identifiers and times all continue the first run of digits
#     with one of - / : ) 年 月, or (a phone "12.345.6789") with exactly two digits and a point,
#     or (a date "2025.12.31") with three digits, a point, a month and a point;
#   _SUFFIX_AHEAD:  a magnitude or percent sign follows the number at once or after one space.
_SPECIAL_AHEAD = (
    r"(?=[0-9０-９]*[-/:)年月]|[0-9０-９]{2}\.|[0-9０-９]{3}[.．][0-9０-９]{1,2}[.．][0-9０-９])"
)
_SUFFIX_AHEAD = r"(?=[万亿千百十bm%％‰]|\s[tmb%％‰])"
_MASTER = re.compile(
    rf"""{D}(?<![A-Za-z0-9０-９_.．]{D})
    (?:(?<![A-Za-z][-‐]{D})|(?<=[AaPp][Mm][-‐]{D})|(?<=[Mm]agnitude[-‐]{D}))
    (?:
      {_SPECIAL_AHEAD}
      (?:
      {ISO_DATE}
    | {US_DATE}
    | {PHONE}
    | {IDENT}
    | {CN_DATE}
    | {CLOCK}
      )
    | (?P<lo>{_REST}(?:{_SUFFIX_AHEAD}(?:{_MAG}|{_EN_MAG})?{_PCT}?)?)
      (?:{_RANGE_SEP}(?P<hi>{_QUANTITY}))?
    )""",
    re.VERBOSE,
)
_SIGNS = frozenset("+-−－±")
_CURRENCIES = frozenset("$€£¥￥")
# The last letters of the currency codes written before a figure (a cheap first test).
_CODE_LAST = frozenset(code[-1] for code in CURRENCY_CODES)
# A sign counts only where a number could start, i.e. not after these ("5-3", "x-3", "a.-3").
_NOT_BEFORE_SIGN = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789０１２３４５６７８９_.．"
)

# Characters after a plain number that may start one of values/number/after.special_after's words
# (a cheap pre-test).
_AFTER_PLAIN = frozenset(" \u00a0-‐/stnrdaApP.)点时時KQF")
_WORD_TIMES = re.compile(f"{WORD_TIMES_EN}|{WORD_TIMES_ZH}")


def _scan(text: str) -> list[Scanned]:
    """The scanner behind every public function here: one grammar, one pass, left to right.
    A value whose words reach past the grammar's match ("5 March 2024") hides what it covers."""
    found = _scan_from(text, 0, len(text))
    # (str.isascii() is a flag of the string, no scan: an ASCII text has no "正午" to look for.)
    if (
        "noon" in text
        or "midnight" in text
        or (not text.isascii() and ("正午" in text or "午夜" in text))
    ):
        words: list[Scanned] = [
            scanned(w.start(), w.end(), "time", w.group()) for w in _WORD_TIMES.finditer(text)
        ]
        if words:
            found = sorted(found + words)
    if not text.isascii():
        numerals = numeral_values(text)
        if numerals:
            found = sorted(found + numerals)
    words = word_values(text)
    if words:
        found = sorted(found + words)
    for read in READERS:  # the kinds' own readers (values/registry.py): "Q3 2024"
        own = read(text)
        if own:
            found = _overlay(found, own)
    return found


def _overlay(found: list[Scanned], own: list[Scanned]) -> list[Scanned]:
    """`found` without the values that overlap one of `own`, and `own`, in order: a kind's
    reader reads a value whole ("Q3 2024" is a quarter, not also the count 2024)."""
    kept = [v for v in found if not any(v.start < o.end and o.start < v.end for o in own)]
    return sorted(kept + own)


def _scan_from(text: str, start: int, stop: int) -> list[Scanned]:
    """The values whose first digit is in text[start:stop + 1], as _scan finds them, provided
    no value that starts before `start` covers it (start 0, or see number_lookup._resume_point)."""
    found: list[Scanned] = []
    covered = start
    for m in _MASTER.finditer(text, start):
        first = m.start()
        if first > stop:
            break
        if first < covered:
            continue
        raw = _raw(text, m)
        if raw is None:
            continue
        if isinstance(raw, Skip):  # no value, but words that cover the digits after it: "24/7"
            if raw.covers is not None:
                covered = raw.covers
            continue
        if raw.start < covered:  # a value that reaches back: "+1" before a phone number
            while found and found[-1].start >= raw.start:
                found.pop()
        found.append(raw)
        covered = raw.end
    return found


def _raw(text: str, m: re.Match[str]) -> Scanned | Skip | None:
    """One match of _MASTER as a Scanned value, None when the digits are not a value at all (the
    "10" of "10-K"), or a Skip when they are none and words after them cover more ("24/7")."""
    first = m.start()  # the first digit
    group = m.lastgroup
    # Most matches are numbers ("lo", or "hi" for a range): one test skips the other branches.
    if group != "lo" and group != "hi":
        if group == "iso" or group == "cdate" or group == "usdate":
            # An ISO date also offers its year: "2014" is grounded by "2014-05-01".
            offers = (m.group()[:4],) if group == "iso" else ()
            return scanned(first, m.end(), "date", m.group(), "", offers)
        if group == "time":
            # "下午2:00" is 14:00: a part of the day said before the clock belongs to it.
            start = day_part_start(text, first) if first and not text.isascii() else first
            quantity = text[start : m.end()]
            if " " in quantity or "\u00a0" in quantity:
                quantity = WS.sub("", quantity)
            return scanned(start, m.end(), "time", quantity, "", ())
        if group == "phone":
            start = first - 1 if first and text[first - 1] == "(" else first
            start = country_code_start(text, start)
            return scanned(start, m.end(), "identifier", text[start : m.end()], "", ())
        if group == "ident":
            start = country_code_start(text, first)
            return scanned(start, m.end(), "identifier", text[start : m.end()], "", ())
    end = m.end()
    size = len(text)
    lo_end = m.end("lo")
    # The match ends where the "lo" group does unless a range's "hi" group follows it.
    plain = end == lo_end
    hi = None if plain else m.group("hi")
    if plain and end < size and text[end] in _AFTER_PLAIN:
        special = special_after(text, first, end)
        if special is not None:
            # (a Skip that covers nothing: None; "24/7" keeps its end for the scanner)
            return special if not isinstance(special, Skip) or special.covers is not None else None
    if (
        plain
        and end - first in (1, 2, 4)  # month_before reads only these (a day or a year)
        and first >= 4
        and text[first - 1] in " \u00a0"
        # "March 5", or an abbreviation's full stop: "Dec. 31", "Aug. 2014"
        and (text[first - 2].isalpha() or (text[first - 2] == "." and text[first - 3].isalpha()))
    ):
        dated = month_before(text, first, end)
        if dated is not None:
            return dated
    # (unit_after's own first test, written out: most values are followed by a space,
    # punctuation or the end of the text.)
    unit = ""
    if end < size and text[end] in _UNIT_FIRST:
        unit, end = unit_after(text, end)
        if unit and plain and text[first:lo_end].isdigit():
            if calendar_phrase(text, first, end, int(text[first:lo_end]), unit):
                return None  # "open 7 days a week": the calendar, no claim
    qstart = start = first  # quantity start (sign included); surface start (currency too)
    sign = ""  # a sign written before the currency ("-$5"), which the quantity takes
    if first:
        prev = text[first - 1]
        if (
            prev in _SIGNS
            and (first < 2 or text[first - 2] not in _NOT_BEFORE_SIGN)
            and not (prev == "-" and starts_line(text, first - 1))  # a "-" list bullet
        ):
            qstart = start = first - 1
            prev = text[start - 1] if start else ""
        if prev in _CURRENCIES and unit in ("m", "k", "K"):
            # "$95,156m", "$12k": after a currency sign, m and k are magnitudes, not metres.
            lo_end, unit = end, ""
        elif (
            prev in _CURRENCIES
            and not unit
            and end < size
            and text[end] in "kKMBb"
            and (end + 1 == size or not text[end + 1].isalpha())
        ):
            # "$1.5k", "$4,625M", "$3B": thousands, millions, billions.
            lo_end = end = end + 1
        if prev in _CURRENCIES and not unit:
            start -= 1
            if start >= 2 and text[start - 2 : start] in ("US", "HK"):
                start -= 2
            unit = text[start:qstart]
            if (
                qstart == first  # no sign after the currency ("$-5")
                and start
                and text[start - 1] in _SIGNS
                and (start < 2 or text[start - 2] not in _NOT_BEFORE_SIGN)
                and not (text[start - 1] == "-" and starts_line(text, start - 1))
            ):
                # "-$1,200 million": the sign before the currency is the amount's.
                start -= 1
                sign = text[start]
        elif not unit and start >= 3:
            # A currency code before the figure: "EUR 20 million", "USD1.5 billion".
            code_end = start - 1 if prev in " \u00a0" else start
            if (
                code_end >= 3
                and text[code_end - 1] in _CODE_LAST
                and text[code_end - 3 : code_end] in CURRENCY_CODES
                and (code_end == 3 or not text[code_end - 4].isalpha())
            ):
                start = code_end - 3
                unit = text[start:code_end]
    lo = text[qstart:lo_end] if not sign else sign + text[qstart:lo_end]
    if hi is not None and not unit and end < size and text[end] in "aApP \u00a0":
        times = time_range(text, qstart, lo, hi, end)
        if times is not None:
            return times
    if hi is not None:
        quantity = text[qstart : m.end("hi")]
        if " " in quantity or "\u00a0" in quantity:
            lo, hi, quantity = WS.sub("", lo), WS.sub("", hi), WS.sub("", quantity)
        return scanned(start, end, "range", quantity, unit, (lo, hi))
    if " " in lo or "\u00a0" in lo:
        lo = WS.sub("", lo)
    # (Scanned(...) built inline: most values of every text end here.)
    return _new(Scanned, (start, end, "percent" if lo[-1] in "%％‰" else "number", lo, unit, ()))


def extract_numbers(text: str) -> list[NumericValue]:
    """Every numeric value in `text`, left to right, each found as a whole."""
    if not text:
        return []
    return list(_values(text))


@text_memo(max_bytes=16 * 2**20, item_bytes=300)
def _values(text: str) -> tuple[NumericValue, ...]:
    """extract_numbers, scanned once per text: the evidence index, the context rule's facts and
    claims and the verbatim path ask for the same excerpt (text_memo.py, d386)."""
    # NumericValue(...) without the NamedTuple's Python-level __new__ (a hot loop).
    return tuple(
        [
            _new(NumericValue, (text[s:e], s, e, kind, quantity, unit, endpoints))
            for s, e, kind, quantity, unit, endpoints in _scan(text)
        ]
    )


_new = tuple.__new__


def offered_quantities(text: str, into: dict[str, set[str]] | None = None) -> dict[str, set[str]]:
    """quantity -> units it is written with, for every value `text` offers as grounding (range
    endpoints included). Cheaper than extract_numbers: excerpts need no NumericValue objects."""
    offered: dict[str, set[str]] = {} if into is None else into
    if not text:
        return offered
    # The values kept for the text if another rule read them; else the scan without making
    # NumericValues or keeping them (this path reads each excerpt of a case once).
    kept = _values.peek(text)
    rows = (
        ((q, u, e) for _, _, _, q, u, e in _scan(text))
        if kept is None
        else ((v.quantity, v.unit, v.endpoints) for v in kept)
    )
    for quantity, unit, endpoints in rows:
        units = offered.get(quantity)
        if units is None:
            offered[quantity] = {unit}
        else:
            units.add(unit)
        for endpoint in endpoints:
            offered.setdefault(endpoint, set()).add(unit)
    return offered


def is_grounded(
    value: NumericValue, units: AbstractSet[str] | None, *, unit_must_match: bool = True
) -> bool:
    """A value is grounded when its quantity appears verbatim as a whole value in an excerpt;
    `units` are the units the excerpts write that quantity with (None: it does not appear).

    Units: when both sides name a unit they must be the same; a value written without a unit on
    either side is matched on the quantity alone (tables often put the unit in a header).
    """
    if units is None:
        return False
    if not unit_must_match or not value.unit or "" in units:
        return True
    return value.unit in units


# Gate E's numeric-claim token, frozen by ../shared/specs/gate-e-reports.md (v1). It is a contract
# shared with other implementations, so it is kept exactly as written there and is NOT the grammar
# above; it lives here so that every number rule of the project is in this one module.
GATE_E_NUMERIC_TOKEN = re.compile(r"-?\d+(?:\.\d+)?%?")
