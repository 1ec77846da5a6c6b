"""The decimals an answer writes bound its rounding (policy padded_decimals "written_first",
gate 2.65.0, d831).

An amount written to two decimals ending in zero at a magnitude is grounded at its last nonzero
digit (cents_zeros "scaled_padding", d573: "$8.70 billion" for 8,738 million, the cents being
the currency's print form). Read so first, "2022年营业成本为1.70亿元" of a 元 table found
2023's 165,000,000.00 (1.65 -> 1.7 at one decimal) before 2022's 169,500,000.00 (1.695 -> 1.70
at the two decimals written), and the value was called another period's (d830). Here the
written decimals are asked first: the padded precision grounds a value only where no evidence
value rounds to it as written as safely.

The zeros it writes likewise (policy whole_amounts "declared_scale", d832): an amount written
out whole, "2,806,364,000", restates a bare 2,806,364 only at a scale the evidence declares;
where it declares none, the answer's zeros are a scale stated nowhere. Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from groundgate.engine.nearness import padded_cents
from groundgate.engine.values.quantity import Quantity
from groundgate.engine.values.rules import risk

if TYPE_CHECKING:
    from groundgate.engine.decided import Decided
    from groundgate.engine.evidence_values import Grounding, Located
    from groundgate.engine.gates.answer_case import AnswerGatePolicy

ROUNDED = "rounded"  # the rounding equivalence (values/rules.py)


def precisions(q: Quantity, scaled: bool, policy: AnswerGatePolicy) -> tuple[Quantity, Quantity]:
    """The value at the precision it is grounded at (without zero cents where cents_zeros
    pads, d573) and the value asked first (as written, with padded_decimals "written_first";
    else the same). `scaled`: the question asks in a scale."""
    if policy.cents_zeros != "scaled_padding":
        return q, q
    padded = padded_cents(q, scaled, policy.rounding_min_significant)
    return padded, (q if policy.padded_decimals == "written_first" else padded)


def whole_at_no_scale(
    q: Quantity, source: Located, declared: Callable[[], frozenset[int]], policy: AnswerGatePolicy
) -> bool:
    """Whether `q`, grounded by the bare value `source` at undeclared_scale, is refused for it
    (policy whole_amounts "declared_scale", d832): a value written out whole, no magnitude word,
    at a power of ten the cited evidence does not declare (`declared`: its scales, asked on
    need; a rounding may carry one digit more, "$1,000,000" for 999.6 in thousands). TAT-QA's
    share counts "2,806,364,000" for a bare 2,806,364, FinanceBench's "737,000" for 737: no
    right answer of either set is grounded so; a magnitude word ("22,626 thousand") stays a
    claim of scale the evidence may leave unsaid, and "$592,000" for 592 stands where a cited
    sentence says "(in thousands)"."""
    if policy.whole_amounts != "declared_scale" or q.magnitude:
        return False
    bare = source.quantity.figure
    if q.figure is None or bare is None or not q.figure or not bare:
        return False
    power = q.figure.adjusted() - bare.adjusted()
    return not any(power in (scale, scale + 1) for scale in declared())


def ground_written_first(
    decided: Decided,
    written: Quantity,
    padded: Quantity,
    allowed: frozenset[str],
    approximately: bool,
    signed: Callable[[], bool],
    bound: str | None,
) -> Grounding | None:
    """The padded value's grounding, or where that is a rounding and the value as written is
    grounded as safely, the written value's ("1.70" by 1.695, not 1.65)."""
    loose = decided.ground(padded, allowed, approximately=approximately, signed=signed, bound=bound)
    if written is padded or loose is None or ROUNDED not in loose.rules:
        return loose  # (no padding, nothing found, or found unrounded: so as written too)
    exact = decided.ground(
        written, allowed, approximately=approximately, signed=signed, bound=bound
    )
    if exact is not None and risk(exact.rules) <= risk(loose.rules):
        return exact
    return loose
