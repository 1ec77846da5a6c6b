"""Coverage checks (issue 32, policy `coverage_checks`, pipeline/coverage_checks.py; the default
since answer-assembly/2026-11.20, d663-d666): after answerability, an answering chunk is kept
only when it states the years and versions the question names (`years`), names a party when a
party's name is asked (`names`), and ties the value's clause to the question by a word stated or
meant within one language (`ties`). The texts are the demo PDF's chunks and tracemonkey.pdf's as
the index stores them; the questions are uncovered (and covered) ones of the question files."""

from __future__ import annotations

import pytest

from groundgate.pipeline import coverage_checks
from groundgate.pipeline.answerability_question import question_parts
from groundgate.pipeline.contracts import SPEC_LITERAL_SELECTION, SelectionPolicy
from groundgate.pipeline.llm import ExtractiveProvider
from groundgate.pipeline.run import run_pipeline
from groundgate.pipeline.select import parse_bundle
from tests.pipeline.test_answerability import BULLETIN, DECISION, INSPECTION, MANUAL
from tests.pipeline.test_cross_language import E5
from tests.pipeline.test_r2_select import bundle, row

OFF = SelectionPolicy(coverage_checks=())
EXPERIMENTS = (
    "All experiments were performed on a MacBook Pro with 2.2 GHz Core 2 processor and 2 GB RAM "
    "running MacOS 10.5.\nBenchmark results. The main question is whether programs run faster "
    "with tracing. For this, we ran the standard SunSpider test driver, which starts a JavaScript "
    "interpreter, loads and runs each program once for warmup, then loads and runs each program "
    "10 times and reports the average time taken by each. We ran 4 differ- ent conﬁgurations for "
    "comparison: (a) SpiderMonkey, the baseline interpreter, (b) TraceMonkey, (d) SquirrelFish "
    "Extreme (SFX), the call-threaded JavaScript interpreter used in Apple’s WebKit, and (e) V8, "
    "the method-compiling JavaScript VM from Google."
)
REFERENCES = (
    "References\n[1] LuaJIT roadmap 2008 - http://lua-users.org/lists/lua-l/2008- "
    "02/msg00051.html. [2] Mozilla — Firefox web browser and Thunderbird email client -\n"
    "http://www.mozilla.com."
)


def _run(question: str, text: str, similarity: float, policy: SelectionPolicy):
    data = bundle([row(0, "c0", text, similarity)], user_question=question, embedding_model=E5)
    return run_pipeline(parse_bundle(data), policy, ExtractiveProvider())


def test_the_checks_are_the_default_and_off_in_the_spec_literal_reading():
    assert SelectionPolicy().policy_version == "answer-assembly/2026-11.24"
    assert SelectionPolicy().coverage_checks == ("years", "names", "ties", "units")
    assert SPEC_LITERAL_SELECTION["coverage_checks"] == ()
    assert SelectionPolicy(coverage_checks=("heads", "last")).coverage_checks == ("heads", "last")
    assert OFF.sha256 != SelectionPolicy().sha256


@pytest.mark.parametrize(
    ("question", "text", "similarity"),
    [
        # s38 zh-u02: 2022's good-air days answered by 2023's figure (years)
        ("前一年也就是2022年，这个城市空气优良的天数一共多少天？", BULLETIN, 0.884),
        # s38 en-u14: a version the chunk does not state (years)
        ("When did LuaJIT 2.0 come out?", REFERENCES, 0.821),
        # s37 en-u07: a party's name asked of a decision that names none (names)
        ("Which enterprise was penalised in the effluent case?", DECISION, 0.757),
        # s37 en-u13: the count's clause tied only by meanings across languages (ties)
        ("How many of the city's lakes and reservoirs were eutrophic in 2023?", BULLETIN, 0.766),
        # s38 zh-u10: "2 GB RAM" tied to 内存回收方式 only by 方式 ~ "times" (ties)
        ("苹果的SquirrelFish Extreme用的是哪种内存回收方式？", EXPERIMENTS, 0.806),
    ],
)
def test_uncovered_questions_answerability_admits_are_refused(question, text, similarity):
    assert _run(question, text, similarity, OFF).public.status == "OK"
    refused = _run(question, text, similarity, SelectionPolicy())
    assert refused.public.status == "NO_EVIDENCE"
    assert "coverage checks" in refused.reason


@pytest.mark.parametrize(
    ("question", "text", "similarity"),
    [
        ("跟2022年相比，国控断面优良水质占比提高了几个百分点？", BULLETIN, 0.88),  # a base year
        ("Did the PM2.5 reading go up or down versus 2022, and by how much?", BULLETIN, 0.78),
        ("How many good-air days did the city record in 2023?", BULLETIN, 0.78),
        ("How frequently should the discharge valve be checked?", INSPECTION, 0.9),
        ("What is the price of the seal kit?", MANUAL, 0.9),
        ("这家企业被罚了多少钱？", DECISION, 0.9),
    ],
)
def test_covered_questions_stay_answered(question, text, similarity):
    assert _run(question, text, similarity, SelectionPolicy()).public.status == "OK"


def test_years_and_versions():
    assert coverage_checks.states_figures("2023年空气优良天数？", "2023年全年空气优良天数为302天")
    assert not coverage_checks.states_figures("2022年空气优良天数？", "2023年全年优良天数为302天")
    assert coverage_checks.states_figures("一九三七年十月写的是哪篇？", "（一九三七年十月一日）")
    assert coverage_checks.states_figures("文集写于1937年吗？", "（一九三七年十月一日）")
    assert not coverage_checks.states_figures("Was it on by default in Firefox 3.5?", "Firefox")
    assert coverage_checks.states_figures("What is the pressure, 4.5 bar?", "between 4 and 6 bar")
    assert coverage_checks.states_figures("与2022年比降了多少？", "同比下降6.1%")


def test_a_name_asked_needs_a_name():
    asked = "What is the registered name of the firm in the penalty notice?"
    assert not coverage_checks.names_the_party(asked, DECISION)
    assert coverage_checks.names_the_party(asked, "处罚深圳市某某环保科技有限公司20万元")
    assert coverage_checks.names_the_party(asked, "the firm Acme Water Works was fined")
    assert coverage_checks.names_the_party("How big was the fine?", DECISION)  # none asked


def test_the_selectable_heads_check_reads_a_compounds_head():
    question = "How large, in megabytes, is TraceMonkey's code cache?"
    parts = question_parts(question, 15)
    chunk = "TraceMonkey compiles the trace to native code using the recorded type information."
    assert not coverage_checks.states_heads(question, parts, chunk)
    assert coverage_checks.states_heads(question, parts, "The code cache holds 16 MB of code.")
