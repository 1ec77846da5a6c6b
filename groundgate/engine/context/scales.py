"""Scale claims: a magnitude word the answer writes is a claim about the figure's scale.

"73 million" says 73,000,000. A table that declares its scale ("(in thousands)", "$'000") gives
its bare figure 73 as 73,000: read at the table's scale, "73 million" is a scale mistake, not
the figure restated. Two readings let such a mistake through, and under policy
`scale_claims: "cited_declarations"` (gate 2.9.1) both hold only where the cited evidence
declares no scale, or declares the answer's own:
  - a cell grounded by `undeclared_scale` ("the answer adds a magnitude the evidence states
    nowhere"): the evidence is every cited chunk, not the value's own chunk alone (a table's
    chunk often leaves "(in thousands)" to the sentence above it, cited beside it);
  - a derivation that restates figures as the table writes them (derivations.explain's bare
    target, and the aggregates'): "592 − 519 ≈ 73 million" under "(in thousands)" is refused;
    the result read at the declared scale (73 thousand) is still derived.
The answer's own magnitude only: a bare "73" (no magnitude word) restates the table's figure
and claims no scale. Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from groundgate.engine.declarations import declarations


class _Chunk(Protocol):
    @property
    def chunk_id(self) -> str: ...
    @property
    def text(self) -> str: ...


class ScaleClaims:
    """The rule for one case: the scales its cited chunks declare, read on first need."""

    __slots__ = ("_chunks", "_cited", "_declared", "_on")

    def __init__(self, chunks: Sequence[_Chunk], cited_ids: Iterable[str], *, on: bool) -> None:
        self._chunks, self._cited, self._on = chunks, set(cited_ids), on
        self._declared: frozenset[int] | None = None

    def may_restate(self, magnitude: int) -> bool:
        """Whether a bare figure of the evidence may be read at the answer's `magnitude`
        (always when the rule is off)."""
        if not self._on or not magnitude:
            return True
        if self._declared is None:
            self._declared = cited_exponents(self._chunks, self._cited)
        return may_restate(magnitude, self._declared)


def cited_exponents(chunks: Sequence[_Chunk], cited_ids: Iterable[str]) -> frozenset[int]:
    """The scales (powers of ten, nonzero) the cited chunks declare."""
    wanted = set(cited_ids)
    return frozenset(
        d.exponent
        for chunk in chunks
        if chunk.chunk_id in wanted
        for d in declarations(chunk.text, chunk.chunk_id)
        if d.exponent
    )


def may_restate(magnitude: int, declared: frozenset[int]) -> bool:
    """Whether a bare figure of the cited evidence may be read at the answer's `magnitude`:
    the answer writes none, the evidence declares no scale, or it declares that one."""
    return not magnitude or not declared or magnitude in declared
