"""The pair test of a derivation bound to context under the policy's readings
(derivation_rules.pair_test; asked by gates/answer_derivations._derive): operands at one scale
(d750), a share's own sign (d752), a percentage change of one row (d753), no operand of the
value's own size (d756, d890), a cell printed negative read by its size only where its row
names a cost (d951). Pure: no Django, no I/O.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from groundgate.engine.context.negative_shares import one_row, own_sign
from groundgate.engine.context.negative_sizes import by_size
from groundgate.engine.derivation_rules import PairTest, pair_test

if TYPE_CHECKING:
    from groundgate.engine.context.operands import OperandContext
    from groundgate.engine.gates.answer_case import AnswerGatePolicy


def bound_pair_test(policy: AnswerGatePolicy, context: OperandContext) -> PairTest | None:
    """The pair test `policy` asks of a derivation bound to `context` (None: none)."""
    return pair_test(
        policy.operand_scales == "one_scale",
        partial(own_sign, context) if policy.negative_shares == "negative_rows" else None,
        partial(one_row, context) if policy.change_rows == "one_row" else None,
        policy.own_figures != "allow",
        policy.own_figures == "refuse_ones",
        partial(by_size, context) if policy.negative_sizes != "any_row" else None,
        policy.negative_sizes == "cost_row_pairs",
    )
