"""What the binding refuses whole is not searched (gates/answer_bindings.held, d970-d971; issue
28's speed goal): a short result's search holds only the cells PairRule.short_cell keeps (d970),
or under short_named only the named rows' table cells (d1029), and a sentence that names its
operation has the other operations' searches skipped where no step of the answer's own takes
part (d971). Verdicts are the same by construction: each case here is gated with `held` and
with the whole search (held and short_pools as identities), and the verdict bytes compared;
bench/verdict_digests.py and bench/verdicts_ab.py hold the real sets (FinanceBench, TAT-QA) the
same."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from groundgate.engine.canonical import canonical_bytes
from groundgate.engine.context.corpus_en_derivations import SHORT_LIVES, SHORT_NAMED
from groundgate.engine.context.operands import OperandContext
from groundgate.engine.derivations import Pools, operand_amounts
from groundgate.engine.gates import answer_bindings, answer_derivations, answer_reading
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from groundgate.engine.number_grounding import EvidenceIndex
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.quantities import typed

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
POLICIES = (DEFAULT_POLICY, ACCEPT, VERBATIM_POLICY)
ROWS = ("Fixed Price", "Time and Materials", "Other income", "Total revenue")


def _case(conclusion: str, table: str, question: str = "") -> AnswerCase:
    return AnswerCase.model_validate(
        {
            "case_id": "held",
            "question": question,
            "raw_chunks": [{"chunk_id": "t", "text": table}],
            "answer": {
                "conclusion": conclusion,
                "evidences": [{"chunk_id": "t", "excerpt": table}],
            },
        }
    )


@contextmanager
def _whole_search() -> Iterator[None]:
    """The search as before d970-d971: every operand and every operation searched."""
    held, short = answer_derivations.held, answer_derivations.short_pools
    answer_derivations.held = lambda q, pools, allow, empty, kept, **_: (pools, empty)  # type: ignore[assignment]
    answer_derivations.short_pools = lambda pools, short, kept, most: pools  # type: ignore[assignment]
    try:
        yield
    finally:
        answer_derivations.held, answer_derivations.short_pools = held, short


def _same_verdicts(case: AnswerCase) -> None:
    for policy in POLICIES:
        held = canonical_bytes(gate_answer(case, policy))
        with _whole_search():
            whole = canonical_bytes(gate_answer(case, policy))
        assert held == whole, (policy.derived_numbers, case.answer.conclusion)


def _table(cells: list[tuple[Decimal, Decimal]]) -> str:
    lines = ["Revenue  2019  2018"]
    lines += [f"{row}  {a:,}  {b:,}" for row, (a, b) in zip(ROWS, cells, strict=False)]
    return "\n".join(lines)


_CELL = st.decimals(min_value=Decimal("0.1"), max_value=Decimal("2000"), places=1)
_TEMPLATES = (
    # a short result (d307, d970): the change of a named row across the two named years
    "The change in {row} from 2018 to 2019 was {short}.",
    "{row} fell by {short} from 2018 to 2019.",
    "The change in {row} from 2018 to 2019 was 0%.",
    # a named operation (d971): the other operations are not searched
    "The total of {row} in 2019 and 2018 was {sum}.",
    "The percentage change in {row} from 2018 to 2019 was {change}%.",
    "The average of {row} over 2019 and 2018 was {average}.",
    "The ratio of {row} to {other} in 2019 was {ratio}.",
    # a step of the answer's own, then a named operation: every operation searched
    "{row} was {a} in 2019; the difference from {other} is {difference}.",
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    cells=st.lists(st.tuples(_CELL, _CELL), min_size=2, max_size=4),
    row=st.integers(0, 3),
    template=st.sampled_from(_TEMPLATES),
    slip=st.sampled_from((Decimal(0), Decimal("0.1"), Decimal(1))),
)
def test_held_searches_give_the_whole_searchs_verdicts(
    cells: list[tuple[Decimal, Decimal]], row: int, template: str, slip: Decimal
) -> None:
    row %= len(cells)
    other = (row + 1) % len(cells)
    (a, b), (c, _) = cells[row], cells[other]
    change = a - b
    conclusion = template.format(
        row=ROWS[row],
        other=ROWS[other],
        a=f"{a:,}",
        short=f"{abs(change).quantize(Decimal(1)) % 10 + slip}",
        sum=f"{a + b + slip:,}",
        change=f"{(change / b * 100 + slip).quantize(Decimal('0.1'))}",
        average=f"{((a + b) / 2 + slip).quantize(Decimal('0.01'))}",
        ratio=f"{(a / c + slip).quantize(Decimal('0.01'))}",
        difference=f"{a - c + slip:,}",
    )
    _same_verdicts(_case(conclusion, _table(cells)))


def _context(conclusion: str, table: str) -> tuple[OperandContext, Pools]:
    chunk = _case(conclusion, table).raw_chunks[0]  # type: ignore[index]
    evidence = _case(conclusion, table).answer.evidences[0]
    index = EvidenceIndex(
        chunks=[chunk],
        accepted=[(0, evidence)],
        located={0: (chunk, 0)},
        scale_scope="chunk",
        question_exponent=None,
        rounding_min_significant=2,
    )
    # (the context as answer_derivations._derive makes it)
    context = answer_reading.operand_context(DEFAULT_POLICY, conclusion, "", [(0, evidence)])
    operands = context.signed_operands([(v, operand_amounts(v)) for v in index.excerpt_values])
    return context, Pools(operands, 100)


TABLE = "Revenue  2019  2018  2017\nFixed Price  1,308  1,295  1,340\nOther  120  133  140"


def test_a_short_results_search_holds_the_named_rows_cells_of_the_named_years() -> None:
    conclusion = "The change in Fixed Price from 2018 to 2019 was 13."
    context, pools = _context(conclusion, TABLE)
    value = extract_numbers(conclusion)[-1]
    binding = context.bind((value.start, value.end))
    assert binding.short is not None
    kept: dict[tuple[object, ...], Pools] = {}
    held = answer_bindings.short_pools(pools, binding.short, kept, 100)
    assert [o.quantity.value.text for o in held.seen] == ["1,308", "1,295"]  # not 2017, "Other"
    assert answer_bindings.short_pools(pools, binding.short, kept, 100) is held  # kept
    # every pair allow_short takes is of two such cells
    for a in pools.seen:
        for b in pools.seen:
            if binding.short("difference", a, b):
                assert a in held.seen and b in held.seen
    short = _case(
        "The change in Fixed Price from 2018 to 2019 was 7.", TABLE.replace("1,295", "1,301")
    )
    assert gate_answer(short, ACCEPT).status == "ok"  # 1,308 − 1,301, found in the held pools
    _same_verdicts(short)


def test_a_named_operation_skips_the_others_searches_unless_a_step_takes_part() -> None:
    conclusion = "The total of Fixed Price in 2019 and 2018 was 2,603."
    context, pools = _context(conclusion, TABLE)
    value = extract_numbers(conclusion)[-1]
    q = typed(value)
    binding = context.bind((value.start, value.end))
    _, empty = answer_bindings.held(
        q, pools, binding.allow, frozenset(), {}, question_exponent=None, restate=True,
        max_operands=100,
    )  # fmt: skip
    assert {o for o, _, _ in empty} == {"difference", "average", "ratio", "percent_of"}
    assert ("difference", 2603.0, 0.5) in empty and ("difference", -2603.0, 0.5) in empty
    _same_verdicts(_case(conclusion, TABLE))


def test_a_short_named_search_holds_the_named_rows_cells() -> None:
    """d1029: allow_short_named (context/short_named.allow) takes no pair with another operand."""
    for conclusion, table, cells in (
        ("The change in the amount for Ireland was -0.1 million.", SHORT_NAMED, ["0.4", "0.5"]),
        (
            "The difference in the useful lives between Trademarks and tradenames and Purchased"
            " technology was 0.8.",
            SHORT_LIVES,
            ["4.2", "5.0"],
        ),
    ):
        context, pools = _context(conclusion, table)
        value = extract_numbers(conclusion)[-1]
        binding = context.bind((value.start, value.end))
        short = binding.short
        assert short is not None and len(binding.years) != 2
        kept: dict[tuple[object, ...], Pools] = {}
        held, _ = answer_bindings.held(
            typed(value), pools, short, frozenset(), kept, question_exponent=None,
            restate=True, max_operands=100,
        )  # fmt: skip
        assert [o.quantity.value.text for o in held.seen] == cells
        assert answer_bindings.named_cells(pools, short.__self__, kept, 100) is held  # type: ignore[attr-defined]
        for operation in ("difference", "average", "ratio", "percentage"):
            for a in pools.seen:
                for b in pools.seen:
                    if short(operation, a, b):
                        assert a in held.seen and b in held.seen
        _same_verdicts(_case(conclusion, table))
