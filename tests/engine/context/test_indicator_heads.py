"""A 业绩快报 / 主要财务指标 table headed "指标" (policy `statement_headers` "indicator_heads",
answer gate 2.61.0, d789): its parts head the columns as under "项目" - relative periods, a percent
change column, a points column (d775) - under the default; "note_columns" (2.60.0's) reads the
cells of no column."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context import corpus_zh
from groundgate.engine.context.excerpt_index import excerpt_cells
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from groundgate.engine.gates.answer_reading import read_tables
from tests.engine.context.test_operands import case

NOTE_COLUMNS = DEFAULT_POLICY.model_copy(update={"statement_headers": "note_columns"})


def _status(answer: str, text: str, policy: AnswerGatePolicy = DEFAULT_POLICY) -> str:
    return gate_answer(case(answer, table=text), policy).status


def test_the_default_and_the_verbatim_readings():
    assert DEFAULT_POLICY.statement_headers == "indicator_heads"
    assert VERBATIM_POLICY.statement_headers == "off"


def test_the_indicator_heads_the_label_column_only_under_indicator_heads():
    table = corpus_zh.INDICATOR_TABLE
    columns = [f.column for f in excerpt_cells(table, read_tables(DEFAULT_POLICY))]
    assert columns[:3] == ["本报告期", "上年同期", "增减（百分点）"]
    assert {f.column for f in excerpt_cells(table, read_tables(NOTE_COLUMNS))} == {""}
    for answer in ["毛利率同比增长1.27%。", "本报告期毛利率为22.18%。"]:
        assert _status(answer, table) != "ok", answer
        assert _status(answer, table, NOTE_COLUMNS) == "ok", answer
    assert _status("毛利率同比增加1.27个百分点。", table) == "ok"


@settings(max_examples=20, deadline=None)
@given(
    head=st.sampled_from(["指标", "主要指标", "财务指标", "主要财务指标", "指标名称"]),
    change=st.integers(101, 999),
    rate=st.integers(1001, 4999),
)
def test_a_points_columns_cell_said_as_a_percent_is_refused(head: str, change: int, rate: int):
    now, before, points = f"{rate / 100:.2f}", f"{(rate - change) / 100:.2f}", f"{change / 100:.2f}"
    table = f"{head}  本报告期  上年同期  增减（百分点）\n毛利率（%）  {now}  {before}  {points}"
    assert _status(f"毛利率同比增加{points}个百分点。", table) == "ok"
    assert _status(f"本报告期毛利率为{now}%。", table) == "ok"
    assert _status(f"毛利率同比增长{points}%。", table) != "ok"
    assert _status(f"本报告期毛利率为{before}%。", table) != "ok"
