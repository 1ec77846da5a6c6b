"""The typed values of one answer's conclusion, each typed once per case (d933).

The number check types a value it grounds, the period counts type it again to ask whether it
counts the answer's years, and the written calculations type every value of the conclusion on
their first need, the changes said beside their values once more. typed() is pure and a
Quantity immutable: one typing per value, shared, gives the same readings. Pure: no Django, no
I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

from groundgate.engine.numbers import NumericValue
from groundgate.engine.quantities import Quantity, typed


class TypedValues:
    """`values` (a conclusion's, in order; their spans are their keys) typed on first need."""

    def __init__(self, values: Sequence[NumericValue]) -> None:
        self.values = values
        self._typed: list[Quantity | None] = [None] * len(values)
        self._at: dict[tuple[int, int], int] | None = None

    def of(self, value: NumericValue) -> Quantity:
        """typed(value), made once for a value of the conclusion."""
        if self._at is None:
            self._at = {(v.start, v.end): k for k, v in enumerate(self.values)}
        k = self._at.get((value.start, value.end))
        if k is None or (self.values[k] is not value and self.values[k] != value):
            return typed(value)  # (not one of the conclusion's values)
        q = self._typed[k]
        if q is None:
            q = self._typed[k] = typed(value)
        return q

    def all(self) -> list[Quantity]:
        """Every value typed, in order."""
        return [self.of_index(k) for k in range(len(self.values))]

    def of_index(self, k: int) -> Quantity:
        q = self._typed[k]
        if q is None:
            q = self._typed[k] = typed(self.values[k])
        return q
