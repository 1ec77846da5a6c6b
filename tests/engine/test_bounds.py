"""A bound the answer states instead of the value: "over 50%", "under 1,000", "突破50亿元",
"不到1%", "50亿元以上" (equivalence rule `bound`, decision 165). The evidence's value must lie
within the bound and no further than half a unit of the answer's last significant digit (and a
factor of two), be written like the answer's (with its unit, at its written scale) and be no
bound itself.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from groundgate.engine.declarations import bound_of
from groundgate.engine.gates.answer import VERBATIM_POLICY
from groundgate.engine.numbers import extract_numbers
from tests.engine.helpers import gate_whole_text


@pytest.mark.parametrize(
    ("text", "bound"),
    [
        ("Over 50% of users", "above"),
        ("more than $1 billion", "above"),
        ("under 1,000 units", "below"),
        ("at least 80% of", "at_least"),
        ("not less than 90 days", "at_least"),
        ("up to 30%", "at_most"),
        ("票房突破50亿元", "above"),
        ("差评率不到1%", "below"),
        ("50亿元以上", "at_least"),
        ("grew 50% in 2023", None),
    ],
)
def test_what_is_read_as_a_bound(text, bound):
    value = extract_numbers(text)[0]
    assert bound_of(text, value.start, value.end) == bound


@pytest.mark.parametrize(
    ("conclusion", "evidence"),
    [
        ("Over 50% of users prefer dark mode.", "52% of users prefer dark mode."),
        ("Over 1 million users.", "1.3 million users"),
        ("Less than 1% of revenues.", "capex was 0.8% of revenues"),
        ("Under 1,000 units were sold.", "950 units were sold."),
        ("该片票房突破50亿元。", "累计票房达50.3亿元。"),
        ("票房50亿元以上。", "累计票房达50.3亿元。"),
    ],
)
def test_a_value_within_the_bound_grounds_it_and_is_shown(conclusion, evidence):
    verdict = gate_whole_text(conclusion, evidence)
    assert verdict.status == "ok", verdict.findings
    (finding,) = verdict.findings
    assert finding.code == "NUMBER_EQUIVALENT" and "bound" in finding.rules


@pytest.mark.parametrize(
    ("conclusion", "evidence"),
    [
        ("Over 50% of users prefer dark mode.", "75% of users prefer dark mode."),  # 75% is said
        ("Over 50% of users prefer dark mode.", "48% of users prefer dark mode."),
        ("Under 1,000 units were sold.", "450 units were sold."),
        ("The store sold over 1,000 units.", "The store sold 950 units."),
        ("该片票房突破60亿元。", "累计票房达50.3亿元。"),
        # Two thresholds are no measurement: "over $50" is not "at least $55".
        ("Refunds apply to purchases over $50.", "Refunds apply to purchases of at least $55."),
        # A table's bare figure is no duration.
        ("It takes over 90 days.", "(In millions) 91.1 93.0"),
    ],
)
def test_a_value_outside_the_bound_or_of_another_kind_grounds_nothing(conclusion, evidence):
    assert gate_whole_text(conclusion, evidence).status == "citation_insufficient"


def test_the_verbatim_policy_wants_the_value():
    verdict = gate_whole_text("Over 50% agree.", "52% agree.", policy=VERBATIM_POLICY)
    assert verdict.status == "citation_insufficient"


@given(st.integers(2, 9), st.integers(1, 9))
def test_over_n_tens_is_grounded_below_the_next_half_ten_and_nothing_above(tens, units):
    # (The bound itself verbatim - "over 50%" where the evidence says 50% - is grounded as
    # written: the verbatim path does not read bounds.)
    evidence = f"{tens * 10 + units}% of users agree."
    status = gate_whole_text(f"Over {tens * 10}% of users agree.", evidence).status
    assert status == ("ok" if units < 5 else "citation_insufficient")
