"""Derivations that are the calculation, not a coincidence (issue 28; answer gate 2.56.0):
`operand_scales: one_scale` (d750), `ratio_restates: full_size` (d751), `negative_shares:
negative_rows` (d752), `change_rows: one_row` (d753), `working_constants:
symbols_x_benchmarks_words` (d754) and `own_figures: refuse` (d756).

Corpus cases: FinanceBench gold answers with one figure slipped as bench/financebench_kinds.py
slips them (both halves of the companies), which 2.55.0's derived accept took by a derivation
that mixes scales, restates a ratio as money, reads a cost printed in parentheses as a negative
share or changes one row into another; and a right FinanceBench answer whose working says
"multiplying by 100". Each reading's old value stays selectable: under it the slip passes again.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from groundgate.engine.context.negative_shares import NEGATIVE_ROW
from groundgate.engine.declarations import in_working
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from groundgate.engine.numbers import extract_numbers
from tests.engine.context.test_year_rows import case as table_case
from tests.engine.test_slip_neighbours import _financebench, _slipped

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
OLD = {
    "operand_scales": "either",
    "ratio_restates": "restated",
    "negative_shares": "any",
    "change_rows": "any_rows",
    "working_constants": "symbols_x_benchmarks",
    "own_figures": "allow",
}
CONSTANTS = (1, 2, 4, 12, 100, 360, 365, 1000)


def _derived(case: AnswerCase, policy: AnswerGatePolicy) -> list[str]:
    return [
        f.derivation.formula
        for f in gate_answer(case, policy).findings
        if f.code == "NUMBER_DERIVED" and f.derivation is not None
    ]


# (gold case, figure, slipped figure, half, the fields whose old values accept the slip again,
# the formula 2.55.0 derived the slip by)
SLIPS = [
    # d750: one cell as written (thousands), the other at its full size.
    ("fb-03282-gold", "$5466.00", "-$5466.00", "A", ("operand_scales",), "312,842 − 5,466,312"),
    # d750 and d751: a ratio of a cell at full size over one as written, "restated" as money.
    (
        "fb-00394-gold",
        "$3725 million",
        "-$3725 million",
        "A",
        ("operand_scales", "ratio_restates"),
        "/ 2,416",
    ),
    # d752: "Total cost of sales (10,069)" is no negative turnover.
    ("fb-00540-gold", "9.5 times", "-9.5 times", "A", ("negative_shares",), "/ 1,055"),
    ("fb-06741-gold", "6.2%", "-6.2%", "A", ("negative_shares",), "/ 10,678"),
    # d752 and d753: a share by a cell printed negative, a change of one row into another.
    ("fb-03069-gold", "4.2%", "-4.2%", "B", ("negative_shares", "change_rows"), "167"),
]


@pytest.mark.parametrize(("case_id", "old", "new", "half", "fields", "formula"), SLIPS)
def test_the_slips_are_no_longer_derived(
    case_id: str, old: str, new: str, half: str, fields: tuple[str, ...], formula: str
) -> None:
    case = _slipped(case_id, old, new)
    assert gate_answer(case, ACCEPT).status != "ok"
    before = ACCEPT.model_copy(update={field: OLD[field] for field in fields})
    assert gate_answer(case, before).status == "ok"
    assert any(formula in derived for derived in _derived(case, before))
    # The gold answer itself is judged as before.
    gold = _financebench(case_id)
    assert gate_answer(gold, ACCEPT).status == gate_answer(gold, before).status


def test_a_conversion_in_words_is_a_constant_of_the_working() -> None:
    # "... dividing the unadjusted EBITDA by the total revenues and multiplying by 100 to get
    # the percentage": 2.55.0 found the "100" only as "2.04 / $20,437 million ≈ 100".
    case = _financebench("fb-06741-gpt-4-oracle_reverse")
    assert gate_answer(case, ACCEPT).status == "ok"
    findings = gate_answer(case, ACCEPT).findings
    assert not any("2.04 / $20,437 million" in f.message for f in findings)
    assert gate_answer(case, ACCEPT.model_copy(update=OLD)).status == "ok"
    assert (
        gate_answer(
            case,
            ACCEPT.model_copy(update={**OLD, "working_constants": "symbols_x_benchmarks_words"}),
        ).status
        == "ok"
    )
    refused = ACCEPT.model_copy(update={"working_constants": "symbols_x_benchmarks"})
    assert gate_answer(case, refused).status != "ok"


@pytest.mark.parametrize(
    ("text", "figure", "words", "before"),
    [
        ("to millions by dividing by 1,000. Therefore", "1,000", True, False),
        ("the revenues and multiplying by 100 to get the percentage", "100", True, False),
        ("[(9,497,578 - 4,713,500) / 4,713,500] * 100% = 101.4%", "100%", True, False),
        ("(15,357 / 38,655) x 100 = 39.7%", "100", True, True),
        ("It owns 100% of the subsidiary.", "100%", False, False),
        ("They paid 1,000 dollars each.", "1,000", False, False),
        ("revenue grew by 100 basis points", "100", False, False),
    ],
)
def test_in_working_words(text: str, figure: str, words: bool, before: bool) -> None:
    value = next(v for v in extract_numbers(text) if v.text.strip().startswith(figure))
    assert in_working(text, value, CONSTANTS, "symbols_x_benchmarks_words") is words
    assert in_working(text, value, CONSTANTS, "symbols_x_benchmarks") is before


@given(
    st.sampled_from(["multiplying by", "multiplied by", "dividing by", "divided by", "divide by"]),
    st.sampled_from(["100", "1,000", "1000", "12"]),
    st.text(alphabet="abcdefghij ,.", max_size=30),
)
def test_a_constant_named_in_words_is_working_whatever_comes_around(
    verb: str, figure: str, tail: str
) -> None:
    text = f"We convert the figure by {verb} {figure} {tail}"
    value = next(v for v in extract_numbers(text) if v.text.strip() == figure)
    assert in_working(text, value, CONSTANTS, "symbols_x_benchmarks_words")
    assert not in_working(text, value, CONSTANTS, "symbols")


@pytest.mark.parametrize(
    ("label", "negative"),
    [
        ("Net income (loss)", True),
        ("Net cash used in investing activities", True),
        ("Net decrease in cash", True),
        ("净亏损", True),
        ("Total cost of sales", False),
        ("Prepaid expenses and other assets", False),
        ("Capital expenditures", False),
    ],
)
def test_rows_that_name_a_negative_quantity(label: str, negative: bool) -> None:
    assert bool(NEGATIVE_ROW.search(label)) is negative


def test_the_policies() -> None:
    for field, old in OLD.items():
        assert getattr(VERBATIM_POLICY, field) == old
        assert getattr(DEFAULT_POLICY, field) != old


LEASES = "Operating Leases  Finance Leases\n2021  101  102\n2022  {one}  {two}\n2023  103  104"


@given(st.integers(min_value=11, max_value=9_999))
@example(1762)  # the draw that once rewrote "762" inside itself
def test_a_cell_with_its_sign_flipped_is_not_derived_from_itself(figure: int) -> None:
    # 381 − 762 ≈ -381: the operating leases' 2022 cell said "-381", with a cell twice it.
    # Placeholders, not a replace of "381"/"762": a drawn 1762 would be rewritten inside itself.
    table = LEASES.format(one=figure, two=2 * figure)
    flipped = table_case(f"The operating leases in 2022 were -{figure} million.", table=table)
    assert gate_answer(flipped, ACCEPT).status != "ok"
    right = table_case(f"The operating leases in 2022 were {figure} million.", table=table)
    assert gate_answer(right, ACCEPT).status == "ok"


def test_the_answer_may_restate_its_own_figure() -> None:
    # "$4,200,000,000 + $4,200,000,000 ≈ $8,400,000,000", then "$8,400,000,000" again.
    case = _financebench("fb-00882-gpt-4-1106-preview-oracle")
    assert gate_answer(case, ACCEPT).status == "ok"
