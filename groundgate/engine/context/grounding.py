"""Grounding needs the context to agree: VALUE_OUT_OF_CONTEXT.

A value of the conclusion that the number rule grounded (verbatim, or by an equivalence) is
grounded only if at least one evidence value it matches is *about the same thing*:
  - the same row: when the answer's words name a row of the cited table better than the row
    the value sits in ("Pump I delivers 250" where the table has Pump I 205, Pump B 250);
  - the same period: when the answer names a period of a kind the value's column or sentence
    also has, and none agrees ("2019 ... 1,202.9" where 1,202.9 is in the 2018 column);
  - the cited source: when the value's sentence marks a citation ([1], [C0], 【1】, ^1) of an
    accepted evidence and the value is only in other evidences.
Where the answer says nothing that distinguishes (no row named, no period, no marker), or the
evidence's context is unknown (facts.py), the value alone decides, as before. Such a value gets
one error finding, located at the evidence value it matched, with the value that fits the
answer's context as its near match ("250 is Pump B's; Pump I has 205").

Policy: AnswerGatePolicy.value_context ("rows_periods_citations" by default; "off" is the
spec's literal reading: a value anywhere in the accepted excerpts grounds it).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from groundgate.engine.context.claims import Claim, naming_words, read_claims
from groundgate.engine.context.facts import Fact, read_facts
from groundgate.engine.context.periods import contradicts
from groundgate.engine.findings import Finding, NearMatch, NumberFinding
from groundgate.engine.numbers import extract_numbers, leading_figure
from groundgate.engine.values.registry import PERIODS

if TYPE_CHECKING:
    from groundgate.engine.gates.answer_case import Evidence, RawChunk

VALUE_OUT_OF_CONTEXT = "VALUE_OUT_OF_CONTEXT"
# Near-miss reasons of this rule (NearMatch.reason), most specific first.
CONTEXT_REASONS = ("another_source", "another_row", "another_period")
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


class _Seen(NamedTuple):
    evidence_index: int
    facts: list[Fact]


def context_findings(
    conclusion: str,
    evidences: Sequence[Evidence],
    accepted: list[tuple[int, Evidence]],
    number_findings: list[Finding],
    located: dict[int, tuple[RawChunk, int]] | None = None,
    calculation_constants: tuple[int, ...] = (),
) -> list[Finding]:
    """VALUE_OUT_OF_CONTEXT findings for the grounded values of `conclusion` whose context
    disagrees with every evidence value they match. Pure and deterministic."""
    claims = read_claims(conclusion)
    if not claims:
        return []
    by_span = {f.span: f for f in number_findings if f.span is not None}
    citation_index = _citation_map(claims, evidences, accepted)
    read: dict[int, _Seen] = {}
    out: list[Finding] = []
    constants = {str(c) for c in calculation_constants}
    for claim in claims:
        finding = by_span.get((claim.value.start, claim.value.end))
        if finding is not None and (
            finding.severity == "error"
            or finding.code != _GROUNDED_INFO
            or not set(getattr(finding, "rules", None) or ()) <= _EXACT_RULES
        ):
            # Ungrounded, exempt or derived: not this rule's. Rounded (or within a bound): the
            # evidence value the equivalence found is one of many near it, so its row says
            # nothing about the answer's.
            continue
        if claim.value.quantity in constants and not claim.value.unit:
            continue  # "/ 2", "× 100": a calculation's constant
        if _is_period_value(claim) or not any(ch.isdigit() for ch in claim.value.text):
            continue  # a period itself, or a number in words ("three months")
        cited = citation_index.get(claim.citation) if claim.citation else None
        if not claim.words and not claim.periods and cited is None:
            continue
        needle = _needle(claim, finding)
        if needle is None:
            continue
        probe = leading_figure(needle) or needle
        matches: list[tuple[int, Fact, list[Fact]]] = []
        for index, evidence in accepted:
            if probe not in evidence.excerpt:
                continue
            seen = read.get(index)
            if seen is None:
                seen = read[index] = _Seen(index, excerpt_facts(evidence.excerpt))
            for fact in seen.facts:
                if fact.value.quantity == needle:
                    matches.append((index, fact, seen.facts))
        if not matches:
            continue  # grounded some other way (a range end, a header date): not judged here
        reasons = [_disagreement(claim, f, facts, index, cited) for index, f, facts in matches]
        if any(r is None for r in reasons):
            continue
        out.append(_finding(claim, matches, reasons, accepted, located, cited))
    return out


def with_context(number_findings: list[Finding], context: list[Finding]) -> list[Finding]:
    """The number findings with each out-of-context value's finding in place of its info
    finding (one finding per value), in the conclusion's order."""
    if not context:
        return number_findings
    spans = {f.span for f in context}
    kept = [f for f in number_findings if f.span not in spans]
    return sorted(kept + context, key=lambda f: f.span or (0, 0))


def excerpt_facts(excerpt: str) -> list[Fact]:
    """The excerpt's facts; a value in prose gets the periods its own words give it, read as
    the answer's are ("45%, compared with 48% in 2021": 2021 is 48%'s, not 45%'s). Read once
    per text (the context rule and the derivations' operands both ask; facts are immutable)."""
    return list(_excerpt_facts(excerpt))


@lru_cache(maxsize=256)
def _excerpt_facts(excerpt: str) -> tuple[Fact, ...]:
    facts = read_facts(excerpt)
    if all(f.in_table for f in facts):
        return tuple(facts)
    own = {(c.value.start, c.value.end): c.periods for c in read_claims(excerpt)}
    return tuple(
        f if f.in_table else f._replace(periods=own.get((f.start, f.end), ())) for f in facts
    )


def _is_period_value(claim: Claim) -> bool:
    v = claim.value
    return v.kind in PERIODS or (v.kind == "number" and _is_year(v.quantity))


def _is_year(q: str) -> bool:
    return len(q) == 4 and q.isdigit() and q[:2] in ("19", "20")


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


def _named_rows(words: frozenset[str], facts: list[Fact]) -> tuple[set[str], dict[str, int]]:
    """The rows of the table the answer's words name best: the most words in common, then the
    fewest words of the label left over. Empty when no row shares a word."""
    scores: dict[str, tuple[int, int]] = {}
    for fact in facts:
        if fact.in_table and fact.row and fact.row not in scores:
            label = naming_words(fact.row)
            common = len(label & words)
            scores[fact.row] = (common, -len(label - words))
    best = max(scores.values(), default=(0, 0))
    if best[0] == 0:
        return set(), {}
    return {row for row, s in scores.items() if s == best}, {r: s[0] for r, s in scores.items()}


def _disagreement(
    claim: Claim, fact: Fact, facts: list[Fact], index: int, cited: int | None
) -> str | None:
    if cited is not None and index != cited:
        return "another_source"
    if fact.in_table and fact.row and claim.words:
        named, common = _named_rows(claim.words, facts)
        # Another row only when the answer's words name one clearly (every word of its label)
        # and better than the value's own row, and do not say every word of that row.
        label = naming_words(fact.row)
        if (
            named
            and fact.row not in named
            and not (label <= claim.words or label <= claim.own_words)
        ):
            row = min(named)
            if common[row] > common.get(fact.row, 0) and naming_words(row) <= claim.words:
                return "another_row"
    if claim.periods and contradicts(claim.periods, fact.periods):
        return "another_period"
    return None


def _alternative(claim: Claim, fact: Fact, facts: list[Fact], reason: str) -> Fact | None:
    """The value of the same table that fits the answer's context: the named row's cell in the
    same column, or the same row's cell in the named period."""
    if reason == "another_row":
        named, _ = _named_rows(claim.words, facts)
        fits = [
            f
            for f in facts
            if f.in_table and f.row in named and not contradicts(claim.periods, f.periods)
        ]
        same_column = [f for f in fits if f.column and f.column == fact.column]
        best = same_column or fits
        return best[0] if best else None
    if reason == "another_period":
        fits = [
            f
            for f in facts
            if f.in_table == fact.in_table
            and f.row == fact.row
            and f is not fact
            and f.periods
            and not contradicts(claim.periods, f.periods)
        ]
        return fits[0] if fits else None
    return None


def _finding(
    claim: Claim,
    matches: list[tuple[int, Fact, list[Fact]]],
    reasons: list[str | None],
    accepted: list[tuple[int, Evidence]],
    located: dict[int, tuple[RawChunk, int]] | None,
    cited: int | None,
) -> Finding:
    order = {r: i for i, r in enumerate(CONTEXT_REASONS)}
    k = min(range(len(matches)), key=lambda i: (order[reasons[i] or ""], i))
    index, fact, facts = matches[k]
    reason = reasons[k] or ""
    chunk_id = next(ev.chunk_id for i, ev in accepted if i == index)
    offset = located[index][1] if located and index in located else None
    alt = _alternative(claim, fact, facts, reason)
    text = claim.value.text
    if reason == "another_row":
        detail = f"{text} is {fact.row}'s" + (f"; {alt.row} has {alt.value.text}" if alt else "")
    elif reason == "another_period":
        where = fact.column or ", ".join(fact.periods)
        detail = f"{text} is the figure for {where}" + (
            f"; {alt.column or ', '.join(alt.periods)} has {alt.value.text}" if alt else ""
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
    claims: list[Claim], evidences: Sequence[Evidence], accepted: list[tuple[int, Evidence]]
) -> dict[str, int]:
    """Citation label -> index of the accepted evidence it names. A label equal to a cited
    chunk_id names that evidence; otherwise its number counts evidences from 1 ([1] is the
    first), or from 0 when some marker of the answer is [0]/[C0]. A label that names no
    accepted evidence maps to nothing (no check)."""
    labels = {c.citation for c in claims if c.citation}
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
