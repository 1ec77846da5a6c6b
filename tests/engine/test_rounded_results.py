"""A written result said again at a coarser precision (policy `restated_results`, d758).

"(11.35% + 4.50% + 15.00%) / 3 = 10.28%" and then "rounded to one decimal place, ... is 10.3%":
the second figure is the first, rounded, no new claim about the evidence. `rounded` (2.57.0, the
default) takes it as the written calculation's result; `same` (2.55.0's reading, verbatim's) only
the same figure.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from hypothesis import given
from hypothesis import strategies as st

from groundgate.engine.gates.answer import DEFAULT_POLICY, VERBATIM_POLICY, AnswerCase, gate_answer
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.written import written_results
from tests.conftest import financebench_case

ACCEPT = DEFAULT_POLICY.model_copy(update={"derived_numbers": "accept"})
SAME = ACCEPT.model_copy(update={"restated_results": "same"})

# The working, then the figure the question asks for: restated (the result rounds to it).
RESTATED = [
    ("(11.35% + 4.50% + 15.00%) / 3 = 10.28%. Rounded, the average is 10.3%.", "10.3%"),
    ("CAGR = (1.00447 - 1) * 100% ≈ 0.447%. To one decimal place it is 0.4%.", "0.4%"),
    ("Change = 4.27% - 4.09% ≈ 0.18%. Rounded to one decimal place, 0.2%.", "0.2%"),
    ("Ratio = 1,001,425 / 577,464 = 1.734. Rounded to two decimal places: 1.73.", "1.73"),
    (
        "Average = ($87,896 million + $87,270 million) / 2 = $87,583 million, about $87.6 billion.",
        "$87.6 billion",
    ),
]
# Not restated: another figure, another sign or unit, not coarser, or too short to say.
NOT_RESTATED = [
    ("(11.35% + 4.50% + 15.00%) / 3 = 10.28%. Rounded, the average is 10.4%.", "10.4%"),
    ("(11.35% + 4.50% + 15.00%) / 3 = 10.28%. The change was -10.3%.", "-10.3%"),
    ("(11.35% + 4.50% + 15.00%) / 3 = 10.28%. Revenue was 10.3 million.", "10.3 million"),
    ("Growth = 1,009 / 1,000 = 1.009. The ratio is 1.", "1"),
    ("Margin = 21,957 / 514,405 * 100 = 4.3%. Another margin was 4.27%.", "4.27%"),
]


def restated(text: str, *, rounded: bool = True) -> list[str]:
    found = written_results(text, extract_numbers(text), rounded=rounded)
    return [text[a:b] for a, b in found]


def test_corpus_restated() -> None:
    for text, value in RESTATED:
        assert value in restated(text), text
        assert value not in restated(text, rounded=False), text


def test_corpus_not_restated() -> None:
    for text, value in NOT_RESTATED:
        assert value not in restated(text), text


@given(
    st.integers(min_value=1000, max_value=99_999),
    st.integers(min_value=101, max_value=999),
)
def test_a_result_rounds_to_its_own_figure_only(numerator: int, denominator: int) -> None:
    exact = Decimal(numerator) / Decimal(denominator)
    fine = exact.quantize(Decimal("0.001"))
    if fine == 0:
        return
    coarse = fine.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    # The figure one step beyond the rounding (at a tie, 87.050, both 87.0 and 87.1 are taken).
    other = coarse + Decimal("0.1") if fine <= coarse else coarse - Decimal("0.1")
    text = f"Ratio = {numerator:,} / {denominator:,} = {fine}. Rounded, it is {coarse}."
    found = restated(text)
    if f"{fine}" in found:  # (the written calculation holds at 0.001: its result)
        assert f"{coarse}" in found or coarse == fine
        wrong = text.replace(f"is {coarse}.", f"is {other}.")
        assert f"{other}" not in restated(wrong)


def _case(case_id: str) -> AnswerCase:
    return AnswerCase.model_validate(financebench_case(case_id))


def test_financebench_rounded_average_margin() -> None:
    # Corning's FY2019-FY2021 average operating margin (gold 10.3%), graded correct: the working
    # gives 10.28%, the answer then "... is 10.3%".
    case = _case("fb-02981-gpt-4-oracle_reverse")
    assert gate_answer(case, SAME).status != "ok"
    verdict = gate_answer(case, ACCEPT)
    assert verdict.status == "ok"
    finding = next(f for f in verdict.findings if f.value == "10.3%")
    assert finding.code == "NUMBER_DERIVED"
    assert finding.message.endswith("= 10.28% ≈ 10.3%")


def test_verbatim_reads_it_as_before() -> None:
    assert VERBATIM_POLICY.restated_results == "same"
    assert DEFAULT_POLICY.restated_results == "rounded"
