"""Words of a change name no prose subject (policy `prose_facets`, answer gate 2.58.0, d774) and
percent against percentage points of a bare cell (policy `point_units`, d775): both readings, and
property tests over segments, verbs and figures."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context import corpus_en, corpus_zh
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.test_operands import case

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
AS_READ = DEFAULT_POLICY.model_copy(update={"prose_facets": "as_read"})
CHANGE_WORDS = DEFAULT_POLICY.model_copy(update={"prose_facets": "change_words"})
POINTS_OFF = DEFAULT_POLICY.model_copy(update={"point_units": "off"})


def _status(answer: str, table: str, policy: AnswerGatePolicy = DEFAULT_POLICY) -> str:
    return gate_answer(case(answer, table=table), policy).status


def test_the_defaults_and_the_verbatim_readings():
    assert DEFAULT_POLICY.prose_facets == "respective_lists"  # (reads count_nouns, d780, d786)
    assert VERBATIM_POLICY.prose_facets == "as_read"
    assert DEFAULT_POLICY.point_units == "unit_headers"
    assert VERBATIM_POLICY.point_units == "off"


def test_another_segments_growth_is_refused_only_under_change_words():
    wrong = [
        (corpus_en.SEGMENT_PROSE, "North America segment sales increased 13% year-over-year."),
        (corpus_en.REGION_PROSE, "Asia Pacific revenue was $3.1 billion in fiscal 2023."),
        (corpus_zh.PROSE_KEY, "归属于上市公司股东的净利润同比增长14.52%。"),
        (corpus_zh.PROSE_KEY, "公司营业收入为256.79亿元。"),
    ]
    for table, answer in wrong:
        assert _status(answer, table) != "ok", answer
        assert _status(answer, table, ACCEPT) != "ok", answer
        assert _status(answer, table, AS_READ) == "ok", answer


def test_the_finding_names_the_segment_the_answer_says():
    verdict = gate_answer(
        case(
            "North America segment sales increased 13% year-over-year.",
            table=corpus_en.SEGMENT_PROSE,
        ),
        DEFAULT_POLICY,
    )
    errors = [f for f in verdict.findings if f.severity == "error"]
    assert [f.code for f in errors] == ["VALUE_OUT_OF_CONTEXT"]
    assert errors[0].near_match is not None and errors[0].near_match.text == "12% year"
    assert errors[0].near_match.reason == "another_subject"


def test_points_of_a_percent_column_are_refused_only_under_unit_headers():
    for table, answer in [
        (corpus_zh.WAN_TABLE, "2023年营业收入同比增长12.36个百分点。"),
        (corpus_en.POINT_CHANGES, "Net sales grew 7.1 percentage points in 2023."),
        (corpus_zh.POINTS_TABLE, "2023年毛利率同比增长1.27%。"),
    ]:
        assert _status(answer, table) != "ok", answer
        assert _status(answer, table, POINTS_OFF) == "ok", answer


def test_the_unit_near_miss_says_percent_not_points_in_plain_words():
    """d788: the other unit's near miss names both units, not "the figure for" the cell."""
    for table, answer, words in [
        (corpus_zh.WAN_TABLE, "2023年营业收入同比增长12.36个百分点。", "is a percent, not points"),
        (
            corpus_zh.POINTS_TABLE,
            "2023年毛利率同比增长1.27%。",
            "in percentage points, not percent",
        ),
    ]:
        verdict = gate_answer(case(answer, table=table))
        errors = [f for f in verdict.findings if f.severity == "error"]
        assert [f.near_match.reason for f in errors if f.near_match] == ["another_column"]
        assert words in errors[0].message, errors[0].message


def test_a_rate_rows_change_in_points_under_a_percent_header_passes():
    """A rate's change may be printed in points under "（%）": not judged (d775)."""
    table = (
        "单位：万元\n项目  2023年  2022年  增减变动幅度（%）\n"
        "营业收入  1,234  1,098  12.36\n毛利率（%）  23.45  22.18  1.27"
    )
    assert _status("2023年毛利率同比增加1.27个百分点。", table) == "ok"
    assert _status("2023年营业收入同比增长12.36%。", table) == "ok"


def test_a_counts_noun_is_its_subject_only_under_count_nouns():
    text = "During the year we hired 12 engineers and 4 designers, and opened 2 offices in Europe."
    wrong = "During the year the company hired 4 engineers."
    assert _status(wrong, text) != "ok"
    assert _status(wrong, text, ACCEPT) != "ok"
    assert _status(wrong, text, CHANGE_WORDS) == "ok"
    for right in (
        "The company hired 12 engineers and 4 designers.",
        "It opened 2 offices in Europe.",
        "During the year the company hired 4 designers.",
    ):
        assert _status(right, text) == "ok", right


@settings(max_examples=25, deadline=None)
@given(
    nouns=st.lists(
        st.sampled_from(["engineers", "designers", "nurses", "stores", "branches", "trucks"]),
        min_size=2,
        max_size=2,
        unique=True,
    ),
    counts=st.lists(st.integers(2, 999), min_size=2, max_size=2, unique=True),
)
def test_a_count_said_of_the_other_noun_is_refused(nouns: list[str], counts: list[int]):
    (one, two), (a, b) = nouns, counts
    text = f"In 2023 the company added {a} {one} and {b} {two}."
    assert _status(f"The company added {b} {one} in 2023.", text) != "ok"
    assert _status(f"The company added {a} {one} in 2023.", text) == "ok"
    assert _status(f"The company added {b} {two} in 2023.", text) == "ok"


_SEGMENTS = ["North America", "International", "Asia Pacific", "Europe", "Latin America"]
_VERBS = ["increased", "rose", "grew", "was up"]


@settings(max_examples=25, deadline=None)
@given(
    pair=st.lists(st.sampled_from(_SEGMENTS), min_size=2, max_size=2, unique=True),
    verbs=st.lists(st.sampled_from(_VERBS), min_size=3, max_size=3),
    rates=st.lists(st.integers(2, 40), min_size=2, max_size=2, unique=True),
)
def test_a_segments_figure_said_of_another_segment_is_refused(
    pair: list[str], verbs: list[str], rates: list[int]
):
    one, two = pair
    a, b = rates
    text = (
        f"{one} segment revenue {verbs[0]} {a}% to $4.1 billion. "
        f"{two} segment revenue {verbs[1]} {b}% to $2.3 billion."
    )
    assert _status(f"{two} segment revenue {verbs[2]} {a}%.", text) != "ok"
    assert _status(f"{two} segment revenue {verbs[2]} {b}%.", text) == "ok"
    assert _status(f"{one} segment revenue {verbs[2]} {a}%.", text) == "ok"


@settings(max_examples=25, deadline=None)
@given(
    whole=st.integers(1, 40),
    tenths=st.integers(0, 9),
    header=st.sampled_from(["Change (%)", "% Change", "同比增减（%）"]),
)
def test_a_percent_cell_said_in_points_is_refused(whole: int, tenths: int, header: str):
    figure = f"{whole}.{tenths}"
    table = f"(In millions)  2023  2022  {header}\nNet sales  10,500  9,800  {figure}"
    assert _status(f"Net sales grew {figure}% in 2023.", table) == "ok"
    assert _status(f"Net sales grew {figure} percentage points in 2023.", table) != "ok"
