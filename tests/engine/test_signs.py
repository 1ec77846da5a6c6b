"""A value's sign: the same number with the opposite sign is another value, unless a text gives
the sign in words or the accountant's parentheses (quantities' "sign" rule, decision 160).

Before 2.3.0 the rule accepted any sign flip: "-5%" against "grew 5%", "5 °C" against "-5 °C",
and "-$1,200 million" read as "$1,200 million" (the sign before a currency was dropped).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from groundgate.engine.declarations import sign_in_words
from groundgate.engine.gates.answer_presets import DEFAULT_POLICY
from groundgate.engine.numbers import extract_numbers
from tests.engine.helpers import gate_whole_text


def ungrounded(verdict):
    return [f for f in verdict.findings if f.code == "UNGROUNDED_NUMBER"]


@pytest.mark.parametrize(
    ("conclusion", "evidence"),
    [
        ("Revenue changed by -5% in 2023.", "Revenue decreased 5% in 2023."),
        ("Revenue fell 5%.", "Change in revenue: -5%"),
        ("Net income was -1,200.", "Net income (loss): (1,200)"),
        ("Cash used in investing activities was $1,200.", "Investing activities $(1,200)"),
        ("Operating income was -$120 million.", "Operating loss of $120 million."),
        ("The rate was 0.6%.", "Effective tax rate (0.6)% 14.8%"),
        ("2023年公司亏损1.2亿元。", "2023年净利润为-1.2亿元，同比下降15%。"),
        ("净利润同比变动-15%。", "2023年净利润为-1.2亿元，同比下降15%。"),
    ],
)
def test_a_sign_given_in_words_or_parentheses_grounds_the_other_sign(conclusion, evidence):
    verdict = gate_whole_text(conclusion, evidence)
    assert verdict.status == "ok", verdict.findings


@pytest.mark.parametrize(
    ("conclusion", "evidence", "near"),
    [
        ("Revenue changed by -5% in 2023.", "Revenue grew 5% in 2023.", "5%"),
        ("It was 5 °C at night.", "Temperature: -5 °C at night.", "-5 °C"),
        ("Net income was -$1,200 million.", "Net income was $1,200 million.", "$1,200 million"),
        ("Revenue was 5%.", "Change: -5%", "-5%"),
        # A sign word after the next value is that value's, not this one's.
        ("2023年净利润为1.2亿元。", "2023年净利润为-1.2亿元，同比下降15%。", "-1.2亿元"),
    ],
)
def test_a_bare_sign_flip_is_another_value_with_the_sign_as_its_near_miss(
    conclusion, evidence, near
):
    verdict = gate_whole_text(conclusion, evidence)
    assert verdict.status == "citation_insufficient"
    (finding,) = ungrounded(verdict)
    assert finding.near_match.reason == "wrong_sign"
    assert finding.near_match.text == near
    assert evidence[slice(*finding.near_match.span)] == near
    assert "opposite sign" in finding.message


def test_the_sign_before_a_currency_belongs_to_the_amount():
    (value,) = extract_numbers("Net income was -$1,200 million.")
    assert (value.text, value.quantity, value.unit) == ("-$1,200 million", "-1,200million", "$")
    # A list bullet before the currency is no sign.
    (bullet,) = extract_numbers("Totals:\n-$1,200 revenue")
    assert bullet.quantity == "1,200"


@pytest.mark.parametrize(
    ("written_calculations", "formulas"),
    [
        # The answer's own written calculation, as it writes it (d412).
        ("round_or_cut", ("$6,201 - $6,887 = -$686", "-$686 / $6,887 = -0.0996")),
        # The derivation search alone: the subtraction in the order that gives the sign.
        ("off", ("$6,201 − $6,887 ≈ -$686", "-$686 / $6,887 ≈ -0.0996")),
    ],
)
def test_a_negative_step_of_the_answer_is_derived_with_its_sign(written_calculations, formulas):
    # FinanceBench's "Percentage Increase: (($6,201 - $6,887) / $6,887) * 100".
    evidence = "Revenue (in millions) was $6,201 in FY22 and $6,887 in FY21."
    verdict = gate_whole_text(
        "The change in revenue is $6,201 - $6,887 = -$686, i.e. -$686 / $6,887 = -0.0996.",
        evidence,
        DEFAULT_POLICY.model_copy(update={"written_calculations": written_calculations}),
    )
    derivations = {f.value: f.derivation.formula for f in ungrounded(verdict) if f.derivation}
    assert (derivations["-$686"], derivations["-0.0996"]) == formulas


@given(
    st.integers(min_value=1, max_value=10**9),
    st.sampled_from(["", "%", " million", " °C", "万元"]),
    st.booleans(),
)
def test_any_value_with_its_sign_flipped_and_no_words_is_rejected(number, unit, answer_negative):
    written = f"{number:,}{unit}"
    evidence = f"The reading was {'' if answer_negative else '-'}{written} in the table."
    conclusion = f"The reading was {'-' if answer_negative else ''}{written}."
    assert gate_whole_text(conclusion, evidence).status == "citation_insufficient"


@pytest.mark.parametrize(
    ("text", "signed"),
    [
        ("Revenue decreased 5% in 2023", True),
        ("a 5% decline", True),
        ("Revenue grew 5% in 2023", False),
        ("Loss (1,200) total", True),
        ("同比下降15%", True),
        ("净利润为-1.2亿元，同比下降15%", False),  # the word is the next value's
    ],
)
def test_what_counts_as_a_sign_in_words(text, signed):
    value = next(v for v in extract_numbers(text) if v.kind != "date")
    assert sign_in_words(text, value.start, value.end) is signed
