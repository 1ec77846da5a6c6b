"""Phase-3 sufficiency reads a Chinese "how" question as an English one (sufficiency_reading
"asked-v2", answer-assembly/2026-11.22, d766-d767): 如何 / 怎么 / 怎样 asks a procedure only when
somebody is to do it, and 程序 ("program") is no procedure cue. "asked" (2026-11.21) stays
selectable and reads as before."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from groundgate.pipeline.contracts import SelectionPolicy
from groundgate.pipeline.llm import ExtractiveProvider
from groundgate.pipeline.run import run_pipeline
from groundgate.pipeline.select import parse_bundle
from groundgate.pipeline.sufficiency import asked_query_type
from groundgate.pipeline.sufficiency_how import asks_how_to
from tests.pipeline.test_r2_select import bundle, row

# (question, "asked", "asked-v2"): the corpus of the reading, both ways.
CORPUS = [
    # How a thing is or works: a question for a fact under asked-v2.
    ("SpiderMonkey 里的 jsval 是怎么区分值的类型的？", "procedure", "general"),
    ("嵌套循环在追踪编译中是怎么处理的？", "procedure", "general"),
    ("Psyco是怎么处理循环的？", "procedure", "general"),
    ("公报里土壤环境质量状况如何？", "procedure", "general"),
    ("作者的系统在这些测试上表现怎样？", "procedure", "general"),
    ("论文怎么评价LuaJIT？", "procedure", "general"),
    ("这台机器的性能怎么样？", "procedure", "general"),  # 能 of 性能 is no modal
    ("它跑得怎么样？", "procedure", "general"),  # 得 here is a particle
    # 程序 is "program" too.
    ("SunSpider的测试程序主要做哪些类型的工作？", "procedure", "general"),
    ("论文里举的那个示例程序是算什么的？", "procedure", "general"),
    # Somebody is to do it: a procedure under both.
    ("我该怎么给轴承加油？", "procedure", "procedure"),
    ("我们应当如何申请排污许可？", "procedure", "procedure"),
    ("你要怎么重新启动泵？", "procedure", "procedure"),
    ("怎样才能让泵恢复运行？", "procedure", "procedure"),
    ("泵站出现故障怎么办？", "procedure", "procedure"),
    ("如何办理排污许可证？", "procedure", "procedure"),
    ("更换密封件的步骤是什么？", "procedure", "procedure"),
    ("整改验收的流程是什么？", "procedure", "procedure"),
    # English reads as under "asked", word for word.
    ("How does the system handle a loop inside another loop?", "general", "general"),
    ("How do I apply for a permit?", "procedure", "procedure"),
    ("How to replace the seal?", "procedure", "procedure"),
    ("What are the steps to restart the pump?", "procedure", "procedure"),
    # Other kinds are untouched.
    ("这家企业受到了什么处罚？", "punishment", "punishment"),
    ("总磷是什么？", "definition", "definition"),
    ("轴承多久加一次油？", "general", "general"),
]


@pytest.mark.parametrize(("question", "asked", "asked_v2"), CORPUS)
def test_each_reading_of_a_question(question, asked, asked_v2):
    assert asked_query_type(question) == asked  # "asked" is the default argument
    assert asked_query_type(question, "asked") == asked
    assert asked_query_type(question, "asked-v2") == asked_v2


@given(st.text(alphabet="的是在了里中这那个泵站轴承测试论文处理区分类型", max_size=12))
def test_a_chinese_how_question_with_nobody_to_do_it_asks_no_procedure(subject):
    # 如何 / 怎么 / 怎样 after a subject with no person or modal before it: how a thing is.
    for how in ("如何", "怎么", "怎样"):
        assert not asks_how_to(f"{subject}是{how}处理的？")


@given(st.sampled_from(["我", "我们", "你", "您", "大家", "应该", "应当", "需要", "可以", "要"]))
def test_somebody_to_do_it_makes_a_procedure(doer):
    for how in ("如何", "怎么", "怎样"):
        assert asks_how_to(f"{doer}{how}更换密封件？")


JSVAL = (
    "In SpiderMonkey, all JavaScript values are represented by the type jsval. A jsval is machine"
    " word in which up to the 3 of the least significant bits are a type tag, and the remaining"
    " bits are data."
)


def _run(question: str, text: str, policy: SelectionPolicy):  # type: ignore[no-untyped-def]
    data = bundle([row(0, "c0", text, 0.9)], user_question=question)
    return run_pipeline(
        parse_bundle(data | {"embedding_model": "keyword-bm25-v1"}), policy, ExtractiveProvider()
    )


def test_a_how_it_works_question_is_answered_under_asked_v2_and_refused_under_asked():
    question = "SpiderMonkey 里的 jsval 是怎么区分值的类型的？"
    assert SelectionPolicy().sufficiency_reading == "asked-v2"
    run = _run(question, JSVAL, SelectionPolicy())
    assert run.public.status == "OK", run.reason
    assert "jsval" in run.public.answer
    old = _run(question, JSVAL, SelectionPolicy(sufficiency_reading="asked"))
    assert old.public.status == "NO_EVIDENCE"
    assert "procedure query" in old.reason


def test_a_how_to_question_still_needs_procedural_language():
    run = _run("我该怎么区分 jsval 的类型？", JSVAL, SelectionPolicy())
    assert run.public.status == "NO_EVIDENCE"
    assert "procedure query" in run.reason


def test_the_policy_version_names_the_reading():
    assert SelectionPolicy().policy_version == "answer-assembly/2026-11.24"
