"""The tests a pair of operands passes before a derivation takes it, beyond the binding's
(derivations.explain's `pair`): built once per search from the policy's readings.

  - both operands at one scale (operand_scales.one_scale; `operand_scales`, d750);
  - a share (a ratio, a percentage) negative only through an operand whose sign is its own
    (context/negative_shares.own_sign; `negative_shares`, d752);
  - a percentage change of one quantity: not of two rows (context/negative_shares.one_row;
    `change_rows`, d753).
Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable

from groundgate.engine.evidence_values import Located
from groundgate.engine.operand_scales import one_scale

# (operation, result, first operand, its amount, second operand, second's range lo, hi) ->
# whether the pair may give the result.
PairTest = Callable[[str, float, Located, float, Located, float, float], bool]
# Operations whose result is a share of two amounts: negative only by one negative operand.
_SHARES = frozenset(("ratio", "percentage"))


def pair_test(
    scales: bool,
    own_sign: Callable[[Located], bool] | None,
    one_row: Callable[[Located, Located], bool] | None = None,
) -> PairTest | None:
    """The pair test of the readings asked for (None: none is)."""
    if not scales and own_sign is None and one_row is None:
        return None

    def test(
        operation: str, t: float, a: Located, amount: float, b: Located, lo: float, hi: float
    ) -> bool:
        if scales and not one_scale(a, amount, b, lo, hi):
            return False  # operands read at two scales (d750)
        if own_sign is not None and t < 0 and operation in _SHARES:
            negative = a if amount < 0 else b if hi < 0 else None
            if negative is not None and not own_sign(negative):
                return False  # a share negative by a cost printed in parentheses (d752)
        if one_row is not None and operation == "percentage_change" and not one_row(a, b):
            return False  # a change of one row over another (d753)
        return True

    return test
