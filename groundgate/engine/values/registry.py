"""The kinds of value, in one place. Adding a kind is a folder under values/ and one line here
(docs/value-kinds.md). Values whose kind is not listed here yet - counts, amounts, percentages,
scores, ordinals and ranges - are typed and compared by quantities.py and near_miss.py.
Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.values.date.kind import KIND as DATE
from groundgate.engine.values.kind import ValueKind

KINDS: tuple[ValueKind, ...] = (DATE,)

# The kind of a typed value (Quantity.kind), and the kind that types a scanned value.
BY_NAME: dict[str, ValueKind] = {kind.name: kind for kind in KINDS}
BY_SCANNED: dict[str, ValueKind] = {scanned: kind for kind in KINDS for scanned in kind.scanned_as}
