"""answerability-v18 (issue 32, pipeline/answerability_reading.py, d863-d865): v17, and a question
that quotes a reading ("A running pump reads 5 bar: is that inside the allowed band?") is about
the quantity its unit measures: a chunk answers when a clause states a value in that unit and
names a word of the question, the question's named terms and the thing it asks being stated. The
texts are the demo PDF's chunks as the index stores them; the positives are the covered questions
of the seen files v18 wins (bench/retrieval_variants.py --variants base,v18), the negatives the
neighbouring readings it must not answer."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from groundgate.pipeline.answerability import chunk_answers
from groundgate.pipeline.answerability_question import VERSIONS, question_parts
from groundgate.pipeline.answerability_reading import UNITS, quoted_unit, unit_word
from groundgate.pipeline.contracts import SelectionPolicy
from tests.pipeline.test_answerability import BULLETIN, DECISION, INSPECTION, MANUAL
from tests.pipeline.test_coverage_checks import _run


def _answers(question: str, text: str, version: int) -> bool:
    return chunk_answers(question_parts(question, version, 0.92, 0.84), text)[0]


def test_v18_is_selectable_and_v17_too():
    assert VERSIONS[18] == "answerability-v18"
    assert SelectionPolicy().answerability_version == 19  # v19 since 2026-11.24 (d1038)
    assert SelectionPolicy(answerability_version=18).answerability_version == 18
    assert SelectionPolicy(answerability_version=17).answerability_version == 17
    assert SelectionPolicy().policy_version == "answer-assembly/2026-11.24"


@pytest.mark.parametrize(
    ("question", "text"),
    [
        # s37 en-c02, s38 en-c03, s42 en-c02, s42 en-c04: the covered questions v18 wins
        ("Our gauge shows 6.4 bar on the pump — is that a shut-it-off-now situation?", INSPECTION),
        (
            "A running pump reads 5 bar: is that inside the allowed operating band, or not?",
            INSPECTION,
        ),
        (
            "Our bearing thermometer reads 80 C on pump 3 - what upper limit does the "
            "maintenance section give?",
            MANUAL,
        ),
        ("Is 90 degrees Celsius too hot for the pump bearings, per the manual's limit?", MANUAL),
    ],
)
def test_a_reading_is_answered_by_a_value_in_its_unit(question, text):
    assert not _answers(question, text, 17)
    assert _answers(question, text, 18)


@pytest.mark.parametrize(
    ("question", "text"),
    [
        # the same unit, another subject: no clause with a value in °C names the motor
        ("The motor winding is at 95 C - is that too hot for the motor?", MANUAL),
        # the same unit, another part: nothing on the suction side is stated
        ("The suction side reads 2 bar - is the suction strainer clogged?", INSPECTION),
        # a named term is still stated (IMP-400 is not in the manual)
        ("Our IMP-400 reads 5 bar: is that inside the allowed operating band?", INSPECTION),
        # the thing asked is still stated (s40 zh-u04: 代码 is asked; the 20万元 names the case)
        ("被罚款20万元的那家企业，统一社会信用代码是多少？", DECISION),
        # s44 zh-c01 stays refused: 黄油 is the thing its yes/no asks, and the manual says grease
        ("我们这台泵已经连续跑了一千五百个小时，按手册现在该给轴承打黄油了吗？", MANUAL),
        # a percentage of another quantity: the bulletin's shares name no ozone
        ("Ozone was at 12% above the standard - is that within the target?", BULLETIN),
    ],
)
def test_a_reading_is_not_answered_by_another_subject_or_without_what_is_asked(question, text):
    assert not _answers(question, text, 18)


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("A running pump reads 5 bar: is that fine?", "pressure"),
        ("压力表显示6.5bar了，要不要停泵？", "pressure"),
        ("巡检测得轴承88度，这正常吗？", "temperature"),
        ("Is 90 degrees Celsius too hot?", "temperature"),
        ("The bearing is at 80 C.", "temperature"),  # the unit before a full stop
        ("Our build took 5 C++ files", None),  # a language, not a unit
        ("The pumps have run another 2,000 hours - time to grease?", "hours"),
        ("泵已经连续跑了一千五百个小时了", "hours"),
        ("We put 150 g into each bearing - too much?", "mass"),
        ("Is $1,000 enough to pay for one seal kit?", "money"),  # money asked: a reading
        ("What was total phosphorus in 2022?", None),  # a year is no reading
        ("Which enterprise got the 200,000 yuan decision?", None),  # a name asked
        ("被罚款20万元的那家企业叫什么？", None),  # money not asked: the sum names the case
        ("How many of the 26 benchmarks does it win?", None),  # a bare number
    ],
)
def test_the_unit_quoted(question, kind):
    parts = question_parts(question, 18, 0.92, 0.84)
    assert (parts.reading.kind if parts.reading else None) == kind
    assert question_parts(question, 17, 0.92, 0.84).reading is None  # v17 reads none


def test_the_pipeline_answers_a_reading_under_v18_only():
    question = "A running pump reads 5 bar: is that inside the allowed operating band, or not?"
    assert _run(question, INSPECTION, 0.84, SelectionPolicy()).public.status == "OK"
    v17 = SelectionPolicy(answerability_version=17)
    assert _run(question, INSPECTION, 0.84, v17).public.status == "NO_EVIDENCE"


_SAMPLES = {
    "pressure": ("bar", "kPa", "MPa", "psi"),
    "temperature": ("°C", "℃", "degrees", "C"),
    "hours": ("hours", "operating hours", "小时", "个小时"),
    "mass": ("g", "grams", "kg", "克", "公斤"),
    "concentration": ("mg/L", "µg/m3", "毫克每升"),
    "share": ("%", "percent", "个百分点"),
}


@given(
    kind=st.sampled_from(sorted(_SAMPLES)),
    number=st.one_of(
        st.integers(min_value=1, max_value=99_999).map(lambda n: f"{n:,}"),
        st.sampled_from(["一千五百", "八十八", "两", "六"]),
    ),
    data=st.data(),
)
def test_a_number_in_a_unit_is_a_reading_of_that_unit_and_the_unit_ties_nothing(kind, number, data):
    unit_text = data.draw(st.sampled_from(_SAMPLES[kind]))
    unit = quoted_unit(f"It reads {number} {unit_text} now, is that fine?", None)
    assert unit is not None and unit.kind == kind
    assert unit_word(unit, unit_text.lower())
    if number[0].isdigit():  # a chunk states it in digits
        assert any(u.stated.search(f"must stay below {number} {unit_text}") for u in UNITS)


@given(year=st.integers(min_value=1900, max_value=2099))
def test_a_year_alone_is_no_reading(year):
    assert quoted_unit(f"What was the figure in {year}?", None) is None
    assert quoted_unit(f"{year}年的数值是多少？", None) is None
