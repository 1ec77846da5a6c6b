"""Chinese report forms in context (gate 2.52.0, d704-d709): a 元 table's figure restated in
亿元/万元 judged by every cell it may round from (context_candidates), a longer row holding a
shorter one's label (longer_rows), 扣非/归母 (label_abbreviations), a statement's 附注 column,
title date, word cells, sign notes and outline marks (statement_headers), a negative in
parentheses said by its size (negative_cells) and 本年/上年 against year columns
(year_relative). Each reading's old value stays selectable and the verbatim preset keeps it."""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from groundgate.engine.context import corpus_zh
from groundgate.engine.context.disagreement import longer_row
from groundgate.engine.context.facts import read_facts
from groundgate.engine.context.label_words import abbreviated
from groundgate.engine.context.note_columns import (
    note_column,
    own_years,
    without_sign_note,
    word_cells,
)
from groundgate.engine.context.rounded_cells import rounding_step, said_in_chinese
from groundgate.engine.context.rows import Line
from groundgate.engine.context.year_relative import latest_year, year_relative
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from groundgate.engine.gates.answer_reading import table_reading
from groundgate.engine.numbers import extract_numbers
from tests.engine.context.test_operands import case

ACCEPT = AnswerGatePolicy(derived_numbers="accept")

# (field, the old reading, an answer, its table): refused by default, passed by the old reading.
READINGS = [
    ("context_candidates", "found", "2022年营业收入为87.65亿元。", corpus_zh.REPORT_KEY),
    ("longer_rows", "off", "2023年归属于上市公司股东的净利润为9.57亿元。", corpus_zh.REPORT_KEY),
    ("label_abbreviations", "off", "2023年扣非净利润为10.23亿元。", corpus_zh.REPORT_KEY),
    ("statement_headers", "off", "2023年末应收账款为15.43亿元。", corpus_zh.BALANCE_SHEET),
    ("negative_cells", "ascii", "2023年应收账款为4,667万元。", corpus_zh.WIDE_NEGATIVE),
    ("year_relative", "off", "上年营业收入为87.65亿元。", corpus_zh.REPORT_KEY),
    ("yuan_scales", "off", "2023年营业收入为12,345.67元。", corpus_zh.WAN_TABLE),
]


def _status(answer: str, table: str, policy: AnswerGatePolicy = DEFAULT_POLICY) -> str:
    return gate_answer(case(answer, table=table), policy).status


@pytest.mark.parametrize(("field", "old", "answer", "table"), READINGS)
def test_each_reading_is_the_default_and_its_old_value_selectable(field, old, answer, table):
    assert getattr(VERBATIM_POLICY, field) == old
    assert getattr(DEFAULT_POLICY, field) != old
    assert _status(answer, table) != "ok"
    assert _status(answer, table, AnswerGatePolicy(**{field: old})) == "ok"


def test_a_rounded_value_is_out_of_context_with_the_cell_that_fits_as_its_near_match():
    verdict = gate_answer(case("2022年营业收入为87.65亿元。", table=corpus_zh.REPORT_KEY))
    found = [f for f in verdict.findings if f.code == "VALUE_OUT_OF_CONTEXT"]
    assert len(found) == 1
    assert found[0].near_match is not None
    assert found[0].near_match.text == "7,654,321,000.00"
    assert found[0].near_match.reason == "another_period"


def test_the_rounding_step_is_the_answers_last_digit_at_the_evidences_scale():
    answer = extract_numbers("87.65亿元")[0]
    step = rounding_step(answer, "8,765,432,100.00")
    assert step is not None
    assert step.step == Decimal("1E+6") and step.wanted == Decimal("8765000000")
    assert rounding_step(answer, "12.5") is None  # no rounding gives it
    assert said_in_chinese("2023年营业收入为87.65亿元", 9)
    assert not said_in_chinese("Revenue was $87.65 billion", 12)


def test_every_cell_a_rounded_value_may_be_is_asked():
    """87.65亿 rounds from either row's 2023 cell: one of them is the named row's, so it passes;
    said of the row neither is, it is refused."""
    table = (
        "单位：元\n项目  2023年  2022年\n"
        "营业收入  8,765,432,100.00  7,000,000,000.00\n"
        "营业成本  8,765,012,345.00  6,000,000,000.00"
    )
    assert _status("2023年营业收入为87.65亿元。", table) == "ok"
    assert _status("2023年营业成本为87.65亿元。", table) == "ok"
    assert _status("2022年营业成本为87.65亿元。", table) != "ok"


def test_a_value_whose_sign_is_said_in_words_is_judged_by_the_cells_of_either_sign():
    answer = "2023年投资损失2,345.68万元。"
    assert _status(answer, corpus_zh.INCOME_STATEMENT) == "ok"
    table = corpus_zh.INCOME_STATEMENT + "\n财务费用  七、66  -1,000.00  23,456,789.00"
    assert _status(answer, table) == "ok"  # (the positive 2022 cell of another row is no match)


def test_a_note_reference_is_no_cell_and_the_header_loses_its_note_column():
    row = "货币资金  七、1  3,456.78  2,987.65"
    line = note_column(Line(0, row, extract_numbers(row)))
    assert [v.text for v in line.values] == ["3,456.78", "2,987.65"]
    assert line.text.split() == ["货币资金", "3,456.78", "2,987.65"]
    for ref in ("五、(一)", "附注七、5", "六.3", "七、10(2)"):
        text = f"存货  {ref}  100.00  90.00"
        assert [v.text for v in note_column(Line(0, text, extract_numbers(text))).values] == [
            "100.00",
            "90.00",
        ], ref
    head = "项目  附注  2023年12月31日  2022年12月31日"
    assert "附注" not in note_column(Line(0, head, extract_numbers(head))).text
    english = "Revenue  3  1,234  1,100"
    assert note_column(Line(0, english, extract_numbers(english))).text == english


def test_the_title_date_gives_its_year_to_no_column_that_names_its_own():
    assert own_years(("Y2023", "M12", "Y2022"), frozenset({"Y2023"})) == ("M12", "Y2022")
    assert own_years(("Y2023", "M12"), frozenset({"Y2023"})) == ("Y2023", "M12")
    assert own_years(("Y2023",), frozenset()) == ("Y2023",)
    reading = table_reading(DEFAULT_POLICY)
    cells = [f for f in read_facts(corpus_zh.BALANCE_SHEET, reading=reading) if f.row == "应收账款"]
    assert [f.periods for f in cells] == [("Y2023", "M12"), ("M12", "Y2022")]


def test_word_cells_blank_a_not_applicable_and_sign_a_fall():
    row = "加权平均净资产收益率(%)  3.12  减少0.45个百分点  8.56  增加0.32个百分点"
    line = word_cells(Line(0, row, extract_numbers(row)))
    assert "减少" not in line.text and "增加" not in line.text
    assert len(line.text) == len(row)
    blank = "经营活动产生的现金流量净额  不适用  不适用  1,234.56  -23.45"
    assert "不适用" not in word_cells(Line(0, blank, extract_numbers(blank))).text
    facts = read_facts(corpus_zh.QUARTER_REPORT, reading=table_reading(DEFAULT_POLICY))
    points = [f for f in facts if f.value.text.startswith(("0.45", "0.32"))]
    assert [(f.row, f.negative) for f in points] == [
        ("加权平均净资产收益率(%)", True),
        ("加权平均净资产收益率(%)", False),
    ]


def test_a_statements_sign_note_and_outline_mark_are_no_part_of_the_name():
    assert without_sign_note("三、营业利润（亏损以“－”号填列）") == "营业利润"
    assert without_sign_note('投资收益（损失以"-"号填列）') == "投资收益"
    assert without_sign_note("其中：营业收入") == "营业收入"
    assert without_sign_note("（一）基本每股收益(元/股)") == "基本每股收益(元/股)"
    assert without_sign_note("其他应收款") == "其他应收款"
    assert without_sign_note("Net income (loss)") == "Net income (loss)"


def test_the_abbreviations_name_the_long_forms():
    forms = dict(abbreviated("归属于上市公司股东的扣除非经常性损益的净利润"))
    assert set(forms) == {"扣非", "归母"}
    assert "经常性" in forms["扣非"]
    assert dict(abbreviated("归属于母公司所有者的净利润")).keys() == {"归母"}
    assert abbreviated("营业收入") == [] and abbreviated("Net income") == []


def test_a_longer_row_is_not_a_total_nor_held_by_an_other_row():
    named, own = frozenset({"净利润", "股东"}), frozenset({"净利润", "股东", "扣除非"})
    assert longer_row("归属于股东的净利润", named, own, named)
    assert not longer_row("归属于股东的净利润", named, own, frozenset({"净利润"}))
    total = frozenset({"current", "liabil", "total"})
    current = frozenset({"current", "liabil"})
    assert not longer_row("Current liabilities", current, total, current)
    var, total_var = frozenset({"var"}), frozenset({"var", "total"})
    assert not longer_row("Other VaR", var, total_var | {"trading"}, var)


def test_relative_years_are_the_tables_latest_year_and_the_one_before():
    facts = read_facts(corpus_zh.REPORT_KEY, reading=table_reading(DEFAULT_POLICY))
    assert latest_year(facts) == 2023
    by_column = {f.column: year_relative(f, 2023) for f in facts if f.row == "营业收入"}
    assert by_column["2023年"] == ("R0", "B1")
    assert by_column["2022年"] == ("R1", "B0")
    assert by_column["2021年"] == ()
    # An English answer's "last year" is not read against year columns.
    table = "(In millions)\nItem  2023  2022\nRevenue  8,765.4  7,654.3"
    assert _status("Revenue last year was $8,765.4 million.", table) == "ok"


def test_parentheses_of_either_width_agree_and_english_answers_are_not_read():
    for table in (corpus_zh.WIDE_NEGATIVE, corpus_zh.ASCII_NEGATIVE):
        assert _status("2023年应收账款为4,667万元。", table) != "ok"
        assert _status("2023年应收账款为-4,667万元。", table) == "ok"
        assert _status("2023年应收账款减少4,667万元。", table) == "ok"
    english = "(In thousands)\nItem  2023  2022\nAllowance for doubtful accounts  (467)  (321)"
    assert (
        _status("The allowance for doubtful accounts was $467 thousand in 2023.", english) == "ok"
    )
    # A row naming the negative side itself says its figure by its size.
    table = "单位：万元\n项目  2023年  2022年\n经营活动现金流出小计  （4,667）  （3,210）"
    assert _status("2023年经营活动现金流出小计为4,667万元。", table) == "ok"


def test_the_decimals_written_bound_the_rounding_and_the_cell_in_context_grounds_it():
    """d830/d831: "1.70亿元" is 2022's 169,500,000.00 at the two decimals it writes; 2023's
    165,000,000.00 rounds to it only at one (1.65 -> 1.7), which the old reading asked first."""
    old = AnswerGatePolicy(padded_decimals="first_found")
    assert _status("2022年营业成本为1.70亿元。", corpus_zh.ROUNDED_TIE) == "ok"
    assert _status("2022年营业成本为1.70亿元。", corpus_zh.ROUNDED_TIE, old) != "ok"
    assert _status("2023年营业成本为1.7亿元。", corpus_zh.ROUNDED_TIE) == "ok"
    # No cell rounds to 1.70 at two decimals: at one both do, and the one in context grounds it.
    assert _status("2022年营业成本为1.70亿元。", corpus_zh.PADDED_TIE) == "ok"
    assert _status("2022年营业成本为1.70亿元。", corpus_zh.PADDED_TIE, old) != "ok"
    step = rounding_step(extract_numbers("1.70亿元")[0], "165,000,000.00", padded=True)
    assert step is not None and step.step == Decimal("1E+7")
    assert rounding_step(extract_numbers("1.70亿元")[0], "165,000,000.00") is None


def test_english_reads_the_written_decimals_alike():
    """ "$1.70 billion" of 1,695 million (2022) beside 1,650 million (2023): judged by its cells
    (context_candidates "every_candidate"; the default judges no rounded English value)."""
    table = "(In millions)\nItem  2023  2022\nRevenue  1,000  1,005\nCost of revenue  1,650  1,695"
    every = AnswerGatePolicy(context_candidates="every_candidate")
    old = AnswerGatePolicy(context_candidates="every_candidate", padded_decimals="first_found")
    assert _status("Cost of revenue was $1.70 billion in 2022.", table, every) == "ok"
    assert _status("Cost of revenue was $1.70 billion in 2023.", table, every) != "ok"
    assert _status("Cost of revenue was $1.70 billion in 2022.", table, old) != "ok"
    assert _status("Cost of revenue was $1.70 billion in 2022.", table) == "ok"


# Any cell, or one near 1.7亿 in steps of 5万: cells that round alike at one decimal or tie at two.
_CELLS = st.one_of(
    st.integers(min_value=10**8, max_value=9 * 10**10),
    st.integers(3300, 3500).map(lambda x: x * 50_000),
)


def _yi(cell: int) -> str:
    """A 元 cell in 亿元 to two decimals, half up (float formatting misrounds 1.715 to 1.71)."""
    return str((Decimal(cell) / 10**8).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def _rounds_to(cell: int, said: str) -> bool:
    """Whether the cell rounds to `said` 亿元 either way the gate reads a rounding."""
    yi = Decimal(cell) / 10**8
    return any(yi.quantize(Decimal("0.01"), rounding=r) == Decimal(said) for r in _MODES)


_MODES = (ROUND_HALF_UP, ROUND_HALF_EVEN)


@settings(max_examples=40, deadline=None)
@given(st.lists(_CELLS, min_size=4, max_size=4, unique=True), st.integers(0, 3))
def test_another_rows_or_years_cell_restated_in_yi_yuan_is_refused(cells: list[int], k: int):
    """A 2x2 table in 元; each cell restated in 亿元 to two decimals passes for its own row and
    year and is refused for the other row or the other year - where no other cell rounds to
    the value too (170,500,000.00 is 1.70亿 half to even and 1.71亿 half up, d830)."""
    shown = [_yi(c) for c in cells]
    assume(len(set(shown)) == 4 and all(Decimal(s) > 0 for s in shown))
    assume(not any(_rounds_to(c, shown[k]) for i, c in enumerate(cells) if i != k))
    a, b, c, d = (f"{x:,}.00" for x in cells)
    table = f"单位：元\n项目  2023年  2022年\n营业收入  {a}  {b}\n营业成本  {c}  {d}"
    rows, years = ("营业收入", "营业成本"), ("2023年", "2022年")
    row, year = rows[k // 2], years[k % 2]
    other_row, other_year = rows[1 - k // 2], years[1 - k % 2]
    said = shown[k]
    assert _status(f"{year}{row}为{said}亿元。", table) == "ok"
    assert _status(f"{year}{other_row}为{said}亿元。", table) != "ok"
    assert _status(f"{other_year}{row}为{said}亿元。", table) != "ok"
    assert _status(f"{other_year}{row}为{said}亿元。", table, ACCEPT) != "ok"


def test_a_scale_slip_names_the_tables_scale_and_english_keeps_the_figure_as_written():
    verdict = gate_answer(case("2023年营业收入约1.23万元。", table=corpus_zh.WAN_TABLE))
    found = [f for f in verdict.findings if f.severity == "error"]
    assert len(found) == 1 and "万元" in found[0].message
    assert found[0].near_match is not None and found[0].near_match.reason == "wrong_scale"
    # A table in 元 restated in 亿元 is no slip; English quotes a figure as written.
    assert _status("2023年营业收入87.65亿元。", corpus_zh.REPORT_KEY) == "ok"
    english = "(In thousands)\nItem  2023  2022\nRevenue  12,345  10,987"
    assert _status("Revenue was $12,345 in 2023.", english) == "ok"
