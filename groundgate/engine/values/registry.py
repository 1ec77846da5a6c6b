"""The kinds of value, in one place. Adding a kind is a folder under values/ and one line here
(docs/value-kinds.md). Every typed value's kind is listed: the number kinds (count, amount,
percent, permille, score, ordinal) are compared as numbers (values/number/sameness.py).
Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.values.amount.kind import KIND as AMOUNT
from groundgate.engine.values.count.kind import KIND as COUNT
from groundgate.engine.values.date.kind import KIND as DATE
from groundgate.engine.values.identifier.kind import KIND as IDENTIFIER
from groundgate.engine.values.kind import ValueKind
from groundgate.engine.values.ordinal.kind import KIND as ORDINAL
from groundgate.engine.values.percent.kind import KIND as PERCENT
from groundgate.engine.values.percent.kind import PERMILLE
from groundgate.engine.values.quarter.kind import KIND as QUARTER
from groundgate.engine.values.range.kind import KIND as RANGE
from groundgate.engine.values.score.kind import KIND as SCORE
from groundgate.engine.values.time.kind import KIND as TIME

# One line per kind. The order is the documentation's, and the order of the number kinds' rules
# when both sides of a comparison have one (NUMBER_RULES).
KINDS: tuple[ValueKind, ...] = (
    COUNT,
    AMOUNT,
    PERCENT,
    PERMILLE,
    DATE,
    TIME,
    IDENTIFIER,
    SCORE,
    ORDINAL,
    QUARTER,
    RANGE,
)

# The kind of a typed value (Quantity.kind), and the kind that types a scanned value.
BY_NAME: dict[str, ValueKind] = {kind.name: kind for kind in KINDS}
BY_SCANNED: dict[str, ValueKind] = {scanned: kind for kind in KINDS for scanned in kind.scanned_as}
# The kinds with a sameness of their own; to values/sameness.py the others (ValueKind.compare
# None) are numbers.
OWN: dict[str, ValueKind] = {kind.name: kind for kind in KINDS if kind.compare is not None}
# The rule a number kind adds when either side of a comparison is of it, in the order of KINDS
# ("score", "ordinal").
NUMBER_RULES: dict[str, str] = {kind.name: kind.own_rule for kind in KINDS if kind.own_rule}
# The kinds whose values take no part in derivations (derivations.py).
NOT_DERIVABLE = frozenset(kind.name for kind in KINDS if not kind.derivable)
# The kinds whose values say when (ValueKind.period), by their scanned and typed names.
PERIODS = frozenset(name for kind in KINDS if kind.period for name in (kind.name, *kind.scanned_as))
# The kinds read by a reader of their own from their words ("the fourth quarter of 2019"): the
# context keeps those words, not the digits, as words that name the values around them.
WORDED = frozenset(s for kind in KINDS if kind.scan is not None for s in kind.scanned_as)
# The readers of kinds whose values the digit grammar does not start (ValueKind.scan).
READERS = tuple(kind.scan for kind in KINDS if kind.scan is not None)
