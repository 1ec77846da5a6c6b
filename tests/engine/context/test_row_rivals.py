"""Another row the answer names than the best-named one (policy row_rivals, gate 2.51.0,
d697-d699): a row said in full that shares more of the answer's words than the value's own
("said"), and the unqualified row whose label is the value's less words the answer does not
say ("unqualified", the default): "Operating income was $1,034 million" of the "Adjusted
operating income (non-GAAP)" cell is refused; "best" (2.50.0's reading, verbatim's) passes it.
Totals and "Other ..." rows are no qualified twins; Chinese labels are not read so."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context import corpus_en, corpus_zh
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.test_operands import case

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
# Each reading alone: longer_rows (2.52.0, d705) refuses some of the same wrong answers.
BEST = AnswerGatePolicy(row_rivals="best", longer_rows="off")
SAID = AnswerGatePolicy(row_rivals="said", longer_rows="off")


def _status(answer: str, table: str, policy: AnswerGatePolicy = DEFAULT_POLICY) -> str:
    return gate_answer(case(answer, table=table), policy).status


def test_the_readings_and_their_presets():
    # "qualified" (2.55.0, d748: tests/engine/context/test_qualified_rows.py) reads
    # "unqualified" too; "parenthesised" (2.58.0, d777: test_parenthesised_twins.py) reads both.
    assert DEFAULT_POLICY.row_rivals == "parenthesised"
    assert VERBATIM_POLICY.row_rivals == "best"


def test_a_row_said_in_full_beside_a_longer_best_named_row():
    wrong = "Europe net sales were $2,200 million in 2023."  # Asia Pacific's cell
    assert _status(wrong, corpus_en.SEGMENTS, BEST) == "ok"  # "Total net sales" named best
    assert _status(wrong, corpus_en.SEGMENTS, SAID) != "ok"
    assert _status(wrong, corpus_en.SEGMENTS) != "ok"
    assert _status("Europe net sales were $3,100 million in 2023.", corpus_en.SEGMENTS) == "ok"


def test_the_unqualified_row_is_named_where_no_qualifier_is_said():
    table = corpus_en.ADJUSTED
    for wrong in (
        "Operating income was $1,034 million in Q3 2023.",
        "GAAP diluted EPS was $1.45 in Q3 2023.",
    ):
        assert _status(wrong, table, BEST) == "ok", wrong
        assert _status(wrong, table, SAID) == "ok", wrong
        assert _status(wrong, table) != "ok", wrong
        assert _status(wrong, table, ACCEPT) != "ok", wrong
    for right in (
        "Adjusted operating income was $1,034 million in Q3 2023.",
        "Non-GAAP operating income was $1,034 million in Q3 2023.",
        "Operating income was $812 million in Q3 2023.",
    ):
        assert _status(right, table) == "ok", right


def test_the_finding_names_the_row_the_answer_says():
    verdict = gate_answer(
        case("Operating income was $1,034 million in Q3 2023.", table=corpus_en.ADJUSTED),
        DEFAULT_POLICY,
    )
    found = [f for f in verdict.findings if f.code == "VALUE_OUT_OF_CONTEXT"]
    assert found and "812" in found[0].message, verdict.findings


def test_a_total_and_an_other_row_are_no_qualified_twins():
    table = corpus_en.LIABILITIES
    assert _status("Current liabilities were $50,171 million in 2022.", table) == "ok"
    assert _status("Accounts payable were $9,512 million in 2022.", table) == "ok"


def test_chinese_labels_are_not_read_as_qualified():
    # "扣非净利润" shortens "扣除非经常性损益的净利润": its words not said tell nothing.
    assert _status("2023年扣非净利润为14.1亿元。", corpus_zh.LONG_LABELS) == "ok"


_BASES = ("Operating income", "Net income", "Diluted EPS", "Gross margin", "Free cash flow")
# (the qualified row's label, how an answer says it)
_QUALIFIED = (
    ("Adjusted {}", "Adjusted {}"),
    ("{} (non-GAAP)", "Non-GAAP {}"),
    ("Adjusted {} (non-GAAP)", "Adjusted {}"),
    ("Core {}", "Core {}"),
    ("Organic {}", "Organic {}"),
)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    st.sampled_from(_BASES),
    st.sampled_from(_QUALIFIED),
    st.lists(st.integers(min_value=100, max_value=9_999), min_size=4, max_size=4, unique=True),
)
def test_a_qualified_row_s_cell_said_without_its_qualifier_is_refused(base, form, figures):
    qualified, said = form[0].format(base), form[1].format(base.lower())
    cells = [f"{n:,}" for n in figures]
    table = (
        "(In millions)  2023  2022\n"
        f"{base}  {cells[0]}  {cells[1]}\n"
        f"{qualified}  {cells[2]}  {cells[3]}"
    )
    assert _status(f"{base} was ${cells[0]} million in 2023.", table) == "ok"
    assert _status(f"{said} was ${cells[2]} million in 2023.", table) == "ok"
    assert _status(f"{base} was ${cells[2]} million in 2023.", table) != "ok"
    assert _status(f"{base} was ${cells[2]} million in 2023.", table, BEST) == "ok"
