"""An English sentence's figure followed by its own period phrase takes that period (policy
`sentence_periods` "adjacent", answer gate 2.64.0, d827, d828; issue 28): both readings, the
reading itself (which figure gets which period, and where none), and a property test - the two
values of a sentence naming two periods swapped is refused, the right pairing accepted."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context.adjacent_periods import adjacent_periods
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.test_operands import case

OFF = DEFAULT_POLICY.model_copy(update={"sentence_periods": "off"})


def _status(answer: str, text: str, policy: AnswerGatePolicy = DEFAULT_POLICY) -> str:
    return gate_answer(case(answer, table=text), policy).status


def _read(text: str) -> dict[str, tuple[str, ...]]:
    return {text[a:b]: p for (a, b), p in adjacent_periods(text).items()}


def test_the_default_and_the_verbatim_readings():
    # "own_phrases" (2.68.0, d855) reads as "adjacent" does, and more (test_phrase_periods.py).
    assert DEFAULT_POLICY.sentence_periods == "own_phrases"
    assert VERBATIM_POLICY.sentence_periods == "off"


def test_each_figure_takes_the_period_phrase_right_after_it():
    assert _read("Net sales were $5.2 billion in 2023 and $4.8 billion in 2022.") == {
        "$5.2 billion": ("Y2023",),
        "$4.8 billion": ("Y2022",),
    }
    assert _read(
        "Gross margin was 42.1% in the fourth quarter of 2023, compared to 39.8% in the fourth"
        " quarter of 2022."
    ) == {"42.1%": ("Q4", "Y2023"), "39.8%": ("Q4", "Y2022")}
    assert _read(
        "Operating income was $812 million for fiscal 2024 versus $745 million for fiscal 2023."
    ) == {
        "$812 million": ("Y2024",),
        "$745 million": ("Y2023",),
    }


def test_a_figure_without_its_own_period_phrase_gets_none():
    # "In 2023, ... $5.2 billion, up from $4.8 billion in 2022": 5.2 has no phrase of its own.
    assert _read("In 2023, net sales were $5.2 billion, up from $4.8 billion in 2022.") == {
        "$4.8 billion": ("Y2022",)
    }
    # One period named: nothing to tell apart, nothing read.
    assert _read("Net sales were $5.2 billion in 2023.") == {}
    # A list of periods after one figure is no one period's.
    assert _read("Net sales were $5.2 billion in 2023 and 2022 combined, and 4.8 in 2021.") == {
        "4.8": ("Y2021",)
    }


def test_the_swapped_answer_is_refused_only_under_adjacent():
    text = "Revenue increased to $5.2 billion in 2023 from $4.8 billion in 2022."
    assert _status("Revenue was $4.8 billion in 2023.", text) == "citation_insufficient"
    assert _status("Revenue was $4.8 billion in 2023.", text, OFF) == "ok"
    assert _status("Revenue was $4.8 billion in 2023.", text, VERBATIM_POLICY) == "ok"
    assert _status("Revenue was $5.2 billion in 2023.", text) == "ok"


_JOINS = [" and ", ", compared with ", ", up from ", " versus ", " from "]
_METRICS = ["Net sales were", "Operating income was", "Capital expenditures totaled"]


@settings(max_examples=30, deadline=None)
@given(
    metric=st.sampled_from(_METRICS),
    join=st.sampled_from(_JOINS),
    year=st.integers(2001, 2024),
    a=st.integers(11, 99),
    b=st.integers(11, 99),
    lead=st.sampled_from(["in", "for fiscal"]),
)
def test_swapping_the_two_values_is_refused_and_the_pairing_accepted(
    metric: str, join: str, year: int, a: int, b: int, lead: str
):
    if a == b:
        return
    later, earlier = str(year), str(year - 1)
    text = f"{metric} ${a}.5 billion {lead} {later}{join}${b}.5 billion {lead} {earlier}."
    subject = metric.rsplit(" ", 1)[0]
    assert _status(f"{subject} was ${a}.5 billion in {later}.", text) == "ok"
    assert _status(f"{subject} was ${b}.5 billion in {earlier}.", text) == "ok"
    assert _status(f"{subject} was ${a}.5 billion in {earlier}.", text) == "citation_insufficient"
    assert _status(f"{subject} was ${b}.5 billion in {later}.", text) == "citation_insufficient"
