"""The kinds of value, in one place. Adding a kind is a folder under values/ and one line here
(docs/value-kinds.md). Values whose kind is not listed here yet - counts, amounts, percentages,
scores, ordinals and ranges - are typed and compared by quantities.py and near_miss.py.
Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.values.date.kind import KIND as DATE
from groundgate.engine.values.identifier.kind import KIND as IDENTIFIER
from groundgate.engine.values.kind import ValueKind
from groundgate.engine.values.time.kind import KIND as TIME

# One line per kind. The order is the documentation's; no rule depends on it.
KINDS: tuple[ValueKind, ...] = (
    DATE,
    TIME,
    IDENTIFIER,
)

# The kind of a typed value (Quantity.kind), and the kind that types a scanned value.
BY_NAME: dict[str, ValueKind] = {kind.name: kind for kind in KINDS}
BY_SCANNED: dict[str, ValueKind] = {scanned: kind for kind in KINDS for scanned in kind.scanned_as}
# The readers of kinds whose values the digit grammar does not start (ValueKind.scan).
READERS = tuple(kind.scan for kind in KINDS if kind.scan is not None)
