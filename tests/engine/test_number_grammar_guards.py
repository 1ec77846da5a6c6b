"""The speed shortcuts of the number rule give exactly what the plain rule gives.

Each shortcut is a necessary condition tested first (a lookahead in the grammar, a resumed scan,
a bound on a derivation); these tests run the rule with and without it on the same input.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine import derivations, numbers, units
from groundgate.engine.derivations import explain, operand_amounts
from groundgate.engine.evidence_values import Located
from groundgate.engine.number_lookup import leading_figure, units_offering
from groundgate.engine.numbers import extract_numbers, offered_quantities
from groundgate.engine.quantities import NO_CONTEXT, typed
from groundgate.engine.values.number import words_en
from tests.engine.test_properties import NUMBERY, TEXT

# The grammar as it was before the two lookaheads: removing them leaves the same alternation.
UNGUARDED = re.compile(
    numbers._MASTER.pattern.replace(numbers._SPECIAL_AHEAD, "").replace(numbers._SUFFIX_AHEAD, ""),
    re.VERBOSE,
)
SAMPLES = [
    "(301) 352-1200 or 301.352.1200, file 000-15175, 2024-03-05, 3/5/2024, 9:30 am, 12:00 pm",
    "Revenue 4,625 (in millions), 1.5 million, 3 bn, 20万元, 5 %, 10–20%, 3-5 million, 10-K",
    "2014年5月1日 5月10日 5 March 2024, March 5, 2024, 4.5/5, 8 out of 10, 3rd, 12.50‰",
]


def _matches(pattern: re.Pattern[str], text: str) -> list:
    found = []
    for i in range(len(text)):
        m = pattern.match(text, i)
        found.append(None if m is None else (m.span(), m.lastgroup, m.groupdict()))
    return found


@pytest.mark.parametrize("text", SAMPLES)
def test_the_guarded_grammar_matches_what_the_unguarded_one_matches(text):
    assert _matches(numbers._MASTER, text) == _matches(UNGUARDED, text)


@given(st.one_of(NUMBERY, TEXT))
@settings(max_examples=500)
def test_the_guards_change_no_match_on_any_text(text):
    assert _matches(numbers._MASTER, text) == _matches(UNGUARDED, text)


def test_the_lookup_resumes_or_falls_back_and_agrees_with_the_full_scan():
    # Numbers close together (each occurrence is near a digit), short and long enough to take
    # both the resumed scan and, past _RESUME_LIMIT, the one full scan.
    for rows in (3, 40):
        text = " ".join(f"{n},{n % 1000:03d} 5-{n % 7} {n % 12 + 1} pm 1.{n}%" for n in range(rows))
        full = offered_quantities(text)
        for value in extract_numbers(text):
            assert units_offering(text, value.quantity) == full.get(value.quantity)
            assert units_offering(text, value.quantity, scanned={}) == full.get(value.quantity)
            plain: set[str] = set()
            for _ in range(2):  # the second time with the text known plain (or not)
                assert units_offering(text, value.quantity, plain=plain) == full.get(value.quantity)


def _lookup_by_figure(excerpt: str, quantity: str) -> set[str] | None:
    """The answer gate's fast lookup: the leading figure as the needle, and an excerpt without
    it skipped at once."""
    needle = leading_figure(quantity)
    if (needle or quantity) not in excerpt:
        return None
    return units_offering(excerpt, quantity, needle)


# 300 examples (was 1,000, d400): of three seeded bugs in number_lookup.units_offering, the one this
# test and test_properties' twin find at 1,000 (the reach before a needle cut to 1) they find
# at 300; the other two neither finds at 1,000 (the examples below do).
@given(st.one_of(NUMBERY, TEXT), st.one_of(NUMBERY, TEXT))
@settings(max_examples=300)
def test_looking_up_the_leading_figure_agrees_with_the_full_scan(conclusion, excerpt):
    full = offered_quantities(excerpt)
    for value in extract_numbers(conclusion) + extract_numbers(excerpt):
        assert _lookup_by_figure(excerpt, value.quantity) == full.get(value.quantity)


@pytest.mark.parametrize(
    ("conclusion", "excerpt"),
    [
        ("1,050.5 and 1,050", "11,050.5 1,050.55 1,0505 then 1,050.5%"),
        ("March 5, 2024 at 9 am", "on March 5, 2024 from 9 am"),
        ("12,345", "12,345,678 and 112,345 and 12,3456"),
        # A phone number reaches back over its country code, which the grammar alone reads as
        # a number of its own: the lookup of "1" or of the whole number must see that.
        ("1 0-0-0", "1 0-0-0"),
        ("1 and 1 800-555-0199", "+1 301-352-1200 and 1 800-555-0199"),
        ("1", "call 1 (800) 555-0199 or 12 345-6789"),
        (SAMPLES[0], SAMPLES[0]),
        (SAMPLES[1], SAMPLES[1]),
        (SAMPLES[2], SAMPLES[2]),
    ],
)
def test_the_leading_figure_lookup_on_examples(conclusion, excerpt):
    full = offered_quantities(excerpt)
    values = extract_numbers(conclusion)
    assert values
    for value in values:
        assert _lookup_by_figure(excerpt, value.quantity) == full.get(value.quantity)


def _explain_both_ways(target_text: str, operand_text: str):
    target = typed(extract_numbers(target_text)[0])
    operands = [
        (located, operand_amounts(located))
        for located in (
            Located(typed(v), NO_CONTEXT, "c", None, 0, (v.start, v.end))
            for v in extract_numbers(operand_text)
        )
    ]
    found = explain(target, operands, max_operands=200, question_exponent=None)
    original = derivations._may_solve
    derivations._may_solve = lambda *args: True  # search every operation
    try:
        plain = explain(target, operands, max_operands=200, question_exponent=None)
    finally:
        derivations._may_solve = original
    return found, plain


AMOUNT = st.one_of(
    st.integers(1, 10**7).map(lambda n: f"{n:,}"),
    st.tuples(st.integers(0, 999), st.integers(0, 99)).map(lambda t: f"{t[0]}.{t[1]:02d}"),
    st.tuples(st.integers(0, 300), st.integers(0, 9)).map(lambda t: f"{t[0]}.{t[1]}%"),
)


@given(AMOUNT, st.lists(AMOUNT, min_size=1, max_size=8))
@settings(max_examples=500)
def test_skipping_impossible_derivations_finds_what_the_full_search_finds(target, operands):
    found, plain = _explain_both_ways(target, " and ".join(operands))
    assert found == plain


@pytest.mark.parametrize(
    ("target", "operands"),
    [
        ("12.3%", "1,577 and 1,404"),  # percentage change
        ("3,000", "1,000 and 2,000"),  # sum
        ("50%", "1 and 2"),  # percentage
        ("1,500", "3,000 and 2"),  # ratio
        ("0.75", "3 and 4"),  # ratio
    ],
)
def test_the_bounds_keep_the_derivations_of_the_examples(target, operands):
    found, plain = _explain_both_ways(target, operands)
    assert found is not None and found == plain


def _unit_after_space_plain(text: str, end: int) -> tuple[str, int]:
    """unit_after after a space without its set pre-test: the word read by the regex."""
    m = units._UNIT_WORD.match(text, end)
    if m is None:
        return "", end
    space, word = m.groups()
    if word in units._ASCII_UNIT_SET or (not space and word in units._SINGLE_UNIT_SET):
        return word, m.end()
    return "", end


WORDS_AFTER = st.lists(
    st.one_of(
        st.sampled_from(units._ASCII_UNITS),
        st.sampled_from(["pressure", "m", "mgs", "x", "℃x", "°", "pp", "k", "kWhs", "ppm/", ""]),
        st.text(alphabet="abkmgpL℃°/0 ", max_size=5),
    ),
    max_size=6,
)


@given(WORDS_AFTER)
@settings(max_examples=1000)
def test_the_unit_pre_test_after_a_space_changes_no_unit(words):
    text = "5 " + " ".join(words)
    for end, ch in enumerate(text):
        if ch == " ":
            assert units.unit_after(text, end) == _unit_after_space_plain(text, end)


# The number-word readers as they were before their lookaheads (values/number/words_en.py).
WORD_PATTERNS = [
    (words_en._UNIT, re.compile(words_en._UNIT.pattern.replace(words_en._UNIT_AHEAD, ""))),
    (
        words_en._NUMBER_BEFORE,
        re.compile(
            words_en._NUMBER_BEFORE.pattern.replace(words_en._NUMBER_AHEAD, ""), re.IGNORECASE
        ),
    ),
]
WORD_PARTS = [
    " ",
    "-",
    *(
        "Twenty twenty-five seven Eleven one nine years year percent Stars stars point feet foot "
        "inches kilometres meters days hours Minutes weeks months miles sixty a x 3 ."
    ).split(),
]
WORDS = st.lists(st.sampled_from(WORD_PARTS), max_size=20).map("".join)


@given(st.one_of(WORDS, TEXT))
@settings(max_examples=500)
def test_the_number_word_guards_change_no_match(text):
    for guarded, plain in WORD_PATTERNS:
        assert _matches(guarded, text) == _matches(plain, text)
        spans = [m.span() for m in guarded.finditer(text)]
        assert spans == [m.span() for m in plain.finditer(text)]
    for end in range(len(text) + 1):
        for start in range(max(0, end - 14), end + 1):
            got = WORD_PATTERNS[1][0].search(text, start, end)
            want = WORD_PATTERNS[1][1].search(text, start, end)
            assert (got and got.span()) == (want and want.span())
