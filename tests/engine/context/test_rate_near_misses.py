"""A rate said of another column's cell is offered a rate column's cell (d926), and a percent's
grounded message names no table scale (d927). Messages and near misses only: each finding's
code and status are the same as before (the cases below are refused or passed as they were)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context import corpus_zh
from groundgate.engine.gates.answer import gate_answer
from tests.engine.context.test_operands import case


def _refused(answer: str, table: str):
    verdict = gate_answer(case(answer, table=table))
    (finding,) = [f for f in verdict.findings if f.severity == "error"]
    assert finding.code == "VALUE_OUT_OF_CONTEXT"
    return finding


def test_a_change_said_of_another_change_column_is_offered_its_own_change():
    # The reviewer's case (issue 28): 10.12 is 营业成本's change; the answer says 营业收入's.
    finding = _refused("白酒营业收入同比增长10.12%。", corpus_zh.SEGMENT_TABLE)
    assert finding.near_match is not None and finding.near_match.reason == "another_column"
    # 营业收入比上年增减（%）'s cell, not 营业收入's 1,234,567.89
    assert finding.near_match.text == "15.23"
    assert "白酒 (营业收入比上年增减（%）) has 15.23" in finding.message
    assert "1,234,567.89" not in finding.message


def test_a_rate_named_by_its_own_column_keeps_that_near_miss():
    finding = _refused("白酒毛利率为15.23%。", corpus_zh.SEGMENT_TABLE)
    assert finding.near_match is not None and finding.near_match.text == "92.00"  # 毛利率（%）


def test_points_are_offered_the_rates_change_column():
    finding = _refused("白酒毛利率同比增加10.12个百分点。", corpus_zh.SEGMENT_TABLE)
    assert finding.near_match is not None
    assert finding.near_match.text == "0.37个百分点"  # 毛利率比上年增减（%）, not 毛利率's 92.00


def test_a_level_said_of_another_column_is_unchanged():
    finding = _refused("白酒营业成本为123.46亿元。", corpus_zh.SEGMENT_TABLE)
    assert finding.near_match is not None and finding.near_match.text == "98,765.43"


_METRICS = ["营业收入", "营业成本", "销售费用", "管理费用", "研发费用"]


@settings(max_examples=30, deadline=None)
@given(
    metrics=st.lists(st.sampled_from(_METRICS), min_size=2, max_size=4, unique=True),
    data=st.data(),
)
def test_any_change_column_said_by_its_metric_is_the_near_miss(metrics, data):
    # A segment table of levels and changes: the change said of another metric's change cell
    # is offered the named metric's change cell, never a level cell.
    levels = [f"{1000 + 111 * i:,}.{11 * (i + 1):02d}" for i in range(len(metrics))]
    changes = [f"{5 + 3 * i}.{17 + 2 * i}" for i in range(len(metrics))]
    head = "  ".join(metrics + [f"{m}比上年增减（%）" for m in metrics])
    table = f"单位：万元\n分行业  {head}\n白酒  " + "  ".join(levels + changes)
    said, cell = data.draw(
        st.tuples(st.integers(0, len(metrics) - 1), st.integers(0, len(metrics) - 1)).filter(
            lambda p: p[0] != p[1]
        )
    )
    finding = _refused(f"白酒{metrics[said]}同比增长{changes[cell]}%。", table)
    assert finding.near_match is not None
    assert finding.near_match.text == changes[said]


def test_a_percents_grounded_message_names_no_table_scale():
    answer = "白酒营业收入为123.46亿元，同比增长15.23%。"
    verdict = gate_answer(case(answer, table=corpus_zh.SEGMENT_TABLE))
    assert verdict.status == "ok"
    by_value = {f.value: f.message for f in verdict.findings}
    assert "scale from" not in by_value["15.23%"]
    assert by_value["15.23%"].endswith("evidence 0 has '15.23'")
    # An amount under the same table's unit still names it.
    assert "scale from '单位：万元'" in by_value["123.46亿元"]


def test_a_scale_declared_with_a_no_break_space_is_named_as_a_reviewer_reads_it():
    # Best Buy's 10-Q prints "($ in millions)" with a no-break space (d939): the message names
    # it with one plain space, never the repr escape "\xa0".
    table = "Statements of Cash Flows ($\xa0in millions)\nRevenue  473  453"
    verdict = gate_answer(case("Revenue was $473 million.", table=table))
    messages = [f.message for f in verdict.findings if f.value == "$473 million"]
    assert messages, verdict.findings
    assert "\\xa0" not in messages[0]
    assert "scale from '($ in millions' in chunk 't'" in messages[0]
