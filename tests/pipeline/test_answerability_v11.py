"""answerability-v11 (the default of answer-assembly/2026-11.15, d579-d585; v12 is
2026-11.16's): v9, and a word of "the B of A" / "A的B是多少" strict but common (its stem, never
by meaning; v9 read it as a name), an English proper name said in Chinese through a gloss that
starts with it (CC-CEDICT: Shanxi, 山西), a Chinese question cut by jieba's dictionary words,
and the subject of a plain yes/no question ("Was / Did / Has X ...") asked
(pipeline/answerability_v11.py). The texts are the demo PDF's chunks and a chunk of
XiaoBiaoSong.pdf's contents page, as ingestion stores it."""

from __future__ import annotations

import pytest

from groundgate.pipeline import answerability_v11 as v11
from groundgate.pipeline import crosslingual
from groundgate.pipeline.answerability_question import VERSIONS, question_parts
from groundgate.pipeline.contracts import SelectionPolicy
from tests.pipeline.test_answerability import BULLETIN, DECISION, INSPECTION, MANUAL
from tests.pipeline.test_answerability_v8 import _answers

# XiaoBiaoSong.pdf, the contents page's chunk that lists the Shanxi essay (stored text).
CONTENTS = (
    "（一九三七年九月二十一日）\n关于在山西开展游击战争的意见 ２ １ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯ ⋯\n"
    "（一九三七年九月二十三日）\n１"
)


def test_v11_and_v9_stay_selectable():
    assert VERSIONS[11] == "answerability-v11"
    assert SelectionPolicy(answerability_version=11).answerability_version == 11
    assert SelectionPolicy().policy_version == "answer-assembly/2026-11.24"
    assert SelectionPolicy(answerability_version=9).answerability_version == 9


@pytest.mark.parametrize(
    ("question", "chunk"),
    [
        # "bearings" of "the B of A": strict, but "bearing temperature" states it (its stem)
        ("What is the upper temperature limit for the pump bearings?", MANUAL),
    ],
)
def test_v11_reads_a_strict_span_word_as_a_common_word(question, chunk):
    assert not _answers(question, chunk, 9)
    assert _answers(question, chunk, 11)


def test_v11_span_words_are_never_found_by_meaning():
    # the span names the value asked: by meaning, 日均 (daily mean) is e5-small's neighbour of
    # the bulletin's 年均 (annual mean); a first form read span words by meaning and answered
    # eleven uncovered questions of the question files so (作者 ~ author, 净利润 ...)
    asked = "PM2.5的日均最高浓度是多少？"
    assert not _answers(asked, BULLETIN, 11)
    assert all(t.yes_no for t in question_parts(asked, 11).terms if t.text == "日均")


def test_v11_span_words_keep_no_slack():
    parts = question_parts("What is the upper temperature limit for the pump bearings?", 11)
    bearings = next(t for t in parts.terms if t.text == "bearings")
    assert bearings.asked and not bearings.named
    # a span word still missing refuses: the seal kit's chunk states no impeller's price
    assert not _answers("What is the price of the impeller?", MANUAL, 11)


def test_v11_finds_an_english_proper_name_in_chinese():
    assert crosslingual.proper_names("Shanxi")[:1] == ("山西",)
    assert "中日韩" not in crosslingual.proper_names("china")  # "China, Japan and Korea"
    asked = "What date is given for the text about launching guerrilla war in Shanxi?"
    assert not _answers(asked, CONTENTS, 9)
    assert _answers(asked, CONTENTS, 11)
    assert not _answers(asked.replace("Shanxi", "Hunan"), CONTENTS, 11)


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("Did the fined company appeal the decision in court?", "appeal"),
        ("Has the plant been fined before?", "plant"),
        ("Was ozone a problem in the Chinese city in 2023?", "problem"),
    ],
)
def test_v11_reads_a_plain_yes_no_questions_subject(question, asked):
    terms = {t.text: t for t in question_parts(question, 11).terms}
    assert terms[asked].asked and terms[asked].yes_no
    assert not any(t.yes_no for t in question_parts(question, 9).terms if t.text == asked)


def test_v11_refuses_a_yes_no_question_whose_subject_is_not_stated():
    # the decision states a fine and an order, no appeal: v9's slack let "appeal" go missing
    asked = "Did the fined company appeal the decision?"
    assert _answers(asked, DECISION, 9)
    assert not _answers(asked, DECISION, 11)
    # stated: the valve's inspection is what the chunk says
    assert _answers("Was the discharge valve inspected every 90 days?", INSPECTION, 11)


def test_subject_phrases_leave_is_there_to_v9():
    assert v11.subject_phrases("Is there a warranty for the seal kit?") == []
    assert v11.subject_phrases("Was ozone a problem?") == [["ozone"]]
    assert v11.subject_phrases("Did the station log it? Were the pumps ok") == [
        ["station", "log", "it"],
        ["pumps", "ok"],
    ]


@pytest.mark.parametrize(
    ("question", "glued"),
    [
        ("某个位置记录跟踪失败后，虚拟机要等它再经过多少次才会重新尝试？", "次才"),
        ("目录中谈山西游击战争如何开展的那篇，是哪年哪月哪日的？", "中谈"),
    ],
)
def test_v11_reads_chinese_by_dictionary_words(question, glued):
    # jieba's HMM joins unknown neighbours into a "word" the question never said (次才 was even
    # the thing asked, so no chunk could state it); v11 cuts by the dictionary's words only
    assert glued in {t.text for t in question_parts(question, 9).terms}
    assert glued not in {t.text for t in question_parts(question, 11).terms}
    # the measure word of 多少次 is the count's unit (its value says N次), not a thing asked;
    # 哪条河 still asks 河
    counted = "某个位置记录跟踪失败后，虚拟机要等它再经过多少次才会重新尝试？"
    assert not any(t.asked for t in question_parts(counted, 11).terms)
    assert [t.text for t in question_parts("这篇文章提到了哪条河？", 11).terms if t.asked] == ["河"]
    # a measure word the count does not read (多少天: a date or a span of days) stays asked (v6)
    days = "当事人如果对这份处罚决定不服，申请复议的期限是多少天？"
    assert [t.text for t in question_parts(days, 11).terms if t.asked] == ["天"]
    # 哪天 (the HMM's word, split by the dictionary) asks a date, no thing to be stated
    assert not any(t.asked for t in question_parts("那篇文章的日期是哪天？", 11).terms)
