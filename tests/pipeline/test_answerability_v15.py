"""answerability-v15 (answer-assembly/2026-11.18's default, issue 32, d638-d642):
v14, and request and framing words no subject, a compound question's parts each read on its
own, no money asked of a cost said in another unit (pipeline/answerability_v15.py). The texts
are the demo PDF's chunks and tracemonkey.pdf's as the index stores them (ligatures and
line-end hyphens kept)."""

from __future__ import annotations

import pytest

from groundgate.pipeline import answerability_v15 as v15
from groundgate.pipeline.answerability_question import VERSIONS, question_parts
from groundgate.pipeline.contracts import SelectionPolicy
from tests.pipeline.test_answerability import BULLETIN, DECISION, MANUAL
from tests.pipeline.test_answerability_v4 import PAPER
from tests.pipeline.test_answerability_v8 import _answers

PREEMPTION = (
    "In the interpreter, this had been implemented by setting a “pre- empt now” ﬂag that was "
    "checked on every backward jump. This strategy carried over into TraceMonkey: the VM inserts "
    "a guard on the preemption ﬂag at every loop edge. We measured less than a 1% increase in "
    "runtime on most benchmarks for this extra guard. In practice, the cost is detectable only "
    "for programs with very short loops."
)
CYCLES = (
    "Dividing the total execution time in processor clock cycles by the number of bytecodes "
    "executed in the base interpreter shows that on average, a bytecode executes in about 35 "
    "cycles. Native traces take about 9 cycles per bytecode, a 3.9x speedup over the interpreter."
)
PSYCO = (
    "To our knowledge, Rigo’s Psyco (16) is the only published type-specializing trace compiler "
    "for a dynamic language (Python). Psyco does not attempt to identify hot loops or inline "
    "function calls."
)
THANKS = (
    "Acknowledgments Parts of this effort have been sponsored by the National Science Foundation "
    "under grants CNS-0615443 and CNS-0627747, as well as by the California MICRO Program and "
    "industrial sponsor Sun Microsystems under Project No. 07-127."
)


def test_v15_and_v14_are_selectable():
    assert VERSIONS[15] == "answerability-v15"
    assert SelectionPolicy().answerability_version == 19  # v19 since 2026-11.24 (d1038)
    assert SelectionPolicy().policy_version == "answer-assembly/2026-11.24"
    assert SelectionPolicy(answerability_version=14).answerability_version == 14


def _terms(question: str, version: int) -> dict[str, bool]:
    return {t.text: t.required for t in question_parts(question, version).terms}


def test_v15_reads_a_capitalised_request_verb_as_a_verb():
    question = "Tell me the laptop model, CPU speed and RAM used for the SunSpider timings."
    assert _terms(question, 14)["tell"] is True  # v1 held lower-case verbs only to be verbs
    assert _terms(question, 15)["tell"] is False  # it ties, it is not required
    assert not _answers(question, PAPER, 14)
    assert _answers(question, PAPER, 15)
    # a name that starts the question stays a name
    assert question_parts("TraceMonkey was built on which interpreter?", 15).terms[0].named


@pytest.mark.parametrize(
    ("question", "words"),
    [
        (
            "prior art: anybody else already published a Python tracer doing type specialisation?",
            {"anybody", "else", "already"},
        ),
        (
            "What's the estimated number of executions after which a trace breaks even?",
            {"estimated"},
        ),
        ("How many x86 instructions does the loop need, versus the interpreter?", {"versus"}),
        ("What is the average runtime of a SunSpider program, and the upper bound?", {"bound"}),
        ("河流里最主要的超标污染物是哪一项？", {"一项"}),
    ],
)
def test_v15_framing_words_and_hedges_are_no_terms(question, words):
    assert words <= set(_terms(question, 14))
    assert not words & set(_terms(question, 15))


def test_v15_an_indefinite_pronoun_no_longer_refuses_the_fact():
    question = (
        "prior art: anybody else already published a Python tracer doing type specialisation?"
    )
    assert not _answers(question, PSYCO, 14)
    assert _answers(question, PSYCO, 15)


def test_v15_splits_a_compound_question_into_its_parts():
    assert v15.pieces(
        "Do the loop-edge preemption checks slow programs down noticeably, and by how much?"
    ) == ("Do the loop-edge preemption checks slow programs down noticeably", "by how much?")
    assert v15.pieces("排出去的废水COD实测多少？国家限值又是多少？") == (
        "排出去的废水COD实测多少？",
        "国家限值又是多少？",
    )
    # a clause that asks nothing runs on into the next: one question
    assert v15.pieces("PM2.5 这一项，2023年的全年均值和同比降幅各是多少？") == ()
    assert v15.pieces("Were there many days of severe smog in 2023? Give me the count.") == ()
    assert v15.pieces("How much grease do the bearings get?") == ()
    assert question_parts("排出去的废水COD实测多少？国家限值又是多少？", 14).pieces == ()


def test_v15_answers_the_part_of_a_compound_question_a_chunk_states():
    for question, chunk in (
        (
            "Do the loop-edge preemption checks slow programs down noticeably, and by how much?",
            PREEMPTION,
        ),
        ("排出去的废水COD实测多少？国家限值又是多少？", DECISION),
        ("空气质量那一块，2023年好天气有几天？优良率算下来是多少？", BULLETIN),
        (
            "Bearing greasing: what amount, and what interval in operating hours or calendar time?",
            MANUAL,
        ),
    ):
        assert not _answers(question, chunk, 14), question
        assert _answers(question, chunk, 15), question


def test_v15_a_part_that_names_no_subject_of_its_own_is_read_with_the_whole():
    # "and how many?" counts what the first part asks; "全称是什么" alone asks, it names nothing
    for question, chunk in (
        ("Did the city have any severe smog days in 2023, and how many?", BULLETIN),
        ("决定书里被罚的当事人是哪家公司，全称是什么？", DECISION),
        ("被罚的那个排污企业全称是什么，在哪个区？", DECISION),
        (
            "Who published the Chinese book with this table of contents, and in which year?",
            DECISION,
        ),
    ):
        assert not _answers(question, chunk, 15), question


def test_v15_a_part_is_held_to_the_cross_language_strictness():
    # Said plainly: "which press published the book" read on its own (no kind of value asked)
    # finds book / articles / Chinese through the dictionary in the decision (决定书, 第八十三条,
    # 中华); the pipeline reads a chunk in the other language admitted by the lower threshold
    # alone strictly (d374): every term stated, so it is refused there.
    question = (
        "Who wrote the articles in the Chinese contents list, and which press published the book?"
    )
    assert not _answers(question, DECISION, 14)
    assert _answers(question, DECISION, 15)
    assert not _answers(question, DECISION, 15, strict=True)


def test_v15_a_cost_said_in_another_unit_asks_no_money():
    for question in (
        "What did the guard on the preemption flag cost in runtime?",
        "Does the guard that lets the VM interrupt long-running scripts cost much performance?",
        "In cycles, what does executing a single bytecode cost in the baseline interpreter?",
    ):
        assert question_parts(question, 14).attribute.name == "money"
        assert question_parts(question, 15).attribute is None
    assert _answers("What did the guard on the preemption flag cost in runtime?", PREEMPTION, 15)
    assert not _answers(
        "What did the guard on the preemption flag cost in runtime?", PREEMPTION, 14
    )
    question = "In cycles, what does executing a single bytecode cost in the baseline interpreter?"
    assert _answers(question, CYCLES, 15)
    # a price is still a price
    assert question_parts("What does one MS-40 seal kit cost?", 15).attribute.name == "money"
    assert _answers("What does one MS-40 seal kit cost?", MANUAL, 15)
    assert not _answers("What does a replacement impeller cost?", MANUAL, 15)


def test_v15_the_cost_of_beside_another_value_names_the_subject():
    question = (
        "How often must a trace run before the cost of recording and compiling it is recovered?"
    )
    assert question_parts(question, 15).attribute.name == "frequency"


def test_v15_which_x_paid_for_asks_the_payers_name():
    question = "Which agency grants paid for part of this research?"
    assert question_parts(question, 15).attribute.name == "who"
    assert not _answers(question, THANKS, 14)
    assert _answers(question, THANKS, 15)
    # the price of the seal kit names no payer
    assert not _answers("Which company paid for the seal kits?", MANUAL, 15)


def test_v15_still_refuses_what_v14_refuses_on_the_demo_chunks():
    for question, chunk in (
        ("Who manufactured the impeller?", MANUAL),
        ("How heavy is the seal kit?", MANUAL),
        ("How heavy is the seal kit, and what is its warranty?", MANUAL),
        ("Has the company appealed the penalty?", DECISION),
    ):
        assert not _answers(question, chunk, 15), question


def test_v15_reads_ji_ge_baifendian_as_a_share():
    question = "公报里2023年环境空气优良率这个指标是几个百分点？"
    assert question_parts(question, 14).attribute.name == "count"  # in 个: never met
    assert question_parts(question, 15).attribute.name == "share"
    assert not _answers(question, BULLETIN, 14)
    assert _answers(question, BULLETIN, 15)
    # a change in points is still a change; a count of 个 still a count
    assert question_parts("优良比例比去年提高了几个百分点？", 15).attribute.name == "change"
    assert question_parts("一共有几个断面？", 15).attribute.name == "count"
