"""A prose value is grounded only by the same value said of the same subject (policy
prose_subjects "bound_values", gate 2.50.0, issue 28): its metric noun, a name in apposition, a
place after it, its days - English and Chinese. The corpus holds both directions: the value moved
to another subject of the sentence is refused, the right one (and an answer that names nothing
that distinguishes) accepted."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context.prose_days import weekdays
from groundgate.engine.gates.answer import (
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)

OWN_CLAUSE = AnswerGatePolicy(prose_subjects="own_clause")
ACCEPT = AnswerGatePolicy(derived_numbers="accept")

ACME = "In 2022, Acme's revenue was $4.2 billion and its net income was $310 million."
OPERATING = "Operating income was $120 million and capital expenditures were $45 million."
PEOPLE = "Alice Smith, 45, is the chief executive. Bob Jones, 52, is the chief financial officer."
STORE = (
    "The store is open Monday to Friday from 9 am to 6 pm, and on Saturday from 10 am to 4 pm."
    " It is closed on Sunday."
)
CLINIC = (
    "The clinic is open 8:00-18:00 on weekdays and 9:00-13:00 on Saturdays."
    " The average wait time is 25 minutes."
)
PUMPS = "Pump A delivers 120 m3/h at 6 bar; Pump B delivers 180 m3/h at 8 bar."
STAFF = "The company employs 1,200 people in Germany and 800 in France."
GROWTH = "Revenue grew 12% in Europe and 7% in Asia, while North America declined 3%."
REGIONS = "Sales were $50 million in the Americas and $30 million in EMEA."
REVENUE_ZH = "2023年，公司实现营业收入42亿元，净利润3.1亿元；2022年营业收入为38亿元。"
PEOPLE_ZH = "张三，45岁，任董事长；李四，52岁，任总经理。"
STAFF_ZH = "公司在北京有员工1200人，在上海有员工800人。"

# (evidence, answer, refused?) - the probe of issue 28 and more of the same forms.
CORPUS = [
    # another metric of one sentence
    (ACME, "Acme's net income in 2022 was $4.2 billion.", True),
    (ACME, "Acme's revenue in 2022 was $4.2 billion.", False),
    (ACME, "Acme's net income in 2022 was $310 million.", False),
    (OPERATING, "Capital expenditures were $120 million.", True),
    (OPERATING, "Operating income was $45 million.", True),
    (OPERATING, "Operating income was $120 million.", False),
    (OPERATING, "Capital expenditures were $45 million.", False),
    (REVENUE_ZH, "2023年公司净利润为42亿元。", True),
    (REVENUE_ZH, "2023年营业收入42亿元。", False),
    (REVENUE_ZH, "2023年净利润3.1亿元。", False),
    # a name in apposition, and its role
    (PEOPLE, "Bob Jones is 45 years old.", True),
    (PEOPLE, "The CFO is 45 years old.", True),
    (PEOPLE, "Alice Smith is 45.", False),
    (PEOPLE, "Bob Jones is 52.", False),
    (PEOPLE_ZH, "李四今年45岁。", True),
    (PEOPLE_ZH, "张三45岁。", False),
    (PEOPLE_ZH, "李四52岁。", False),
    # the days of a coordinated phrase
    (STORE, "On Saturday the store opens at 9 am.", True),
    (STORE, "The store closes at 4 pm on weekdays.", True),
    (STORE, "On Saturday the store opens at 10 am.", False),
    (STORE, "The store closes at 6 pm on weekdays.", False),
    (CLINIC, "On Saturdays the clinic closes at 6 pm.", True),
    (CLINIC, "On weekdays the clinic opens at 9:00.", True),
    (
        CLINIC,
        "The clinic opens at 8 AM and closes at 6 PM on weekdays; on Saturdays 9am-1pm.",
        False,
    ),
    # the second attribute of a clause
    (PUMPS, "Pump B runs at 6 bar.", True),
    (PUMPS, "Pump A runs at 8 bar.", True),
    (PUMPS, "Pump B runs at 8 bar.", False),
    (PUMPS, "Pump A delivers 120 m3/h at 6 bar.", False),
    # a place or segment after the value
    (STAFF, "The company has 800 employees in Germany.", True),
    (STAFF, "The company has 1,200 employees in France.", True),
    (STAFF, "The company has 1,200 employees in Germany.", False),
    (STAFF, "The company has 800 employees in France.", False),
    (GROWTH, "Revenue in Asia grew 12%.", True),
    (GROWTH, "Revenue in Europe grew 7%.", True),
    (GROWTH, "Revenue in Asia grew 7%.", False),
    (GROWTH, "Revenue in Europe grew 12%.", False),
    (REGIONS, "Sales in EMEA were $50 million.", True),
    (REGIONS, "Sales in EMEA were $30 million.", False),
    (REGIONS, "Sales in the Americas were $50 million.", False),
    (STAFF_ZH, "公司在北京有员工800人。", True),
    (STAFF_ZH, "公司在上海有员工800人。", False),
    (STAFF_ZH, "公司在北京有员工1200人。", False),
    # nothing that distinguishes: the value alone decides
    (ACME, "The figure was $4.2 billion.", False),
    (STAFF, "The company employs 800 people.", False),
    (PEOPLE, "The age given is 45.", False),
    (PUMPS, "The pressure is 6 bar.", False),
]


def case(conclusion: str, *chunks: str) -> AnswerCase:
    return AnswerCase.model_validate(
        {
            "case_id": "bound",
            "raw_chunks": [{"chunk_id": f"c{i}", "text": t} for i, t in enumerate(chunks)],
            "answer": {
                "conclusion": conclusion,
                "evidences": [{"chunk_id": f"c{i}", "excerpt": t} for i, t in enumerate(chunks)],
            },
        }
    )


def out_of_context(answer: str, evidence: str, policy: AnswerGatePolicy | None = None) -> list:
    verdict = gate_answer(case(answer, evidence), *([policy] if policy else []))
    return [f for f in verdict.findings if f.code == "VALUE_OUT_OF_CONTEXT"]


@pytest.mark.parametrize(("evidence", "answer", "refused"), CORPUS)
def test_corpus(evidence: str, answer: str, refused: bool) -> None:
    found = out_of_context(answer, evidence)
    assert bool(found) == refused, [f.message for f in found]
    if refused:
        assert found[0].near_match.reason == "another_subject"
    # The same under derived accept: the rule judges grounded values, not derivations.
    assert bool(out_of_context(answer, evidence, ACCEPT)) == refused


@pytest.mark.parametrize(("evidence", "answer", "refused"), [c for c in CORPUS if c[2]])
def test_literal_readings_accept(evidence: str, answer: str, refused: bool) -> None:
    assert out_of_context(answer, evidence, VERBATIM_POLICY) == []


def test_near_miss_named() -> None:
    (f,) = out_of_context("Bob Jones is 45 years old.", PEOPLE)
    assert "is said of Alice Smith; Bob Jones has 52" in f.message
    assert PEOPLE[slice(*f.chunk_span)] == "45" and f.near_match.text == "52"
    (f,) = out_of_context("Pump B runs at 6 bar.", PUMPS)
    assert "6 is said of Pump A; Pump B has 8" in f.message
    (f,) = out_of_context("The company has 800 employees in Germany.", STAFF)
    assert "800 is said of France; Germany has 1,200" in f.message
    (f,) = out_of_context("Acme's net income in 2022 was $4.2 billion.", ACME)
    assert "said of Acme's revenue; its net income has $310 million" in f.message
    (f,) = out_of_context("李四今年45岁。", PEOPLE_ZH)
    assert "45岁 is said of 张三; 李四 has 52岁" in f.message
    (f,) = out_of_context("On Saturday the store opens at 9 am.", STORE)
    assert f.near_match.text == "10 am"


def test_own_clause_still_selectable() -> None:
    """The old value misses the new forms; its own examples still hold."""
    assert out_of_context("Pump B runs at 6 bar.", PUMPS, OWN_CLAUSE) == []
    assert out_of_context("Bob Jones is 45 years old.", PEOPLE, OWN_CLAUSE) == []
    assert out_of_context("Pump A delivers 180 m3/h.", PUMPS, OWN_CLAUSE)


def test_weekdays() -> None:
    assert weekdays("Monday to Friday") == frozenset(range(5))
    assert weekdays("on weekdays and Sunday") == frozenset({0, 1, 2, 3, 4, 6})
    assert weekdays("Friday through Monday") == frozenset({4, 5, 6, 0})
    assert weekdays("周一至周五") == frozenset(range(5))
    assert weekdays("星期六、星期日") == frozenset({5, 6})
    assert weekdays("工作日") == frozenset(range(5)) and weekdays("周末") == frozenset({5, 6})
    assert weekdays("revenue of $5 million") == frozenset()


_NAMES = ["Alpha", "Bravo", "Cedar", "Delta", "Ember", "Falcon", "Granite", "Harbor"]
_PLACES = ["Germany", "France", "Spain", "Italy", "Japan", "Brazil", "Canada", "Kenya"]
_METRICS = [
    ("revenue", "net income"),
    ("operating income", "capital expenditures"),
    ("gross profit", "interest expense"),
]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from(_NAMES), min_size=2, max_size=2, unique=True),
    st.lists(st.integers(11, 99), min_size=2, max_size=2, unique=True),
)
def test_a_value_moved_to_another_person_is_refused(names: list[str], ages: list[int]) -> None:
    a, b = (f"{n} Smith" for n in names)
    evidence = f"{a}, {ages[0]}, is the chairman. {b}, {ages[1]}, is the treasurer."
    assert out_of_context(f"{b} is {ages[0]} years old.", evidence)
    assert not out_of_context(f"{a} is {ages[0]} years old.", evidence)
    assert not out_of_context(f"{b} is {ages[1]}.", evidence)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from(_PLACES), min_size=2, max_size=2, unique=True),
    st.lists(st.integers(101, 9999), min_size=2, max_size=2, unique=True),
)
def test_a_value_moved_to_another_place_is_refused(places: list[str], counts: list[int]) -> None:
    p, q = places
    m, n = (f"{c:,}" for c in counts)
    evidence = f"The group employs {m} people in {p} and {n} in {q}."
    assert out_of_context(f"The group has {n} employees in {p}.", evidence)
    assert out_of_context(f"The group has {m} employees in {q}.", evidence)
    assert not out_of_context(f"The group has {m} employees in {p}.", evidence)
    assert not out_of_context(f"The group has {n} employees in {q}.", evidence)


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(_METRICS),
    st.lists(st.integers(11, 999), min_size=2, max_size=2, unique=True),
    st.sampled_from(_NAMES),
)
def test_a_value_moved_to_another_metric_is_refused(
    metrics: tuple[str, str], values: list[int], company: str
) -> None:
    first, second = metrics
    evidence = f"In 2023, {company}'s {first} was ${values[0]} million and its {second} was "
    evidence += f"${values[1]} million."
    assert out_of_context(f"{company}'s {second} in 2023 was ${values[0]} million.", evidence)
    assert not out_of_context(f"{company}'s {first} in 2023 was ${values[0]} million.", evidence)
    assert not out_of_context(f"{company}'s {second} in 2023 was ${values[1]} million.", evidence)
