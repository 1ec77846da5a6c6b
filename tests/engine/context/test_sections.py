"""Gate 2.16.0 (issue 28): a table's sections of days, a unit mark in the header, a row label's
asides (policy `derivation_row_words`), and the operation a Chinese sentence names. Real TAT-QA
tables are read from ../shared (test_facts.table_with); the Chinese forms are written here."""

from __future__ import annotations

import pytest

from groundgate.engine.context.facts import read_facts
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.test_facts import fact, rows_text, table_with

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
EVERY_WORD = AnswerGatePolicy(derived_numbers="accept", derivation_row_words="every_word")


def case(conclusion: str, table: str, question: str = "") -> AnswerCase:
    return AnswerCase.model_validate(
        {
            "case_id": "sections",
            "question": question,
            "raw_chunks": [{"chunk_id": "t", "text": table}],
            "answer": {
                "conclusion": conclusion,
                "evidences": [{"chunk_id": "t", "excerpt": table}],
            },
        }
    )


def status(conclusion: str, table: str, policy: AnswerGatePolicy = ACCEPT) -> str:
    return gate_answer(case(conclusion, table), policy).status


# -- sections of days (d406) --------------------------------------------------------------------


def test_a_day_line_below_rows_starts_a_section_of_that_day():
    table = table_with("Transaction related", "Servicing related", "Allowance for Losses")
    text = rows_text(table)
    facts = read_facts(text)
    first, second = (f for f in facts if f.row == "Total" and "Gross" in f.column)
    assert "Y2019" in first.periods and "Y2019" not in second.periods
    assert "Y2018" in second.periods
    assert second.column == "Accounts Receivable, Gross December 31, 2018"


def test_a_section_written_as_at_a_day_is_no_row():
    table = table_with("USD denominated", "Monetary assets, current", "As at 31 December 2018")
    text = rows_text(table)
    facts = read_facts(text)
    assert not any(f.row == "As at" for f in facts)
    cell = fact(facts, text, "18,041")
    assert cell.periods == ("M12", "Y2018") and cell.row == "Monetary assets, current"


ZH_SECTIONS = (
    "项目  账面余额  坏账准备  账面价值\n"
    "2019年12月31日\n"
    "应收账款  1,200  (100)  1,100\n"
    "其他应收款  500  (50)  450\n"
    "2018年12月31日\n"
    "应收账款  1,150  (80)  1,075\n"
    "其他应收款  450  (40)  410"
)


def test_a_chinese_day_line_starts_a_section_and_the_label_column_has_a_header():
    facts = read_facts(ZH_SECTIONS)
    cell = fact(facts, ZH_SECTIONS, "1,075")
    assert cell.row == "应收账款" and cell.column == "账面价值 2018年12月31日"
    assert "Y2018" in cell.periods
    # The value of the 2018 section is out of context for 2019, and the 2019 one fits.
    assert status("2019年12月31日应收账款的账面价值为1,075。", ZH_SECTIONS) != "ok"
    assert status("2019年12月31日应收账款的账面价值为1,100。", ZH_SECTIONS) == "ok"
    assert status("应收账款账面价值从2018年到2019年的变动为25。", ZH_SECTIONS) == "ok"
    assert status("应收账款账面价值从2018年到2019年的变动为-25。", ZH_SECTIONS) != "ok"
    # Another row's change (其他应收款: 450 - 410) stays refused.
    assert status("应收账款账面价值从2018年到2019年的变动为40。", ZH_SECTIONS) != "ok"


def test_a_change_across_sections_is_of_the_named_column_and_days():
    table = rows_text(table_with("Transaction related", "Servicing related", "Allowance"))
    said = "The change in the total gross accounts receivable between 2018 and 2019 was {}."
    assert status(said.format("4,163"), table) == "ok"  # 19,731 - 15,568
    assert status(said.format("-4,163"), table) != "ok"  # the sign flipped
    # The same column of another row (Transaction related: 12,863 - 14,704).
    assert status(said.format("1,841"), table) != "ok"


# -- a unit mark in the header (d407) -----------------------------------------------------------


def test_a_unit_mark_in_the_header_is_no_cell():
    table = table_with("Number of shares (1,000)", "Granted during the period")
    text = rows_text(table)
    facts = read_facts(text)
    assert not any(f.row.startswith("Number of shares") for f in facts)
    cell = fact(facts, text, "907.3")
    assert cell.row == "Granted during the period" and cell.periods == ("Y2018",)
    said = "The change in the number of shares granted in 2019 from 2018 was {} thousand."
    assert status(said.format("93.8"), text) == "ok"  # 1,001.1 - 907.3
    assert status(said.format("-93.8"), text) != "ok"
    assert status(said.format("40.7"), text) != "ok"  # 907.3 - 866.6: another period's change


# -- a row label's asides (derivation_row_words, d408) ------------------------------------------

NOTES = (
    "  2019  2018\n"
    "At beginning of the year  97,877  –\n"
    "Additions (Note (a))  44,618  60,807\n"
    "Transfers (Note (b))  (1,421)  (78,816)\n"
    "Balance at end of period  135,936  97,877"
)


def test_a_label_without_its_note_names_its_row():
    assert DEFAULT_POLICY.derivation_row_words == "label_core"
    assert VERBATIM_POLICY.derivation_row_words == "every_word"
    said = "The difference in additions of financial assets between 2018 and 2019 is 16,189."
    assert status(said, NOTES) == "ok"  # the distance of the named row's cells
    assert status(said, NOTES, EVERY_WORD) != "ok"  # 2.15.1: no row named, time order only


@pytest.mark.parametrize(
    "said",
    [
        # another row's distance (Transfers: 78,816 - 1,421)
        "The difference in additions of financial assets between 2018 and 2019 is 77,395.",
        # a flipped sign of the named row's change
        "The change in additions from 2018 to 2019 is 16,189.",
        # the distance across rows
        "The difference in additions of financial assets between 2018 and 2019 is 59,186.",
    ],
)
def test_another_row_or_a_flipped_sign_stays_refused_with_label_cores(said):
    assert status(said, NOTES) != "ok"


def test_a_label_said_in_full_keeps_its_row_over_cores():
    # "balance at end of period" is said in full: its row, not another label's core.
    said = "The difference in the balance at end of period between 2018 and 2019 is 38,059."
    assert status(said, NOTES) == "ok"  # 135,936 - 97,877, the time order
    assert status(said.replace("38,059", "-38,059"), NOTES) == "ok"  # 2018 - 2019 (d410)
    assert status(said.replace("2018 and 2019 is 38,059", "2019 and 2018 is -38,059"), NOTES) != (
        "ok"
    )


ZH_NOTES = "项目  2019年  2018年\n营业收入（注释5）  1,100  1,200\n营业成本（注释6）  800  650"


def test_a_chinese_label_without_its_note_names_its_row():
    said = "2018年与2019年营业收入的差额为100。"
    assert status(said, ZH_NOTES) == "ok"
    assert status(said, ZH_NOTES, EVERY_WORD) != "ok"
    assert status("2018年与2019年营业成本的差额为250。", ZH_NOTES) != "ok"  # no such distance
    facts = read_facts(ZH_NOTES)
    assert not any(f.value.text in ("5", "6") and f.in_table for f in facts)  # note numbers


# -- the operation a Chinese sentence names (d409) ------------------------------------------


def test_a_chinese_change_is_no_quotient():
    # Gate 2.15.1 accepted both wrong ones: "200" as 1,200 / 6 (the note number a cell, 变动
    # naming no operation) and the "合计" (total) 300 as 1,100 - 800.
    assert status("营业成本从2018年到2019年的变动为200。", ZH_NOTES) != "ok"
    assert status("营业成本从2018年到2019年的变动为150。", ZH_NOTES) == "ok"
    assert status("2019年营业收入与营业成本的合计为1,900。", ZH_NOTES) == "ok"
    assert status("2019年营业收入与营业成本的合计为300。", ZH_NOTES) != "ok"  # no sum
    assert status("2019年营业成本占营业收入的比例为72.73%。", ZH_NOTES) == "ok"  # 800 / 1,100
    assert status("2019年营业收入与营业成本的平均为950。", ZH_NOTES) == "ok"
    assert status("营业收入从2018年到2019年下降了100。", ZH_NOTES) == "ok"  # the change -100


# -- a negative difference named by that word alone (difference_order "unsigned_named", d410) --

UNSIGNED = AnswerGatePolicy(derived_numbers="accept", difference_order="unsigned")


def test_a_negative_difference_is_the_first_named_year_minus_the_second():
    assert DEFAULT_POLICY.difference_order == "unsigned_named"
    table = rows_text(table_with("Transaction related", "Servicing related", "Allowance"))
    said = "The difference in the total gross accounts receivable between {} is {} thousand."
    # 2018 - 2019 = 15,568 - 19,731: the order the answer names.
    assert status(said.format("2018 and 2019", "-4,163"), table) == "ok"
    assert status(said.format("2019 and 2018", "-4,163"), table) != "ok"
    # Gate 2.16.0 held it to the time order (19,731 - 15,568) and refused the right answer.
    assert status(said.format("2018 and 2019", "-4,163"), table, UNSIGNED) != "ok"
    assert status(said.format("2019 and 2018", "4,163"), table) == "ok"  # a distance


@pytest.mark.parametrize(
    ("said", "table"),
    [
        # A distance of two rows is positive: no years named, no order to read a sign from.
        ("The difference between Transfers and Additions in 2019 is -45,? .", NOTES),
        ("2019年营业收入与营业成本的差额为-300。", ZH_NOTES),
    ],
)
def test_a_negative_difference_of_no_two_named_years_is_no_change(said, table):
    said = said.replace("-45,? .", "-46,039.")  # -1,421 - 44,618
    assert status(said, table) != "ok"
    assert status(said, table, UNSIGNED) == "ok"


def test_a_chinese_negative_difference_takes_the_named_order():
    assert status("2018年与2019年营业收入的差额为100。", ZH_NOTES) == "ok"  # a distance
    assert status("2018年与2019年营业收入的差额为-100。", ZH_NOTES) != "ok"  # 1,200 - 1,100
    assert status("2019年与2018年营业收入的差额为-100。", ZH_NOTES) == "ok"  # 1,100 - 1,200


# -- the cells of a change (change_cells "period_columns", d411) -------------------------------

ANY_COLUMN = AnswerGatePolicy(derived_numbers="accept", change_cells="any_column")
CHANGE_COLUMN = (
    "$ million  2019  2018  Change (%)\n"
    "Revenue  503.6  476.9  5.6\n"
    "Closing cash  183.2  121.6  50.7"
)


def test_a_change_is_of_two_period_cells_not_of_the_change_column():
    assert DEFAULT_POLICY.change_cells == "period_columns"
    assert VERBATIM_POLICY.change_cells == "any_column"
    said = "The change in closing cash was {} million."
    assert status(said.format("61.6"), CHANGE_COLUMN) == "ok"  # 183.2 - 121.6
    assert status(said.format("70.9"), CHANGE_COLUMN) != "ok"  # 121.6 - 50.7
    assert status(said.format("70.9"), CHANGE_COLUMN, ANY_COLUMN) == "ok"  # gate 2.18.0
    assert status(said.format("-61.6"), CHANGE_COLUMN) != "ok"  # the sign flipped


ZH_CHANGE_COLUMN = (
    "项目  2019年  2018年  变动比例(%)\n营业收入  503.6  476.9  5.6\n期末现金  183.2  121.6  50.7"
)


def test_a_chinese_change_is_of_two_period_cells():
    assert status("期末现金的变动为61.6。", ZH_CHANGE_COLUMN) == "ok"
    assert status("期末现金的变动为70.9。", ZH_CHANGE_COLUMN) != "ok"
    assert status("期末现金的变动为70.9。", ZH_CHANGE_COLUMN, ANY_COLUMN) == "ok"
