"""VALUE_OUT_OF_CONTEXT in prose (gate 2.21.0): a value is about its own clause's subject, and
relative period headers ("本期金额" / "上期金额", "Current year" / "Prior year") are periods."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.canonical import canonical_bytes
from groundgate.engine.context.excerpt_index import _seen
from groundgate.engine.context.periods import (
    contradicts,
    named_relative_periods,
    relative_periods,
)
from groundgate.engine.context.prose_subjects import may_say_of_two_subjects
from groundgate.engine.gates.answer import (
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)

PUMPS = "Pump I delivers 205 m3/h at 12 bar. Pump B delivers 250 m3/h at 10 bar."
RATED = "The rated flow of pump A is 205 m3/h and the rated flow of pump B is 250 m3/h."
RATED_ZH = "泵A的额定流量为205立方米/小时，泵B的额定流量为250立方米/小时。"
INCOME_ZH = "项目  本期金额  上期金额\n营业收入  12,345.67  11,200.00"
INCOME = "Item  Current year  Prior year\nRevenue  12,345  11,200"
BALANCE_ZH = "项目  期末余额  期初余额\n应收账款  600  500"

PROSE_OFF = AnswerGatePolicy(prose_subjects="off")
RELATIVE_OFF = AnswerGatePolicy(relative_periods="off")


def case(conclusion: str, *chunks: str) -> AnswerCase:
    return AnswerCase.model_validate(
        {
            "case_id": "prose",
            "raw_chunks": [{"chunk_id": f"c{i}", "text": t} for i, t in enumerate(chunks)],
            "answer": {
                "conclusion": conclusion,
                "evidences": [{"chunk_id": f"c{i}", "excerpt": t} for i, t in enumerate(chunks)],
            },
        }
    )


def errors(conclusion: str, *chunks: str, policy: AnswerGatePolicy | None = None) -> list:
    verdict = gate_answer(case(conclusion, *chunks), *([policy] if policy else []))
    return [f for f in verdict.findings if f.severity == "error"]


def codes(conclusion: str, *chunks: str, policy: AnswerGatePolicy | None = None) -> list[str]:
    return [f.code for f in errors(conclusion, *chunks, policy=policy)]


def test_another_subjects_value_in_prose_is_a_near_miss_named():
    verdict = gate_answer(case("Pump I delivers 250 m3/h.", PUMPS))
    (finding,) = [f for f in verdict.findings if f.severity == "error"]
    assert verdict.status == "citation_insufficient"
    assert finding.code == "VALUE_OUT_OF_CONTEXT"
    assert PUMPS[slice(*finding.chunk_span)] == "250"
    assert finding.near_match.reason == "another_subject" and finding.near_match.text == "205"
    assert PUMPS[slice(*finding.near_match.chunk_span)] == "205"
    assert "250 is Pump B's; Pump I has 205" in finding.message
    # The right subject, and the literal readings.
    assert codes("Pump B delivers 250 m3/h.", PUMPS) == []
    assert codes("Pump I delivers 205 m3/h.", PUMPS) == []
    assert codes("Pump I delivers 250 m3/h.", PUMPS, policy=PROSE_OFF) == []
    assert codes("Pump I delivers 250 m3/h.", PUMPS, policy=VERBATIM_POLICY) == []


def test_one_sentence_of_two_subjects_english_and_chinese():
    (finding,) = errors("The rated flow of pump A is 250 m3/h.", RATED)
    assert finding.near_match.text == "205" and "250 is pump B's; pump A has 205" in finding.message
    assert codes("The rated flow of pump B is 250 m3/h.", RATED) == []
    assert codes("The rated flow of pump A is 205 m3/h.", RATED) == []
    (finding,) = errors("泵A的额定流量为250立方米/小时。", RATED_ZH)
    assert finding.code == "VALUE_OUT_OF_CONTEXT" and finding.near_match.text == "205立方米"
    assert finding.near_match.reason == "another_subject"
    assert codes("泵B的额定流量为250立方米/小时。", RATED_ZH) == []
    assert codes("泵A的额定流量为205立方米/小时。", RATED_ZH) == []


def test_an_answer_that_names_no_subject_is_decided_by_the_value_alone():
    assert codes("The pump delivers 250 m3/h.", PUMPS) == []
    assert codes("The rated flow is 250 m3/h.", RATED) == []
    assert codes("额定流量为250立方米/小时。", RATED_ZH) == []
    # Both subjects named: nothing sets one apart, the value decides.
    assert codes("Pump I and Pump B deliver 250 m3/h together.", PUMPS) == []


def test_a_subject_the_excerpt_gives_no_other_value_of_that_unit_is_not_judged():
    # Another attribute (another unit) of the named subject is no near miss.
    assert (
        codes("Pump I delivers 250 m3/h.", "Pump I runs at 205 rpm. Pump B delivers 250 m3/h.")
        == []
    )


@given(
    subjects=st.sampled_from(
        [("Pump I", "Pump B"), ("Line A", "Line C"), ("North boiler", "South boiler")]
    ),
    values=st.tuples(st.integers(101, 999), st.integers(101, 999)).filter(lambda v: v[0] != v[1]),
    swap=st.booleans(),
)
@settings(max_examples=40, deadline=None)
def test_property_swapping_the_two_subjects_values_is_rejected(subjects, values, swap):
    x, y = subjects
    a, b = values
    excerpt = f"{x} delivers {a} m3/h at 12 bar. {y} delivers {b} m3/h at 10 bar."
    said, value = (x, b) if swap else (y, a)
    assert codes(f"{said} delivers {value} m3/h.", excerpt) == ["VALUE_OUT_OF_CONTEXT"]
    right = (x, a) if swap else (y, b)
    assert codes(f"{right[0]} delivers {right[1]} m3/h.", excerpt) == []


def test_relative_period_headers_are_periods():
    (finding,) = errors("上期营业收入为12,345.67万元。", INCOME_ZH)
    assert finding.code == "VALUE_OUT_OF_CONTEXT" and finding.near_match.text == "11,200.00"
    assert finding.near_match.reason == "another_period"
    assert "营业收入 (本期金额); 营业收入 (上期金额) has 11,200.00" in finding.message
    assert codes("本期营业收入为12,345.67万元。", INCOME_ZH) == []
    assert codes("上期营业收入为11,200.00万元。", INCOME_ZH) == []
    assert codes("营业收入为12,345.67万元。", INCOME_ZH) == []
    assert codes("Revenue last year was 12,345.", INCOME) == ["VALUE_OUT_OF_CONTEXT"]
    assert codes("Revenue this year was 12,345.", INCOME) == []
    assert codes("Revenue in the prior year was 11,200.", INCOME) == []
    assert codes("期末余额为500。", BALANCE_ZH) == ["VALUE_OUT_OF_CONTEXT"]
    assert codes("期初余额为500。", BALANCE_ZH) == []
    # The period of the value's own clause, not of the one a change is measured against.
    assert codes("Revenue was 12,345 last year.", INCOME) == ["VALUE_OUT_OF_CONTEXT"]
    assert codes("In the prior year, revenue was 12,345.", INCOME) == ["VALUE_OUT_OF_CONTEXT"]
    assert codes("Revenue was 12,345, up from 11,200 in the prior year.", INCOME) == []
    assert codes("与上年同期相比，营业收入为12,345.67万元。", INCOME_ZH) == []
    assert codes("上期营业收入为11,200.00万元，本期为12,345.67万元。", INCOME_ZH) == []
    # The literal readings.
    assert codes("上期营业收入为12,345.67万元。", INCOME_ZH, policy=RELATIVE_OFF) == []
    assert codes("Revenue last year was 12,345.", INCOME, policy=VERBATIM_POLICY) == []


def test_relative_period_words():
    assert relative_periods("本期金额") == ("R0",)
    assert relative_periods("上年同期") == ("R1",)
    assert relative_periods("本年度") == ("R0",) and relative_periods("上年度") == ("R1",)
    assert relative_periods("期末余额") == ("B1",) and relative_periods("期初余额") == ("B0",)
    assert relative_periods("上年年末余额") == ("B0",)  # the prior year's end: this one's start
    assert relative_periods("Current year") == ("R0",)
    assert relative_periods("Previous period") == ("R1",)
    assert relative_periods("基本每股收益") == () and relative_periods("yearly") == ()
    assert contradicts(("R1",), ("R0",)) and not contradicts(("R1",), ("Y2019",))
    # A comparison's period is not the value's: "up from last year", "较上年".
    assert named_relative_periods("Revenue grew 5% over the prior year") == ()
    assert named_relative_periods("营业收入较上年增长") == ()
    assert named_relative_periods("上期营业收入为") == ("R1",)


def test_verdicts_are_byte_identical_run_to_run():
    for answer, excerpt in (
        ("Pump I delivers 250 m3/h.", PUMPS),
        ("泵A的额定流量为250立方米/小时。", RATED_ZH),
        ("上期营业收入为12,345.67万元。", INCOME_ZH),
    ):
        one = canonical_bytes(gate_answer(case(answer, excerpt)).model_dump())
        two = canonical_bytes(gate_answer(case(answer, excerpt)).model_dump())
        assert one == two


def test_two_attributes_that_share_one_word_are_no_subjects_of_one_attribute():
    # "revenue" shared, three words apart: not one attribute stated for two subjects.
    excerpt = (
        "Gross Investment Banking revenue of $1.1 billion, up 65%. "
        "Total Markets revenue of $9.1 billion, up 25%."
    )
    assert codes("Total revenue was $1.1 billion.", excerpt) == []
    # Far apart in a long excerpt: no one sentence or list of subjects.
    far = "Pump I delivers 205 m3/h. " + "The site has further equipment. " * 15
    assert codes("Pump I delivers 250 m3/h.", far + "Pump B delivers 250 m3/h.") == []


# The prefilter (d448): a one-line excerpt the rule could judge passes may_say_of_two_subjects.
_SUBJECTS = ["Pump I", "Pump B", "pump A", "the North boiler", "Line C", "泵A的", "泵B的", "It"]
_ATTRIBUTES = ["delivers", "rated flow is", "runs at", "额定流量为", "had", "was up"]
_VALUES = ["205 m3/h", "250 m3/h", "205 rpm", "12%", "15%", "$4.5 million", "2019", "2018",
           "five", "six", "205立方米/小时", "250立方米/小时", "3.2", "7"]  # fmt: skip
_BREAKS = [". ", ", ", " and ", " while ", "，", "；", " in ", " ", " compared with "]


@given(
    parts=st.lists(
        st.tuples(
            st.sampled_from(_SUBJECTS),
            st.sampled_from(_ATTRIBUTES),
            st.sampled_from(_VALUES),
            st.sampled_from(_BREAKS),
        ),
        min_size=1,
        max_size=5,
    ),
    filler=st.integers(0, 30),
)
@settings(max_examples=300, deadline=None)
def test_property_every_one_line_excerpt_the_rule_could_judge_passes_the_prefilter(parts, filler):
    text = "".join(f"{s} {a} {v}{b}" for s, a, v, b in parts)
    excerpt = text[: len(text) // 2] + "word " * filler + text[len(text) // 2 :]
    seen = _seen(excerpt, True).subjects()
    prose = [f for f in seen.facts if not f.in_table]
    subjects = [seen.subject(f) for f in prose]
    # The answer's words that give the rule its best chance: another value's subject, alone,
    # with the attribute's words of the value's own, or every word of the excerpt's subjects.
    everything = frozenset().union(*subjects)
    asked = set(subjects) | {s | t for s in subjects for t in subjects} | {everything}
    found = any(seen.another_subject(f, words) is not None for f in prose for words in asked)
    if found:
        assert may_say_of_two_subjects(excerpt)


def test_the_prefilter_passes_the_issues_excerpts_and_skips_one_of_a_count_and_a_percent():
    for excerpt in (PUMPS, RATED, RATED_ZH, "Pump A has 5 pumps and Pump B has 6 pumps."):
        assert may_say_of_two_subjects(excerpt)
    assert not may_say_of_two_subjects("Pressure window 51,273 report valve 620.88% pressure")
    assert not may_say_of_two_subjects("The plant ran in 2019 and in 2018.")  # periods only
    assert not may_say_of_two_subjects("Pump I delivers 205 m3/h; Pump B delivers 205 m3/h.")
    # A one-line excerpt the prefilter skips is decided as before: by the value alone.
    assert codes("Pump I delivers 250 m3/h.", "Pump B delivers 250 m3/h at 12 bar.") == []
