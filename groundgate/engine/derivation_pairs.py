"""Whether the bound derivation search (derivations.explain) can find anything at all.

explain() judges each pair of operands whose result is the target with the context rule's
`allow` (the rows, periods and operation the answer names: OperandContext.bind reads them from
the answer's sentence). Most values the answer does not quote are the result of no pair of the
cited figures (FinanceBench: 36% of the bound searches, TAT-QA 60%): for those the binding is
read for nothing. may_pair() runs the search's own arithmetic without the binding - the same
operations, the same results (negated for a value stated negative; of both signs for a change,
which the answer may say is down), _may_solve and _hits over every operand - and answers False
only when no pair can hold, whatever `allow`, `down` and subset of the operands (binding.keep)
the binding gives. Then explain() finds nothing, and the caller skips the binding (decision
d520; tests/engine/test_derivation_pairs.py holds explain() to None where may_pair says so);
else explain() skips the searches may_pair found empty on the way (its `empty`).
Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.derivation_hits import Searched, searched_hits
from groundgate.engine.derivations import (
    _CHANGES,
    _FOR_AMOUNT,
    _FOR_PERCENT,
    _FOR_POINTS,
    Pools,
    _may_solve,
    _targets,
)
from groundgate.engine.quantities import Quantity


def may_pair(
    target: Quantity,
    pools: Pools,
    *,
    question_exponent: int | None,
    min_significant: int,
    restate: bool,
    negatives: bool,
    searched: Searched | None = None,
) -> frozenset[tuple[str, float, float]] | None:
    """None only when explain(target, (), pools=P, signed=True, question_exponent,
    min_significant, restate, negatives) returns None for every `allow`, `down`,
    `ambiguity`, `both_negative` and every P whose operands are a subset of `pools`' (the
    pools of the same operands filtered, as binding.keep does). Else the searches
    (operation, result, tolerance) met before the first that may hold a pair, each of which
    holds none in any such P: explain's `empty`, which it need not search again. `searched`:
    as explain's (the first operands each search found, kept for explain's search of the same
    pools)."""
    if not target.numeric or target.figure is None or target.kind == "range" or target.is_year():
        return None
    if len(target.digits) < min_significant:
        return None
    empty: list[tuple[str, float, float]] = []
    points = target.unit == "pp"
    percent = points or target.unit == "%"
    targets = _targets(target, percent, question_exponent, restate)
    negated = [(-t, tol) for t, tol in targets]
    # Signed, explain searches the negated results for a value stated negative, and for one
    # that is not the results themselves, and for a change the answer says is down the
    # negated ones: both here for a change.
    changes = negated if target.negative else targets + negated
    if target.negative:
        targets = negated
    for operation in _FOR_POINTS if points else _FOR_PERCENT if percent else _FOR_AMOUNT:
        b_from_percents = operation in ("percentage_points", "percent_of")
        pool = pools.percents if operation == "percentage_points" else pools.amounts
        keys = pools.percent_keys if b_from_percents else pools.amount_keys
        if not pool or not keys:
            continue  # (explain searches nothing either)
        a_range = pools.percent_range if operation == "percentage_points" else pools.amount_range
        b_range = pools.percent_range if b_from_percents else pools.amount_range
        for t, tol in changes if operation in _CHANGES else targets:
            if _may_solve(operation, t, tol, a_range, b_range) and searched_hits(
                searched, operation, t, tol, pool, keys, False, negatives
            ):
                return frozenset(empty)
            empty.append((operation, t, tol))
    return None
