"""Where the answer gate looks for a value that is not verbatim in any excerpt.

The answer gate first looks for each value verbatim (number_lookup.units_offering, the fast
path). Only a value that is not found that way comes here, and an EvidenceIndex is built once per
case, on first need:
  - ground():    the excerpts' typed values, compared under the policy's equivalence rules;
  - near_miss(): the one most useful hint for a value that stays ungrounded (near_search.py);
  - derivation(): a short calculation from cited values that gives the value (derivations.py).
The values it looks up (Located, Grounding) and an excerpt's values read once per text are
evidence_values.py's. Pure: no Django, no I/O.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator, Mapping, Sequence

from groundgate.engine.declarations import bound_of, sign_in_words
from groundgate.engine.evidence_values import (
    _DATE,
    _VALUE,
    EvidenceLike,
    Grounding,
    Located,
    _Chunk,
    _Excerpt,
    _excerpt_reading,
    _located,
    _PlacedKey,
    _Reading,
)
from groundgate.engine.index_keys import (
    PREFIXES,
    WIDE_PREFIX_LIMIT,
    query_keys,
    rounding_heads,
)
from groundgate.engine.near_search import Hint, near_miss_of
from groundgate.engine.numbers import NumericValue, extract_numbers
from groundgate.engine.quantities import (
    NO_CONTEXT,
    Context,
    Quantity,
    compare,
    risk,
    typed,
)
from groundgate.engine.scale_contexts import ChunkContexts, ChunkLike, LazyContext
from groundgate.engine.text_memo import text_memo
from groundgate.engine.values.number.words_en import count_in_words

# Located(...) without the NamedTuple's Python-level __new__ (the index makes one per value).
_new = tuple.__new__


class EvidenceIndex:
    """The typed values of one case's evidence, built once, on first need."""

    def __init__(
        self,
        *,
        chunks: Sequence[ChunkLike],
        accepted: Sequence[tuple[int, EvidenceLike]],
        located: Mapping[int, tuple[ChunkLike, int]] | None = None,
        scale_scope: str,
        question_exponent: int | None,
        rounding_min_significant: int,
        glued_scales: bool = False,
        header_days: int = 0,
        capitals: str = "off",
        spaced_signs: str = "",
        year_quarters: bool = False,
        fiscal_starts: bool = False,
    ) -> None:
        self._chunks = chunks
        self._spaced_signs = spaced_signs  # sign_parentheses (d747): "", "full_width", "spaced"
        # How an excerpt's values are read (_excerpt_reading): shared_days (1 "header_lines",
        # 2 "flattened_lines", values/date/evidence), capital_words (values/capitals.py),
        # year_quarters "sentence_year" (year_quarters.py, d854), fiscal_years (d947).
        self._read_as = (header_days, capitals, year_quarters, fiscal_starts)
        self._contexts = ChunkContexts(chunks, scale_scope, glued_scales)
        self._accepted = accepted
        self.question_exponent = question_exponent
        self._min_sig = rounding_min_significant
        # chunk_id -> its chunk; lists only when an id is given twice (rare, see answer.py).
        self._by_id: dict[str, ChunkLike] = {chunk.chunk_id: chunk for chunk in chunks}
        self._by_id_all: dict[str, list[ChunkLike]] | None = None
        if len(self._by_id) != len(chunks):
            self._by_id_all = {}
            for chunk in chunks:
                self._by_id_all.setdefault(chunk.chunk_id, []).append(chunk)
        self._excerpt_values: list[Located] | None = None
        # Where the numeric values are in excerpt_values (built with it).
        self.numeric_positions: list[int] = []
        self._cited_spans: dict[str, list[tuple[int, int, int]]] | None = None
        self._chunk_values: dict[int, list[Located]] = {}
        self._by_key: dict[tuple[object, ...], list[int]] = {}
        self._digit_keys: list[str] = []
        self._digit_positions: list[int] = []
        self._other_values: list[Located] | None = None
        # near_search.py's table of the numeric values, on first near miss.
        self.near_table: list[tuple[int, object, str, str, str, Located]] | None = None
        # evidence index -> (its chunk, the excerpt's offset in it), or None: not found.
        self._given: dict[int, tuple[ChunkLike, int]] = dict(located or {})
        self._cited: dict[int, tuple[ChunkLike, int] | None] = dict(self._given)
        # The placed excerpt values and what is made of them (_Reading), on first need.
        self.reading: _Reading | None = None
        # evidence index -> its excerpt, on first need (sign_given).
        self._excerpt_texts: dict[int, str] | None = None
        # The candidates of the last value asked about: ground() and near_miss() ask in turn.
        self._last_candidates: tuple[Quantity, list[Located]] | None = None
        # What compare() gave for each of them (no rounding said, no bound), when ground()
        # compared them all: near_miss() asks the same of the same candidates (compared()).
        self._last_compared: tuple[Quantity, list[tuple[str, ...] | None]] | None = None

    def _cited_chunk(self, index: int, evidence: EvidenceLike) -> tuple[ChunkLike, int] | None:
        """The first chunk with the evidence's chunk_id whose text has its excerpt, and where."""
        key = index
        if key in self._cited:
            return self._cited[key]
        found = None
        if self._by_id_all is None:
            single = self._by_id.get(evidence.chunk_id)
            candidates: Sequence[ChunkLike] = () if single is None else (single,)
        else:
            candidates = self._by_id_all.get(evidence.chunk_id, ())
        for chunk in candidates:
            offset = chunk.text.find(evidence.excerpt)
            if offset >= 0:
                found = chunk, offset
                break
        self._cited[key] = found
        return found

    # -- the values ------------------------------------------------------------------------

    @property
    def excerpt_values(self) -> list[Located]:
        if self._excerpt_values is None:
            self._excerpt_values = self._build()
        return self._excerpt_values

    def _build(self) -> list[Located]:
        """Every typed value of the accepted excerpts, in excerpt order (range ends after their
        range, then the dates of values/date/evidence), and the lookup tables of _candidates and
        near_miss: placed once per evidence set (_placed, memoised on the texts and where the
        excerpts were found), the answers about one set of pages share them."""
        chunks = self._chunks
        positions = {id(chunk): k for k, chunk in enumerate(chunks)}
        cited: list[tuple[int, int | tuple[str, str, int | None], int]] = []
        for index in sorted(self._given):
            chunk, offset = self._given[index]
            at = positions.get(id(chunk))
            # (a chunk that is not one of the case's: its own fields)
            where = at if at is not None else (chunk.chunk_id, chunk.text, chunk.page_index)
            cited.append((index, where, offset))
        key: _PlacedKey = (
            (self._contexts.scope, self._contexts.glued, *self._read_as),
            tuple((c.chunk_id, c.text, c.page_index) for c in chunks),
            tuple((i, e.chunk_id, e.excerpt) for i, e in self._accepted),
            tuple(cited),
        )
        reading = _placed(key)
        self.reading = reading
        self.numeric_positions = reading.numeric_positions
        self._by_key = reading.by_key
        self._digit_keys, self._digit_positions = reading.digit_keys, reading.digit_positions
        return reading.values

    def _place(self) -> _Reading:
        """_build's reading, made: each excerpt value placed in its chunk. What depends on an
        excerpt's text alone (its typed values and their keys) is read once per text
        (_excerpt_reading)."""
        found: list[Located] = []
        numbers: list[tuple[str, int]] = []
        by_key: dict[tuple[object, ...], list[int]] = {}
        for index, evidence in self._accepted:
            cited = self._cited_chunk(index, evidence)
            reading = _excerpt_reading(evidence.excerpt, *self._read_as)
            base = len(found)
            if cited is None:
                chunk_id = evidence.chunk_id
                for q, start, end, _, _, _ in reading:
                    found.append(
                        _new(
                            Located, (q, NO_CONTEXT, chunk_id, None, index, (start, end), "excerpt")
                        )
                    )
            else:
                chunk, offset = cited
                # One context for the whole excerpt unless its chunk declares a scale.
                contexts = self._contexts
                shared = (
                    None
                    if contexts.chunk_declarations(chunk)
                    else contexts.context_for(chunk, offset)
                )
                chunk_id = chunk.chunk_id
                context: Context | LazyContext = NO_CONTEXT
                for q, start, end, role, _, _ in reading:
                    if role == _DATE:
                        # The dates the grammar does not read whole (values/date/evidence),
                        # placed in the chunk too, so the review page can mark them.
                        found.append(
                            _new(
                                Located,
                                (
                                    q,
                                    NO_CONTEXT,
                                    evidence.chunk_id,
                                    (offset + start, offset + end),
                                    index,
                                    (start, end),
                                    "excerpt",
                                ),
                            )
                        )
                        continue
                    if role == _VALUE:  # (a range's ends follow it, in its context)
                        context = shared or contexts.context_for(chunk, offset + start)
                    found.append(
                        _new(
                            Located,
                            (
                                q,
                                context,
                                chunk_id,
                                (offset + start, offset + end),
                                index,
                                (start, end),
                                "excerpt",
                            ),
                        )
                    )
            for position, (_, _, _, _, digits, keys) in enumerate(reading, base):
                if digits is not None:
                    numbers.append((digits, position))
                for key in keys:
                    by_key.setdefault(key, []).append(position)
        numeric_positions = [position for _, position in numbers]
        numbers.sort()
        return _Reading(
            found,
            numeric_positions,
            [digits for digits, _ in numbers],
            [position for _, position in numbers],
            by_key,
        )

    def candidates(self, q: Quantity) -> list[Located]:
        """The excerpt values that can possibly ground q, in excerpt order: numbers by their
        significant digits (the same ones, or the leading ones a rounding needs) in one sorted
        list, other values by key (year, month, time, digits), so a long answer against long
        excerpts costs a few binary searches per value."""
        last = self._last_candidates
        if last is not None and last[0] is q:
            return last[1]
        values = self.excerpt_values
        positions: set[int] = set()
        if q.numeric:
            keys, at = self._digit_keys, self._digit_positions
            stripped = q.digits.rstrip("0")
            lo, hi = bisect_left(keys, stripped), bisect_right(keys, stripped)
            positions.update(at[lo:hi])
            for head in rounding_heads(q.digits):
                head = head[:PREFIXES]
                # Digits sort before ":", so [head, head + ":") is every value starting so.
                lo, hi = bisect_left(keys, head), bisect_left(keys, head + ":")
                if len(head) == 1:
                    hi = min(hi, lo + WIDE_PREFIX_LIMIT)
                positions.update(at[lo:hi])
        for key in query_keys(q):
            found = self._by_key.get(key)
            if found:
                positions.update(found)
        candidates = [values[i] for i in sorted(positions)]
        self._last_candidates = (q, candidates)
        return candidates

    def other_values(self, needle: str) -> list[Located]:
        """Values of the cited chunks outside their excerpts, and of the chunks nobody cited -
        only in the chunks whose text contains `needle` (a run of the value's digits), so that
        a case with long chunks costs a str.find per chunk, not a scan."""
        found: list[Located] = []
        for position, chunk in enumerate(self._chunks):
            if needle not in chunk.text:
                continue
            values = self._chunk_values.get(position)
            if values is None:
                values = self._chunk_values[position] = self._values_outside(chunk)
            found.extend(values)
        return found

    def _values_outside(self, chunk: ChunkLike) -> list[Located]:
        if self._cited_spans is None:  # where each cited chunk is quoted, on first need
            self._cited_spans = {}
            for cited_index, evidence in self._accepted:
                hit = self._cited_chunk(cited_index, evidence)
                if hit is not None:
                    cited, offset = hit
                    self._cited_spans.setdefault(cited.chunk_id, []).append(
                        (offset, offset + len(evidence.excerpt), cited_index)
                    )
        spans = self._cited_spans.get(chunk.chunk_id)
        found: list[Located] = []
        if spans and any(s == 0 and e >= len(chunk.text) for s, e, _ in spans):
            # An excerpt quotes the whole chunk (FinanceBench cites whole pages): every value
            # of it is inside, so none is outside - and the chunk is not scanned again.
            return found
        for value in extract_numbers(chunk.text):
            if spans and any(s <= value.start and value.end <= e for s, e, _ in spans):
                continue  # inside a cited excerpt: already an excerpt value
            where = "outside_excerpt" if spans else "other_chunk"
            index = spans[0][2] if spans else None
            context = self._contexts.context_for(chunk, value.start)
            span = (value.start, value.end)
            found.extend(_located(value, context, chunk.chunk_id, span, index, where))
        return found

    # -- the three questions -----------------------------------------------------------------

    def ground(
        self,
        q: Quantity,
        allowed: frozenset[str],
        *,
        approximately: bool = False,
        signed: Callable[[], bool] | None = None,
        bound: str | None = None,
    ) -> Grounding | None:
        """The safest way an excerpt value grounds `q` under the allowed rules, or None.
        `approximately`: the answer says it rounds ("about", "约"; see nearness.rounds_to).
        `signed`: asked only for an evidence value of the opposite sign, whether the answer
        gives the value's sign in words ("decreased 5%", see declarations.sign_in_words); else
        an opposite sign grounds only a value whose own sign the evidence gives in words or
        parentheses. `bound`: the answer states a bound ("over
        50%", declarations.bound_of), which an evidence value that is no bound itself may meet."""
        if q.kind == "range":
            return self._ground_range(q, allowed)
        best: Grounding | None = None
        candidates = self.candidates(q)
        if bound is not None:
            # "under 1,000" for 950, "over 1 million" for 1.6 million: values within a bound need
            # not share its digits, which the digit index looks up; every numeric excerpt value
            # is asked instead (only for a value the answer states as a bound).
            values = self.excerpt_values
            candidates = [values[position] for position in self.numeric_positions]
        # (Without a rounding said or a bound, compare() answers what near_miss() asks next.)
        plain = not approximately and bound is None
        compared: list[tuple[str, ...] | None] | None = [] if plain else None
        for located in candidates:
            rules = self.compare(q, located, approximately, bound)
            if compared is not None:
                compared.append(rules)
            if rules is None or not allowed.issuperset(rules):
                continue
            if "sign" in rules and not (
                (signed is not None and signed()) or self.sign_given(located)
            ):
                continue
            if "bound" in rules and self._bounded(located):
                continue  # two thresholds: "over $50" is not "over $55"
            if best is None or risk(rules) < risk(best.rules):
                best = Grounding(rules, located)
                if not rules:
                    compared = None  # (not every candidate compared)
                    break
        if compared is not None:
            self._last_compared = (q, compared)
        return best

    def compared(self, q: Quantity) -> Iterator[tuple[Located, tuple[str, ...] | None]]:
        """Each candidate of q with compare(q, candidate) (no rounding said, no bound), in
        order: what ground() found for them when it compared them all, else compared one by
        one as the caller reads on."""
        candidates = self.candidates(q)
        last = self._last_compared
        if last is not None and last[0] is q and len(last[1]) == len(candidates):
            return zip(candidates, last[1], strict=True)
        return ((located, self.compare(q, located)) for located in candidates)

    def _ground_range(self, q: Quantity, allowed: frozenset[str]) -> Grounding | None:
        best: Grounding | None = None
        for located in self.candidates(q):
            rules = self.compare(q, located)
            if rules is not None and allowed.issuperset(rules):
                return Grounding(rules, located)
        if "range_endpoints" not in allowed:
            return None
        ends = [self.ground(end, allowed) for end in q.endpoints]
        if all(ends):
            first = ends[0]
            assert first is not None
            rules = tuple(
                dict.fromkeys(r for g in ends if g for r in ("range_endpoints", *g.rules))
            )
            best = Grounding(rules, first.source)
        return best

    def compare(
        self, q: Quantity, located: Located, approximately: bool = False, bound: str | None = None
    ) -> tuple[str, ...] | None:
        return compare(
            q,
            located.quantity,
            located.context,
            question_exponent=self.question_exponent,
            rounding_min_significant=self._min_sig,
            approximately=approximately,
            bound=bound,
        )

    def near_miss(
        self, q: Quantity, allowed: frozenset[str], *, signed: Callable[[], bool] | None = None
    ) -> Hint | None:
        """The most useful hint for a value that is not grounded (None: nothing is close)."""
        return near_miss_of(self, q, allowed, signed=signed)

    def ground_in_words(self, q: Quantity, noun: str) -> Grounding | None:
        """A small count (or ordinal) that the answer writes in digits and an accepted excerpt in
        words before the same noun ("2 tablets" <- "two tablets", "2nd largest" <-
        "second-largest"), as a `format` grounding located on the word. Only with the noun:
        "two" alone grounds nothing ("the two of them")."""
        figure = q.figure
        ordinal = q.kind == "ordinal"
        if q.kind != "count" and not ordinal:
            return None
        if q.unit or q.negative or figure is None or figure != int(figure):
            return None
        for index, evidence in self._accepted:
            at = count_in_words(evidence.excerpt, int(figure), noun, ordinal=ordinal)
            if at is None:
                continue
            start, end = at
            word = evidence.excerpt[start:end]
            # (The word's quantity in digits, as the answer writes it: "two" is 2, "second" 2nd.)
            found = typed(NumericValue(word, start, end, q.value.kind, q.value.quantity))
            cited = self._cited_chunk(index, evidence)
            chunk_span = None if cited is None else (cited[1] + start, cited[1] + end)
            return Grounding(
                ("format",),
                Located(found, NO_CONTEXT, evidence.chunk_id, chunk_span, index, (start, end)),
            )
        return None

    def sign_given(self, located: Located) -> bool:
        """Whether the evidence gives this value's sign in words or parentheses ("(1,200)",
        "decreased 5%")."""
        around = self._text_of(located)
        return around is not None and sign_in_words(*around, spaced=self._spaced_signs)

    def _bounded(self, located: Located) -> bool:
        """Whether the evidence states a bound, not the value ("at least $55")."""
        around = self._text_of(located)
        return around is not None and bound_of(*around) is not None

    def _text_of(self, located: Located) -> tuple[str, int, int] | None:
        """The text an evidence value is in and its span there: the excerpt, or the chunk for
        a value outside it."""
        if located.where == "excerpt":
            if located.span is None or located.evidence_index is None:
                return None
            if self._excerpt_texts is None:
                self._excerpt_texts = {index: ev.excerpt for index, ev in self._accepted}
            text = self._excerpt_texts.get(located.evidence_index)
            return None if text is None else (text, *located.span)
        chunk = self._by_id.get(located.chunk_id)
        if chunk is None or located.chunk_span is None:
            return None
        return (chunk.text, *located.chunk_span)


@text_memo(max_bytes=32 * 2**20, item_bytes=600)
def _placed(key: _PlacedKey) -> _Reading:
    """EvidenceIndex._build's reading for `key`: (the scale scope and reading, the case's chunks as
    (chunk_id, text, page_index), the accepted evidence as (index, chunk_id, excerpt), where
    the evidence checks found excerpts: (index, the chunk's position or its fields, offset)).
    A pure function of them: the chunks and evidence are made again from the
    key, so that what the reading keeps refers to nothing of the case that first asked."""
    (scope, glued, header_days, capitals, quarters, fiscal), chunk_rows, accepted, cited_rows = key
    chunks = [_Chunk(*row) for row in chunk_rows]
    located: dict[int, tuple[ChunkLike, int]] = {}
    for index, where, offset in cited_rows:
        located[index] = (chunks[where] if isinstance(where, int) else _Chunk(*where), offset)
    return EvidenceIndex(
        chunks=chunks,
        accepted=[(i, _Excerpt(chunk_id, excerpt)) for i, chunk_id, excerpt in accepted],
        located=located,
        scale_scope=scope,
        question_exponent=None,
        rounding_min_significant=0,
        glued_scales=glued,
        header_days=header_days,
        capitals=capitals,
        year_quarters=quarters,
        fiscal_starts=fiscal,
    )._place()
