"""The bound derivation search's use of a value's binding (context/operands.Binding, its rule
context/operand_rule.PairRule): the binding's tests of a pair as the policy reads them (_results,
_strong: moved out of gates/answer_derivations.py unchanged), and what the binding refuses
whole, taken out before the search rather than pair by pair in it (held, d970-d971; issue 28's
speed goal: the search does less work, its result the same by construction).
Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from functools import partial
from typing import TYPE_CHECKING

from groundgate.engine.context.operand_rule import PairRule
from groundgate.engine.derivations import _FOR_AMOUNT, _FOR_PERCENT, _FOR_POINTS, Pools, _targets
from groundgate.engine.evidence_values import Located
from groundgate.engine.quantities import Quantity
from groundgate.engine.slip_neighbours import named_subset

if TYPE_CHECKING:  # the gate's input models (answer_case.py)
    from groundgate.engine.gates.answer_case import AnswerGatePolicy


def _results(
    test: Callable[..., bool] | None, policy: AnswerGatePolicy
) -> Callable[[str, float, Located, Located | None], bool] | None:
    """The binding's test of a negative or a large result (PairRule.results) under the policy's
    negative_results and large_percentages; None where neither asks for it."""
    negative = policy.negative_results == "named_rows"
    large = policy.large_percentages == "named"
    return partial(test, negative, large) if test is not None and (negative or large) else None


def _strong(
    allow: Callable[[str, Located, Located | None], int],
) -> Callable[[str, Located, Located | None], int]:
    """`allow` that takes only the pairs it names the calculation (2), none that may be (1)."""

    def strong(operation: str, a: Located, b: Located | None) -> int:
        score = allow(operation, a, b)
        return score if score >= 2 else 0

    return strong


def held(
    q: Quantity,
    pools: Pools,
    allow: Callable[[str, Located, Located | None], int] | None,
    empty: AbstractSet[tuple[str, float, float]],
    kept: dict[tuple[object, ...], Pools],
    *,
    question_exponent: int | None,
    restate: bool,
    max_operands: int,
) -> tuple[Pools, AbstractSet[tuple[str, float, float]]]:
    """The pools and the `empty` searches explain() is given for `q` bound by `allow`, so that
    it finds what it finds on `pools` with `empty`, doing less: where `allow` is a rule's test
    (context/operand_rule.PairRule), what it refuses whole is not searched.
      - A short result's pair (allow_short, d307): both operands are cells PairRule.short_cell
        holds, so the pools are those cells' alone (d970; their order, each with its amounts:
        slip_neighbours.named_subset, kept in `kept` for the case per pools, rows and years).
        explain() visits the pairs of a subset in the order it visits them in the whole, and
        a pair it drops had no operand outside it to be taken.
      - A short result's pair where the answer names other than two years (allow_short_named,
        d994): both operands are table cells of rows the answer names (short_named.allow), so
        the pools are those cells' alone, alike (named_cells, d1029).
      - A sentence that names its operation ("the change", "the average"): PairRule._allow takes
        no pair of another operation but one with a step of the answer's own, so where the
        pools hold none of those the other operations' searches are `empty` too (d971)."""
    rule = getattr(allow, "__self__", None)
    if not isinstance(rule, PairRule):
        return pools, empty  # (no rule's test: the literal reading, or a strong wrapper)
    method = getattr(allow, "__func__", None)
    if method is PairRule.allow_short:
        return short_pools(pools, rule.allow_short, kept, max_operands), empty
    if method is PairRule.allow_short_named:
        return named_cells(pools, rule, kept, max_operands), empty  # (d1029)
    if method is not PairRule.allow or rule.operations is None:
        return pools, empty
    points = q.unit == "pp"
    percent = points or q.unit == "%"
    refused = [
        o for o in (_FOR_POINTS if points else _FOR_PERCENT if percent else _FOR_AMOUNT)
        if o not in rule.operations
    ]  # fmt: skip
    if not refused or any(o.where == "answer" for o in reversed(pools.seen)):
        # (a step of the answer's own may take part in any operation; the steps follow the
        # excerpt values in the pools, so the first looked at is one where there is any)
        return pools, empty
    # explain's results for q are these, each of either sign (its `signed`, `down`).
    targets = _targets(q, percent, question_exponent, restate)
    searches = {(o, s * t, tol) for o in refused for t, tol in targets for s in (1.0, -1.0)}
    return pools, frozenset(empty) | searches


def short_pools(
    pools: Pools,
    short: Callable[[str, Located, Located | None], int],
    kept: dict[tuple[object, ...], Pools],
    max_operands: int,
) -> Pools:
    """The pools of the cells a short result's pair may be of (`short`: a binding's
    PairRule.allow_short; its rule's short_cell, d970), in their order, each with its amounts;
    kept in `kept` for the case per pools, rows and years. (context/zero_results.explain_zero,
    given these cells, reads the same pairs allow_short takes.)"""
    rule = getattr(short, "__self__", None)
    assert isinstance(rule, PairRule)  # (Binding.short is a rule's allow_short)
    key = ("short", pools, rule.words, tuple(rule.years))
    held = kept.get(key)
    if held is None:
        held = kept[key] = named_subset(pools, rule.short_cell, max_operands)
    return held


def named_cells(
    pools: Pools, rule: PairRule, kept: dict[tuple[object, ...], Pools], max_operands: int
) -> Pools:
    """The pools of the table cells of the rows the answer names (PairRule.maybe_named, surely):
    the only operands context/short_named.allow takes a pair of (it scores 0 any pair with
    another), in their order, each with its amounts; kept in `kept` for the case per pools and
    words (d1029: the same pairs found, among fewer operands, as short_pools, d970)."""
    key = ("short_named", pools, rule.words)
    held = kept.get(key)
    if held is None:
        held = kept[key] = named_subset(pools, partial(rule.maybe_named, surely=True), max_operands)
    return held
