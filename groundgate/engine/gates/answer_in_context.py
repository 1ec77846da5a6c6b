"""NUMBER_DERIVED findings for values the context rule found out of context (policy
context_derivations "named_operation", d487), moved out of gates/answer_numbers.py as it is (its
500-line limit). Pure: no Django, no I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from groundgate.engine.findings import Finding
from groundgate.engine.gates.answer_numbers import _SlowPath
from groundgate.engine.numbers import extract_numbers

if TYPE_CHECKING:  # the gate's input models (answer_case.py; no cycle with answer.py)
    from groundgate.engine.gates.answer_case import AnswerCase, AnswerGatePolicy, Evidence, RawChunk


def derive_out_of_context(
    case: AnswerCase,
    conclusion: str,
    accepted: list[tuple[int, Evidence]],
    policy: AnswerGatePolicy,
    located: dict[int, tuple[RawChunk, int]] | None,
    spans: list[tuple[int, int]],
) -> dict[tuple[int, int], Finding]:
    """NUMBER_DERIVED findings for values the context rule found out of context (at `spans`)
    whose sentence names the operation they are the result of and that a derivation bound to
    the answer's rows, periods and operation gives (policy context_derivations
    "named_operation", d487): "the sum of A and B in 2019 was 35" is 6 + 29, though 35 is
    also another row's cell. Only with `derived_numbers: accept` (the caller asks)."""
    wanted = set(spans)
    values = [v for v in extract_numbers(conclusion) if (v.start, v.end) in wanted]
    if not values or policy.derivation_context == "off":
        return {}
    slow = _SlowPath(case, conclusion, accepted, policy, located, extract_numbers(conclusion))
    out: dict[tuple[int, int], Finding] = {}
    for value in values:
        found = slow.derived_in_context(value)
        if found is not None:
            out[value.start, value.end] = found
    return out
