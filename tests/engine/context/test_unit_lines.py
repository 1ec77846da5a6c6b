"""A header line of units alone (policy `unit_lines: "header"`, answer gate 2.26.0).

"30 June 2019  30 June 2018  Change" over "$’000  $’000  %": the unit line has no letter, so gate
2.24.0 read it as a row of two values "000" and the day line above it as that row's label; the
table lost its columns, and "the difference in net profit between both FYs" found no pair in
the years' order. Read as a header line (as "€m  €m" is, for its letters), the columns are the
days' with their units."""

from __future__ import annotations

from groundgate.engine.context.facts import TableReading, read_facts
from groundgate.engine.context.rows import Line, unit_line
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from groundgate.engine.numbers import extract_numbers
from tests.engine.context.derivations import derived_formula, tatqa_answers

ACCEPT = AnswerGatePolicy(derived_numbers="accept", unit_lines="header")
OFF = AnswerGatePolicy(derived_numbers="accept")
# The shape of a real TAT-QA table (context 77d8e381).
PROFIT = (
    "30 June 2019  30 June 2018  Change\n"
    "$’000  $’000  %\n"
    "Net profit/(loss) after tax  (9,819)  6,639  (248%)\n"
    "Add: finance costs  54,897  25,803  113%\n"
    "EBITDA  79,046  63,954  24%"
)


def line(text: str) -> Line:
    return Line(0, text, extract_numbers(text))


def test_unit_lines_are_selectable_and_off_by_default():
    # Off by default (dNEW4): on TAT-QA it gained on one half only.
    assert DEFAULT_POLICY.unit_lines == "off"
    assert VERBATIM_POLICY.unit_lines == "off"


def test_what_a_unit_line_is():
    for text in ("$’000  $’000  %", "£000  £000  £000", "$'000  $'000"):
        assert unit_line(line(text)), text
    for text in ("2,000  3,000", "$000  1,000", "€m  €m", "000s of units  12"):
        assert not unit_line(line(text)), text
    assert not unit_line(None)


def test_the_columns_are_the_days_with_their_units():
    def cells(reading: TableReading) -> dict[str, tuple[str, str, tuple[str, ...]]]:
        return {
            f.value.text: (f.row, f.column, f.periods)
            for f in read_facts(PROFIT, reading=reading)
            if f.in_table
        }

    new = cells(TableReading(unit_lines=True))
    assert new["9,819"] == ("Net profit/(loss) after tax", "30 June 2019 $’000", ("M6", "Y2019"))
    assert new["6,639"][2] == ("M6", "Y2018")
    assert new["24%"] == ("EBITDA", "Change %", ())
    assert "000" not in new  # the units are no cells
    assert cells(TableReading())["9,819"][1:] == ("", ())  # 2.25.0: no column


def test_a_difference_of_one_row_in_the_years_order():
    said = "The difference in net profit between both FYs was {} thousand."
    assert derived_formula(said.format("-16,458"), ACCEPT, PROFIT) == (
        "(−9,819) − 6,639 ≈ -16,458 thousand"
    )
    assert derived_formula(said.format("-16,458"), OFF, PROFIT) is None
    assert derived_formula(said.format("-15,092"), ACCEPT, PROFIT) is None  # EBITDA's


def test_real_tatqa_answers():
    cases = tatqa_answers("64c902c6-f426-4432-84b3-c10b3065716f")  # net profit, both FYs
    right = AnswerCase.model_validate(cases["right calculation"])
    assert gate_answer(right, ACCEPT).status == "ok"
    assert gate_answer(right, OFF).status != "ok"  # 2.25.0 refused it
    for kind in ("digit", "sign", "scale", "operation"):
        if kind in cases:
            wrong = AnswerCase.model_validate(cases[kind])
            assert gate_answer(wrong, ACCEPT).status != "ok", kind
