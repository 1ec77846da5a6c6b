"""Grounding needs the context to agree: VALUE_OUT_OF_CONTEXT.

A value of the conclusion that the number rule grounded (verbatim, or by an equivalence) is
grounded only if at least one evidence value it matches is *about the same thing*:
  - the same row: when the answer's words name a row of the cited table better than the row
    the value sits in ("Pump I delivers 250" where the table has Pump I 205, Pump B 250);
  - the same subject, in prose (policy prose_subjects, gate 2.21.0): when the excerpt says the
    value of another subject than the answer names and, near it, another value of the same
    attribute of the named one ("Pump I delivers 250" where the excerpt says "Pump I delivers
    205 m3/h. Pump B delivers 250 m3/h."; "泵A的额定流量为205立方米/小时，泵B的...250...");
  - the same period: when the answer names a period of a kind the value's column or sentence
    also has, and none agrees ("2019 ... 1,202.9" where 1,202.9 is in the 2018 column); a
    relative period too (policy relative_periods, gate 2.21.0: a column "本期金额" / "上期金额",
    "Current year" / "Prior year", and an answer's "上期", "last year" in the value's clause);
  - the cited source: when the value's sentence marks a citation ([1], [C0], 【1】, ^1) of an
    accepted evidence and the value is only in other evidences.
  - a percent column (policy percent_cells "percent_columns", gate 2.20.0, d461): a percentage
    grounded by a bare figure because its chunk declares percent (percent_declared) is not a
    cell of a column that declares none beside one that does ("470.0%" for the 2018 cell
    beside "Change (%)"), unless its row's label declares percent.
Where the answer says nothing that distinguishes (no row named, no period, no marker), or the
evidence's context is unknown (facts.py), the value alone decides, as before. Such a value gets
one error finding, located at the evidence value it matched, with the value that fits the
answer's context as its near match ("250 is Pump B's; Pump I has 205").

Policy: AnswerGatePolicy.value_context ("rows_periods_citations" by default; "off" is the
spec's literal reading: a value anywhere in the accepted excerpts grounds it).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

from groundgate.engine.context.claims import (
    Claim,
    ClaimReader,
    citations,
    naming_words,
    value_periods,
)
from groundgate.engine.context.columns import another_column, column_alternative
from groundgate.engine.context.comparisons import (
    CHANGE,
    CHANGE_ZH,
    COMPARED_TO,
    COMPARED_TO_ZH,
    any_of,
    whole_words,
)
from groundgate.engine.context.facts import PLAIN, Fact, TableReading, read_facts
from groundgate.engine.context.operation_words import named_operations
from groundgate.engine.context.periods import (
    contradicts,
    is_period_value,
    may_mention,
    mentions,
    named_relative_periods,
    relative_periods,
    with_listed,
)
from groundgate.engine.context.prose_subjects import (
    CLAUSE_CUT,
    ProseSubjects,
    may_say_of_two_subjects,
    subject_name,
)
from groundgate.engine.context.row_order import held_by_longer
from groundgate.engine.declarations import declares_percent
from groundgate.engine.findings import Finding, NearMatch, NumberFinding
from groundgate.engine.number_lookup import leading_figure
from groundgate.engine.numbers import NumericValue, extract_numbers
from groundgate.engine.sentences import split_sentences
from groundgate.engine.text_memo import text_memo

if TYPE_CHECKING:
    from groundgate.engine.gates.answer_case import Evidence, RawChunk

VALUE_OUT_OF_CONTEXT = "VALUE_OUT_OF_CONTEXT"
# Near-miss reasons of this rule (NearMatch.reason), most specific first.
CONTEXT_REASONS = (
    "another_source",
    "another_row",
    "another_subject",
    "another_period",
    "another_column",
)
_GROUNDED_INFO = "NUMBER_EQUIVALENT"
# Equivalences that tie the answer's value to one evidence value, not to any value near it.
_EXACT_RULES = frozenset(
    {
        "format",
        "sign",
        "rescaled",
        "declared_scale",
        "question_scale",
        "as_written",
        "percent_declared",
        "undeclared_scale",
    }
)


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

    def __init__(self, facts: list[Fact], text: str = "") -> None:
        self.facts = facts
        self.text = text
        self._prose_subjects: ProseSubjects | None = None
        self.by_quantity: dict[str, list[Fact]] = {}
        self.labels: dict[str, frozenset[str]] = {}  # row -> its naming words
        self.first_row: dict[frozenset[str], str] = {}  # label -> its least row (min())
        self.by_word: dict[str, list[frozenset[str]]] = {}
        self._named: dict[frozenset[str], _Named] = {}
        self._columns: dict[str, frozenset[str]] | None = None
        for fact in facts:
            self.by_quantity.setdefault(fact.value.quantity, []).append(fact)
            if fact.in_table and fact.row and fact.row not in self.labels:
                label = self.labels[fact.row] = naming_words(fact.row)
                least = self.first_row.get(label)
                if least is None:
                    self.first_row[label] = fact.row
                    for word in label:
                        self.by_word.setdefault(word, []).append(label)
                elif fact.row < least:
                    self.first_row[label] = fact.row

    def columns(self) -> dict[str, frozenset[str]]:
        """The table's column headers with naming words ("As reported", "Current", "Change
        (%)"; a header of periods alone has none), each with them: read on first need."""
        if self._columns is None:
            # (made whole before it is kept: a _Seen is shared by the cases citing its text)
            columns: dict[str, frozenset[str]] = {}
            for fact in self.facts:
                if fact.in_table and fact.column and fact.column not in columns:
                    columns[fact.column] = naming_words(fact.column)
            self._columns = columns
        return self._columns

    def subjects(self) -> ProseSubjects:
        """Its prose values' subjects (policy prose_subjects), read on first need."""
        if self._prose_subjects is None:
            self._prose_subjects = ProseSubjects(self.facts, self.text)
        return self._prose_subjects

    def named(self, words: frozenset[str]) -> _Named:
        """The labels the answer's words name best: the most words in common, then the fewest
        words of the label left over. Empty when no row shares a word."""
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
    return _Seen(
        excerpt_facts(excerpt, reading) if with_periods else excerpt_cells(excerpt, reading),
        excerpt,
    )


def context_findings(
    conclusion: str,
    evidences: Sequence[Evidence],
    accepted: list[tuple[int, Evidence]],
    number_findings: list[Finding],
    located: dict[int, tuple[RawChunk, int]] | None = None,
    calculation_constants: tuple[int, ...] = (),
    longest_row: bool = False,
    columns: bool = False,
    percent_columns: bool = False,
    prose: bool = False,
    relative: bool = False,
    reading: TableReading = PLAIN,
    period_sums: bool = False,
) -> list[Finding]:
    """VALUE_OUT_OF_CONTEXT findings for the grounded values of `conclusion` whose context
    disagrees with every evidence value they match (`longest_row`: policy row_naming
    "longest_said"; `prose`: prose_subjects "own_clause"; `relative`: relative_periods
    "current_prior"; `reading`: how table headers are read, facts.TableReading;
    `period_sums`: period_sums "listed_periods"). Pure and deterministic."""
    if not _may_judge(conclusion, accepted, prose):
        return []
    # The claims' values and citations first; a claim's words and periods (a reading of its
    # whole sentence) only for a value this rule judges: most values of a long answer are
    # ungrounded, derived or periods, and most of its sentences hold none that it judges.
    reader = ClaimReader(conclusion)
    values = reader.values()
    if not values:
        return []
    by_span = {f.span: f for f in number_findings if f.span is not None}
    citation_index = _citation_map({c for _, _, c in values if c}, evidences, accepted)
    # An excerpt's facts, read on need: its cells' rows and columns decide the row rule; the
    # periods of its prose values (read as the answer's are, which costs a claims reading of
    # the excerpt) only a value whose answer names a period.
    read: dict[tuple[int, bool], _Seen] = {}  # (one `reading` per call)
    out: list[Finding] = []
    sentences: list[tuple[int, int]] | None = None

    def own_text(claim: Claim) -> str:
        """The text that says what the value is: its sentence's line, up to the value (a
        longer label said elsewhere in the answer names nothing here). Read on need only."""
        nonlocal sentences
        if sentences is None:
            sentences = [(s.start, s.end) for s in reader.sentences]
        at = claim.value.start
        start = next((a for a, b in sentences if a <= at < b), 0)
        return conclusion[max(start, conclusion.rfind("\n", 0, at) + 1) : at]

    def named_periods(claim: Claim) -> tuple[str, ...]:
        """The claim's periods, and the relative ones its sentence names ("上期", "last year";
        not one a comparison names: "up from last year")."""
        if not relative:
            return claim.periods
        nonlocal sentences
        if sentences is None:
            sentences = [(s.start, s.end) for s in reader.sentences]
        at = claim.value.start
        a, b = next(((a, b) for a, b in sentences if a <= at < b), (0, len(conclusion)))
        end = claim.value.end - a
        return claim.periods + _clause_relative_periods(conclusion[a:b], at - a, end)

    constants = {str(c) for c in calculation_constants}
    for k, value, _ in values:
        span = (value.start, value.end)
        finding = by_span.get(span)
        if finding is not None and (
            finding.severity == "error"
            or finding.code != _GROUNDED_INFO
            or not set(getattr(finding, "rules", None) or ()) <= _EXACT_RULES
        ):
            # Ungrounded, exempt or derived: not this rule's. Rounded (or within a bound): the
            # evidence value the equivalence found is one of many near it, so its row says
            # nothing about the answer's.
            continue
        if value.quantity in constants and not value.unit:
            continue  # "/ 2", "× 100": a calculation's constant
        if is_period_value(value) or not any(ch.isdigit() for ch in value.text):
            continue  # a period itself, or a number in words ("three months")
        claim = reader.claim(k, span)
        assert claim is not None  # (values() lists read_claims' values)
        cited = citation_index.get(claim.citation) if claim.citation else None
        if not claim.words and not claim.periods and cited is None:
            continue
        needle = _needle(claim, finding)
        if needle is None:
            continue
        probe = leading_figure(needle) or needle
        with_periods = bool(claim.periods)
        if (
            not with_periods
            and cited is None
            and not any(
                _matching(read, i, ev.excerpt, needle, probe, with_periods, reading)
                for i, ev in accepted
                if "\n" in ev.excerpt or (prose and may_say_of_two_subjects(ev.excerpt))
            )
        ):
            # Only the row rule could judge, and it needs another row of the value's table
            # than the value's own: a one-line excerpt has one row at most (facts.py). Nothing
            # to decide, the one-line excerpts not read (unless the prose subjects are read
            # and one line may say a value of two subjects: two values of one kind and unit).
            continue
        matches: list[tuple[int, Fact, _Seen]] = []
        for index, evidence in accepted:
            matches.extend(
                _matching(read, index, evidence.excerpt, needle, probe, with_periods, reading)
            )
        if not matches:
            continue  # grounded some other way (a range end, a header date): not judged here
        # A percentage grounded by a bare figure of a chunk that declares percent somewhere
        # (percent_declared): the figure's column or row must be the percent one (d461).
        percent = (
            percent_columns
            and finding is not None
            and "percent_declared" in (getattr(finding, "rules", None) or ())
        )
        named = claim.periods
        if reading.quarter_ordinals and named:
            # "between the second and first quarter": both quarters are named (periods.py).
            named = with_listed(reader.sentences[k].text, named)
        if relative and any(f.in_table and relative_periods(f.column) for _, f, _ in matches):
            named = named_periods(claim)  # a column of a relative period: read the answer's
        reasons = [
            _disagreement(
                claim,
                f,
                seen,
                index,
                cited,
                longest_row,
                partial(own_text, claim),
                columns,
                percent,
                prose,
                named,
                relative,
            )
            for index, f, seen in matches
        ]
        if period_sums and any(r is None for r in reasons):
            sentence = reader.sentences[k].text
            summed = _summed_periods(sentence, k, values)
            if summed:
                # "the total gross profit for 2018 and 2019 is 22,149": one year's cell is no
                # total of both (period_sums "listed_periods").
                reasons = [
                    "another_period" if r is None and _one_of(f, summed, sentence) else r
                    for r, (_, f, _) in zip(reasons, matches, strict=True)
                ]
                named = summed
        if any(r is None for r in reasons):
            continue
        out.append(_finding(claim, matches, reasons, accepted, located, cited, named, relative))
    return out


def _matching(
    read: dict[tuple[int, bool], _Seen],
    index: int,
    excerpt: str,
    needle: str,
    probe: str,
    with_periods: bool,
    reading: TableReading = PLAIN,
) -> list[tuple[int, Fact, _Seen]]:
    """The facts of evidence `index` with the needle's quantity, when its excerpt holds the
    probe: its facts read on first need (only an excerpt that holds the probe), then looked
    up (the probe is searched in the matching values' own text first, not the whole text)."""
    key = (index, with_periods)
    seen = read.get(key)
    if seen is None:
        if probe not in excerpt:
            return []
        seen = read[key] = _seen(excerpt, with_periods, reading)
    found = seen.by_quantity.get(needle)
    if not found or not (any(probe in excerpt[f.start : f.end] for f in found) or probe in excerpt):
        return []
    return [(index, fact, seen) for fact in found]


def _may_judge(conclusion: str, accepted: list[tuple[int, Evidence]], prose: bool = False) -> bool:
    """Whether any rule could judge a value of the conclusion, checked before its claims are
    read: the row rule needs an excerpt of two lines (two rows), the source rule a citation
    marker, the prose subject rule (`prose`) two values of one kind and unit in one excerpt,
    the period rule a period named in a sentence (read as read_claims reads them: a sentence of
    a text without markers is its own text without markers)."""
    if any("\n" in evidence.excerpt for _, evidence in accepted) or citations(conclusion):
        return True
    if prose and any(may_say_of_two_subjects(evidence.excerpt) for _, evidence in accepted):
        return True  # one line may say a value of two subjects
    if not may_mention(conclusion):
        return False  # no sentence of it can name a period (the common case: one search)
    return any(mentions(sentence.text) for sentence in split_sentences(conclusion))


def with_context(number_findings: list[Finding], context: list[Finding]) -> list[Finding]:
    """The number findings with each out-of-context value's finding in place of its info
    finding (one finding per value), in the conclusion's order."""
    if not context:
        return number_findings
    spans = {f.span for f in context}
    kept = [f for f in number_findings if f.span not in spans]
    return sorted(kept + context, key=lambda f: f.span or (0, 0))


def excerpt_facts(excerpt: str, reading: TableReading = PLAIN) -> list[Fact]:
    """The excerpt's facts; a value in prose gets the periods its own words give it, read as
    the answer's are ("45%, compared with 48% in 2021": 2021 is 48%'s, not 45%'s). Read once
    per text (the context rule and the derivations' operands both ask; facts are immutable)."""
    return list(_excerpt_facts(excerpt, reading))


@text_memo(max_bytes=8 * 2**20, item_bytes=600)
def _excerpt_facts(excerpt: str, reading: TableReading) -> tuple[Fact, ...]:
    facts = excerpt_cells(excerpt, reading)
    if all(f.in_table for f in facts):
        return tuple(facts)
    own = value_periods(excerpt)
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


def _needle(claim: Claim, finding: Finding | None) -> str | None:
    """The evidence quantity that grounded the value: its own (verbatim), or the one its
    equivalence finding names."""
    if finding is None:
        return claim.value.quantity
    source = getattr(finding, "grounded_by", None)
    if source is None:
        return None
    found = extract_numbers(source.text)
    return found[0].quantity if found else None


def _disagreement(
    claim: Claim,
    fact: Fact,
    seen: _Seen,
    index: int,
    cited: int | None,
    longest: bool = False,
    text: Callable[[], str] = str,
    columns: bool = False,
    percent: bool = False,
    prose: bool = False,
    named: tuple[str, ...] | None = None,
    relative: bool = False,
) -> str | None:
    if cited is not None and index != cited:
        return "another_source"
    if fact.in_table and fact.row and claim.words:
        best, common = seen.named(claim.words)
        # Another row only when the answer's words name one clearly (every word of its label)
        # and better than the value's own row, and do not say every word of that row.
        label = seen.labels[fact.row]
        # A label of no naming words ("Other") is said by no answer: it names that row only by
        # the empty set, which every answer "says" (d308).
        said = bool(label) and (label <= claim.words or label <= claim.own_words)
        if said and longest and held_by_longer(seen, label, claim.words | claim.own_words, text):
            # "Total other assets ... 18,111" says every word of "Other assets", but names the
            # longer row that holds them (row_naming "longest_said", d348).
            said = False
        if best and label not in best and not said:
            row = min(seen.first_row[named] for named in best)
            named_label = seen.labels[row]
            if common[named_label] > common.get(label, 0) and named_label <= claim.words:
                return "another_row"
    if prose and not fact.in_table and claim.words:
        other = seen.subjects().another_subject(fact, claim.words | claim.own_words, claim.periods)
        if other is not None:
            return "another_subject"
    if named is None:
        named = claim.periods
    if named and contradicts(named, _held(fact, relative)):
        return "another_period"
    if columns and fact.in_table and fact.column:
        if another_column(claim.words | claim.own_words, fact, seen.labels, seen.columns()):
            return "another_column"
    if percent and _not_percent_cell(fact, seen):
        return "another_column"
    return None


# A sum said of the periods a sentence lists ("total ... in 2018 and 2019", "2018年和2019年
# ...合计"): period_sums "listed_periods".
_SUM_WORD = re.compile(
    r"(?i)(?<![A-Za-z])(?:total(?:s|led|ing)?|sum|combined|altogether|together|aggregate)"
    r"(?![A-Za-z])|合计|总计|共计|合共|加总|总和"
)
_LISTED_PERIODS = re.compile(r"(?i)^(?:年度?)?\s*(?:,\s*(?:and\s+)?|and\s+|&\s*|[和及与、]\s*)$")


def _summed_periods(
    sentence: str, k: int, values: list[tuple[int, NumericValue, str | None]]
) -> tuple[str, ...]:
    """The periods of one kind a sentence lists ("in 2018 and 2019", "December 31, 2018 and
    2019") when it says a sum ("total", "combined", "合计") and states one figure: () else."""
    if not _SUM_WORD.search(sentence) or "respectively" in sentence.lower():
        return ()
    if named_operations(sentence) != frozenset({"sum"}):
        return ()  # "the difference in the total accrued liabilities": no sum said
    figures = [v for j, v, _ in values if j == k and not is_period_value(v)]
    if len(figures) != 1:
        return ()
    found = mentions(sentence)
    for (_, a1, pa), (b0, _, pb) in itertools.pairwise(found):
        if pa[0] == pb[0] and pa != pb and _LISTED_PERIODS.match(sentence[a1:b0]):
            return (pa, pb)
    return ()


def _one_of(fact: Fact, summed: tuple[str, ...], sentence: str) -> bool:
    """A table cell of one of the summed periods, of no total column, where the sentence says
    a sum besides its row's label ("Total sales in 2019 and 2018 ..." says none)."""
    if not fact.in_table or _SUM_WORD.search(fact.column):
        return False
    if sum(1 for p in fact.periods if p in summed) != 1:
        return False
    if _SUM_WORD.search(fact.row):
        label = r"\s+".join(map(re.escape, fact.row.split()))
        return bool(_SUM_WORD.search(re.sub(rf"(?i){label}", " ", sentence)))
    return True


def _not_percent_cell(fact: Fact, seen: _Seen) -> bool:
    """Whether a table's cell is of a column that declares no percent, beside one that does
    ("2018" beside "Change (%)"), in a row whose label declares none (percent_cells
    "percent_columns", d461). A cell whose column is not known is not judged."""
    if not (fact.in_table and fact.column) or declares_percent(fact.column):
        return False
    if fact.row and declares_percent(fact.row):
        return False
    return any(declares_percent(column) for column in seen.columns())


def _clause_relative_periods(sentence: str, at: int, end: int) -> tuple[str, ...]:
    """The relative periods the value at `at` of `sentence` is of: those of its own clause
    ("上期营业收入为12,345.67万元", "Revenue was 12,345 last year"), else those of the clauses
    before it when no comparison stands there ("In the prior year, revenue was 11,200"; not
    "与上年同期相比，营业收入为..."), as claims.py reads a clause's periods."""
    cuts = [(m.start(), m.end()) for m in CLAUSE_CUT.finditer(sentence)]
    start = max((e for s, e in cuts if e <= at), default=0)
    stop = min((s for s, e in cuts if s >= end), default=len(sentence))
    own = named_relative_periods(sentence[start:stop])
    if own or start == 0:
        return own
    before = sentence[:start]
    return () if _COMPARING.search(before) else named_relative_periods(before)


# A comparison before the value's clause: a relative period there is the other side's
# (comparisons.py; whole words, and not EARLIER: "last year" is a relative period here).
_COMPARING = re.compile(
    "(?i)" + whole_words(COMPARED_TO + CHANGE) + "|" + any_of(COMPARED_TO_ZH + CHANGE_ZH)
)


def _held(fact: Fact, relative: bool) -> tuple[str, ...]:
    """A value's own periods, and the relative ones of its column ("本期金额", "Prior year")."""
    if relative and fact.in_table and fact.column:
        return fact.periods + relative_periods(fact.column)
    return fact.periods


def _alternative(
    claim: Claim,
    fact: Fact,
    seen: _Seen,
    reason: str,
    named: tuple[str, ...] = (),
    relative: bool = False,
) -> Fact | None:
    """The value of the same table that fits the answer's context: the named row's cell in the
    same column, or the same row's cell in the named period; in prose, the value said of the
    subject the answer names."""
    facts = seen.facts
    if reason == "another_subject":
        subjects = seen.subjects()
        return subjects.another_subject(fact, claim.words | claim.own_words, claim.periods)
    if reason == "another_row":
        best = seen.named(claim.words).best
        fits = [
            f
            for f in facts
            if f.in_table
            and f.row
            and seen.labels[f.row] in best
            and not contradicts(claim.periods, f.periods)
        ]
        same_column = [f for f in fits if f.column and f.column == fact.column]
        found = same_column or fits
        return found[0] if found else None
    if reason == "another_period":
        fits = [
            f
            for f in facts
            if f.in_table == fact.in_table
            and f.row == fact.row
            and f is not fact
            and _held(f, relative)
            and not contradicts(named or claim.periods, _held(f, relative))
        ]
        return fits[0] if fits else None
    if reason == "another_column":
        return column_alternative(claim.words | claim.own_words, fact, facts, seen.columns())
    return None


def _finding(
    claim: Claim,
    matches: list[tuple[int, Fact, _Seen]],
    reasons: list[str | None],
    accepted: list[tuple[int, Evidence]],
    located: dict[int, tuple[RawChunk, int]] | None,
    cited: int | None,
    named: tuple[str, ...] = (),
    relative: bool = False,
) -> Finding:
    order = {r: i for i, r in enumerate(CONTEXT_REASONS)}
    k = min(range(len(matches)), key=lambda i: (order[reasons[i] or ""], i))
    index, fact, seen = matches[k]
    reason = reasons[k] or ""
    chunk_id = next(ev.chunk_id for i, ev in accepted if i == index)
    offset = located[index][1] if located and index in located else None
    alt = _alternative(claim, fact, seen, reason, named, relative)
    text = claim.value.text
    if reason == "another_row":
        detail = f"{text} is {fact.row}'s" + (f"; {alt.row} has {alt.value.text}" if alt else "")
    elif reason == "another_subject":
        subjects = seen.subjects()
        detail = f"{text} is {subject_name(subjects, fact, alt)}'s" + (
            f"; {subject_name(subjects, alt, fact)} has {alt.value.text}" if alt else ""
        )
    elif reason == "another_period":
        where = fact.column or ", ".join(fact.periods)
        detail = f"{text} is the figure for {where}" + (
            f"; {alt.column or ', '.join(alt.periods)} has {alt.value.text}" if alt else ""
        )
    elif reason == "another_column":
        detail = f"{text} is the figure for {fact.column}" + (
            f"; {alt.column} has {alt.value.text}" if alt else ""
        )
    else:
        detail = f"{text} is in evidence {index}; the sentence cites evidence {cited}"
    near = alt or fact

    def chunk_span(f: Fact) -> tuple[int, int] | None:
        return (offset + f.start, offset + f.end) if offset is not None else None

    return NumberFinding(
        code=VALUE_OUT_OF_CONTEXT,
        message=f"{text!r} is in the evidence about something else: {detail}",
        field="answer.conclusion",
        span=(claim.value.start, claim.value.end),
        value=text,
        evidence_index=index,
        chunk_id=chunk_id,
        chunk_span=chunk_span(fact),
        near_match=NearMatch(
            text=near.value.text,
            evidence_index=index,
            span=(near.start, near.end),
            chunk_id=chunk_id,
            chunk_span=chunk_span(near),
            reason=reason,
            detail=detail,
        ),
    )


def _citation_map(
    labels: set[str], evidences: Sequence[Evidence], accepted: list[tuple[int, Evidence]]
) -> dict[str, int]:
    """Citation label -> index of the accepted evidence it names. A label equal to a cited
    chunk_id names that evidence; otherwise its number counts evidences from 1 ([1] is the
    first), or from 0 when some marker of the answer is [0]/[C0]. A label that names no
    accepted evidence maps to nothing (no check)."""
    if not labels:
        return {}
    ok = {i for i, _ in accepted}
    by_chunk: dict[str, int] = {}
    for i, ev in enumerate(evidences):
        by_chunk.setdefault(ev.chunk_id, i)
    numbers = {label: int("".join(ch for ch in label if ch.isdigit())) for label in labels}
    zero_based = 0 in numbers.values()
    out: dict[str, int] = {}
    for label in labels:
        if label in by_chunk:
            index = by_chunk[label]
        else:
            index = numbers[label] - (0 if zero_based else 1)
        if index in ok:
            out[label] = index
    return out
