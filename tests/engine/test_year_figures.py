"""A bare year is not the figure an answer writes with a thousands separator (equivalence rule
`year_figure`, not allowed by default since answer gate 2.59.0, d783): under "(In millions)
2023  2022" the header's 2022 grounded "$2,022 million" as a declared-scale amount, so a figure
taken from another row (or from nowhere) passed whenever it equalled a column's year. A
property test of the qualified rows (d748) found it at random."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.gates.answer import DEFAULT_POLICY, AnswerGatePolicy, gate_answer
from groundgate.engine.quantities import EQUIVALENCE_RULES
from tests.engine.context.test_operands import case

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
OLD = ACCEPT.model_copy(update={"equivalences": tuple(EQUIVALENCE_RULES)})


def _status(answer: str, table: str, policy: AnswerGatePolicy) -> str:
    return gate_answer(case(answer, table=table), policy).status


def test_year_figure_is_a_rule_the_default_does_not_allow():
    assert "year_figure" in EQUIVALENCE_RULES
    assert "year_figure" not in DEFAULT_POLICY.equivalences
    assert AnswerGatePolicy.model_validate({"equivalences": ["year_figure"]}).equivalences == (
        "year_figure",
    )


def test_a_header_year_does_not_ground_an_amount_written_with_a_separator():
    table = "(In millions)  2023  2022\nRevenue  1,500  1,400\nOperating income  310  290"
    said = "Revenue was $2,022 million in 2023."  # no cell holds 2,022: the 2022 column's year
    assert _status(said, table, ACCEPT) != "ok"
    assert _status(said, table, OLD) == "ok"  # gate 2.58.0 took the year for the amount
    assert _status("Revenue was $1,500 million in 2023.", table, ACCEPT) == "ok"


def test_a_year_is_still_a_year_and_a_bare_cell_still_a_cell():
    table = "(In millions)  2023  2022\nRevenue  1,500  1,400"
    assert _status("Revenue was $1,400 million in 2022.", table, ACCEPT) == "ok"
    # A cell written without a separator grounds a figure written without one (the gap kept:
    # "$2022 million" for a header's 2022 still passes - the writing does not tell them apart).
    leases = "Operating Leases  Finance Leases\n2021  101  102\n2022  1000  2000"
    assert _status("The operating leases in 2022 were 1000 million.", leases, ACCEPT) == "ok"


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=1990, max_value=2030), st.integers(min_value=100, max_value=900))
def test_a_column_year_said_as_an_amount_is_refused(year: int, cell: int):
    table = f"(In millions)  {year + 1}  {year}\nRevenue  {cell:,}  {cell - 1:,}"
    assert _status(f"Revenue was ${year:,} million in {year + 1}.", table, ACCEPT) != "ok"
    assert _status(f"Revenue was ${cell:,} million in {year + 1}.", table, ACCEPT) == "ok"
