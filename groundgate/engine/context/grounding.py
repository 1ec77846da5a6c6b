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

This module judges each grounded value; the rule's parts: an excerpt's facts read once and
indexed (excerpt_index.py; a part of its chunk with the chunk's columns, chunk_headers.py,
d940), the finding written (context_finding.py), the reasons, one kind each, and the value that
fits instead (disagreement.py), a clause's relative periods and a sum's listed periods
(answer_periods.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from groundgate.engine.context.answer_periods import (
    _clause_relative_periods,
    _one_of,
    _summed_periods,
    clause_spans,
)
from groundgate.engine.context.case_claims import case_reader
from groundgate.engine.context.cell_names import cell_name as cell_name
from groundgate.engine.context.chunk_headers import Parts, evidence_seen, from_chunk, located_parts
from groundgate.engine.context.citation_map import _citation_map
from groundgate.engine.context.claims import Claim, citations
from groundgate.engine.context.context_finding import CONTEXT_REASONS as CONTEXT_REASONS
from groundgate.engine.context.context_finding import VALUE_OUT_OF_CONTEXT as VALUE_OUT_OF_CONTEXT
from groundgate.engine.context.context_finding import _answer_bound, _finding
from groundgate.engine.context.counted_constants import skipped_short
from groundgate.engine.context.disagreement import _disagreement
from groundgate.engine.context.duration_headers import durations_in
from groundgate.engine.context.excerpt_index import _Seen
from groundgate.engine.context.facts import PLAIN, Fact, TableReading
from groundgate.engine.context.fiscal_names import FiscalSaid
from groundgate.engine.context.grounded_values import grounded_needle
from groundgate.engine.context.periods import (
    is_period_value,
    may_mention,
    mentions,
    relative_periods,
    with_listed,
)
from groundgate.engine.context.prose_days import may_bind_times
from groundgate.engine.context.prose_directions import (
    direction_reasons,
    says_direction,
)
from groundgate.engine.context.prose_subjects import may_say_of_two_subjects
from groundgate.engine.context.respective_lists import paired_claim
from groundgate.engine.context.rounded_cells import ROUNDED, candidate_matches, said_in_chinese
from groundgate.engine.context.row_acronyms import acronym_words
from groundgate.engine.declarations import in_working, sign_in_words
from groundgate.engine.findings import Finding
from groundgate.engine.number_lookup import leading_figure
from groundgate.engine.sentences import split_sentences

if TYPE_CHECKING:
    from groundgate.engine.gates.answer_case import Evidence, RawChunk

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
        "time_format",  # (a time of day is judged only under prose_subjects "bound_values")
    }
)
# With rounded_context "rounding_cells" (d704): also a rounding, judged by every value it may be.
_ROUNDED_RULES = _EXACT_RULES | {ROUNDED}


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
    directions: bool = False,
    bound: bool = False,
    candidates: str = "found",
    years: bool = False,
    working: str | None = None,
    chunk_columns: bool = False,
) -> list[Finding]:
    """VALUE_OUT_OF_CONTEXT findings for the grounded values of `conclusion` whose context
    disagrees with every evidence value they match (`longest_row`: policy row_naming
    "longest_said"; `prose`: prose_subjects "own_clause"; `relative`: relative_periods
    "current_prior"; `reading`: how table headers are read, facts.TableReading;
    `period_sums`: period_sums "listed_periods"; `directions`: direction_cells
    "change_columns", change_directions.py; `bound`: prose_subjects "bound_values",
    prose_bindings.py; `candidates`: context_candidates, rounded_cells.py; `years`: year_relative
    "latest_year", year_relative.py; `working`: context_constants "in_working", a constant is
    skipped only where it is one of a written calculation, declarations.in_working's reading
    `working` - None: any bare figure of the list, 2.50.0's); `chunk_columns`: excerpt_headers
    "chunk_columns", an excerpt's header-less cells headed by its chunk (chunk_headers.py,
    d940), and a rounded value judged by every cell it may be where one is so headed (d941).
    Pure and deterministic."""
    if not _may_judge(conclusion, accepted, prose, bound, directions and reading.directions):
        return []
    # The claims' values and citations first; a claim's words and periods (a reading of its
    # whole sentence) only for a value this rule judges: most values of a long answer are
    # ungrounded, derived or periods, and most of its sentences hold none that it judges.
    reader = case_reader(conclusion, reading)  # (the derivations' binding's, d984)
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

    parts = located_parts(accepted, located) if chunk_columns else {}
    constants = {str(c) for c in calculation_constants}
    summed_of: dict[int, tuple[str, ...]] = {}  # _summed_periods of sentence k
    for k, value, _ in values:
        span = (value.start, value.end)
        finding = by_span.get(span)
        rules = set(getattr(finding, "rules", None) or ()) if finding is not None else set()
        every = candidates == "every_candidate" or (
            candidates == "zh_clauses" and said_in_chinese(conclusion, value.start)
        )
        # A rounding asks the chunk's header too: judged by every cell it may be, where one of
        # them is an excerpt's cell its chunk heads (d941); else not judged, as before.
        headed = bool(parts) and not every and ROUNDED in rules
        if finding is not None and (
            finding.severity == "error"
            or finding.code != _GROUNDED_INFO
            or not rules <= (_ROUNDED_RULES if every or headed else _EXACT_RULES)
        ):
            # Ungrounded, exempt or derived: not this rule's. Within a bound (or rounded, with
            # context_candidates "found"): the evidence value the equivalence found is one of
            # many near it, so its row says nothing about the answer's.
            continue
        if (
            value.quantity in constants
            and not value.unit
            and (
                working is None
                or skipped_short(conclusion, value, reading.counted)  # (1, 2, 4, 12; d776)
                or in_working(conclusion, value, calculation_constants, working)
            )
        ):
            continue  # "/ 2", "× 100": a calculation's constant (not "360 employees", d740)
        if (is_period_value(value) and not (bound and value.kind == "time")) or not any(
            ch.isdigit() for ch in value.text
        ):  # (a time of day is a figure an answer binds: opening hours, d692)
            continue  # a period itself, or a number in words ("three months")
        claim = reader.claim(k, span)
        assert claim is not None  # (values() lists read_claims' values)
        pair = paired_claim(claim, reader.sentences[k]) if reading.respective else None
        claim = claim if pair is None else pair  # "...分别为20亿元和100亿元": its item's (d786)
        cited = citation_index.get(claim.citation) if claim.citation else None
        if not claim.words and not claim.periods and cited is None:
            continue
        needle = grounded_needle(claim.value.quantity, finding)
        if needle is None:
            continue
        probe = leading_figure(needle) or needle
        with_periods = bool(claim.periods)
        if (
            not with_periods
            and cited is None
            and not any(
                _matching(read, i, ev.excerpt, needle, probe, with_periods, reading, parts)
                for i, ev in accepted
                if "\n" in ev.excerpt
                or (prose and may_say_of_two_subjects(ev.excerpt))
                or (bound and may_bind_times(ev.excerpt))
                or (directions and reading.directions and says_direction(ev.excerpt))
            )
        ):
            # Only the row rule could judge, and it needs another row of the value's table
            # than the value's own: a one-line excerpt has one row at most (facts.py). Nothing
            # to decide, the one-line excerpts not read (unless the prose subjects are read
            # and one line may say a value of two subjects: two values of one kind and unit).
            continue
        matches: list[tuple[int, Fact, _Seen]] = []
        looked = (needle, probe, with_periods, reading, parts)
        for index, evidence in accepted:
            matches.extend(_matching(read, index, evidence.excerpt, *looked))
        if (every or headed) and matches:
            # Every evidence value it may be: rounding to it as the one found does, of either
            # sign where the answer says its sign in words (d704).
            either = sign_in_words(conclusion, value.start, value.end)
            if either or ROUNDED in rules:
                more = (read, accepted, value, finding, needle, with_periods, reading, either)
                matches.extend(candidate_matches(*more, parts))
        if headed and not any(from_chunk(f, seen) for _, f, seen in matches):
            continue  # a rounding of no cell its chunk heads: not judged (d704's "found")
        if not matches:
            continue  # grounded some other way (a range end, a header date): not judged here
        if reading.acronyms and claim.words:
            # "Diluted EPS": the label words the acronym's letters begin (row_acronyms, d700).
            rows = [row for _, _, seen in matches for row in seen.labels]
            claim = claim._replace(words=claim.words | acronym_words(own_text(claim), rows))
        # A percentage grounded by a bare figure of a chunk that declares percent somewhere
        # (percent_declared): the figure's column or row must be the percent one (d461).
        percent = (
            percent_columns
            and finding is not None
            and "percent_declared" in (getattr(finding, "rules", None) or ())
        )
        named = claim.periods
        if reading.quarter_ordinals and named and pair is None:
            # "between the second and first quarter": both quarters are named (periods.py).
            named = with_listed(reader.sentences[k].text, named)
        by_year = False
        if relative and any(f.in_table and relative_periods(f.column) for _, f, _ in matches):
            named = named_periods(claim)  # a column of a relative period: read the answer's
        elif (
            relative
            and years
            and not any(p[0] == "Y" for p in named)  # ("2022年末": that year's end)
            and said_in_chinese(conclusion, value.start)
        ):
            # "上年营业收入" of a cell of the 2023年 column: the table's latest year (d709).
            by_year = any(f.in_table and f.column for _, f, _ in matches)
            named = named_periods(claim) if by_year else named
        if reading.durations and any(p[0] == "T" for _, f, _ in matches for p in f.periods):
            # A cell of a duration column ("1-3 Years"): the durations its sentence names.
            named = named + durations_in(reader.sentences[k].text)
        if reading.spans and any(p[0] == "S" for _, f, _ in matches for p in f.periods):
            # A cell of a column of a length ("Three Months Ended"): the value's clause's (d694).
            line = reader.sentences[k]
            at = value.start - line.start
            named = named + clause_spans(line.text, at, at + value.end - value.start)
        answer_bound = _answer_bound(reader.sentences[k], value, reading) if bound else None
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
                answer_bound,
                by_year,
                FiscalSaid(reader.sentences[k].text, accepted),
            )
            for index, f, seen in matches
        ]
        if period_sums and any(r is None for r in reasons):
            sentence = reader.sentences[k].text
            summed = summed_of.get(k)
            if summed is None:  # (a sentence's values share its listed periods: read once)
                summed = summed_of[k] = _summed_periods(sentence, k, values)
            if summed:
                # "the total gross profit for 2018 and 2019 is 22,149": one year's cell is no
                # total of both (period_sums "listed_periods").
                reasons = [
                    "another_period" if r is None and _one_of(f, summed, sentence) else r
                    for r, (_, f, _) in zip(reasons, matches, strict=True)
                ]
                named = summed
        if directions:  # a change said with the other direction word (d672, d887)
            q = claim.value.quantity
            said = (value.start, value.end)
            reasons = direction_reasons(reasons, matches, conclusion, said, q, reading.directions)
        if any(r is None for r in reasons):
            continue
        out.append(
            _finding(
                claim,
                matches,
                reasons,
                accepted,
                located,
                cited,
                named,
                relative,
                answer_bound,
                by_year,
            )
        )
    return out


def _matching(
    read: dict[tuple[int, bool], _Seen],
    index: int,
    excerpt: str,
    needle: str,
    probe: str,
    with_periods: bool,
    reading: TableReading = PLAIN,
    parts: Parts | None = None,
) -> list[tuple[int, Fact, _Seen]]:
    """The facts of evidence `index` with the needle's quantity, when its excerpt holds the
    probe: its facts read on first need (only an excerpt that holds the probe), then looked
    up (the probe is searched in the matching values' own text first, not the whole text).
    `parts`: the excerpts read with their chunk's header (d940)."""
    key = (index, with_periods)
    seen = read.get(key)
    if seen is None:
        if probe not in excerpt:
            return []
        part = parts.get(index) if parts else None
        seen = read[key] = evidence_seen(excerpt, with_periods, reading, part)
    found = seen.by_quantity.get(needle)
    if not found or not (any(probe in excerpt[f.start : f.end] for f in found) or probe in excerpt):
        return []
    return [(index, fact, seen) for fact in found]


def _may_judge(
    conclusion: str,
    accepted: list[tuple[int, Evidence]],
    prose: bool = False,
    bound: bool = False,
    directions: bool = False,
) -> bool:
    """Whether any rule could judge a value of the conclusion, checked before its claims are
    read: the row rule needs an excerpt of two lines (two rows), the source rule a citation
    marker, the prose subject rule (`prose`) two values of one kind and unit in one excerpt,
    the period rule a period named in a sentence (read as read_claims reads them: a sentence of
    a text without markers is its own text without markers)."""
    if any("\n" in evidence.excerpt for _, evidence in accepted) or citations(conclusion):
        return True
    if prose and any(may_say_of_two_subjects(evidence.excerpt) for _, evidence in accepted):
        return True  # one line may say a value of two subjects
    if bound and any(may_bind_times(evidence.excerpt) for _, evidence in accepted):
        return True  # one line may give two days their hours
    if directions and says_direction(conclusion):
        return True  # a change said after its direction word (direction_prose, d887)
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
