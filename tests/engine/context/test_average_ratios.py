"""A ratio over an average (policy `average_ratios: "named_rows"`, answer gate 2.40.0, d620): one
named row's cell over the average of another named row's two cells of consecutive periods,
"(FY2021 COGS) / (average inventory between FY2020 and FY2021)". Bound: the operation named (an
average and a ratio), the rows named, the later year's numerator; two readings alike: none."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context.average_ratios import names_average_ratio
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from tests.conftest import shared_data
from tests.engine.context.test_operands import case

ON = AnswerGatePolicy(derived_numbers="accept", average_ratios="named_rows")
OFF = AnswerGatePolicy(derived_numbers="accept", average_ratios="off")

QUESTION = (
    "What is the FY2021 inventory turnover ratio? Inventory turnover ratio is defined as: "
    "(FY2021 COGS) / (average inventory between FY2020 and FY2021)."
)
# A statement printed one cell a line (no column is known), the latest year first.
STATEMENT = "\n".join(
    [
        "CONSOLIDATED STATEMENTS",
        "(In millions)",
        "Revenues",
        "44,538",
        "37,403",
        "Cost of sales",
        "24,576",
        "21,162",
        "Inventories",
        "6,854",
        "7,367",
        "Accounts receivable, net",
        "4,463",
        "2,749",
    ]
)
TABLE = "\n".join(
    [
        "(In millions)  2021  2020  2019",
        "Cost of sales  24,576  21,162  21,643",
        "Inventories  6,854  7,367  5,622",
    ]
)


def formula(conclusion: str, question: str, table: str, policy: AnswerGatePolicy) -> str | None:
    verdict = gate_answer(case(conclusion, question, table), policy)
    found = [f for f in verdict.findings if f.code == "NUMBER_DERIVED"]
    return found[-1].derivation.formula if found and verdict.status == "ok" else None


def test_the_default_takes_it_and_the_verbatim_preset_does_not():
    assert DEFAULT_POLICY.average_ratios == "named_rows"
    assert VERBATIM_POLICY.average_ratios == "off"


def test_the_operation_is_named_by_an_average_and_a_ratio():
    what, rest = names_average_ratio(QUESTION) or ("", "")
    assert what == "inventory"
    assert "inventory between" not in rest and "COGS" in rest
    assert names_average_ratio("ROA = net income / average total assets") is not None
    # An average alone, or a ratio alone, is no ratio over an average.
    assert names_average_ratio("The average inventory between FY2020 and FY2021") is None
    assert names_average_ratio("The inventory turnover ratio for FY2021") is None


def test_a_statement_of_one_cell_a_line_gives_the_ratio_by_position():
    # 24,576 / ((6,854 + 7,367) / 2) = 3.456: the first cells are the latest year's.
    assert formula("3.46", QUESTION, STATEMENT, ON) == "24,576 / ((6,854 + 7,367) / 2) ≈ 3.46"
    assert formula("3.46", QUESTION, STATEMENT, OFF) is None
    # Its slips are not derived: another digit, the next position's reading (21,162 / ...).
    assert formula("3.64", QUESTION, STATEMENT, ON) is None
    assert formula("3.47", QUESTION, STATEMENT, ON) is None


def test_a_table_with_years_takes_the_named_years():
    assert formula("3.46", QUESTION, TABLE, ON) == "24,576 / ((6,854 + 7,367) / 2) ≈ 3.46"
    # 2020's ratio (21,162 over 2019 and 2020's average) is not the FY2021 ratio named.
    fy2020 = 21162 / ((7367 + 5622) / 2)
    assert formula(f"{fy2020:.2f}", QUESTION, TABLE, ON) is None


def test_no_named_average_no_ratio():
    # The question names no average: the two-step reading is not taken.
    question = "What is the FY2021 inventory turnover ratio (COGS / inventory)?"
    assert formula("3.46", question, STATEMENT, ON) is None


def test_a_percentage_is_the_ratio_times_100():
    question = (
        "ROA is defined as: FY2021 revenues / (average inventories between FY2020 and FY2021)."
    )
    expected = 44538 / ((6854 + 7367) / 2) * 100
    said = f"The ratio is {expected:.1f}%."
    assert formula(said, question, STATEMENT, ON) == (
        f"44,538 / ((6,854 + 7,367) / 2) × 100 ≈ {expected:.1f}%"
    )


def test_two_readings_alike_are_no_calculation():
    # Two numerator rows the question names ("revenue" and "cost of sales") giving the same
    # figure over the same average: which one is not said.
    lines = ["Revenues", "100", "90", "Cost of sales", "100", "80", "Inventories", "40", "50"]
    table = "\n".join(lines)
    question = "Revenue and COGS turnover: revenue / (average inventories between 2020 and 2021)"
    assert formula("2.22", question, table, ON) is None
    alone = "\n".join(lines[:3] + lines[6:])
    assert formula("2.22", question, alone, ON) == "100 / ((40 + 50) / 2) ≈ 2.22"


@settings(max_examples=25, deadline=None)
@given(
    st.integers(min_value=1000, max_value=99999),
    st.integers(min_value=100, max_value=9999),
    st.integers(min_value=100, max_value=9999),
)
def test_the_named_calculation_is_derived_at_two_decimals(n: int, d1: int, d2: int):
    table = "\n".join(["Cost of sales", f"{n:,}", "1", "Inventories", f"{d1:,}", f"{d2:,}"])
    value = n / ((d1 + d2) / 2)
    said = f"{value:.2f}"
    found = formula(said, QUESTION, table, ON)
    # The named calculation passes: derived by this rule, or by the pair search first where one
    # operation on two cells gives it alike (d1 = d2), or a cell says it ("1.00").
    assert gate_answer(case(said, QUESTION, table), ON).status == "ok"
    if found is not None and "((" in found:
        assert found.startswith(f"{n:,} / (({d1:,} + {d2:,}) / 2)")
    # Whatever the rule finds, the policy off finds no two-step reading of it.
    off = formula(said, QUESTION, table, OFF)
    assert off is None or "/ ((" not in off


def _financebench(case_id: str) -> AnswerCase:
    for name in ("gold_cases.jsonl", "cases.jsonl"):
        with shared_data("financebench", name).open(encoding="utf-8") as handle:
            for line in handle:
                row = json.loads(line)
                if row["case"]["case_id"] == case_id:
                    return AnswerCase.model_validate(row["case"])
    raise AssertionError(case_id)


def test_financebench_turnover_ratios_over_average_balances():
    # Gold answers of FinanceBench's "defined as" questions, one company a half at least:
    # Nike's inventory turnover (B), Kraft Heinz's (A), Lockheed's asset turnover (B).
    expected = {
        "fb-04080-gold": "24,576 / ((6,854 + 7,367) / 2) ≈ 3.46",
        "fb-10499-gold": "16,830 / ((2,721 + 2,667) / 2) ≈ 6.25",
        "fb-04412-gold": "65,398 / ((50,710 + 47,528) / 2) ≈ 1.33",
    }
    for case_id, text in expected.items():
        fb = _financebench(case_id)
        assert gate_answer(fb, OFF).status != "ok"
        verdict = gate_answer(fb, ON)
        assert verdict.status == "ok"
        found = [f for f in verdict.findings if f.code == "NUMBER_DERIVED"]
        assert found[-1].derivation.formula == text
        # The finding names the operands it is derived from.
        assert text in found[-1].message
