"""A small count written in digits by the answer and in words by the evidence, before the same
noun: "2 tablets" <- "two tablets" (answer gate 2.3.0, decision 163). A number word alone grounds
nothing: the noun after it must be the answer's."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from groundgate.engine.gates.answer import VERBATIM_POLICY
from groundgate.engine.values.number.words_en import number_word
from tests.engine.helpers import gate_whole_text


@pytest.mark.parametrize(
    ("conclusion", "evidence"),
    [
        ("Take 2 tablets twice daily.", "Dosage: two tablets, twice a day."),
        ("The company has 2 segments.", "We operate two reportable segments."),
        ("Children take 1 tablet.", "Children take one tablet."),
        ("It has 25 stores.", "It runs twenty-five stores."),
    ],
)
def test_a_count_in_words_grounds_the_digits_and_says_so(conclusion, evidence):
    verdict = gate_whole_text(conclusion, evidence)
    assert verdict.status == "ok", verdict.findings
    (finding,) = verdict.findings
    assert finding.code == "NUMBER_EQUIVALENT" and finding.rules == ["format"]
    word = evidence[slice(*finding.grounded_by.span)]
    assert finding.grounded_by.text == word and word.lower() in evidence.lower()


@pytest.mark.parametrize(
    ("conclusion", "evidence"),
    [
        ("Take 3 tablets twice daily.", "Dosage: two tablets, twice a day."),
        ("It has 2 branches.", "It has two doctors and five branches."),  # another noun's two
        ("The fee is $2 per tablet.", "Dosage: two tablets."),  # an amount, not a count
        ("It has 12 stores.", "It runs twenty-five stores and two offices."),
    ],
)
def test_a_word_for_another_count_or_thing_grounds_nothing(conclusion, evidence):
    assert gate_whole_text(conclusion, evidence).status == "citation_insufficient"


def test_the_verbatim_policy_wants_the_digits():
    verdict = gate_whole_text("Take 2 tablets.", "Take two tablets.", policy=VERBATIM_POLICY)
    assert verdict.status == "citation_insufficient"


@given(st.integers(1, 99), st.sampled_from(["tablets", "stores", "branches", "doctors"]))
def test_every_count_to_ninety_nine_reads_its_word(n, noun):
    evidence = f"The report lists {number_word(n)} {noun} in total."
    assert gate_whole_text(f"The report lists {n} {noun}.", evidence).status == "ok"
    other = n + 1 if n < 99 else n - 1
    assert gate_whole_text(f"The report lists {other} {noun}.", evidence).status != "ok"


@pytest.mark.parametrize(
    ("conclusion", "evidence", "status"),
    [
        ("It is the 2nd largest city.", "It is the second-largest city.", "ok"),
        ("It was built in the 21st century.", "It was built in the twenty-first century.", "ok"),
        ("It ranked 2nd in sales.", "It was second in sales.", "ok"),
        ("It is the 3rd largest city.", "It is the second-largest city.", "citation_insufficient"),
        ("It finished 2nd.", "It took a second.", "citation_insufficient"),  # no noun after
    ],
)
def test_an_ordinal_in_words_grounds_the_digits_before_the_same_word(conclusion, evidence, status):
    assert gate_whole_text(conclusion, evidence).status == status
