"""What a prose value is said OF within its clause (policy prose_subjects "bound_values", gate
2.50.0, d690-d693; issue 28).

own_clause (prose_subjects.py) reads a value's subject as the naming words of its own clause
part before it: the second attribute of a clause ("Pump A delivers 120 m3/h at 6 bar"), a name in
apposition ("Alice Smith, 45,"), a place after the value ("800 in France") and a day ("on
Saturday from 10 am") were bound to nothing. Here a prose value - of an excerpt, or of an answer,
read alike - is bound to facets, each a set of naming words, and to days:
  - its metric: the naming words of its own clause part before it ("its net income was $310
    million" -> net, incom); where that part says none and an earlier figure of its clause
    segment (up to ";", ":", a sentence's end) has them, that figure's ("Pump A delivers 120
    m3/h at 6 bar": 6 bar is Pump A's; "1,200 people in Germany and 800 in France": 800 is the
    company's employees too);
  - a name in apposition: a value alone between two commas ("Alice Smith, 45, is the chief
    executive"; "张三，45岁，任董事长") is the previous comma part's, and of the part after it
    (a second facet: "chief executive"; an acronym of it, "CFO", names it);
  - a place or segment after it: the words after "in"/"for"/"across"/"within" up to the next
    figure or the clause's end ("800 in France" -> franc; "7% in Asia" -> asia);
  - days: the weekdays its part between conjunctions names, else its comma part ("Monday to
    Friday", "weekdays", "on Saturday", "周一至周五", "星期六"); a time of day ("9 am") is a
    figure here (d692), a period for every other rule.
`bound_elsewhere` asks, for an evidence value the answer's value matched, whether the answer
binds it to another value's subject: it says every word that sets some facet of another prose
value (same kind and unit, another quantity, within 400 characters, not a period the answer
contradicts) apart from this value's, and not every word of any facet of this value's own; or
it names days none of which is this value's. Where the answer or the evidence binds nothing
that distinguishes, the value alone decides (d169). A facet's words are claims.naming_words'
whole-word months ("Markets", "margin" kept) under either month_words value (d715): the reading
this rule had by its own workaround at 2.50.0 (d693), now the shared function's. Pure: no
Django, no I/O.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from groundgate.engine.context.claims import naming_words
from groundgate.engine.context.comparisons import (
    EVERY_COMMA,
    joiner,
)
from groundgate.engine.context.facts import Fact
from groundgate.engine.context.initials import acronyms, names_row
from groundgate.engine.context.periods import contradicts, is_period_value
from groundgate.engine.context.prose_days import (
    COLON,
    DAY_NAMES,
    MARKS,
    NEAR,
    last_end,
    value_days,
    weekdays,
)
from groundgate.engine.context.prose_facets import attribute_unit, count_noun, subject_words
from groundgate.engine.context.prose_heads import segment_head, without_entity
from groundgate.engine.context.respective_lists import (
    paired_facets,
    prefixed,
    respective_pairs,
)
from groundgate.engine.numbers import NumericValue, extract_numbers
from groundgate.engine.sentences import SENTENCE_END
from groundgate.engine.text_memo import text_memo


class Binding(NamedTuple):
    """A prose value's facets (each a set of naming words, with its text as written) and days
    (0 Monday .. 6 Sunday)."""

    facets: tuple[tuple[frozenset[str], str], ...]
    days: frozenset[int]
    noun: frozenset[str] = frozenset()  # what a bare count counts (prose_facets, d780)
    item: str = ""  # its item in a "respectively" list, as written (respective_lists, d786)

    @property
    def words(self) -> frozenset[str]:
        out: frozenset[str] = frozenset()
        for words, _ in self.facets:
            out |= words
        return out


def bind(
    text: str,
    spans: list[tuple[int, int]],
    k: int,
    changes: bool = False,
    nouns: bool = False,
    heads: tuple[tuple[str, str], ...] | None = None,
    pairs: bool = False,
) -> Binding:
    """The binding of the value at spans[k] of `text` (`spans`: the text's figures, no periods,
    in order). `changes` (prose_facets "change_words", d774): a part whose words only say how
    the figure moved ("同比增长") names no metric of its own; `heads` (prose_facets
    "segment_heads", d784: each span's kind and unit) - a later comma part's value is also its
    segment head's, where the head's figure is of another attribute (not its rival); `pairs`
    (prose_facets "respective_lists", d786): a "respectively" list's value is its item's."""
    start, end = spans[k]
    # (a segment or comma part is read at most NEAR characters back: a long flattened page is
    # not scanned from its start for each value)
    seg0 = last_end(_SEGMENT, text, max(0, start - NEAR), start)
    cut0 = last_end(_CUT, text, seg0, start)
    prev_end = spans[k - 1][1] if k > 0 and spans[k - 1][1] > seg0 else seg0
    facets: list[tuple[frozenset[str], str]] = []
    before = _after_preposition(text, cut0, prev_end, start)
    words = naming_words(_COMPARED.sub(" ", before))
    if heads is not None:
        words = without_entity(words)
    if subject_words(words) if changes else words:
        facets.append((words, before.strip()))
    else:
        inherited = False
        for j in range(k - 1, -1, -1):
            if spans[j][0] < seg0:
                break
            earlier = bind_before(text, spans, j, seg0, heads is not None)
            if subject_words(earlier[0]) if changes else earlier[0]:
                facets.append(earlier)
                inherited = True
                break
        if (
            not inherited
            and cut0 > seg0
            and text[cut0 - 1] in EVERY_COMMA
            and _APPOSITION_END.match(text, end)
        ):
            # "Alice Smith, 45, is ...": the name before, the part after.
            part0 = last_end(_CUT, text, seg0, cut0 - 1)
            name = text[part0 : cut0 - 1]
            if naming_words(name) and not _figure_between(spans, part0, cut0):
                facets.append((naming_words(name), name.strip()))
            after_start = _APPOSITION_END.match(text, end).end()  # type: ignore[union-attr]
            tail = _until(text, spans, k, after_start, _SEGMENT)
            if naming_words(tail):
                facets.append((naming_words(tail), _ROLE.sub("", tail.strip())))
    first = segment_head(spans, k, seg0, cut0) if heads is not None else None
    if first is not None and heads is not None and heads[first] != heads[k]:
        head = bind_before(text, spans, first, seg0, True)  # "系列酒营业收入" (d784)
        if subject_words(head[0]) and all(head[0] != f[0] for f in facets):
            facets.append(head)
    place = _PLACE.search(_until(text, spans, k, end, _CUT))
    if place:
        where = naming_words(place.group(1))
        if where:
            facets.append((where, place.group(1).strip()))
    paired = respective_pairs(text).get(spans[k]) if pairs else None
    item = "" if paired is None or paired.period else paired.item.strip()
    if item and paired is not None:
        facets = paired_facets(facets, paired)  # "营业收入和净利润分别为100亿元和20亿元" (d786)
    noun = count_noun(text, start, end) if nouns else frozenset()
    return Binding(tuple(facets), value_days(text, start, end), noun, item)


def bind_before(
    text: str, spans: list[tuple[int, int]], j: int, seg0: int, heads: bool = False
) -> tuple[frozenset[str], str]:
    """The metric facet of the figure at spans[j]: its own clause part's words before it
    (`heads`: without the reporting company's, d784)."""
    start = spans[j][0]
    cut0 = last_end(_CUT, text, seg0, start)
    prev_end = spans[j - 1][1] if j > 0 and spans[j - 1][1] > seg0 else seg0
    before = _after_preposition(text, cut0, prev_end, start)
    words = naming_words(_COMPARED.sub(" ", before))
    return (without_entity(words) if heads else words), before.strip()


def _after_preposition(text: str, cut0: int, prev_end: int, start: int) -> str:
    """A value's own words before it: after its clause cut, or after the figure before it
    and past that figure's unit up to a preposition ("120 m3/h at 6 bar": none of 6's)."""
    if prev_end <= cut0:
        return text[cut0:start]
    gap = text[prev_end:start]
    m = _UNIT_GAP.match(gap)
    return gap[m.end() :] if m else gap


class ProseBindings:
    """One excerpt's prose values' bindings, read on need (shared by the cases citing the
    excerpt: its lookups are only added to, each entry whole, d471)."""

    def __init__(
        self,
        facts: list[Fact],
        text: str,
        changes: bool = False,
        nouns: bool = False,
        heads: bool = False,
        pairs: bool = False,
    ) -> None:
        self.facts = facts
        self.text = text
        self.changes = changes  # prose_facets "change_words" (d774): prose_facets.py
        self.nouns = nouns  # prose_facets "count_nouns" (d780)
        self.heads = heads  # prose_facets "segment_heads" (d784): prose_heads.py
        self.pairs = pairs  # prose_facets "respective_lists" (d786): respective_lists.py
        self._attrs: tuple[tuple[str, str], ...] | None = None  # (its figures' kind, unit)
        self._spans: list[tuple[int, int]] | None = None
        self._index: dict[tuple[int, int], int] = {}
        self._bound: dict[tuple[int, int], Binding] = {}
        self._prose: dict[tuple[str, str], list[Fact]] | None = None
        self._prose_lines: set[int] | None = None
        self._periods: dict[tuple[int, int], tuple[str, ...]] | None = None

    def periods(self) -> dict[tuple[int, int], tuple[str, ...]]:
        """Its prose values' own periods, by span (read once per excerpt)."""
        if self._periods is None:
            self._periods = {(f.start, f.end): f.periods for f in self.facts if not f.in_table}
        return self._periods

    def is_prose(self, fact: Fact) -> bool:
        """A prose value, or a line's last value read as a one-cell row of a line whose other
        values are prose ("... and its net income was $310 million.")."""
        if not fact.in_table:
            return True
        if fact.column:
            return False
        if self.pairs and (fact.start, fact.end) in respective_pairs(self.text):
            return True  # "...分别为1.00亿元、1.01亿元。" read as a row of no column (d786)
        if self._prose_lines is None:
            self._prose_lines = {
                self.text.rfind("\n", 0, f.start) for f in self.facts if not f.in_table
            }
        return self.text.rfind("\n", 0, fact.start) in self._prose_lines

    def binding(self, fact: Fact) -> Binding:
        span = (fact.start, fact.end)
        found = self._bound.get(span)
        if found is None:
            if self._spans is None:
                figures = sorted(
                    (f.start, f.end) for f in self.facts if _figure(f.value) and self.is_prose(f)
                )
                self._index = {s: i for i, s in enumerate(figures)}
                self._spans = figures
                if self.heads:
                    attrs = {
                        (f.start, f.end): (f.value.kind, self._unit(f.value)) for f in self.facts
                    }
                    self._attrs = tuple(attrs[s] for s in figures)
            k = self._index.get(span)
            found = (
                Binding((), frozenset())
                if k is None
                else bind(
                    self.text, self._spans, k, self.changes, self.nouns, self._attrs, self.pairs
                )
            )
            self._bound[span] = found
        return found

    def others(self, fact: Fact) -> list[Fact]:
        """The prose values of `fact`'s kind and unit, of another quantity, within NEAR."""
        if self._prose is None:
            prose: dict[tuple[str, str], list[Fact]] = {}
            for f in self.facts:
                if _figure(f.value) and self.is_prose(f):
                    prose.setdefault((f.value.kind, self._unit(f.value)), []).append(f)
            self._prose = prose
        near = self._prose.get((fact.value.kind, self._unit(fact.value)), [])
        q = fact.value.quantity
        return [f for f in near if abs(f.start - fact.start) <= NEAR and f.value.quantity != q]

    def bound_elsewhere(
        self,
        fact: Fact,
        said: Binding,
        answer_words: frozenset[str],
        answer_acronyms: frozenset[str],
        periods: tuple[str, ...],
        periods_of: dict[tuple[int, int], tuple[str, ...]] | None = None,
        stated: frozenset[str] = frozenset(),
    ) -> tuple[bool, Fact | None]:
        """Whether the answer's value (its binding `said`, all its naming words, the acronyms
        of its sentence) is said of another subject than the evidence value `fact` is bound to;
        and the other value that fits the answer (None: none found, or only the days differ).
        Another value the answer's sentence also `stated` (its quantities) is no other subject
        of this one: the words the answer gives it are that value's ("a consideration of $59
        million, with $5 million deferred")."""
        words = answer_words | said.words
        if not words and not said.days and not answer_acronyms:
            return False, None  # the answer binds its value to nothing
        own = self.binding(fact)
        if not own.facets and not own.days:
            return False, None
        if own.item:  # "华东地区" says the item 华东 of "华东、华南、华北地区..." (d786)
            words = words | prefixed(words, respective_pairs(self.text)[fact.start, fact.end])

        def another_period(other: Fact) -> bool:  # the answer's periods are not its
            return bool(
                periods
                and periods_of
                and contradicts(periods, periods_of.get((other.start, other.end), ()))
            )

        if own.facets:
            own_words = own.words
            unit = self._unit_after(fact)
            # The same attribute first: a value followed by the same word ("6 bar", "8 bar").
            ordered = sorted(self.others(fact), key=lambda o: self._unit_after(o) != unit)
            for other in ordered:
                if other.value.quantity in stated:
                    continue
                if another_period(other):
                    continue
                theirs = self.binding(other)
                if not theirs.facets:
                    continue
                changes = self.changes
                if _names(theirs, own_words, words, answer_acronyms, changes) and not _names(
                    own, theirs.words, words, answer_acronyms, changes
                ):
                    return True, other
        if said.noun and own.noun and not said.noun & own.noun:
            # "hired 4 engineers" where this 4 counts designers and 12 engineers (d780)
            for other in self.others(fact):
                if other.value.quantity in stated or not said.noun <= self.binding(other).noun:
                    continue
                if another_period(other):
                    continue
                return True, other
        if said.days and own.days and not (said.days & own.days):
            fits = next((o for o in self.others(fact) if said.days & self.binding(o).days), None)
            return True, fits
        return False, None

    def _unit(self, value: NumericValue) -> str:
        """A value's unit as an attribute ("12% year-over-year" a percent, d774)."""
        return attribute_unit(value) if self.changes else value.unit

    def _unit_after(self, fact: Fact) -> str:
        m = _WORD_AFTER.match(self.text, fact.end)
        return m.group(1).lower() if m else ""

    def name(self, fact: Fact, other: Fact | None) -> str:
        """Whom `fact` is said of, as written: the capitalised name in its facet that sets it
        apart from `other`'s ("Pump A"), else that facet's words ("net income")."""
        own = self.binding(fact)
        if own.item:
            return own.item  # "Gross margin" of "Gross margin and operating margin were ..."
        theirs = self.binding(other).words if other else frozenset()
        for words, text in own.facets:
            apart = words - theirs
            if apart:
                for m in reversed(list(_NAME.finditer(text))):
                    if naming_words(m.group(0)) & apart:
                        return m.group(0)
                return _VERB_END.sub("", text).strip(" .,;:，。；：") or text
        if own.days:
            return ", ".join(DAY_NAMES[d] for d in sorted(own.days))
        return fact.value.text


def _names(
    binding: Binding,
    apart_from: frozenset[str],
    words: frozenset[str],
    said: frozenset[str],
    changes: bool = False,
) -> bool:
    """Whether the answer's `words` (or an acronym it `said`) name a facet of `binding` by the
    words that set it apart from `apart_from` (`changes`: not by a word of a change, d774)."""
    for facet, text in binding.facets:
        apart = subject_words(facet - apart_from) if changes else facet - apart_from
        if apart and (apart <= words or (said and names_row(said, text))):
            return True
    return False


class Said(NamedTuple):
    """An answer's value as the rule reads it: its binding, its sentence's acronyms and the
    quantities of the sentence's other figures."""

    binding: Binding
    acronyms: frozenset[str]
    stated: frozenset[str]


def answer_binding(
    sentence: str,
    value: NumericValue,
    changes: bool = False,
    nouns: bool = False,
    pairs: bool = False,
) -> Said:
    """The binding of an answer's value (its span in `sentence`), with its sentence's acronyms
    and other figures (`changes`: prose_facets "change_words", d774)."""
    figures = _answer_figures(sentence)
    spans = [(a, b) for a, b, _ in figures]
    span = (value.start, value.end)
    # (a value of a "respectively" list the answer pairs is no value its words are of, d786)
    listed = respective_pairs(sentence) if pairs else {}
    stated = frozenset(q for a, b, q in figures if (a, b) != span and (a, b) not in listed)
    if span not in spans:
        return Said(Binding((), weekdays(sentence)), acronyms(sentence), stated)
    binding = bind(sentence, spans, spans.index(span), changes, nouns, pairs=pairs)
    return Said(binding, acronyms(sentence), stated)


def _figure(v: NumericValue) -> bool:
    """A value a prose value's binding counts: no period, or a time of day ("9 am": hours)."""
    return v.kind == "time" or not is_period_value(v)


@text_memo(max_bytes=2**20, item_bytes=100)
def _answer_figures(sentence: str) -> tuple[tuple[int, int, str], ...]:
    """An answer sentence's figures (spans, quantities): read once per sentence."""
    return tuple((v.start, v.end, v.quantity) for v in extract_numbers(sentence) if _figure(v))


def _until(
    text: str, spans: list[tuple[int, int]], k: int, lo: int, pattern: re.Pattern[str]
) -> str:
    """The text from `lo` to the next figure after spans[k] or the pattern's next match."""
    hi = spans[k + 1][0] if k + 1 < len(spans) else len(text)
    m = pattern.search(text, lo, hi)
    return text[lo : m.start() if m else hi]


def _figure_between(spans: list[tuple[int, int]], lo: int, hi: int) -> bool:
    return any(lo <= a < hi for a, _ in spans)


_SEGMENT = re.compile(rf"[{MARKS}\n]|{COLON}|{SENTENCE_END}")
_CUT = re.compile(rf"[{MARKS}{EVERY_COMMA}\n]|{COLON}|{SENTENCE_END}|{joiner()}")
# A value alone in its comma part: a comma right after it ("45, is"; "45岁，任").
_APPOSITION_END = re.compile(r"\s*(?:years? old|岁)?\s*[,，]\s*")
# A figure's unit and the preposition after it ("m3/h at", "bar with").
_UNIT_GAP = re.compile(r"(?i)^\s*\S*\s+(?:at|with|of|per|on|under)\b")
# A predicate's leading verb and article ("is the chief executive" -> "chief executive").
_ROLE = re.compile(
    r"(?i)^(?:(?:is|was|are|were|serves as|served as|as|任|担任)\s*)?(?:(?:the|a|an|its|our)\s+)?"
)
_PLACE = re.compile(r"(?i)(?:^|\s)(?:in|for|across|within)\s+(?:the\s+)?(.+)$", re.S)
_WORD_AFTER = re.compile(r"\s*([^\W\d][\w/]*)")
_NAME = re.compile(r"(?<![\w])[A-Z][\w&-]*(?:\s+(?:of\s+|&\s+)?[A-Z][\w&-]*)*")
# A facet's trailing verb ("its net income was" -> "its net income").
_VERB_END = re.compile(
    r"(?i)\s+(?:was|were|is|are|of|at|reached|totall?ed|amounted to)\s*$|[为是达]$"
)
# The words that put a value beside another of the same subject ("8 percent (previously 6
# percent)", "up from 6%"): no subject of their own.
_COMPARED = re.compile(
    r"(?i)\b(?:previously|prior|from|up|down|compared|versus|vs|than|last|originally|"
    r"initially|before|earlier|against)\b|较|比|同比|上年|去年"
)
