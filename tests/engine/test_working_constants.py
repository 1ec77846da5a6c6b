"""Constants of the answer's own working are no claims about the evidence (policy
`working_constants: "symbols_x_benchmarks"`, answer gate 2.27.0, d507): a letter "x" for times
before the constant ("(COGS / Net Operating Revenues) x 100"), and the 1 a ratio or a rate is
compared with ("a quick ratio less than 1"). Shapes from the graded-correct FinanceBench answers
the gate rejected for them alone. "multiply by 100" in words: tests/engine/test_working_words.py
(`symbols_x_benchmarks_words`, 2.57.0, d762)."""

from __future__ import annotations

import pytest

from groundgate.engine.gates.answer import DEFAULT_POLICY, VERBATIM_POLICY
from tests.engine.test_quantities import gate

SYMBOLS = DEFAULT_POLICY.model_copy(update={"working_constants": "symbols"})
INCOME = "Net Operating Revenues $ 38,655 Cost of goods sold 15,357"
BALANCE = (
    "Cash and cash equivalents $ 2,605 Accounts receivable, net 24,506 "
    "Total current liabilities 50,171"
)


def codes(verdict):
    return [(f.code, f.value) for f in verdict.findings if f.severity == "error"]


def test_the_default_reads_letter_x_and_benchmarks_and_the_verbatim_preset_has_no_constants():
    assert DEFAULT_POLICY.working_constants == "symbols_x_benchmarks_words"  # d762
    assert VERBATIM_POLICY.calculation_constants == ()


def test_a_letter_x_before_100_is_times():
    conclusion = (
        "COGS % Margin = ($15,357 million / $38,655 million) x 100\n"
        "COGS % Margin = 0.3972 x 100\nCOGS % Margin = 39.72%"
    )
    verdict = gate(conclusion, {"c": INCOME})
    assert [f.value for f in verdict.findings if f.code == "NUMBER_IN_WORKING"] == ["100", "100"]
    assert ("UNGROUNDED_NUMBER", "100") in codes(gate(conclusion, {"c": INCOME}, policy=SYMBOLS))


@pytest.mark.parametrize(
    "sentence",
    [
        "A quick ratio of 1 or higher is generally considered healthy.",
        "A quick ratio less than 1 indicates too few liquid assets.",
        "Verizon's quick ratio is approximately 0.54, which is below 1.",
        "A free cash flow conversion rate greater than 1 indicates strong cash generation.",
    ],
)
def test_the_1_a_ratio_is_compared_with_is_no_claim(sentence):
    conclusion = "Quick Ratio = ($2,605 million + $24,506 million) / $50,171 million. " + sentence
    verdict = gate(conclusion, {"c": BALANCE})
    assert [f.value for f in verdict.findings if f.code == "NUMBER_IN_WORKING"] == ["1"]
    assert ("UNGROUNDED_NUMBER", "1") in codes(gate(conclusion, {"c": BALANCE}, policy=SYMBOLS))


@pytest.mark.parametrize(
    "conclusion",
    [
        "The ratio of 1 to 3 holds for the shares.",  # a ratio of two figures: a claim
        "Revenue fell below 1 billion.",  # no ratio or rate named
        "The company opened 1 store. Its quick ratio was 0.54.",  # another sentence's ratio
        "Box x 100 units shipped.",  # no term before the x
    ],
)
def test_other_constants_stay_claims(conclusion):
    verdict = gate(conclusion, {"c": BALANCE})
    assert not [f for f in verdict.findings if f.code == "NUMBER_IN_WORKING"], verdict.findings
