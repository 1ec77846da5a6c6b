"""Issue 28's Chinese report forms of answer gate 2.71.0 (d885-d890), each reading under the
default and its old value (selectable; verbatim's): a quarter's months printed beside it
(month_ranges, d885), a segment table's metric columns (segment_columns, d886), a prose change
said with the other direction word (direction_prose, d887), full-width thousands and years
(d888), "扣非" of "扣除非经常性损益后" (label_abbreviations "zh_finance_after", d889) and a share
over a cited 1 (own_figures "refuse_ones", d890)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context import corpus_zh
from groundgate.engine.context.excerpt_index import excerpt_cells
from groundgate.engine.context.month_ranges import month_ranges
from groundgate.engine.context.periods import periods_in
from groundgate.engine.context.prose_directions import word_direction
from groundgate.engine.context.rows import Line
from groundgate.engine.context.segment_columns import rate_column, segment_head
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from groundgate.engine.gates.answer_reading import read_tables
from groundgate.engine.numbers import extract_numbers
from tests.engine.context.test_operands import case

ACCEPT = DEFAULT_POLICY.model_copy(update={"derived_numbers": "accept"})


def _with(**fields: str) -> AnswerGatePolicy:
    return DEFAULT_POLICY.model_copy(update=fields)


def _status(answer: str, text: str, policy: AnswerGatePolicy = DEFAULT_POLICY) -> str:
    return gate_answer(case(answer, table=text), policy).status


def test_the_defaults_and_the_verbatim_readings():
    assert DEFAULT_POLICY.month_ranges == "period_heads"
    assert DEFAULT_POLICY.segment_columns == "metric_heads"
    assert DEFAULT_POLICY.direction_prose == "said_words"
    assert DEFAULT_POLICY.label_abbreviations == "zh_finance_after"
    assert DEFAULT_POLICY.own_figures == "refuse_ones"
    assert VERBATIM_POLICY.month_ranges == "off"
    assert VERBATIM_POLICY.segment_columns == "off"
    assert VERBATIM_POLICY.direction_prose == "off"
    assert VERBATIM_POLICY.label_abbreviations == "off"
    assert VERBATIM_POLICY.own_figures == "allow"


# --- month_ranges (d885) ---


def test_a_quarters_months_head_its_column_only_under_period_heads():
    table = corpus_zh.QUARTER_MONTHS
    columns = [f.column for f in excerpt_cells(table, read_tables(DEFAULT_POLICY))][:4]
    assert [periods_in(c) for c in columns] == [("Q1",), ("Q2",), ("Q3",), ("Q4",)]
    off = _with(month_ranges="off")
    assert {f.column for f in excerpt_cells(table, read_tables(off))} == {""}
    wrong = "第二季度营业收入为31.23亿元。"  # the third quarter's cell
    assert _status(wrong, table) != "ok"
    assert _status(wrong, table, off) == "ok"
    assert _status("第三季度营业收入为31.23亿元。", table) == "ok"
    half = corpus_zh.HALF_REPORT
    assert _status("本报告期营业收入为49.88亿元。", half) != "ok"
    assert _status("本报告期营业收入为49.88亿元。", half, off) == "ok"


def test_only_a_periods_own_months_are_blanked():
    def blanked(text: str) -> str:
        return month_ranges(Line(0, text, extract_numbers(text))).text

    assert blanked("项目  第一季度（1-3月份）  第二季度（4－6月）").split() == [
        "项目",
        "第一季度",
        "第二季度",
    ]
    assert blanked("主要会计数据  本报告期（7-9月）  年初至报告期末（1-9月）").split() == [
        "主要会计数据", "本报告期", "年初至报告期末"
    ]  # fmt: skip
    assert blanked("  （1-3月份）  （4-6月份）  （7-9月份）").strip() == ""
    # Not the quarter's months, not after a period, or one range alone: as printed.
    for text in ["第一季度（1-6月）", "销量（1-3月）  12", "  （1-3月份）  "]:
        assert blanked(text) == text, text


@settings(max_examples=25, deadline=None)
@given(
    cells=st.lists(st.integers(10_000, 99_999), min_size=4, max_size=4, unique=True),
    pick=st.integers(0, 3),
    other=st.integers(1, 3),
    dash=st.sampled_from(["-", "－", "~"]),
)
def test_another_quarters_cell_is_refused(cells: list[int], pick: int, other: int, dash: str):
    names = ["第一季度", "第二季度", "第三季度", "第四季度"]
    months = [(1, 3), (4, 6), (7, 9), (10, 12)]
    head = "  ".join(f"{n}（{a}{dash}{b}月份）" for n, (a, b) in zip(names, months, strict=True))
    row = "  ".join(f"{c:,}.00" for c in cells)
    table = f"单位：万元\n项目  {head}\n营业收入  {row}"
    value = f"{cells[pick]:,}.00万元"
    assert _status(f"{names[pick]}营业收入为{value}。", table) == "ok"
    assert _status(f"{names[(pick + other) % 4]}营业收入为{value}。", table) != "ok"


# --- segment_columns (d886) ---


def test_a_segment_tables_metric_columns_only_under_metric_heads():
    table = corpus_zh.SEGMENT_TABLE
    columns = [f.column for f in excerpt_cells(table, read_tables(DEFAULT_POLICY))][:3]
    assert columns == ["营业收入", "营业成本", "毛利率（%）"]
    off = _with(segment_columns="off")
    for wrong in ["白酒营业成本为123.46亿元。", "白酒营业收入同比增长10.12%。"]:
        assert _status(wrong, table) != "ok", wrong
        assert _status(wrong, table, off) == "ok", wrong
    # A rate's change column prints points under its percent mark (d775 reads it so).
    assert _status("啤酒毛利率同比增加1.52个百分点。", table) == "ok"
    assert segment_head("分行业") and segment_head("分地区") and segment_head("主要会计数据")
    assert not segment_head("营业收入") and not segment_head("2023年")
    assert rate_column("毛利率比上年增减（%）") and not rate_column("营业收入比上年增减（%）")


@settings(max_examples=25, deadline=None)
@given(
    head=st.sampled_from(["分行业", "分产品", "分地区", "分销售模式"]),
    revenue=st.integers(100_000, 999_999),
    cost=st.integers(10_000, 99_999),
    growth=st.integers(101, 4999),
    cost_growth=st.integers(5001, 9999),
)
def test_another_metrics_cell_is_refused(
    head: str, revenue: int, cost: int, growth: int, cost_growth: int
):
    g, cg = f"{growth / 100:.2f}", f"{cost_growth / 100:.2f}"
    table = (
        f"单位：万元\n{head}  营业收入  营业成本  营业收入比上年增减（%）"
        "  营业成本比上年增减（%）\n"
        f"甲  {revenue:,}.00  {cost:,}.00  {g}  {cg}"
    )
    assert _status(f"甲营业收入为{revenue:,}.00万元，同比增长{g}%。", table) == "ok"
    assert _status(f"甲营业成本为{revenue:,}.00万元。", table) != "ok"
    assert _status(f"甲营业收入同比增长{cg}%。", table) != "ok"


# --- direction_prose (d887) ---

EN_PROSE = (
    "Net revenue was $4.2 billion, down 3% from the prior year. Free cash flow increased 9% to "
    "$1.1 billion, while capital expenditures declined 14% to $310 million."
)


def test_a_prose_change_said_with_the_other_direction_only_under_said_words():
    off = _with(direction_prose="off")
    for text, wrong, right in [
        (corpus_zh.PROSE_CHANGES, "扣非归母净利润同比增长6.38%。", "扣非净利润同比下降6.38%。"),
        (
            corpus_zh.PROSE_CHANGES,
            "综合毛利率同比减少1.25个百分点。",
            "毛利率同比增加1.25个百分点。",
        ),
        (EN_PROSE, "Net revenue increased 3%.", "Net revenue decreased 3%."),
        (EN_PROSE, "Capital expenditures rose 14%.", "Capital expenditures fell 14%."),
    ]:
        assert _status(wrong, text) != "ok", wrong
        assert _status(wrong, text, ACCEPT) != "ok", wrong
        assert _status(wrong, text, off) == "ok", wrong
        assert _status(right, text) == "ok", right
    # A level reached ("增长至", "to") is no change; a word of neither judges nothing.
    assert _status("公司海外业务收入下降至87.65亿元。", corpus_zh.PROSE_CHANGES) == "ok"
    assert _status("Free cash flow was $1.1 billion.", EN_PROSE) == "ok"


def test_the_word_right_before_a_figure_gives_its_direction():
    for text, direction in [
        ("同比下降6.38%", -1), ("较上年同期增长了12%", 1), ("down 3%", -1), ("up 3%", 1),
        ("a decrease of 5%", -1), ("增长至87.65亿元", 0), ("up to 5%", 0), ("营业收入5亿元", 0),
    ]:  # fmt: skip
        at = next(v.start for v in extract_numbers(text))
        assert word_direction(text, at) == direction, text


@settings(max_examples=25, deadline=None)
@given(
    size=st.integers(101, 9999),
    fall=st.booleans(),
    words=st.sampled_from([("增长", "下降"), ("增加", "减少"), ("上升", "下滑")]),
)
def test_the_other_direction_word_is_refused(size: int, fall: bool, words: tuple[str, str]):
    rise, down = words
    said, other = (down, rise) if fall else (rise, down)
    figure = f"{size / 100:.2f}%"
    text = f"报告期内，公司营业收入同比{said}{figure}；净利润为5.00亿元。"
    assert _status(f"营业收入同比{said}{figure}。", text) == "ok"
    assert _status(f"营业收入同比{other}{figure}。", text) != "ok"


# --- full-width digits (d888) ---


def test_full_width_thousands_and_years_are_read():
    [v] = extract_numbers("营业收入１２，３４５．６７万元")
    assert v.text == "１２，３４５．６７万元"
    assert [v.text for v in extract_numbers("分别为12，345")] == ["12", "345"]  # a clause break
    assert periods_in("２０２３年") == ("Y2023",)
    assert _status("2023年营业收入为1.23亿元。", corpus_zh.WIDE_DIGITS) == "ok"
    assert _status("2023年净利润为987.65万元。", corpus_zh.WIDE_DIGITS) != "ok"


# --- label_abbreviations "zh_finance_after" (d889) ---


def test_kou_fei_names_the_label_with_hou_only_under_zh_finance_after():
    table = corpus_zh.QUARTER_MONTHS
    wrong = "第三季度扣非归母净利润为3.89亿元。"  # the 归母 row's cell
    assert _status(wrong, table) != "ok"
    assert _status(wrong, table, _with(label_abbreviations="zh_finance")) == "ok"
    assert _status("第二季度扣非归母净利润为3.99亿元。", table) == "ok"


# --- own_figures "refuse_ones" (d890) ---


def test_a_share_over_a_cited_one_is_no_derivation():
    table = (
        "2023年分季度主要财务数据\n单位：元\n项目  第一季度（1-3月份）  第二季度（4-6月份）\n"
        "经营活动产生的现金流量净额  -512,345,678.00  456,789,012.00"
    )
    flipped = "2023年第一季度经营活动产生的现金流量净额为5.12亿元。"
    assert _status(flipped, table, ACCEPT) != "ok"
    refuse = ACCEPT.model_copy(update={"own_figures": "refuse"})
    assert _status(flipped, table, refuse) == "ok"  # "-512,345,678.00 / 1" of "1-3月"'s 1
    assert _status("2023年第一季度经营活动产生的现金流量净额为-5.12亿元。", table, ACCEPT) == "ok"


def test_kou_fei_near_miss_is_the_kou_fei_rows_cell():
    # The near miss of "扣非归母" said of the 归母 row's cell is the 扣非 row's cell of that
    # quarter, not the refused cell itself (d904): the case page's "should say" offers it.
    wrong = "第三季度扣非归母净利润为3.89亿元。"  # the 归母 row's cell
    verdict = gate_answer(case(wrong, table=corpus_zh.QUARTER_MONTHS))
    (finding,) = [f for f in verdict.findings if f.severity == "error"]
    assert finding.near_match is not None
    assert finding.near_match.reason == "another_row"
    assert finding.near_match.text == "-12,345,678.00"
    assert "扣除非经常性损益后的净利润 (第三季度) has -12,345,678.00" in finding.message
