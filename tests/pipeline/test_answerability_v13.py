"""answerability-v13 (selectable, issue 32, d603-d605): v12, and a chunk read in its document's
context - the title and the section heading above it, read from the stored chunks' order and
text (pipeline/answerability_context.py) - where the question's naming terms may be stated; the
thing asked, the value and every other required term are read in the chunk alone. The texts are
the demo PDF's chunks as stored (blocks joined by a newline)."""

from __future__ import annotations

from groundgate.pipeline.answerability import answerability, chunk_answers
from groundgate.pipeline.answerability_context import (
    document_contexts,
    stated_in_context,
    title_of,
)
from groundgate.pipeline.answerability_question import VERSIONS, question_parts
from groundgate.pipeline.contracts import SelectionPolicy

POLICY = SelectionPolicy(answerability_version=13)
HEAD = "Pump Station Maintenance Manual - Section 2"
INSPECTION = (
    f"{HEAD}\nSection 2.1 Inspection intervals. The discharge valve of each pump must be "
    "inspected every 90 days. During inspection the operating pressure must stay between 4.5 and "
    "6.0 bar; readings above 6.2 bar require an immediate shutdown."
)
MANUAL = (
    "The bearing temperature must not exceed 85 C. Lubricate the bearings with 120 g of grease "
    "every 2,000 operating hours, or at least once a year.\nSpare parts. Mechanical seal kit "
    "MS-40: 2 per station. Impeller IMP-315: 1 per station. Unit price of the seal kit: $1,050."
)
BULLETIN = (
    "2023年环境质量公报（摘录）\n2023年全市地表水国控断面水质优良比例为86.7%，同比上升3.3个百分点。"
    "主要污染指标为总磷，年均浓度为0.35mg/L。\n全年环境空气质量优良天数为302天，优良率82.7%；"
    "PM2.5年均浓度为31微克 /立方米，同比下降6.1%。"
)
DEMO = [INSPECTION, MANUAL, BULLETIN]
PAGES: list[int | None] = [0, 0, 1]


def _parts(question: str, version: int = 13):  # type: ignore[no-untyped-def]
    return question_parts(
        question,
        version,
        POLICY.paraphrase_min_similarity,
        POLICY.paraphrase_cross_language_min_similarity,
    )


def test_v13_is_selectable_and_v12_stays_the_default():
    assert VERSIONS[13] == "answerability-v13"
    assert SelectionPolicy().answerability_version == 19  # v19 since 2026-11.24 (d1038)
    assert POLICY.answerability_version == 13


def test_a_chunk_is_read_under_its_title_and_the_heading_above_it():
    contexts = document_contexts(DEMO, PAGES, title_of(DEMO[0]))
    assert contexts[0] == HEAD  # its own heading is in the chunk
    assert contexts[1] == f"{HEAD}\nSection 2.1 Inspection intervals"
    # a page headed by a title of its own is another document bound in the file
    assert contexts[2] == ""


def test_numbered_headings_are_cut_from_the_paragraph_they_run_into():
    texts = [
        "Trace-based Just-in-Time Type Specialization for Dynamic\nLanguages\nAndreas Gal, "
        "Brendan Eich, Mike Shaver, David Anderson, David Mandelin, Mohammad R. Haghighat",
        "4. Nested Trace Tree Formation Figure 7 shows basic trace tree compilation (11) applied "
        "to a nested loop where the inner loop contains two paths.",
        "1 for (var i = 2; i < 100; ++i) {\n2. if (!primes[i])",
        "In general, if loops are nested to depth k, and each loop has n paths.",
    ]
    title = title_of(texts[0])
    assert title == "Trace-based Just-in-Time Type Specialization for Dynamic Languages"
    contexts = document_contexts(texts, [0, 5, 5, 6], title)
    # a code line's number is no section number, nor a number before a lower-case word
    assert contexts[2] == contexts[3] == f"{title}\n4. Nested Trace Tree Formation"


def test_the_naming_term_may_be_in_the_context():
    question = (
        "Our bearing thermometer reads 80 C - what upper limit does the maintenance section set?"
    )
    context = f"{HEAD}\nSection 2.1 Inspection intervals"
    assert not chunk_answers(_parts(question, 12), MANUAL)[0]
    assert not chunk_answers(_parts(question), MANUAL)[0]  # no context: as v12
    assert chunk_answers(_parts(question), MANUAL, context=context)[0]
    assert not chunk_answers(_parts(question, 12), MANUAL, context=context)[0]  # v12 never reads it
    found = answerability(question, [("C0", MANUAL)], 13, frozenset(), 0.92, 0.84, {"C0": context})
    assert found.is_answerable and found.supporting == ["C0"]


def test_the_thing_asked_and_the_value_are_still_read_in_the_chunk():
    context = f"{HEAD}\nSection 2.1 Inspection intervals"
    # the price asked: the chunk states a price, but not the impeller's
    assert not chunk_answers(
        _parts("What does a maintenance impeller cost?"), MANUAL, context=context
    )[0]
    # every other required term is stated by the chunk itself, no slack (d604)
    parts = _parts("Which grade or brand of grease is specified for the pump bearings?")
    assert "pump" in stated_in_context(parts, context)
    assert not chunk_answers(parts, MANUAL, context=context)[0]


def test_the_context_alone_admits_nothing():
    # the chunk must state one of the question's terms itself: here only the title does
    context = "Trace-based Just-in-Time Type Specialization for Dynamic Languages"
    parts = _parts("When was the trace-based type specialization paper published?")
    assert not chunk_answers(parts, MANUAL, context=context)[0]
