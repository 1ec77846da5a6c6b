"""The one vocabulary of comparisons and clause ends (context/comparisons.py), and the
differences its readers keep on purpose: each composes its own pattern of named parts."""

from __future__ import annotations

import re

import pytest

from groundgate.engine.context.answer_periods import _clause_relative_periods
from groundgate.engine.context.claims import _CLAUSE_END, read_claims
from groundgate.engine.context.comparisons import (
    CHANGE,
    COMPARED_TO,
    EARLIER,
    against_before,
    any_of,
    whole_words,
    word_starts,
)
from groundgate.engine.context.periods import named_relative_periods
from groundgate.engine.context.prose_subjects import CLAUSE_CUT


def test_a_starred_word_takes_any_ending_as_a_whole_word_and_none_as_a_word_start():
    assert re.search(whole_words(("increas*",)), "it increased")
    assert not re.search(whole_words(("up",)), "an upward move")
    assert re.search(word_starts(("up",)), "an upward move")
    assert re.search(word_starts(("increas*",)), "increases")
    assert not re.search(whole_words(("up",)), "setup")
    assert re.search(any_of(("相比",)), "与上年同期相比")


def test_earlier_is_a_comparison_for_claims_only_last_year_is_a_period_for_the_context_rule():
    claims_reading = "(?i)" + word_starts(COMPARED_TO + EARLIER + CHANGE)
    context_reading = "(?i)" + whole_words(COMPARED_TO + CHANGE)
    assert re.search(claims_reading, "in 2019, against last")
    assert not re.search(context_reading, "revenue last year")
    # The context rule reads the relative period "last year" of the value's earlier clause as
    # the value's, but not one a comparison stands before.
    sentence = "Last year, revenue was 11,200"
    at = sentence.index("11,200")
    assert _clause_relative_periods(sentence, at, at + 6) == ("R1",)
    sentence = "Up from last year, revenue was 12,345"
    at = sentence.index("12,345")
    assert _clause_relative_periods(sentence, at, at + 6) == ()


@pytest.mark.parametrize(
    ("text", "against"),
    [
        ("grew 5% over the prior year", True),
        ("up from last year", True),
        ("营业收入较上年", True),
        ("与上年同期相比", True),
        ("revenue was 11,200 last year", False),
        ("上期营业收入", False),
    ],
)
def test_a_relative_period_right_after_a_comparisons_preposition_is_the_one_compared_against(
    text: str, against: bool
) -> None:
    assert (named_relative_periods(text) == ()) is against


def test_against_is_a_preposition_ending_the_text_before_the_period():
    against = re.compile(against_before())
    assert against.search("grew 5% over the ") and against.search("compared with those of ")
    assert against.search("营业收入较") and against.search("与 ")
    assert not against.search("revenue was 11,200 ") and not against.search("from 4 in ")


def test_a_prose_clause_ends_at_every_comma_a_claims_clause_only_at_one_before_a_word():
    assert [m.group(0) for m in CLAUSE_CUT.finditer("5, 6 and 7. Then")] == [",", " and ", "."]
    assert [m.group(0) for m in _CLAUSE_END.finditer("5, 6 and 7. Then")] == [" and "]
    assert [m.group(0) for m in _CLAUSE_END.finditer("5, then 6；7，8")] == [",", "；", "，"]
    # claims.py: the values of one list share their clause's words.
    words = {c.value.text: c.own_words for c in read_claims("Revenue was 5, 6 and 7 million")}
    assert words["5"] == words["6"] == {"revenu"}
