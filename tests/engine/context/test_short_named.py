"""A short result of named rows where the answer names no two years (policy `short_named`,
d994, answer gate 2.84.0; context/short_named.py): both readings, examples both ways (the
gate-level tables are context/corpus_en_derivations.SHORT_NAMED and DURATION_COLUMNS), and a
property test over a named row's two cells."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context.corpus_en_derivations import (
    DURATION_COLUMNS,
    SHORT_LIVES,
    SHORT_NAMED,
)
from groundgate.engine.gates.answer import DEFAULT_POLICY, AnswerGatePolicy, gate_answer
from groundgate.engine.gates.answer_presets import VERBATIM_POLICY
from tests.engine.context.test_operands import case

NEW = AnswerGatePolicy(derived_numbers="accept", short_named="named_rows")
OLD = AnswerGatePolicy(derived_numbers="accept", short_named="off")
IRELAND = "The change in the amount for Ireland was -0.1 million."
NOTES = (
    "The ratio (in percentage) of total notes payable to total capital lease obligations is 0.6%."
)
LIVES = (
    "The difference in the useful lives between Trademarks and tradenames and Purchased"
    " technology was 0.8."
)


def _status(answer: str, table: str = SHORT_NAMED, policy: AnswerGatePolicy = NEW) -> str:
    return gate_answer(case(answer, table=table), policy).status


def _formula(answer: str, table: str = SHORT_NAMED) -> str | None:
    verdict = gate_answer(case(answer, table=table), NEW)
    found = [f for f in verdict.findings if f.code == "NUMBER_DERIVED"]
    return found[-1].derivation.formula if found and verdict.status == "ok" else None


def test_the_readings_of_the_presets():
    assert VERBATIM_POLICY.short_named == "off"
    assert DEFAULT_POLICY.short_named == "named_rows"  # 2.84.0 (d994)


def test_one_named_row_of_two_years_when_no_year_is_named():
    assert _formula(IRELAND) == "0.4 − 0.5 ≈ -0.1 million"
    assert _status(IRELAND, policy=OLD) != "ok"
    # Under the default derived_numbers a derivation stays a finding.
    assert gate_answer(case(IRELAND, table=SHORT_NAMED), AnswerGatePolicy()).status != "ok"


def test_a_change_goes_forward_in_time():
    # 0.5 − 0.4: the earlier year's cell first is no change the answer names.
    assert _status("The change in the amount for Ireland was 0.1 million.") != "ok"


def test_another_row_or_a_named_year_is_no_pair():
    # UK changed by -0.4: -0.1 is no change of the row named.
    assert _status("The change in the amount for UK was -0.1 million.") != "ok"
    # One year named: one row's two years are not the pair (d307 wants both years named).
    assert _status("The change in the amount for Ireland in 2019 was -0.1 million.") != "ok"


def test_two_named_rows_of_one_column():
    assert _status(NOTES, table=DURATION_COLUMNS + NOTES_ROW) == "ok"
    assert _status(NOTES, table=DURATION_COLUMNS + NOTES_ROW, policy=OLD) != "ok"
    assert _status(NOTES.replace("0.6%", "0.8%"), table=DURATION_COLUMNS + NOTES_ROW) != "ok"
    assert _formula(LIVES, SHORT_LIVES) == "5.0 − 4.2 ≈ 0.8"
    assert _status(LIVES.replace("0.8", "0.7"), table=SHORT_LIVES) != "ok"
    # A row the answer does not name (Customer relationships: 7.0 − 4.2 = 2.8, 7.0 - 5.0 = 2).
    assert _status(LIVES.replace("0.8", "2"), table=SHORT_LIVES) != "ok"


NOTES_ROW = "\nNotes payable  1.0  1.0  —  —  —"


@settings(max_examples=30, deadline=None)
@given(
    st.integers(min_value=1, max_value=9),
    st.integers(min_value=1, max_value=9),
)
def test_a_named_rows_change_is_its_later_cell_minus_its_earlier(later: int, earlier: int):
    table = f"2019  2018\nNote  £m  £m\nUK  24.5  24.9\nIreland  0.{later}  0.{earlier}"
    change = round((later - earlier) / 10, 1)
    answer = f"The change in the amount for Ireland was {change} million."
    status = _status(answer, table=table)
    # (a result the size of an operand is that cell signed otherwise, never derived: d756)
    if later != earlier and abs(later - earlier) not in (later, earlier):
        assert status == "ok"
        flipped = f"The change in the amount for Ireland was {-change} million."
        assert _status(flipped, table=table) != "ok"
