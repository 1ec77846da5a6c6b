"""A figure in parentheses with spaces inside them (policy `sign_parentheses`, answer gate 2.55.0,
d747): under "full_width" (the default) "（4,667 ）" gives the figure's sign as "(4,667)" does,
so "-4,667" said of such a cell is grounded; under "spaced" (selectable) "( 4,667 )" too; the
old reading ("tight", verbatim's) refused it as the opposite sign, while the table reader
(facts._negative, d708) already read the cell negative."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context import corpus_en, corpus_zh
from groundgate.engine.declarations import sign_in_words
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.test_operands import case

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
TIGHT = ACCEPT.model_copy(update={"sign_parentheses": "tight"})
SPACED = ACCEPT.model_copy(update={"sign_parentheses": "spaced"})


def _status(answer: str, table: str, policy: AnswerGatePolicy) -> str:
    return gate_answer(case(answer, table=table), policy).status


def test_spaced_is_the_default_and_tight_selectable_and_verbatims():
    assert DEFAULT_POLICY.sign_parentheses == "full_width"
    assert VERBATIM_POLICY.sign_parentheses == "tight"


def test_a_negative_said_of_a_spaced_cell_is_grounded_only_under_its_reading():
    chinese = ("2023年应收账款为-4,667万元。", corpus_zh.HALF_NEGATIVE)
    english = [
        ("Accounts receivable were -$4,667 thousand in 2023.", corpus_en.SPACED_NEGATIVES),
        ("Foreign currency translation was -$12 thousand in 2023.", corpus_en.SPACED_NEGATIVES),
    ]
    for answer, table in [chinese, *english]:
        assert _status(answer, table, SPACED) == "ok", answer
        assert _status(answer, table, TIGHT) != "ok", answer
    assert _status(*chinese, ACCEPT) == "ok"
    assert _status(*chinese, DEFAULT_POLICY) == "ok"
    for answer, table in english:  # ASCII parentheses: only under "spaced" (d747)
        assert _status(answer, table, ACCEPT) != "ok", answer


def test_a_positive_cell_said_negative_stays_refused_under_both():
    wrong = [
        ("2022年应收账款为-3,210万元。", corpus_zh.HALF_NEGATIVE),
        ("Foreign currency translation was -$8 thousand in 2022.", corpus_en.SPACED_NEGATIVES),
    ]
    for answer, table in wrong:
        assert _status(answer, table, ACCEPT) != "ok", answer
        assert _status(answer, table, TIGHT) != "ok", answer
        assert _status(answer, table, SPACED) != "ok", answer


_SPACES = st.text(alphabet=" \u3000", max_size=3)
_FIGURE = st.integers(1, 10**7).map(lambda n: f"{n:,}")


@settings(max_examples=40, deadline=None)
@given(_FIGURE, _SPACES, _SPACES, st.sampled_from(["()", "（）", "(）", "（)"]))
def test_parentheses_with_up_to_three_spaces_inside_give_the_sign(
    figure: str, left: str, right: str, marks: str
):
    text = f"应收账款  {marks[0]}{left}{figure}{right}{marks[1]}  3,210"
    start = text.index(figure)
    end = start + len(figure)
    assert sign_in_words(text, start, end, spaced="spaced")
    assert sign_in_words(text, start, end, spaced="full_width") == (
        marks != "()" or (not left and not right)
    )
    assert sign_in_words(text, start, end) == (not left and not right)


@settings(max_examples=40, deadline=None)
@given(_FIGURE, _SPACES, st.sampled_from(["Revenue (Note 5 ) ", "(a) ", "Total  ", "(2023)  "]))
def test_one_parenthesis_or_a_note_gives_no_sign(figure: str, spaces: str, before: str):
    for text in (f"{before}{figure}{spaces})", f"{before}({spaces}{figure} 1,200"):
        start = text.index(figure)
        assert not sign_in_words(text, start, start + len(figure), spaced="spaced"), text
