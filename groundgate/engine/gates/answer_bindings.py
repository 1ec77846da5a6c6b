"""The bound derivation search's use of a value's binding (context/operands.Binding, its rule
context/operand_rule._Rule): the binding's tests of a pair as the policy reads them. Moved out
of gates/answer_derivations.py (at the 500-line limit) unchanged.
Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from groundgate.engine.evidence_values import Located

if TYPE_CHECKING:  # the gate's input models (answer_case.py)
    from groundgate.engine.gates.answer_case import AnswerGatePolicy


def _results(
    test: Callable[..., bool] | None, policy: AnswerGatePolicy
) -> Callable[[str, float, Located, Located | None], bool] | None:
    """The binding's test of a negative or a large result (_Rule.results) under the policy's
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
