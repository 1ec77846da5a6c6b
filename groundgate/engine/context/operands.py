"""Derivations bound to context: the operands of a calculation are the ones the answer names.

A derivation (engine/derivations.py) explains an answer's value by one operation on two cited
values. Searched over every cited value, one operation on any two lands near almost any figure
("-13" for the change from 2018 to 2019 found as 295 - 308, the 2017 and 2018 columns). Bound to
context (policy `derivation_context: "rows_periods_sign"`), an operand pair is taken only where
the periods, rows, operation, order, sign and words the answer says allow it: the pair rule is
context/operand_rule.py (its docstring lists each test), the words it reads of a sentence
context/operation_words.py.

This module reads a case once (OperandContext): the accepted excerpts' facts (read when an
operand of one is first asked about), what each answer sentence says of its values (periods,
direction, named operation: about, bind), the rows its words name (named_rows, two_rows), what
an operand is said to be (words_of), which cells are printed negative (signed_operands). What
it reads of an excerpt once per text, shared across cases (row labels, facts by span, negative
cells), is context/excerpt_labels.py; the question's periods and words are read on need.

Pure: no Django, no I/O. Built once per case; each value's binding is a few set lookups.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, NamedTuple

from groundgate.engine.context.case_claims import case_reader
from groundgate.engine.context.claims import naming_words
from groundgate.engine.context.excerpt_index import excerpt_cells, excerpt_facts
from groundgate.engine.context.excerpt_labels import (
    facts_at,
    marked_labels,
    negative_cells,
    row_labels,
)
from groundgate.engine.context.facts import PLAIN, Fact, TableReading, printed_negative
from groundgate.engine.context.initials import acronyms
from groundgate.engine.context.operand_rule import PairRule
from groundgate.engine.context.operation_words import (
    _GLUED_MARK,
    _LABEL_ASIDES,
    _PROSE_AFTER,
    _PROSE_REACH,
    _SENTENCE_END,
    _SQUASHED,
    _TOTAL,
    SHARES,
    _label_said,
    _says_difference,
    _says_down,
    _says_down_word,
    _says_order,
    _subject_words,
    _unsaid,
    named_operations,
)
from groundgate.engine.context.period_spans import extra_periods
from groundgate.engine.context.periods import periods_in, with_listed

if TYPE_CHECKING:
    from groundgate.engine.evidence_values import Located
    from groundgate.engine.gates.answer_case import Evidence

Allow = Callable[[str, "Located", "Located | None"], int]


class Binding(NamedTuple):
    """What the answer says a derived value is about, and the test of an operand pair."""

    allow: Allow | None  # None: the answer names nothing the operands could be held to
    down: bool  # the sentence says the direction is down ("decrease", "fell")
    bound: bool  # periods or rows named: operands are held to them
    # Whether an operand may take part (None: all): a cell of a year not named passes no allow.
    keep: Callable[[Located], bool] | None = None
    years: tuple[str, ...] = ()  # the named years `keep` holds cells to (sorted)
    # A short result's pair test (None: none): allow_short, or allow_short_named (d994).
    short: Allow | None = None
    results: Callable[..., bool] | None = None  # PairRule.results (d546, d548)


class About(NamedTuple):
    """What the answer says one of its values is (OperandContext.about)."""

    periods: tuple[str, ...]
    words: frozenset[str]
    operations: frozenset[str] | None
    sentence_words: frozenset[str]  # the naming words of its whole sentence


class OperandContext:
    """The facts of the accepted excerpts, and the claims of the conclusion, read once. An
    excerpt's facts are read when an operand of it is first asked about (most derivations find
    no pair at all, and most operands are no cell printed negative)."""

    def __init__(
        self,
        conclusion: str,
        question: str,
        accepted: list[tuple[int, Evidence]],
        *,
        named_operation: bool = True,
        time_order: bool = False,
        unsigned_difference: bool = False,
        label_core: bool = False,
        named_order: bool = False,
        period_cells: bool = False,
        label_directions: bool = False,
        total_shares: bool = False,
        period_kinds: str = "years",
        operand_words: str = "off",
        reading: TableReading = PLAIN,
        best_rows: str = "any_row",
        relative_order: bool = False,
    ) -> None:
        self.each_named = period_kinds in ("each_named", "ordered_kinds")  # one cell each
        # Whether a pair the context does not bind (allow's 1) needs an operand the answer
        # speaks of (derivation_words "one_said", d479; "one_said_initials": acronyms, d506).
        self.operand_words = operand_words != "off"
        self.initials = operand_words == "one_said_initials"
        self.best_rows = best_rows  # one row's pair: one_row_pairs (d567, d922)
        self._question = question
        # (evidence index, span) -> the operand's own naming words (None: none known).
        self._operand_words: dict[tuple[int, tuple[int, int]], frozenset[str] | str | None] = {}
        # Two named periods of a kind other than years bind a change's cells too (d460).
        self.period_kinds = period_kinds != "years"
        self.ordered_kinds = period_kinds == "ordered_kinds"  # quarters, halves ordered too
        self._total_shares, self.period_cells = total_shares, period_cells
        self._label_directions, self._named_order = label_directions, named_order
        self._conclusion, self._label_core = conclusion, label_core
        # change_order "time_order"; "time_relative" orders relative columns too (d671).
        self.time_order, self.relative_order = time_order, relative_order
        self._named_operation, self._unsigned_difference = named_operation, unsigned_difference
        # How table headers are read (facts.TableReading); with quarter_ordinals, an answer's
        # listed ordinals too ("the second and first quarter"); months: naming_words' (d714).
        self._reading, self.months = reading, reading.whole_months
        self._quarters = reading.quarter_ordinals
        # The question's periods and naming words, read on first need (d1028).
        self._q_periods: tuple[str, ...] | None = None
        self._q_words: frozenset[str] | None = None
        self._excerpts: dict[int, list[str]] = {}
        for index, evidence in accepted:
            self._excerpts.setdefault(index, []).append(evidence.excerpt)
        self._facts: dict[int, list[Fact]] = {}
        # Evidence index -> its facts by span (excerpt_labels.facts_at), with its facts.
        self._at: dict[int, Mapping[tuple[int, int], Fact]] = {}
        self._cells: dict[int, dict[tuple[int, int], Fact]] = {}
        # The case's claims (the context rule's too, d984): words read on need, few bound.
        self._claims = case_reader(conclusion, reading)
        self._sentences = [(s.start, s.end, s.text) for s in self._claims.sentences]
        self._named: dict[tuple[int, frozenset[str]], set[str]] = {}
        # By sentence start, on need: (its periods, whether it says the direction is down, the
        # operations it names).
        self._sentence_reads: dict[int, tuple[tuple[str, ...], bool, frozenset[str] | None]] = {}
        # By sentence start, on need: the operations it names and its naming words (about).
        self._sentence_names: dict[int, tuple[frozenset[str] | None, frozenset[str]]] = {}
        # By sentence start, on need: the operations it names (operations).
        self._sentence_operations: dict[int, frozenset[str] | None] = {}

    @property
    def _question_periods(self) -> tuple[str, ...]:
        """The periods the question names (read on first need, d1028)."""
        if self._q_periods is None:
            question = self._question
            self._q_periods = self._periods_in(question) if question else ()
        return self._q_periods

    @property
    def _question_words(self) -> frozenset[str]:
        """The question's naming words (read on first need, d1028)."""
        if self._q_words is None:
            question = self._question
            self._q_words = naming_words(question, self.months) if question else frozenset()
        return self._q_words

    def _facts_of(self, index: int) -> list[Fact]:
        """Evidence `index`'s facts, read on first need."""
        facts = self._facts.get(index)
        if facts is None:
            facts = []
            excerpts = self._excerpts.get(index, ())
            if len(excerpts) == 1:  # (always, but for an index given twice)
                facts = excerpt_facts(excerpts[0], self._reading)
                self._at[index] = facts_at(excerpts[0], self._reading)
            else:
                at: dict[tuple[int, int], Fact] = {}
                for excerpt in excerpts:
                    facts = excerpt_facts(excerpt, self._reading)
                    at.update(facts_at(excerpt, self._reading))
                self._at[index] = at
            self._facts[index] = facts
        return facts

    def fact(self, located: Located) -> Fact | None:
        index = located.evidence_index
        if located.where != "excerpt" or index is None or located.span is None:
            return None
        at = self._at.get(index)
        if at is None:
            self._facts_of(index)
            at = self._at[index]
        return at.get(located.span)

    def _cell(self, located: Located) -> Fact | None:
        """The fact at the operand without its prose periods (whether it is printed negative
        needs no claims reading of the excerpt): excerpt_index.excerpt_cells, read once per text."""
        index = located.evidence_index
        if located.where != "excerpt" or index is None or located.span is None:
            return None
        at = self._cells.get(index)
        if at is None:
            at = self._cells[index] = {}
            for excerpt in self._excerpts.get(index, ()):
                for fact in excerpt_cells(excerpt, self._reading):
                    at[fact.start, fact.end] = fact
        return at.get(located.span)

    def _maybe_negative(self, located: Located) -> bool:
        """False when the operand cannot be a cell printed negative: facts.py's own test of a
        fact's sign, asked at the operand's span on its line of the excerpt (a fact is read
        from its line, or from a markdown cell within it, whose test can only fail where the
        line's does), so that an excerpt's facts are read only for an operand that may be one."""
        index, span = located.evidence_index, located.span
        if located.where != "excerpt" or index is None or span is None:
            return False
        start, end = span
        return any(printed_negative(text, start, end) for text in self._excerpts.get(index, ()))

    def sentence_at(self, span: tuple[int, int]) -> tuple[int, str]:
        return next(((s, t) for s, e, t in self._sentences if s <= span[0] < e), (-1, ""))

    def _periods_in(self, text: str) -> tuple[str, ...]:
        """The periods `text` names; with `quarters`, each of a list of ordinals ("the second
        and first quarter": Q2 and Q1); with durations, its durations (d602), lengths (d694)."""
        found = with_listed(text, periods_in(text)) if self._quarters else periods_in(text)
        return found + extra_periods(text, self._reading.durations, self._reading.spans)

    def _read_sentence(
        self, span: tuple[int, int]
    ) -> tuple[tuple[str, ...], bool, frozenset[str] | None]:
        """What the sentence of the value at `span` says: (its periods, whether it says the
        direction is down, the operations it names)."""
        start, sentence = self.sentence_at(span)
        read = self._sentence_reads.get(start)
        if read is None:  # a sentence's values share what it says: read once
            down = _says_down(sentence)
            # The sentence's own words name the operation, not the question's: a question may
            # define a metric of several steps ("net income / average total assets"), read once.
            named = self.operations(span) if self._named_operation else None
            read = self._sentence_reads[start] = (self._periods_in(sentence), down, named)
        return read

    def about(self, span: tuple[int, int]) -> About:
        """What the answer says the value at `span` is: the periods of its sentence (else the
        question's), the words that name it (else the question's), the operations its sentence
        names (named_operations, whatever the `named_operation` setting)."""
        periods, _, _ = self._read_sentence(span)
        start, sentence = self.sentence_at(span)
        words = self._claims.words(span) or frozenset()
        said = self._sentence_names.get(start)
        if said is None:  # a sentence's values share its operations and words: read once
            named = naming_words(sentence, self.months)
            said = self._sentence_names[start] = (self.operations(span), named)
        return About(periods or self._question_periods, words or self._question_words, *said)

    def operations(self, span: tuple[int, int]) -> frozenset[str] | None:
        """about(span).operations without the rest of about (the naming words of the whole
        sentence): what a rule that needs a named operation asks first."""
        start, sentence = self.sentence_at(span)
        if start in self._sentence_operations:
            return self._sentence_operations[start]
        found = self._sentence_operations[start] = named_operations(sentence)
        return found

    def question_subject(self) -> frozenset[str]:
        """The question's subject words (derivation_words: _subject_words)."""
        return _subject_words(self._question, self.months) if self._question else frozenset()

    def question_acronyms(self) -> frozenset[str]:
        """The question's acronyms (derivation_words "one_said_initials": initials.acronyms)."""
        return acronyms(self._question) if self._question else frozenset()

    def excerpts_of(self, index: int) -> list[str]:
        """The excerpts of evidence `index` (one, but for an index given twice)."""
        return self._excerpts.get(index, [])

    def said_order(self, span: tuple[int, int], rows: set[str]) -> list[str] | None:
        """`rows` in the order the sentence of the value at `span` says their labels (in full,
        else without their asides), or None when one of them is not found said."""
        sentence = self.sentence_at(span)[1]
        at: dict[str, int] = {}
        for row in rows:
            for text in (row, _LABEL_ASIDES.sub(" ", row), _GLUED_MARK.sub("", row)):
                found = _label_said(text).search(sentence) if text.split() else None
                if found is not None:
                    at[row] = found.start()
                    break
            else:
                return None
        if len(set(at.values())) != len(at):
            return None  # one said inside the other: no order
        return sorted(at, key=at.__getitem__)

    def evidence_indices(self) -> list[int]:
        """The accepted evidence indices, in order."""
        return sorted(self._excerpts)

    def facts_of(self, index: int) -> list[Fact]:
        """Evidence `index`'s facts (read on first need)."""
        return self._facts_of(index)

    def bind(
        self, span: tuple[int, int], *, negative: bool = False, percent: bool = False
    ) -> Binding:
        """The binding of the conclusion's value at `span` (`negative`: the value is stated
        negative; `percent`: it is a percentage)."""
        periods, down, operations = self._read_sentence(span)
        periods = periods or self._question_periods
        words = self._claims.words(span) or frozenset()
        if not periods and not words and not self._question_words:
            return Binding(None, down, False)
        if percent and self._total_shares and operations == _TOTAL:
            operations = SHARES  # "14.81% ... among the total accrued liabilities" (d443)
        years = sorted(p for p in periods if p[0] == "Y")
        either, named_order = False, False
        sentence = self.sentence_at(span)[1]
        if self._label_directions and (_says_order(sentence) or _says_down_word(sentence)):
            # A named row's label is its name: "gains on the sale of ..." names no rise (d442).
            sentence = self._unlabelled(sentence, words or self._question_words)
            down = _says_down(sentence)
        if self._unsigned_difference and not down:
            alone = _says_difference(sentence) and not _says_order(sentence)
            either = alone and not negative
            # Stated negative, a difference named by that word alone is the first named
            # period's cell minus the second's (difference_order "unsigned_named", d410).
            named_order = alone and negative and self._named_order
        rule = PairRule(self, periods, years, words or self._question_words, operations, either)
        if self.operand_words:
            rule.sentence = self.sentence_at(span)[1]
        if named_order:
            said = [p for p in periods if p[0] == "Y"]
            rule.order = (said[0], said[1]) if len(said) == 2 else ("", "")
        keep = rule.keep if len(years) >= 2 else None
        short = rule.allow_short if len(years) == 2 else rule.allow_short_named
        bound = bool(periods) or bool(words)
        return Binding(rule.allow, down, bound, keep, tuple(years), short, rule.results)

    def words_of(self, located: Located) -> frozenset[str] | str | None:
        """What an excerpt operand is said to be: its row label's naming words (and its
        column header's) for a table cell, the words of its own sentence before it (and the rest
        of its line) for prose; a label printed without spaces ("Totalnetrevenue") in lower
        case, whose words cannot be split; None for a cell whose row is not known or has no
        naming word ("Other")."""
        index, span = located.evidence_index, located.span
        if index is None or span is None:
            return None
        key = (index, span)
        if key in self._operand_words:
            return self._operand_words[key]
        fact = self.fact(located)
        words: frozenset[str] | str | None
        if fact is not None and fact.in_table:
            words = None
            if fact.row and _SQUASHED.search(fact.row) and " " not in fact.row.strip():
                words = fact.row.strip().lower()
            elif fact.row:
                words = naming_words(fact.row, self.months) | (
                    naming_words(fact.column, self.months) if fact.column else frozenset()
                )
        else:
            excerpt = self._excerpts.get(index, [""])[-1]
            start, end = span
            before = excerpt[max(0, start - _PROSE_REACH) : start]
            ends = [m.end() for m in _SENTENCE_END.finditer(before)]
            if ends:
                before = before[ends[-1] :]
            after = excerpt[end : end + _PROSE_AFTER].split("\n", 1)[0]
            words = naming_words(before + " " + after, self.months)
        self._operand_words[key] = words or None
        return words or None

    def _unlabelled(self, sentence: str, words: frozenset[str]) -> str:
        """`sentence` without the labels (in full, or without their asides) of the rows that
        `words` name."""
        labels = {row for index in self._excerpts for row in self.named_rows(index, words)}
        for label in sorted(labels, key=len, reverse=True):
            for text in (label, _LABEL_ASIDES.sub(" ", label)):
                said = text.split()
                if said and not _unsaid(said[0], sentence):
                    sentence = _label_said(text).sub(" ", sentence)
        return sentence

    def named_rows(self, index: int, words: frozenset[str]) -> set[str]:
        """The rows of evidence `index`'s table that `words` name: every word of the label
        said, and no longer label named that holds it ("Total Other" names that row, not
        "Other")."""
        key = (index, words)
        named = self._named.get(key)
        if named is None:
            named = self._named_by(index, words, False)
            if not named and self._label_core:
                # No label said in full: a label's core names its row ("Additions (Note (a))"
                # is "additions", "Granted during the period" "granted"; policy
                # derivation_row_words "label_core", d408).
                named = self._named_by(index, words, True)
            self._named[key] = named
        return named

    def two_rows(self, index: int, words: frozenset[str]) -> set[str]:
        """The rows of evidence `index`'s table that `words` name (named_rows), and where that
        is one row, with it the rows whose label core, a glued footnote mark aside ("Incentive
        schemes1"), is said: the two rows of a comparison may be named one in full, one by its
        core. (difference_of_averages.explain_difference_of_averages, d488.)"""
        rows = self.named_rows(index, words)
        if len(rows) != 1 or not self._label_core:
            return rows
        excerpts = self._excerpts.get(index, ())
        if not excerpts:
            return rows
        cores = {
            row: label
            for row, label in marked_labels(excerpts[-1], self._reading)
            if label <= words
        }
        return rows | {
            row for row, label in cores.items() if not any(label < o for o in cores.values())
        }

    def _named_by(self, index: int, words: frozenset[str], core: bool) -> set[str]:
        """The rows of evidence `index`'s facts whose label (its naming words, or with `core`
        its _core_words) is said in `words`, but for one a longer such label holds."""
        excerpts = self._excerpts.get(index, ())
        if not excerpts:
            return set()
        # (The facts of an index given twice are its last excerpt's, as _facts_of reads them.)
        labels = {
            row: label
            for row, label in row_labels(excerpts[-1], core, self._reading)
            if label <= words
        }
        return {row for row, label in labels.items() if not any(label < o for o in labels.values())}

    def signed_operands(
        self, operands: list[tuple[Located, list[float]]]
    ) -> list[tuple[Located, list[float]]]:
        """The operands with a cell printed negative ("(9,819)") offering its signed amount
        too: under the sign rule "-16,458" is -9,819 - 6,639, not 9,819 + 6,639."""
        out = []
        for located, amounts in operands:
            if amounts and self._printed_negative_cell(located):
                amounts = [-v for v in amounts] + amounts
            out.append((located, amounts))
        return out

    def _printed_negative_cell(self, located: Located) -> bool:
        """Whether the operand is a cell printed negative: its excerpt's negative_cells (read
        once per text), else (a span that is no value of the grammar's, an evidence index with
        several excerpts) the cell itself."""
        index, span = located.evidence_index, located.span
        if located.where != "excerpt" or index is None or span is None:
            return False
        excerpts = self._excerpts.get(index, ())
        if len(excerpts) == 1:
            checked, negative = negative_cells(excerpts[0], self._reading)
            if span in checked:
                return span in negative
        fact = self._cell(located) if self._maybe_negative(located) else None
        return fact is not None and fact.negative
