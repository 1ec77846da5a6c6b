"""Where a percentage grounded by a bare figure is said (policy `percent_cells:
"percent_columns"`, answer gate 2.20.0, d461): a chunk with "%" anywhere declares percent
(the rule percent_declared), but a table's cell of a column that declares none, beside one that
does, grounds no percentage - "Order intake in Change (%) was 470.0%" is the 2018 cell 470.0,
not the change column's 13.2. "chunk" (2.19.0) took any bare figure of the chunk. Small tables
and real TAT-QA ones."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.derivations import tatqa_answers

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
CHUNK = AnswerGatePolicy(derived_numbers="accept", percent_cells="chunk")
TABLE = (
    "$ million  2019  2018  Change (%)\n"
    "Order intake  532.0  470.0  13.2\n"
    "Revenue  503.6  476.9  5.6\n"
    "Gross margin (%)  73.2  72.2  1.0"
)


def status(conclusion: str, policy: AnswerGatePolicy = ACCEPT, table: str = TABLE) -> str:
    case = AnswerCase.model_validate(
        {
            "case_id": "percent",
            "raw_chunks": [{"chunk_id": "t", "text": table}],
            "answer": {
                "conclusion": conclusion,
                "evidences": [{"chunk_id": "t", "excerpt": table}],
            },
        }
    )
    return gate_answer(case, policy).status


def test_the_default_reads_percent_columns_and_the_verbatim_preset_the_chunk():
    assert DEFAULT_POLICY.percent_cells == "percent_columns"
    assert VERBATIM_POLICY.percent_cells == "chunk"


def test_a_percentage_is_a_cell_of_a_percent_column_or_row():
    # The change column's cell, and a row whose label declares percent.
    assert status("Order intake in Change (%) was 13.2%.") == "ok"
    assert status("Gross margin (%) in 2019 was 73.2%.") == "ok"
    # A year column's cell is no percentage (the period and the column the answer says both
    # point to the change column); 2.19.0 took it.
    assert status("Order intake in Change (%) was 470.0%.") == "citation_insufficient"
    assert status("Revenue in Change (%) was 476.9%.") == "citation_insufficient"
    assert status("Order intake in Change (%) was 470.0%.", CHUNK) == "ok"
    # A table with no percent column: nothing to tell a percent cell by, as before.
    plain = "Rates  2019  2018\nDiscount rate  2.9  3.8\nNote: rates in %"
    assert status("Discount rate in 2019 was 2.9%.", table=plain) == "ok"


@given(
    st.sampled_from(("Order intake", "Revenue")),
    st.sampled_from((0, 1)),
)
@settings(max_examples=10, deadline=None)
def test_property_year_cells_of_a_table_with_a_change_column_are_no_percentages(row, column):
    cells = {"Order intake": ("532.0", "470.0", "13.2"), "Revenue": ("503.6", "476.9", "5.6")}
    assert status(f"{row} in Change (%) was {cells[row][column]}%.") == "citation_insufficient"
    assert status(f"{row} in Change (%) was {cells[row][2]}%.") == "ok"


def test_real_tatqa_percentages_of_another_column():
    for uid in (
        "4ec6ff4d-d8ef-4cdd-aeab-df75b41f5c01",  # "Change (%)" beside 2019 and 2018
        "31e7fa5c-155c-4ed5-85ee-10dc8eb5c6bc",  # "% CHANGE" beside "$ CHANGE"
        "d023e08e-4208-4fed-b81f-665840cec045",
    ):
        cases = tatqa_answers(uid)
        right = AnswerCase.model_validate(cases["right cell"])
        assert gate_answer(right, ACCEPT).status == "ok", uid
        period = AnswerCase.model_validate(cases["period"])
        assert gate_answer(period, ACCEPT).status != "ok", uid
        assert gate_answer(period, CHUNK).status == "ok", uid  # 2.19.0 took it
        for group in ("sign", "row", "digit", "scale"):
            if group in cases:
                wrong = gate_answer(AnswerCase.model_validate(cases[group]), ACCEPT)
                assert wrong.status != "ok", (uid, group)
