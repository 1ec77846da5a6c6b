"""Answerability (policy `answerability: subject_attribute`; rules answerability-v1 and, since
answer-assembly/2026-11.6, answerability-v2 - see test_answerability_v2.py): a chunk answers
only when it states the question's subject and the attribute asked; the spec's reading ("off",
in SPEC_LITERAL_SELECTION) keeps Phase-3 alone. The texts are the demo PDF's chunks."""

from __future__ import annotations

import pytest

from groundgate.pipeline.answerability import answerability, chunk_answers
from groundgate.pipeline.answerability_question import question_parts
from groundgate.pipeline.contracts import SPEC_LITERAL_SELECTION, SelectionPolicy
from groundgate.pipeline.llm import ExtractiveProvider
from groundgate.pipeline.run import run_pipeline
from groundgate.pipeline.select import parse_bundle
from tests.pipeline.test_r2_select import bundle, row

MANUAL = (
    "The bearing temperature must not exceed 85 C. Lubricate the bearings with 120 g of grease "
    "every 2,000 operating hours, or at least once a year. Spare parts. Mechanical seal kit "
    "MS-40: 2 per station. Impeller IMP-315: 1 per station. Unit price of the seal kit: $1,050."
)
INSPECTION = (
    "Pump Station Maintenance Manual - Section 2 Section 2.1 Inspection intervals. The "
    "discharge valve of each pump must be inspected every 90 days. During inspection the "
    "operating pressure must stay between 4.5 and 6.0 bar; readings above 6.2 bar require an "
    "immediate shutdown."
)
BULLETIN = (
    "2023年环境质量公报（摘录） 2023年全市地表水国控断面水质优良比例为86.7%，同比上升3.3个百分点。"
    "主要污染指标为总磷，年均浓度为0.35mg/L。 全年环境空气质量优良天数为302天，优良率82.7%；"
    "PM2.5年均浓度为31微克 /立方米，同比下降6.1%。"
)
DECISION = (
    "行政处罚决定书（摘录） 经查，当事人于2024年5月10日超标排放废水，化学需氧量浓度为150mg/L，"
    "超过排放标准（100mg/L）0.5倍。 依据《中华人民共和国水污染防治法》第八十三条，决定对当事人"
    "处以罚款人民币20万元，并责令于2024年6月30日前完成整改。"
)
CHUNKS = [("C0", INSPECTION), ("C1", MANUAL), ("C2", BULLETIN), ("C3", DECISION)]


@pytest.mark.parametrize(
    ("question", "answering"),
    [
        ("How much does one seal kit cost?", ["C1"]),
        ("What's the hottest the bearing is allowed to get?", ["C1"]),
        ("How frequently should the discharge valve be checked?", ["C0"]),
        ("What pressure range do we need to keep while the pump is being inspected?", ["C0"]),
        ("How many spare impellers does a station need?", ["C1"]),
        ("这家企业被罚了多少钱？", ["C3"]),
        ("细颗粒物的年平均浓度是多少？", ["C2"]),  # 细颗粒物 is PM2.5
        ("排出的废水里COD有多高？", ["C3"]),  # COD is 化学需氧量
        ("处罚是根据哪部法律的哪一条作出的？", ["C3"]),
    ],
)
@pytest.mark.parametrize("version", [1, 2])
def test_a_chunk_that_states_the_subject_and_the_attribute_answers(question, answering, version):
    result = answerability(question, CHUNKS, version)
    assert result.is_answerable, result.reason
    assert result.supporting == answering


@pytest.mark.parametrize(
    ("question", "lacks"),
    [
        # The price in the chunk is the seal kit's, in another sentence than the impeller.
        ("How much does a replacement impeller cost?", "<money>"),
        ("What's the warranty period for the pump motor?", "warranty"),
        ("What is the stock price of Mozilla?", "stock"),
        ("Does TraceMonkey support WebAssembly?", "webassembly"),
        ("How many people work at the pump station?", "people"),
        ("空气中二氧化硫的年平均浓度是多少？", "二氧化硫"),
        ("2023年全市的降水量是多少？", "降水量"),
        ("这家企业以前被处罚过几次？", "<count>"),  # 几次 counts in 次
        ("全市一共有多少个国控断面？", "<count>"),  # 3.3个百分点 is no count of 个
        ("当事人是哪家公司？", "<company>"),
        # A "who" question needs a name that is not the question's own words.
        ("Who manufactured the discharge valve of the pump?", "<who>"),
    ],
)
@pytest.mark.parametrize("version", [1, 2])
def test_a_question_about_what_no_chunk_states_is_not_answerable(question, lacks, version):
    result = answerability(question, CHUNKS, version)
    assert not result.is_answerable
    assert f"answerability-v{version}" in result.reason
    parts = question_parts(question, version)
    assert any(lacks in chunk_answers(parts, t)[1] for _, t in CHUNKS)


@pytest.mark.parametrize("version", [1, 2])
def test_named_terms_match_whole_words_and_across_a_line_break_hyphen(version):
    parts = question_parts("How many programs does SunSpider contain?", version)
    assert chunk_answers(parts, "SunSpi- der consists of 26 short-running JavaScript programs.")[0]
    arm = question_parts("How fast does TraceMonkey run on an ARM phone?", version)
    assert not chunk_answers(arm, "TraceMonkey performed 2x faster when we ran it.")[0]


def _run(question, texts, **policy):
    rows = [row(i, f"c{i}", t) for i, t in enumerate(texts)]
    data = bundle(rows, user_question=question)
    return run_pipeline(parse_bundle(data), SelectionPolicy(**policy), ExtractiveProvider())


def test_the_pipeline_refuses_what_the_spec_reading_answers_and_cites_only_answering_chunks():
    question = "How much does a replacement impeller cost?"
    careful = _run(question, [MANUAL, INSPECTION])
    assert careful.public.status == "NO_EVIDENCE"
    assert (
        "no retrieved chunk about replacement, impeller states a value of the kind asked (money)"
        in careful.reason
    )
    assert "the closest lacks such a value" in careful.reason
    literal = _run(question, [MANUAL, INSPECTION], **SPEC_LITERAL_SELECTION)
    assert literal.public.status == "OK"  # the seal kit's price, quoted for the impeller

    answered = _run("How much does one seal kit cost?", [INSPECTION, MANUAL])
    assert answered.public.status == "OK"
    assert [c.chunk_id for c in answered.bundle.citations] == ["c1"]  # re-anchored C0
    assert answered.bundle.metrics["dropped"]["unanswering"] == 1


def test_the_policy_names_its_reading():
    assert SelectionPolicy().policy_version == "answer-assembly/2026-11.24"
    assert SelectionPolicy().answerability == "subject_attribute"
    assert SelectionPolicy().answerability_version == 19  # v19 since 2026-11.24 (d1038)
    assert SelectionPolicy(**SPEC_LITERAL_SELECTION).answerability == "off"
