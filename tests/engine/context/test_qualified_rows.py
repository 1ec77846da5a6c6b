"""The qualified row's name said of the unqualified row's cell (policy `row_rivals: qualified`,
answer gate 2.55.0, d748): "Adjusted operating income was $812 million" of "Operating income
(GAAP) 812" beside "Adjusted operating income (non-GAAP) 1,034" is the GAAP row's figure said of
the adjusted row; `unqualified` (gate 2.54.0's default) passed it, since the answer said every
word of neither row's label whole ("GAAP", "non-GAAP")."""

from __future__ import annotations

from hypothesis import example, given, settings
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
OLD = ACCEPT.model_copy(update={"row_rivals": "unqualified"})


def _verdict(answer: str, table: str, policy: AnswerGatePolicy):  # type: ignore[no-untyped-def]
    return gate_answer(case(answer, table=table), policy)


def test_qualified_is_the_default_unqualified_selectable_verbatim_best():
    assert DEFAULT_POLICY.row_rivals == "parenthesised"  # (it reads "qualified" too, d777)
    assert VERBATIM_POLICY.row_rivals == "best"


def test_the_qualified_rows_name_said_of_the_plain_rows_cell_is_refused_only_under_qualified():
    wrong = [
        ("Adjusted operating income was $812 million in Q3 2023.", corpus_en.ADJUSTED),
        ("Adjusted diluted EPS was $1.12 in Q3 2023.", corpus_en.ADJUSTED),
    ]
    for answer, table in wrong:
        assert _verdict(answer, table, ACCEPT).status != "ok", answer
        assert _verdict(answer, table, DEFAULT_POLICY).status != "ok", answer
        assert _verdict(answer, table, OLD).status == "ok", answer
    # Said with its parenthesised words too, or a twin with no parenthesised words, it was
    # refused before (the twin's label said whole, the best named).
    for answer in (
        "Adjusted EBITDA (non-GAAP) was $1,300 million in 2023.",
        "Organic revenue growth was 5.1% in 2023.",
    ):
        assert _verdict(answer, corpus_en.EBITDA, OLD).status != "ok"
        assert _verdict(answer, corpus_en.EBITDA, ACCEPT).status != "ok"


def test_the_near_miss_names_the_qualified_rows_cell():
    verdict = _verdict(
        "Adjusted operating income was $812 million in Q3 2023.", corpus_en.ADJUSTED, ACCEPT
    )
    messages = " ".join(f.message for f in verdict.findings if f.severity == "error")
    assert "Operating income (GAAP)" in messages and "1,034" in messages


def test_both_rows_said_each_of_its_own_and_a_total_pass():
    right = [
        ("Operating income was $812 million in Q3 2023, while adjusted operating income was"
         " $1,034 million.", corpus_en.ADJUSTED),
        ("Adjusted operating income of $1,034 million exceeded operating income of $812"
         " million in Q3 2023.", corpus_en.ADJUSTED),
        ("Total revenue was $5,000 million in 2023.", corpus_en.EBITDA),
        ("Revenue growth was 5.1% in 2023.", corpus_en.EBITDA),
    ]  # fmt: skip
    for answer, table in right:
        assert _verdict(answer, table, ACCEPT).status == "ok", answer


def test_a_value_said_of_its_own_label_whole_is_its_rows():
    """The answer says the value's own label whole beside the twin's ("X = Total revenues net of
    interest expense after provisions = $50,680 / Revenue = Total revenues net of interest
    expense = $52,862", one clause across lines): the value is its own row's (d748)."""
    table = (
        "(Millions)  2022  2021\n"
        "Total revenues net of interest expense  52,862  42,380\n"
        "Total revenues net of interest expense after provisions for credit losses  50,680  43,799"
    )
    answer = (
        "For 2022, Operating income = Total revenues net of interest expense after provisions"
        " for credit losses = $50,680 million\nRevenue = Total revenues net of interest expense"
        " = $52,862 million."
    )
    assert _verdict(answer, table, ACCEPT).status == "ok"


def test_a_chinese_label_is_not_read_so():
    """A Chinese answer shortens a qualifier ("扣非净利润"): English labels only (as d698)."""
    assert _verdict("2023年扣非净利润为14.1亿元。", corpus_zh.LONG_LABELS, ACCEPT).status == "ok"


_QUALIFIERS = st.sampled_from(["Adjusted", "Organic", "Core", "Underlying", "Comparable"])
_ROWS = st.sampled_from(["operating income", "net earnings", "gross margin", "free cash flow"])


@settings(max_examples=40, deadline=None)
# (Not extra 1: the twin's 2022 cell is then the plain row's 2023 figure - a draw hypothesis found
# at 2.58.0 that fails at 2.55.0 alike. A figure equal to a header's year, "$2,022 million" under
# "2023  2022", was grounded by the header until 2.59.0's `year_figure` rule, d783: drawn again.)
@given(_QUALIFIERS, _ROWS, st.integers(100, 9_000), st.integers(2, 900))
@example("Adjusted", "operating income", 2022, 500)
@example("Core", "net earnings", 2023, 40)
def test_a_qualified_twin_said_of_the_plain_cell_is_refused_and_of_its_own_passes(
    qualifier: str, row: str, plain: int, extra: int
):
    table = (
        "(In millions)  2023  2022\n"
        f"{row.capitalize()} (GAAP)  {plain:,}  {plain - 1:,}\n"
        f"{qualifier} {row} (non-GAAP)  {plain + extra:,}  {plain + extra - 1:,}"
    )
    said = f"{qualifier} {row} was $"
    assert _verdict(f"{said}{plain:,} million in 2023.", table, ACCEPT).status != "ok"
    assert _verdict(f"{said}{plain + extra:,} million in 2023.", table, ACCEPT).status == "ok"
    plain_said = f"{row.capitalize()} was ${plain:,} million in 2023."
    assert _verdict(plain_said, table, ACCEPT).status == "ok"
