"""A negative value derived where neither the answer's sentence nor the question names an
operation (policy `unnamed_negatives: "named_operation"`, gate 2.67.0, d846; issue 28's sign
flips).

A derived value's sign follows from the operation the answer names and the direction it says:
"the change from 2018 to 2019" is the later cell less the earlier, "how much more A than B" is
A less B. A sentence that names no operation at all ("Deferred income tax assets in As reported
was -22,626 thousand", "the unrevised value of Food Care for 2018 is -1,541.5 million") gives a
difference no order, so a negative value found as one - a difference, a percentage change or
points (the row's own identity read backwards, "(−532) − 22,094 ≈ -22,626"; "103 − 341 ≈ -238"
of the cell 238 said "-238") - is a sign the answer flipped, not a calculation it made: no
derivation explains it. A ratio's or a share's sign is its operands' own (negative_shares,
d752), a sum's and an average's their cells': those are untouched ("Effective tax rate for
FY2021 = -14.76%" of a benefit over a loss), as are a positive value, a value whose sentence
or question names an operation ("change", "difference", "total", "average", "ratio") or says
an order or a direction in other words ("year over year", "YoY", "down", "compared with",
"than", "from ... to": "In 2023 revenue was -3.2% year over year"), and the literal reading
(`"any"`, gate 2.64.0's and the verbatim preset's).

Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from groundgate.engine.context.operation_words import named_operations

# The operations whose sign is the order of their operands: a ratio's or a share's sign is its
# operands' own (negative_shares, d752), a sum's and an average's the cells' signs.
_DIFFERENCES = frozenset({"difference", "percentage_change", "percentage_points"})
# Words that say an order or a direction though they name no operation of operation_words:
# "year over year", "YoY", "down", "up", "compared with", "versus", "than", "from ... to".
_ORDER_SAID = re.compile(
    r"(?i)\byear[- ](?:over|on)[- ]year\b|\byoy\b|\bdown\b|\bup\b|\bcompared\b|\bversus\b"
    r"|\bvs\b|\bthan\b|\bfrom\b.*\bto\b"
)

if TYPE_CHECKING:
    from groundgate.engine.derivations import Found
    from groundgate.engine.quantities import Quantity


def unnamed_negative(
    target: Quantity,
    found: Found,
    sentence_operations: frozenset[str] | None,
    sentence: str,
    question: str,
) -> bool:
    """Whether `found` explains the negative `target` although neither the value's sentence
    (`sentence_operations`: its named operations, None when it names none) nor the question
    names an operation or says an order: such a derivation is refused (module doc, d846)."""
    if not target.negative or found.result >= 0 or found.operation not in _DIFFERENCES:
        return False
    if sentence_operations is not None or _ORDER_SAID.search(sentence):
        return False
    return not question or (named_operations(question) is None and not _ORDER_SAID.search(question))
