"""A count of the years the answer names (policy `period_counts`, d759).

"Comparing the two years: ... FY2022 ... FY2021", "over the three-year period ending in FY2022"
after the margins of 2020, 2021 and 2022: how the answer frames its own comparison, no figure of
the evidence. `named_years` (2.57.0, the default) reports it as NUMBER_ABOUT_ANSWER; `off`
(2.55.0's reading, verbatim's) checks it as any value.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from groundgate.engine.gates.answer import DEFAULT_POLICY, VERBATIM_POLICY, AnswerCase, gate_answer
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.period_counts import answer_count
from tests.conftest import financebench_case

ACCEPT = DEFAULT_POLICY.model_copy(update={"derived_numbers": "accept"})
OFF = ACCEPT.model_copy(update={"period_counts": "off"})

# (conclusion, question, the count) - about the answer's own years.
ABOUT = [
    (
        "In FY2022 the rate was 0.6%, in FY2021 -14.8%. Comparing the two years, it rose.",
        "",
        "two years",
    ),
    (
        "For 2020 it was 32.9%, for 2021 36.7%, for 2022 34.6%: up over the three-year period.",
        "",
        "three-year",
    ),
    ("The margin rose over the 2 years.", "What was the change from FY2020 to FY2022?", "2 years"),
    ("Revenue grew in each of the 3 years from 2019 to 2021.", "", "3 years"),
    ("Sales rose in FY22 and FY23, the two years asked.", "", "two years"),
]
# (conclusion, question, the count) - checked as any value.
CHECKED = [
    ("She has served for 8 years and joined in 2014.", "", "8 years"),  # one year named
    ("In 2021 and 2022 the leases ran for five years.", "", "five years"),
    ("Over the two years revenue rose.", "", "two years"),  # no year named
    ("In 2019, 2020 and 2021 the notes had 12 months to run.", "", "12 months"),
    ("The fund returned 1,020% by 2021 after 2019.", "", "1,020%"),
]


def _about(conclusion: str, question: str, text: str, *, years: bool = True) -> str | None:
    value = next(v for v in extract_numbers(conclusion) if v.text == text)
    return answer_count(
        conclusion, question, value, words=True, years=(lambda q: False) if years else None
    )


def test_corpus_about_the_answer() -> None:
    for conclusion, question, text in ABOUT:
        assert _about(conclusion, question, text) == "counts the years the answer names", text
        assert _about(conclusion, question, text, years=False) is None, text


def test_corpus_checked() -> None:
    for conclusion, question, text in CHECKED:
        assert _about(conclusion, question, text) is None, text


@given(st.integers(min_value=2000, max_value=2025), st.integers(min_value=1, max_value=6))
def test_only_the_count_of_named_years(first: int, n: int) -> None:
    years = ", ".join(str(first + k) for k in range(n + 1))  # n + 1 years, first to last
    conclusion = f"In {years} it rose: over the {n + 3} years it doubled."
    assert _about(conclusion, "", f"{n + 3} years") is None  # neither n + 1 nor n
    conclusion = f"In {years} it rose: over the {n + 1} years it doubled."
    assert _about(conclusion, "", f"{n + 1} years") is not None


def test_financebench_boeing_effective_tax_rates() -> None:
    # Boeing's effective tax rates of FY2022 and FY2021, graded correct: "Comparing the two years".
    case = AnswerCase.model_validate(financebench_case("fb-00585-gpt-4-1106-preview-oracle"))
    assert gate_answer(case, OFF).status != "ok"
    verdict = gate_answer(case, ACCEPT)  # (its rates are derived: "-14.76%")
    assert verdict.status == "ok"
    finding = next(f for f in verdict.findings if f.value == "two years")
    assert finding.code == "NUMBER_ABOUT_ANSWER" and finding.severity == "info"


def test_verbatim_reads_it_as_before() -> None:
    assert VERBATIM_POLICY.period_counts == "off"
    assert DEFAULT_POLICY.period_counts == "named_years"
