"""Why a grounded value is about something else than the answer says: VALUE_OUT_OF_CONTEXT's
reasons, one kind each.

`_disagreement` asks, for one evidence value the answer's value matched, the rules in order:
another source (the sentence cites another evidence), another row (the answer's words name a
row of the table better than the value's own), another subject (prose_subjects), another period
(a named period the value's column or sentence contradicts, relative ones too), another column
(a header of words the answer says, or a percent column, d461). `_alternative` finds the value
that fits the answer's context instead (its near match). Moved out of grounding.py unchanged.
Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from groundgate.engine.context.chunk_headers import headed_text
from groundgate.engine.context.claims import Claim
from groundgate.engine.context.columns import another_column, column_alternative
from groundgate.engine.context.excerpt_index import _Seen
from groundgate.engine.context.facts import Fact
from groundgate.engine.context.fiscal_names import FiscalSaid, fiscal_elsewhere, fiscal_fits
from groundgate.engine.context.fiscal_years import declares_start_years, with_start_years
from groundgate.engine.context.label_heads import said_apart
from groundgate.engine.context.other_sides import excluded, to_of_from
from groundgate.engine.context.parenthesised_twins import parenthesised_twin
from groundgate.engine.context.periods import contradicts, is_period_value, relative_periods
from groundgate.engine.context.point_units import of_another_unit
from groundgate.engine.context.prose_bindings import Said
from groundgate.engine.context.rate_alternatives import rate_alternative, rate_said
from groundgate.engine.context.row_order import held_by_longer
from groundgate.engine.context.row_rivals import qualified_row, rival_row
from groundgate.engine.context.year_relative import year_relative
from groundgate.engine.declarations import declares_percent

# row_rivals values that read a row's unqualified twin (d698) and its qualified one (d748, d777).
_UNQUALIFIED = ("unqualified", "qualified", "parenthesised")
_QUALIFIED = ("qualified", "parenthesised")


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
    bound: Callable[[], Said] | None = None,
    years: bool = False,
    fiscal: FiscalSaid | None = None,
) -> str | None:
    if cited is not None and index != cited:
        return "another_source"
    said_words = claim.words | claim.own_words
    claim = _short_forms_said(claim, seen)  # "扣非" says 扣除非经常性损益's words (d706)
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
            if common[named_label] > common.get(label, 0) and (
                named_label <= claim.words
                or (
                    seen.heads
                    and said_apart(row, named_label, label, claim.words, seen.apart, seen.months)
                )
                or seen.said_short(named_label, label, said_words)
            ):
                return "another_row"
            if seen.longer and longer_row(row, named_label, label, claim.words):
                # The answer says the shorter label whole, the value's row has words more that
                # it does not say (longer_rows "unsaid_words", d705).
                return "another_row"
        unqualified = seen.rivals in _UNQUALIFIED
        if (
            seen.rivals
            and not said
            and rival_row(label, claim.words, claim.own_words, seen, unqualified)
        ):
            return "another_row"  # a row said in full, or the unqualified one (d697, d698)
        if (
            seen.rivals in _QUALIFIED
            and not said
            and qualified_row(fact.row, claim.words, claim.own_words, seen)
        ):
            # the qualified row's name said of the plain row's, whose own label is not said
            # whole ("(GAAP)" unsaid; d748)
            return "another_row"
        if seen.rivals == "parenthesised" and parenthesised_twin(fact.row, claim.own_words, seen):
            return "another_row"  # "Non-GAAP operating income" of the (GAAP) row's (d777)
    if prose and not fact.in_table and claim.words:
        other = seen.subjects().another_subject(fact, claim.words | claim.own_words, claim.periods)
        if other is not None:
            return "another_subject"
    if bound is not None and seen.bindings().is_prose(fact):
        if _bound_elsewhere(claim, fact, seen, bound)[0]:
            return "another_subject"  # (said of another value's subject, d690)
    if named is None:
        named = claim.periods
    if named and contradicts(named, _held(fact, relative, seen if years else None)):
        if not (seen.fiscal_starts and declares_start_years(seen.text)) or contradicts(
            named, with_start_years(_held(fact, relative, seen if years else None))
        ):  # a January year's end of a text naming fiscal years by their start (d912)
            held = _held(fact, relative, seen if years else None)
            head = headed_text(fact, seen)  # the chunk's header for a cell it headed (d977)
            if not (
                seen.fiscal_names
                and fiscal
                and fiscal_fits(named, held, head, fiscal, seen.fiscal_open)
            ):
                return "another_period"  # (a fiscal year named as the case declares, d945)
    if named and seen.fiscal_names and fiscal and fiscal_elsewhere(named, fact.periods, fiscal):
        return "another_period"  # the fiscal year after, named by its end (d946)
    if (
        named
        and seen.other_sides
        and not fact.column
        and excluded(named, seen.not_of(fact))
        and not to_of_from(text())
    ):
        return "another_period"  # the other side's period of a comparison (d911)
    if columns and fact.in_table and fact.column:
        if another_column(claim.words | claim.own_words, fact, seen.labels, seen.columns()):
            return "another_column"
    if percent and _not_percent_cell(fact, seen):
        return "another_column"
    if seen.points and of_another_unit(claim.value, fact, seen.rate_columns):
        return "another_column"  # percentage points of a percent column, or back (d775)
    return None


# Words that make a label a total of the rows it names, not another row: "Total current
# liabilities" is said "current liabilities" (d705).
_TOTAL_WORDS = frozenset({"total", "totals", "合计", "总计", "小计", "总额"})
_OTHER = re.compile(r"(?i)\bother\b|\ball other\b")


def longer_row(
    named_row: str, named: frozenset[str], own: frozenset[str], words: frozenset[str]
) -> bool:
    """Whether the value's row (label words `own`) holds the named row's label (`named`, said
    whole by `words`) with more words, none of them a total's, the named row no "Other" row
    (whose "other" is no naming word, d308: "Other VaR" is not held by "Total VaR")."""
    if not (named < own and named <= words) or own - named <= _TOTAL_WORDS:
        return False
    return _OTHER.search(named_row) is None


def _bound_elsewhere(
    claim: Claim, fact: Fact, seen: _Seen, bound: Callable[[], Said]
) -> tuple[bool, Fact | None]:
    """prose_bindings' question for one evidence value (prose_subjects "bound_values")."""
    bindings = seen.bindings()
    own = bindings.binding(fact)
    if not own.facets and not own.days:
        return False, None  # the evidence binds its value to nothing (the answer not read)
    answer = bound()
    periods = bindings.periods() if claim.periods else None
    return bindings.bound_elsewhere(
        fact,
        answer.binding,
        claim.own_words,
        answer.acronyms,
        claim.periods,
        periods,
        answer.stated,
    )


def _not_percent_cell(fact: Fact, seen: _Seen) -> bool:
    """Whether a table's cell is of a column that declares no percent, beside one that does
    ("2018" beside "Change (%)"), in a row whose label declares none (percent_cells
    "percent_columns", d461). A cell whose column is not known is not judged."""
    if not (fact.in_table and fact.column) or declares_percent(fact.column):
        return False
    if fact.row and declares_percent(fact.row):
        return False
    return any(declares_percent(column) for column in seen.columns())


def _held(fact: Fact, relative: bool, seen: _Seen | None = None) -> tuple[str, ...]:
    """A value's own periods, and the relative ones of its column ("本期金额", "Prior year");
    with `seen` (year_relative "latest_year", d709), those its year column is in the table."""
    if relative and fact.in_table and fact.column:
        own = relative_periods(fact.column)
        if not own and seen is not None:
            own = year_relative(fact, seen.latest_year())
        return fact.periods + own
    return fact.periods


def _short_forms_said(claim: Claim, seen: _Seen) -> Claim:
    """The claim with the words its short forms stand for ("扣非" says 扣除非经常性损益's words,
    label_abbreviations): the row rule and its near miss read the answer alike."""
    if not seen.short_forms:
        return claim
    return claim._replace(
        words=seen.expanded(claim.words), own_words=seen.expanded(claim.own_words)
    )


def _alternative(
    claim: Claim,
    fact: Fact,
    seen: _Seen,
    reason: str,
    named: tuple[str, ...] = (),
    relative: bool = False,
    bound: Callable[[], Said] | None = None,
    years: bool = False,
) -> Fact | None:
    """The value of the same table that fits the answer's context: the named row's cell in the
    same column, or the same row's cell in the named period; in prose, the value said of the
    subject the answer names."""
    facts = seen.facts
    if reason == "another_subject":
        subjects = seen.subjects()
        other = subjects.another_subject(fact, claim.words | claim.own_words, claim.periods)
        if other is None and bound is not None:
            other = _bound_elsewhere(claim, fact, seen, bound)[1]
        return other
    if reason == "another_row":
        claim = _short_forms_said(claim, seen)  # the row "扣非" names, as above (d889, d904)
        best = seen.named(claim.words).best
        if seen.rivals and fact.row and not any(b <= claim.words for b in best):
            # (the best-named row not said: the row rule's rival, d697, names the near miss)
            rival = rival_row(
                seen.labels[fact.row],
                claim.words,
                claim.own_words,
                seen,
                seen.rivals in _UNQUALIFIED,
            )
            best = frozenset({rival}) if rival is not None else best
        if seen.rivals in _QUALIFIED and fact.row:
            twin = qualified_row(fact.row, claim.words, claim.own_words, seen)
            if twin is None and seen.rivals == "parenthesised":
                twin = parenthesised_twin(fact.row, claim.own_words, seen)  # (d777)
            best = frozenset({seen.labels[twin]}) if twin is not None else best
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
            # (a period mention is no figure of another period: "In 2023, ... $1.1 billion in
            # Q1, $1.3 billion in Q2" - Q1 2023's figure is $1.1 billion, not the year "2023")
            and (is_period_value(fact.value) or not is_period_value(f.value))
            and _held(f, relative, seen if years else None)
            and not contradicts(named or claim.periods, _held(f, relative, seen if years else None))
        ]
        return fits[0] if fits else None
    if reason == "another_column":
        if rate_said(claim.value):  # a rate's near miss is a rate column's cell (d926)
            return rate_alternative(
                claim.value, claim.words | claim.own_words, fact, facts, seen.columns()
            )
        return column_alternative(claim.words | claim.own_words, fact, facts, seen.columns())
    return None
