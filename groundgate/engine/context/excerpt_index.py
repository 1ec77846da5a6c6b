"""An excerpt's facts as the context rule (grounding.py) reads them: read once per text.

A `_Seen` is one excerpt's facts indexed by quantity, its rows by the words of their labels (the
row rule's question looks only at labels sharing a word), its columns' naming words and its
prose values' subjects read on first need. `excerpt_facts` gives a prose value the periods its
own words give it (read as the answer's are); `excerpt_cells` reads the cells alone. Moved out of
grounding.py unchanged. Pure: no Django, no I/O.
"""

from __future__ import annotations

from typing import NamedTuple

from groundgate.engine.context.adjacent_periods import with_adjacent_periods
from groundgate.engine.context.claims import naming_words, value_periods
from groundgate.engine.context.facts import PLAIN, Fact, TableReading, read_facts
from groundgate.engine.context.label_units import label_name
from groundgate.engine.context.label_words import abbreviated
from groundgate.engine.context.other_rows import other_label
from groundgate.engine.context.other_sides import not_of
from groundgate.engine.context.phrase_periods import phrase_periods, prose_row
from groundgate.engine.context.prose_bindings import ProseBindings
from groundgate.engine.context.prose_subjects import ProseSubjects
from groundgate.engine.context.respective_lists import paired_fact
from groundgate.engine.context.year_relative import latest_year
from groundgate.engine.text_memo import text_memo


class _Named(NamedTuple):
    """The rows of a table the answer's words name best (by label: rows with the same naming
    words score alike), and how many of the words each label sharing one has."""

    best: frozenset[frozenset[str]]
    common: dict[frozenset[str], int]


class _Seen:
    """One excerpt's facts as the rule reads them, indexed once: by quantity, and its rows by
    the words of their labels (a claim's row question looks only at labels sharing a word)."""

    def __len__(self) -> int:  # (the memo's measure of its size, _seen)
        return len(self.facts)

    def __init__(
        self,
        facts: list[Fact],
        text: str = "",
        others: bool = False,
        units: bool = False,
        heads: bool = False,
        apart: bool = False,
        rivals: str = "",
        longer: bool = False,
        abbreviations: str = "",
        months: bool = False,
        changes: bool = False,
        points: bool = False,
        nouns: bool = False,
        segment_heads: bool = False,
        respective: bool = False,
    ) -> None:
        self.facts = facts
        self.text = text
        self.months = months  # month_words "whole_words" (d714): claims.naming_words
        self.changes = changes  # prose_facets "change_words" (d774): prose_bindings
        self.points = points  # point_units "unit_headers" (d775): point_units.py
        self.rate_columns = False  # segment_columns "metric_heads" (d886): point_units.py
        self.other_sides = False  # period_phrases "other_sides" (d911): other_sides.py
        self.fiscal_starts = False  # fiscal_years "declared_starts" (d912): fiscal_years.py
        # The cells headed by the chunk's header, (start, end) (excerpt_headers, d940)
        self.from_chunk: frozenset[tuple[int, int]] = frozenset()
        self.fiscal_names = False  # fiscal_years "declared_names" (d945): fiscal_names.py
        # fiscal_years "chunk_names" (d977): the chunk up to the excerpt's end, where the chunk
        # heads a cell (chunk_headers._part_seen), for the retail year end of its header.
        self.fiscal_chunk = False
        self.fiscal_open = False  # fiscal_years "open_names" (d987): fiscal_names.fiscal_fits
        self.chunk_head = ""
        self.nouns = nouns  # prose_facets "count_nouns" (d780): prose_bindings
        self.segment_heads = segment_heads  # prose_facets "segment_heads" (d784): prose_heads
        self.respective = respective  # prose_facets "respective_lists" (d786)
        self.longer = longer  # longer_rows "unsaid_words" (d705)
        # label_abbreviations "zh_finance" (d706): a short form its labels' long forms have,
        # with the naming words of those long forms ("扣非": 扣除非, 经常性, 损益).
        self.short_forms: dict[str, frozenset[str]] = {}
        self.shorts_of: dict[frozenset[str], frozenset[str]] = {}  # label -> its short forms
        self._latest: tuple[int | None] | None = None
        # row_said (label_heads.py, d676): "heads" (`heads`), "apart_or_head" (both).
        self.heads, self.apart = heads or apart, apart
        self.rivals = rivals  # row_rivals (row_rivals.py, d697): "", "said", "unqualified"
        self._prose_subjects: ProseSubjects | None = None
        self._prose_bindings: ProseBindings | None = None
        self.by_quantity: dict[str, list[Fact]] = {}
        self.labels: dict[str, frozenset[str]] = {}  # row -> its naming words
        self.first_row: dict[frozenset[str], str] = {}  # label -> its least row (min())
        self.by_word: dict[str, list[frozenset[str]]] = {}
        self._named: dict[frozenset[str], _Named] = {}
        self._columns: dict[str, frozenset[str]] | None = None
        # The words only the labels' unit statements give ("MWh", "亿元"; label_units): an
        # answer that says a label with its unit names no row by them either.
        self.unit_words: frozenset[str] = frozenset()
        for fact in facts:
            self.by_quantity.setdefault(fact.value.quantity, []).append(fact)
            if fact.in_table and fact.row and fact.row not in self.labels:
                # With `units` (label_units "aside"), a label's unit statement is no name.
                row = label_name(fact.row) if units else fact.row
                label = naming_words(row, months) or other_label(row, others)
                if abbreviations:
                    shorts = abbreviated(row, abbreviations == "after")  # 扣非, 归母 (d706, d889)
                    for short, words in shorts:
                        self.short_forms[short] = self.short_forms.get(short, words) | words
                    if shorts:
                        self.shorts_of[label] = frozenset(short for short, _ in shorts)
                if row is not fact.row and row != fact.row:
                    self.unit_words |= naming_words(fact.row, months) - label
                self.labels[fact.row] = label
                least = self.first_row.get(label)
                if least is None:
                    self.first_row[label] = fact.row
                    for word in label:
                        self.by_word.setdefault(word, []).append(label)
                elif fact.row < least:
                    self.first_row[label] = fact.row

    def latest_year(self) -> int | None:
        """The latest year of its year columns (year_relative "latest_year", d709)."""
        if self._latest is None:
            self._latest = (latest_year(self.facts),)
        return self._latest[0]

    def expanded(self, words: frozenset[str]) -> frozenset[str]:
        """The answer's words with the long forms of the short ones its labels abbreviate."""
        if not self.short_forms or self.short_forms.keys().isdisjoint(words):
            return words
        return words.union(*(self.short_forms[w] for w in words if w in self.short_forms))

    def said_short(self, named: frozenset[str], own: frozenset[str], words: frozenset[str]) -> bool:
        """Whether `words` say a short form of label `named` that label `own` has not ("扣非"
        of the 扣非 row, said of the 归母 row's figure): the short form sets it apart."""
        mine = self.shorts_of.get(named, frozenset())
        return not (mine - self.shorts_of.get(own, frozenset())).isdisjoint(words)

    def columns(self) -> dict[str, frozenset[str]]:
        """The table's column headers with naming words ("As reported", "Current", "Change
        (%)"; a header of periods alone has none), each with them: read on first need."""
        if self._columns is None:
            # (made whole before it is kept: a _Seen is shared by the cases citing its text)
            columns: dict[str, frozenset[str]] = {}
            for fact in self.facts:
                if fact.in_table and fact.column and fact.column not in columns:
                    columns[fact.column] = naming_words(fact.column, self.months)
            self._columns = columns
        return self._columns

    def not_of(self, fact: Fact) -> tuple[str, ...]:
        """The periods a figure of the text is recorded not to be of: a comparison's other
        side's (period_phrases "other_sides", d911; other_sides.py)."""
        return not_of(self.text).get((fact.start, fact.end), ())

    def subjects(self) -> ProseSubjects:
        """Its prose values' subjects (policy prose_subjects), read on first need."""
        if self._prose_subjects is None:
            self._prose_subjects = ProseSubjects(self.facts, self.text, self.months)
        return self._prose_subjects

    def bindings(self) -> ProseBindings:
        """What its prose values are said of (prose_subjects "bound_values"), on first need."""
        if self._prose_bindings is None:
            self._prose_bindings = ProseBindings(
                self.facts,
                self.text,
                self.changes,
                self.nouns,
                self.segment_heads,
                self.respective,
            )
        return self._prose_bindings

    def named(self, words: frozenset[str]) -> _Named:
        """The labels the answer's words name best: the most words in common, then the fewest
        words of the label left over. Empty when no row shares a word."""
        if self.unit_words:
            words = words - self.unit_words
        named = self._named.get(words)
        if named is None:
            scores: dict[frozenset[str], tuple[int, int]] = {}
            for word in words:
                for label in self.by_word.get(word, ()):
                    if label not in scores:
                        scores[label] = (len(label & words), -len(label - words))
            best = max(scores.values(), default=(0, 0))
            if best[0] == 0:
                named = _Named(frozenset(), {})
            else:
                named = _Named(
                    frozenset(label for label, s in scores.items() if s == best),
                    {label: s[0] for label, s in scores.items()},
                )
            self._named[words] = named
        return named


@text_memo(max_bytes=8 * 2**20, item_bytes=300)
def _seen(excerpt: str, with_periods: bool, reading: TableReading = PLAIN) -> _Seen:
    """The excerpt's facts (with its prose values' periods, or its cells only) indexed as the
    rule reads them: once per text, not once per case citing it (excerpts repeat across the
    answers about one filing). Shared: its lookups are only added to, each entry whole."""
    facts = excerpt_facts(excerpt, reading) if with_periods else excerpt_cells(excerpt, reading)
    return seen_of(facts, excerpt, reading)


def seen_of(facts: list[Fact], excerpt: str, reading: TableReading = PLAIN) -> _Seen:
    """`facts` of `excerpt` indexed as `reading` reads them (_seen's, and chunk_headers' for an
    excerpt's cells headed by its chunk, d940)."""
    seen = _Seen(
        facts,
        excerpt,
        reading.other_rows,
        reading.label_units,
        reading.said_heads,
        reading.said_apart,
        reading.rivals,
        reading.longer_rows,
        reading.abbreviations,
        reading.whole_months,
        reading.change_words,
        reading.point_units,
        reading.count_nouns,
        reading.segment_heads,
        reading.respective,
    )
    seen.rate_columns = reading.segments
    seen.other_sides = "other_sides" in reading.period_readings
    seen.fiscal_starts = "fiscal_starts" in reading.period_readings
    seen.fiscal_names = "fiscal_names" in reading.period_readings
    seen.fiscal_chunk = "fiscal_chunk" in reading.period_readings
    seen.fiscal_open = "fiscal_open" in reading.period_readings
    return seen


def excerpt_facts(excerpt: str, reading: TableReading = PLAIN) -> list[Fact]:
    """The excerpt's facts; a value in prose gets the periods its own words give it, read as
    the answer's are ("45%, compared with 48% in 2021": 2021 is 48%'s, not 45%'s). Read once
    per text (the context rule and the derivations' operands both ask; facts are immutable)."""
    return list(_excerpt_facts(excerpt, reading))


@text_memo(max_bytes=8 * 2**20, item_bytes=600)
def _excerpt_facts(excerpt: str, reading: TableReading) -> tuple[Fact, ...]:
    facts = excerpt_cells(excerpt, reading)
    if reading.adjacent:  # a sentence read as a row: its figures' own periods (d827)
        facts = with_adjacent_periods(facts, excerpt)
    own: dict[tuple[int, int], tuple[str, ...]] | None = None
    if reading.phrases:  # a prose figure's own period phrase; a sentence read as a row (d855)
        # read on first need (d930): an excerpt of table rows alone asks no phrase
        for k, f in enumerate(facts):
            if f.in_table and not f.column and not f.periods and prose_row(excerpt, f.start):
                own = phrase_periods(excerpt) if own is None else own
                facts[k] = f._replace(periods=own.get((f.start, f.end), ()))
    if all(f.in_table for f in facts):
        return tuple(facts)
    if own is None:
        own = phrase_periods(excerpt) if reading.phrases else value_periods(excerpt)
    if reading.respective:  # a "respectively" list's value is of its item's period (d786)
        return tuple(f if f.column else paired_fact(f, own, excerpt) for f in facts)
    return tuple(
        f if f.in_table else f._replace(periods=own.get((f.start, f.end), ())) for f in facts
    )


@text_memo(max_bytes=8 * 2**20, item_bytes=600)
def _read_cells(excerpt: str, reading: TableReading) -> tuple[Fact, ...]:
    return tuple(read_facts(excerpt, prose_context=False, reading=reading))


def excerpt_cells(excerpt: str, reading: TableReading = PLAIN) -> list[Fact]:
    """The excerpt's facts without the context of its prose values (periods, entities: ()):
    what the row rule reads, and what excerpt_facts gives its own periods to."""
    return list(_read_cells(excerpt, reading))
