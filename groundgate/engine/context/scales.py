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
and claims no scale.

Under `scale_claims: "unit_cells"` (gate 2.14.0, d346) a table's unit cell declares its scale
too: a currency with a magnitude and no figure ("€m", "£m", "$ million", "$M", "$'000",
"US$’000", "RMB'000", a bare "万元" / "人民币亿元" cell) - the way most annual-report tables say
it, where "(in millions)" is the American filing's way. "cited_declarations" (2.9.1) reads only
the phrases of declarations.declarations().

Under `scale_claims: "unit_words"` (gate 2.20.0, d459) the unit cells and phrases are also read
as reports print them beyond those: a quote between the currency and its magnitude ("RMB’Million",
"USD ‘000"), a scale word in the singular in parentheses with no figure ("(in million)", "(in
thousand NT dollars)"), "in thousands" broken over lines, and a "('000)" / "(000s)" mark. The
scale the evidence states in the grounding rules (declarations.declarations(), declared_scale)
is not changed: only which magnitude words the answer may add. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Protocol

from groundgate.engine.declarations import declarations
from groundgate.engine.text_memo import text_memo


class _Chunk(Protocol):
    @property
    def chunk_id(self) -> str: ...
    @property
    def text(self) -> str: ...


class ScaleClaims:
    """The rule for one case: the scales its cited chunks declare, read on first need."""

    __slots__ = ("_chunks", "_cited", "_declared", "_glued", "_on", "_units", "_words")

    def __init__(
        self,
        chunks: Sequence[_Chunk],
        cited_ids: Iterable[str],
        *,
        on: bool,
        units: bool = False,
        words: bool = False,
        glued: bool = False,
    ) -> None:
        self._chunks, self._cited, self._on, self._units = chunks, set(cited_ids), on, units
        self._words, self._glued = words, glued
        self._declared: frozenset[int] | None = None

    def may_restate(self, magnitude: int) -> bool:
        """Whether a bare figure of the evidence may be read at the answer's `magnitude`
        (always when the rule is off)."""
        if not self._on or not magnitude:
            return True
        return may_restate(magnitude, self.declared())

    def declared(self) -> frozenset[int]:
        """The scales the cited chunks declare, read once (whichever `on`: whole_amounts asks)."""
        if self._declared is None:
            self._declared = cited_exponents(
                self._chunks, self._cited, units=self._units, words=self._words, glued=self._glued
            )
        return self._declared


def cited_exponents(
    chunks: Sequence[_Chunk],
    cited_ids: Iterable[str],
    *,
    units: bool = False,
    words: bool = False,
    glued: bool = False,
) -> frozenset[int]:
    """The scales (powers of ten, nonzero) the cited chunks declare; with `units`, their unit
    cells' too; with `words`, also unit_word_exponents'."""
    wanted = set(cited_ids)
    found: set[int] = set()
    for chunk in chunks:
        if chunk.chunk_id in wanted:
            found.update(_chunk_exponents(chunk.text, chunk.chunk_id, units, words, glued))
    return frozenset(found)


@text_memo(max_bytes=8 * 2**20, item_bytes=8)
def _chunk_exponents(
    text: str, chunk_id: str, units: bool, words: bool, glued: bool = False
) -> frozenset[int]:
    """What cited_exponents reads of one chunk: read once per text, not once per case citing
    it (the chunks of one filing are cited by every answer about it; each read is several
    searches of the whole page)."""
    found = {d.exponent for d in declarations(text, chunk_id, glued) if d.exponent}
    if units:
        found.update(unit_cell_exponents(text))
    if words:
        found.update(unit_word_exponents(text))
    return frozenset(found)


# A unit cell: a currency with a magnitude and no figure, standing alone ("€m", "£m", "$ million",
# "$M", "$'000", "US$’000", "RMB'000", "(€m)", "EUR m"). The magnitude must follow the currency
# directly (a space at most): "$5m" is an amount, not a declaration, and a word right after it
# ("$ms", "$mark") is no magnitude.
_UNIT_CELL = re.compile(
    r"(?<![\w$€£¥'’.,])"
    r"(?:US\$|A\$|C\$|HK\$|S\$|NZ\$|R\$|[$€£¥]|RMB|USD|EUR|GBP|AUD|CAD|CHF|HKD|SGD|NZD|JPY|"
    r"SEK|NOK|DKK|INR|ZAR)"
    r"[ \u00a0]?(?i:(millions?|mn|mm|m)|(billions?|bn|b)|(thousands?|k|['’]000s?|000s?))"
    r"(?![\w'’])"
)
# In Chinese, a cell of its own that is only the unit: "万元", "人民币亿元", "千元" (the phrases
# "单位：万元" and "（万元）" are declarations.declarations()'). Not after a figure or another
# character ("5万元", "五万元", "以万元计" are amounts or prose).
_ZH_UNIT_CELL = re.compile(
    r"(?<![\u4e00-\u9fff0-9０-９.,，（(])(?:人民币)?(千元|万元|百万元|亿元)(?![\u4e00-\u9fff）)])"
)
_ZH_EXPONENTS = {"千元": 3, "万元": 4, "百万元": 6, "亿元": 8}


def unit_cell_exponents(text: str) -> set[int]:
    """The scales the text's unit cells declare (see _UNIT_CELL): 6 for "€m", 3 for "$'000"."""
    found: set[int] = set()
    for m in _UNIT_CELL.finditer(text):
        found.add(6 if m.group(1) else 9 if m.group(2) else 3)
    if "元" in text and not text.isascii():
        found.update(_ZH_EXPONENTS[m.group(1)] for m in _ZH_UNIT_CELL.finditer(text))
    return found


# What scale_claims "unit_words" (d459) reads beyond the unit cells and the phrases:
#  - a currency, a quote, the magnitude: "RMB’Million", "USD ‘000", "US$‘000", "HK$'m";
#  - a scale word after "in", or alone with its currency, in parentheses with no figure in
#    them, singular or plural: "(in million)", "(in thousand NT dollars)", "($ million)" ("(a
#    $5 million charge)" is an amount, "(about a million users)" a count);
#  - "in thousands" with a line break in it ("(in\nthousands):");
#  - a mark of thousands in parentheses: "('000)", "(000s)", "(’000)" (not "(1,000)": a cell
#    printed negative reads alike).
_QUOTED_UNIT = re.compile(
    r"(?<![\w$€£¥'’.,])"
    r"(?:US\$|A\$|C\$|HK\$|S\$|NZ\$|R\$|[$€£¥]|RMB|USD|EUR|GBP|AUD|CAD|CHF|HKD|SGD|NZD|JPY|"
    r"SEK|NOK|DKK|INR|ZAR)"
    r"[ \u00a0]?['’‘`][ \u00a0]?(?i:(millions?|mn|mm|m)|(billions?|bn|b)|(thousands?|k|000s?))"
    r"(?![\w'’])"
)
_BARE_SCALE_WORD = re.compile(
    r"[(（][^()（）0-9]{0,40}?\b[Ii]n\s+(?i:(thousands?)|(millions?)|(billions?))\b"
    r"[^()（）0-9]{0,40}[)）]"
    r"|[(（]\s*(?:US\$|[$€£]|RMB|USD)?\s*(?i:(thousands?)|(millions?)|(billions?))\s*[)）]"
    r"|\b[Ii]n\s+(?i:(thousands)|(millions)|(billions))\b"
)
_THOUSANDS_MARK = re.compile(r"[(（]\s*['’‘]?\s*000\s*['’]?s?\s*[)）]")


def unit_word_exponents(text: str) -> set[int]:
    """The scales the text states in the words of _QUOTED_UNIT, _BARE_SCALE_WORD and
    _THOUSANDS_MARK (scale_claims "unit_words"): 6 for "RMB’Million", 3 for "(in thousand NT
    dollars)"."""
    found: set[int] = set()
    for m in _QUOTED_UNIT.finditer(text):
        found.add(6 if m.group(1) else 9 if m.group(2) else 3)
    low = text.lower()
    if "thousand" in low or "million" in low or "billion" in low:
        for m in _BARE_SCALE_WORD.finditer(text):
            word = next(g for g in m.groups() if g).lower()
            found.add(3 if word.startswith("t") else 6 if word.startswith("m") else 9)
    if "000" in text and _THOUSANDS_MARK.search(text):
        found.add(3)
    return found


def may_restate(magnitude: int, declared: frozenset[int]) -> bool:
    """Whether a bare figure of the cited evidence may be read at the answer's `magnitude`:
    the answer writes none, the evidence declares no scale, or it declares that one."""
    return not magnitude or not declared or magnitude in declared
