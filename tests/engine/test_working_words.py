"""A calculation constant after an operation said in words is working, no claim (policy
`working_constants: "symbols_x_benchmarks_words"`, answer gate 2.57.0, d762): "dividing the COGS
by the Net Operating Revenues and multiplying by 100 to get a percentage", "divided by 2",
"times 365". `symbols_x_benchmarks` (2.27.0 - 2.55.0's default) keeps such a 100 a claim."""

from __future__ import annotations

import pytest

from groundgate.engine.declarations import in_working
from groundgate.engine.gates.answer import DEFAULT_POLICY, AnswerCase, gate_answer
from groundgate.engine.numbers import extract_numbers
from tests.conftest import financebench_case
from tests.engine.test_quantities import gate

CONSTANTS = DEFAULT_POLICY.calculation_constants
WORDS = "symbols_x_benchmarks_words"
INCOME = "Net Operating Revenues $ 38,655 Cost of goods sold 15,357"
ACCEPT = DEFAULT_POLICY.model_copy(update={"derived_numbers": "accept"})
BEFORE = ACCEPT.model_copy(update={"working_constants": "symbols_x_benchmarks"})

# (text, the constant): working under the words reading, a claim before it.
WORKING = [
    ("Divide the COGS by the revenues and multiplying by 100 to get a percentage.", "100"),
    ("4. Multiply by 100 to convert to a percentage.", "100"),
    ("The margin is the ratio multiplied by 100.", "100"),
    ("Add the two years and divide by 2 for the average.", "2"),
    ("Multiply it by 365 to get days.", "365"),
    ("The daily figure times 365 gives the year.", "365"),
]
# Claims under every reading: no operation word right before, or no constant of the list.
CLAIMS = [
    ("Revenue was 100 million.", "100 million"),
    ("The company had 100 stores, divided by region.", "100"),
    ("Multiply by 7 to get the week.", "7"),  # 7 is no calculation constant
    ("Sales rose by 100 units.", "100"),
    ("It was divided into 2 segments.", "2"),
]


def _value(text: str, said: str):
    return next(v for v in extract_numbers(text) if v.text == said)


@pytest.mark.parametrize(("text", "said"), WORKING)
def test_working_in_words(text: str, said: str) -> None:
    value = _value(text, said)
    assert in_working(text, value, CONSTANTS, WORDS)
    assert not in_working(text, value, CONSTANTS, "symbols_x_benchmarks")


@pytest.mark.parametrize(("text", "said"), CLAIMS)
def test_claims_stay_claims(text: str, said: str) -> None:
    assert not in_working(text, _value(text, said), CONSTANTS, WORDS)


def test_the_gate_reports_it_as_working() -> None:
    conclusion = (
        "COGS % margin is COGS divided by revenues, multiplying by 100 to get a percentage: "
        "15,357 / 38,655 = 0.3973, so 39.73%."
    )
    verdict = gate(conclusion, {"c": INCOME})
    assert ("NUMBER_IN_WORKING", "100") in [(f.code, f.value) for f in verdict.findings]


def test_financebench_coca_cola_cogs_margin() -> None:
    # Coca-Cola's FY2021 COGS % margin (gold 39.7%), graded correct: "... and multiplying by 100
    # to get a percentage", then "(15,357 / 38,655) * 100 = 39.73%".
    case = AnswerCase.model_validate(financebench_case("fb-09724-gpt-4-oracle"))
    assert gate_answer(case, BEFORE).status != "ok"
    verdict = gate_answer(case, ACCEPT)
    assert verdict.status == "ok"
    assert any(f.code == "NUMBER_IN_WORKING" and f.value == "100" for f in verdict.findings)
