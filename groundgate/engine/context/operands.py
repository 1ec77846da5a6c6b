"""Derivations bound to context: the operands of a calculation are the ones the answer names.

A derivation (engine/derivations.py) explains an answer's value by one operation on two cited
values. Searched over every cited value, one operation on any two lands near almost any figure
("-13" for the change from 2018 to 2019 found as 295 - 308, the 2017 and 2018 columns). Bound to
context (policy `derivation_context: "rows_periods_sign"`), an operand pair is taken only when:
  - periods: the value's sentence (else the question) names periods. A change (difference,
    percentage change, percentage points) between two named years is the later year's cell
    minus the earlier year's ("from 2018 to 2019" is 2019 - 2018, whatever order the words
    give); a change in one named year has its first operand in that year. Every other
    operation (sum, average, ratio, share) takes operands of the named periods only;
  - rows: a change across two named years is of one row (both cells in the same row); when the
    answer's words clearly name a row of the cited table (every word of its label, as
    grounding.py reads rows), the calculation uses that row (a change: both operands; any
    other operation: at least one);
  - operation: the operation the value's sentence names is the operation - "the
    change" is a difference, a percentage change or points, never the sum of the two cells;
    "the ratio" / "8.4% of" a share; "the average" an average; "the total" a sum (gate 2.7.0);
  - order (policy `change_order: "time_order"`, gate 2.12.0): where the answer names fewer than
    two years, a change of two cells of one row is still the later year's minus the earlier's
    ("the change in closing cash" is 2019 - 2018); "named_years" holds it only to named years;
  - either order (policy `difference_order: "unsigned"`, gate 2.14.0, d347): where the sentence
    names the difference by that word alone ("the difference between 2018 and 2019", "差额",
    "相差"; no "change", "increase", "from ... to") and states it positive, the two cells of a
    row the answer names may be taken in either order - a positive difference is the distance
    between them. A negative one keeps the time order (it says which way);
  - sign: derivations.explain takes a negative value as negative (a ratio of two positive
    figures is never negative) and a positive one as positive, unless the sentence says the
    direction in words ("a decrease of 13" is the change -13);
  - words (policy `derivation_words: "one_said"`, gate 2.24.0, d479): a pair that no named row
    or period binds (allow's 1: a filing page read one cell a line, whose cells have no column)
    is taken only when an operand is what the answer speaks of - its row label (or a prose
    value's own sentence before it) shares a naming word with the value's sentence or the
    question, a statement's name ("the income statement") and a qualifier ("total", "net")
    aside (d481) - or the pair is two cells of one row for a change or an average. On a page of
    200 figures one operation on some pair lands near almost any figure ("positive working
    capital of $841 million" as (1,671 + 10) / 2, cash and another note's figure).
An operand whose context is unknown (prose without periods, the answer's own earlier steps, a
cell whose column is not known) never contradicts anything.

Pure: no Django, no I/O. Built once per case; each value's binding is a few set lookups.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, NamedTuple

from groundgate.engine.context.claims import ClaimReader, naming_words
from groundgate.engine.context.facts import PLAIN, Fact, TableReading, printed_negative
from groundgate.engine.context.grounding import excerpt_cells, excerpt_facts
from groundgate.engine.context.periods import contradicts, periods_in, with_listed
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.text_memo import text_memo

if TYPE_CHECKING:
    from groundgate.engine.gates.answer_case import Evidence
    from groundgate.engine.number_grounding import Located

# Operations that compare one quantity across periods (a change), against those that combine
# values of one period (sum, average, ratio, share).
CHANGES = frozenset({"difference", "percentage_change", "percentage_points"})
# Words that give a change's direction: "a decrease of 13" is the change -13.
_DOWN = re.compile(
    r"(?i)\b(?:decreas|declin|fell|fall|drop|reduc|shrank|shrink)\w*|减少|下降|降低|下滑"
)

# ... unless it also names a rise ("the increase / (decrease) in revenue"): no direction then.
_UP = re.compile(r"(?i)\b(?:increas|rose|rise|grew|grow|gain)\w*|增加|增长|上升|提高")
# A difference named by that word alone (difference_order): "the difference between 2018 and
# 2019", "两年的差额", "相差"; a change word or a direction beside it ("from 2018 to 2019",
# "从2018年到2019年", "较上年") orders it.
_DIFFERENCE_WORD = re.compile(r"(?i)\bdifferences?\b|差额|差异|相差|之差|差值")
_ORDERED = re.compile(
    r"(?i)\b(?:chang|increas|decreas|declin|grew|grow|rose|rise|fell|fall|drop|reduc|gain)\w*"
    r"|\bfrom\b[^.;]*\bto\b|从[^。；]*到|较上年|同比|增加|减少|增长|下降"
)

Allow = Callable[[str, "Located", "Located | None"], int]

# derivation_words: how far before a prose operand its own sentence is read, and after it on its
# line; a label of one long run of letters is printed without spaces ("Totalcurrentassets").
_PROSE_REACH = 150
_PROSE_AFTER = 40
_SENTENCE_END = re.compile(r"[.;:!?。；！？](?:\s|$)|\n\s*\n")
_SQUASHED = re.compile(r"[A-Za-z]{16,}")
_SQUASHED_WORD = 4  # the shortest said word looked for within such a label ("cash", not "net")
# What names no quantity an operand is about: a statement's name ("the income statement", "the
# statement of cash flows", "balance sheet": where the figures are printed) and the words that
# only qualify a label ("Total", "net").
_DOCUMENT_NAMES = re.compile(
    r"(?i)\b(?:(?:consolidated\s+)?(?:income|cash[\s-]*flows?|operations|earnings|"
    r"comprehensive\s+income|financial)\s+statements?|statements?\s+of\s+(?:consolidated\s+)?"
    r"(?:income|cash\s+flows?|operations|earnings|financial\s+position|comprehensive\s+income)|"
    r"balance\s+sheets?|P\s*&\s*L)\b"
)
_QUALIFIERS = frozenset({"total", "net"})


@text_memo(max_bytes=2**20, item_bytes=80)
def _subject_words(text: str) -> frozenset[str]:
    """The naming words of a sentence or a question that may say what an operand is about: no
    statement's name, no qualifier (derivation_words)."""
    return naming_words(_DOCUMENT_NAMES.sub(" ", text)) - _QUALIFIERS


# What a row label says beside the quantity it names (derivation_row_words "label_core", d408):
# a note or footnote in parentheses ("Additions (Note (a))", "Cash (1)", "收入（注释5）") and
# the period of a movement schedule ("during the period", "at end of period", "for the year").
_LABEL_ASIDES = re.compile(
    r"[(（][^()（）]*(?:[(（][^()（）]*[)）][^()（）]*)*[)）]"
    r"|(?i:\b(?:(?:as\s+)?(?:at|of)\s+(?:the\s+)?(?:end|beginning|start|close)\s+of\s+"
    r"(?:the\s+)?(?:period|year)|(?:during|for|in)\s+the\s+(?:period|year))\b)"
)


# Of each case-insensitive pattern below, the lower-case words one of which every match in an
# ASCII text holds (its English branches; the other branches are CJK): an ASCII text without
# any is not searched - a few substring tests instead of a match attempt at every character.
# tests/engine/context/test_operation_words.py holds each set necessary.
_CHANGE_WORDS = ("chang", "increas", "decreas", "declin", "grew", "grow", "rose", "rise", "fell",
                 "fall", "drop", "reduc")  # fmt: skip
_WORDS_OF: dict[re.Pattern[str], tuple[str, ...]] = {
    _DOWN: ("decreas", "declin", "fell", "fall", "drop", "reduc", "shrank", "shrink"),
    _UP: ("increas", "rose", "rise", "grew", "grow", "gain"),
    _DIFFERENCE_WORD: ("difference",),
    _ORDERED: (*_CHANGE_WORDS, "gain", "from"),
}


def _found(pattern: re.Pattern[str], text: str) -> bool:
    """pattern.search(text) is not None, not searched where _WORDS_OF says it cannot match."""
    if text.isascii():
        low = text.lower()
        if not any(word in low for word in _WORDS_OF[pattern]):
            return False
    return pattern.search(text) is not None


# What bind asks of a sentence (and of it without its named rows' labels), read once per text:
# a long answer's values share their sentence, and a case-insensitive alternation costs a
# match attempt at every character (FinanceBench: ~10 searches of each sentence text).
@text_memo(max_bytes=2 * 2**20, item_bytes=0)
def _says_order(sentence: str) -> bool:
    """_ORDERED found: a change word or a direction ("from 2018 to 2019")."""
    return _found(_ORDERED, sentence)


@text_memo(max_bytes=2 * 2**20, item_bytes=0)
def _says_down_word(sentence: str) -> bool:
    """_DOWN found: a word of a fall ("decrease", "fell")."""
    return _found(_DOWN, sentence)


def _says_down(sentence: str) -> bool:
    """The sentence says the direction is down: a word of a fall and none of a rise."""
    return _says_down_word(sentence) and not _found(_UP, sentence)


@text_memo(max_bytes=2 * 2**20, item_bytes=0)
def _says_difference(sentence: str) -> bool:
    """_DIFFERENCE_WORD found: "difference", "差额"."""
    return _found(_DIFFERENCE_WORD, sentence)


def _core_words(label: str) -> frozenset[str]:
    """The naming words of a row label without its asides (_LABEL_ASIDES)."""
    return naming_words(_LABEL_ASIDES.sub(" ", label))


# A footnote mark glued to a label's last word ("Incentive schemes1", "Other benefits2").
_GLUED_MARK = re.compile(r"(?<=[a-z])\d{1,2}\s*$")


def _marked_core_words(label: str) -> frozenset[str]:
    """_core_words of the label without a footnote mark glued to its last word."""
    return _core_words(_GLUED_MARK.sub("", label))


# The operation a sentence names (named_operations): a change, a share, an average, a total.
# Chinese forms beside the English (d409): 变动/增长/差额 a change, 占比/比例 a share, 平均 an
# average, 合计/总额 a total.
_NAMES_CHANGE = re.compile(
    r"(?i)\b(?:chang|differen|increas|decreas|declin|grew|grow|rose|rise|fell|fall|drop|reduc)\w*"
    r"|变动|变化|增加|减少|增长|下降|增幅|降幅|差额|差异|相差|之差|同比"
)
_NAMES_SHARE = re.compile(
    r"(?i)\b(?:ratio|proportion|portion|share of|percentage of|percent of|as a percentage)\b"
    r"|[%％]\s*of\b|\bof (?:the |its )?total\b|占比|比例|比率|比重|占[^。；，,]{0,20}的?百分比"
)
_NAMES_AVERAGE = re.compile(r"(?i)\b(?:average|mean)\b|平均|均值")
_NAMES_TOTAL = re.compile(
    r"(?i)\b(?:total|sum|combined|altogether)\b|合计|总计|总额|总和|之和|共计"
)
SHARES = frozenset({"ratio", "percentage", "as_percent", "percent_of"})
_TOTAL = frozenset({"sum"})
# What a result shorter than the policy's significant digits may be (short_results).
_SHORT = CHANGES | {"average"}


def named_operations(text: str) -> frozenset[str] | None:
    """The operations `text` says its value is the result of, or None when it names none.
    A change ("change", "difference", "increase", "fell") is a difference, a percentage change
    or points - never a sum; a share ("ratio", "percentage of") a ratio; an average an average;
    a total a sum. Where several are named the first of change, share, average, total decides
    ("the change in Total revenue" is a change, "8.4% of the Total" a share), and an
    average named with a change is allowed beside it ("the average change")."""
    if _found(_NAMES_CHANGE, text):
        return CHANGES | {"average"} if _found(_NAMES_AVERAGE, text) else CHANGES
    if _found(_NAMES_SHARE, text):
        return SHARES
    if _found(_NAMES_AVERAGE, text):
        return frozenset({"average"})
    if _found(_NAMES_TOTAL, text):
        return frozenset({"sum"})
    return None


_WORDS_OF[_NAMES_CHANGE] = (*_CHANGE_WORDS, "differen")
_WORDS_OF[_NAMES_SHARE] = ("ratio", "portion", "share of", "percent", "%", "total")
_WORDS_OF[_NAMES_AVERAGE] = ("average", "mean")
_WORDS_OF[_NAMES_TOTAL] = ("total", "sum", "combined", "altogether")


class Binding(NamedTuple):
    """What the answer says a derived value is about, and the test of an operand pair."""

    allow: Allow | None  # None: the answer names nothing the operands could be held to
    down: bool  # the sentence says the direction is down ("decrease", "fell")
    bound: bool  # periods or rows named: operands are held to them
    # Whether an operand may take part at all (None: every one): with two named years, a cell
    # of another year passes no `allow`, so the pool is cut before the search.
    keep: Callable[[Located], bool] | None = None
    years: tuple[str, ...] = ()  # the named years `keep` holds cells to (sorted)
    # The test of a pair for a result shorter than the policy's significant digits (None: no
    # such result is derived here): two cells of a named row in the two named years.
    short: Allow | None = None


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
        period_kinds: bool = False,
        operand_words: bool = False,
        reading: TableReading = PLAIN,
        each_named: bool = False,
    ) -> None:
        # Two named periods of a kind bind a change's cells one to each (change_periods
        # "each_named"): never two cells of one of them.
        self.each_named = each_named
        # Whether a pair the context does not bind (allow's 1) needs an operand the answer
        # speaks of (policy derivation_words "one_said", d479).
        self.operand_words = operand_words
        self._question = question
        # (evidence index, span) -> the operand's own naming words (None: none known).
        self._operand_words: dict[tuple[int, tuple[int, int]], frozenset[str] | str | None] = {}
        # Two named periods of a kind other than years bind a change's cells too (d460).
        self.period_kinds = period_kinds
        self._total_shares = total_shares
        self._label_directions = label_directions
        self._named_order = named_order
        self.period_cells = period_cells
        self._conclusion = conclusion
        self._label_core = label_core
        self._named_operation = named_operation
        self.time_order = time_order
        self._unsigned_difference = unsigned_difference
        # How table headers are read (facts.TableReading); with quarter_ordinals, an answer's
        # listed ordinals too ("the second and first quarter").
        self._reading = reading
        self._quarters = reading.quarter_ordinals
        self._question_periods = self._periods_in(question) if question else ()
        self._question_words = naming_words(question) if question else frozenset()
        self._excerpts: dict[int, list[str]] = {}
        for index, evidence in accepted:
            self._excerpts.setdefault(index, []).append(evidence.excerpt)
        self._facts: dict[int, list[Fact]] = {}
        # Evidence index -> its facts by span (_facts_at), with its facts.
        self._at: dict[int, Mapping[tuple[int, int], Fact]] = {}
        self._cells: dict[int, dict[tuple[int, int], Fact]] = {}
        # The naming words of the values asked about, read on need (ClaimReader.words): most
        # values of a long answer are never bound, and a bound one needs no more of its claim.
        self._claims = ClaimReader(conclusion)
        self._sentences = [(s.start, s.end, s.text) for s in self._claims.sentences]
        self._named: dict[tuple[int, frozenset[str]], set[str]] = {}
        # By sentence start, on need: (its periods, whether it says the direction is down, the
        # operations it names).
        self._sentence_reads: dict[int, tuple[tuple[str, ...], bool, frozenset[str] | None]] = {}
        # By sentence start, on need: the operations it names and its naming words (about).
        self._sentence_names: dict[int, tuple[frozenset[str] | None, frozenset[str]]] = {}
        # By sentence start, on need: the operations it names (operations).
        self._sentence_operations: dict[int, frozenset[str] | None] = {}

    def _facts_of(self, index: int) -> list[Fact]:
        """Evidence `index`'s facts, read on first need."""
        facts = self._facts.get(index)
        if facts is None:
            facts = []
            excerpts = self._excerpts.get(index, ())
            if len(excerpts) == 1:  # (always, but for an index given twice)
                facts = excerpt_facts(excerpts[0], self._reading)
                self._at[index] = _facts_at(excerpts[0], self._reading)
            else:
                at: dict[tuple[int, int], Fact] = {}
                for excerpt in excerpts:
                    facts = excerpt_facts(excerpt, self._reading)
                    at.update(_facts_at(excerpt, self._reading))
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
        needs no claims reading of the excerpt): grounding.excerpt_cells, read once per text."""
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

    def _sentence_at(self, span: tuple[int, int]) -> tuple[int, str]:
        return next(((s, t) for s, e, t in self._sentences if s <= span[0] < e), (-1, ""))

    def _periods_in(self, text: str) -> tuple[str, ...]:
        """The periods `text` names; with `quarters`, each of a list of ordinals ("the second
        and first quarter": Q2 and Q1)."""
        found = periods_in(text)
        return with_listed(text, found) if self._quarters else found

    def _read_sentence(
        self, span: tuple[int, int]
    ) -> tuple[tuple[str, ...], bool, frozenset[str] | None]:
        """What the sentence of the value at `span` says: (its periods, whether it says the
        direction is down, the operations it names)."""
        start, sentence = self._sentence_at(span)
        read = self._sentence_reads.get(start)
        if read is None:  # a sentence's values share what it says: read once
            down = _says_down(sentence)
            # The sentence's own words name the operation, not the question's: a question may
            # define a metric of several steps ("net income / average total assets").
            # (operations(span): read once per sentence, with what about() asks)
            named = self.operations(span) if self._named_operation else None
            read = self._sentence_reads[start] = (self._periods_in(sentence), down, named)
        return read

    def about(self, span: tuple[int, int]) -> About:
        """What the answer says the value at `span` is: the periods of its sentence (else the
        question's), the words that name it (else the question's), the operations its sentence
        names (named_operations, whatever the `named_operation` setting)."""
        periods, _, _ = self._read_sentence(span)
        start, sentence = self._sentence_at(span)
        words = self._claims.words(span) or frozenset()
        said = self._sentence_names.get(start)
        if said is None:  # a sentence's values share its operations and words: read once
            said = self._sentence_names[start] = (self.operations(span), naming_words(sentence))
        return About(periods or self._question_periods, words or self._question_words, *said)

    def operations(self, span: tuple[int, int]) -> frozenset[str] | None:
        """about(span).operations without the rest of about (the naming words of the whole
        sentence): what a rule that needs a named operation asks first."""
        start, sentence = self._sentence_at(span)
        if start in self._sentence_operations:
            return self._sentence_operations[start]
        found = self._sentence_operations[start] = named_operations(sentence)
        return found

    def question_subject(self) -> frozenset[str]:
        """The question's subject words (derivation_words: _subject_words)."""
        return _subject_words(self._question) if self._question else frozenset()

    def excerpts_of(self, index: int) -> list[str]:
        """The excerpts of evidence `index` (one, but for an index given twice)."""
        return self._excerpts.get(index, [])

    def said_order(self, span: tuple[int, int], rows: set[str]) -> list[str] | None:
        """`rows` in the order the sentence of the value at `span` says their labels (in full,
        else without their asides), or None when one of them is not found said."""
        sentence = self._sentence_at(span)[1]
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
        sentence = self._sentence_at(span)[1]
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
        rule = _Rule(self, periods, years, words or self._question_words, operations, either)
        if self.operand_words:
            rule.sentence = self._sentence_at(span)[1]
        if named_order:
            said = [p for p in periods if p[0] == "Y"]
            rule.order = (said[0], said[1]) if len(said) == 2 else ("", "")
        keep = rule.keep if len(years) >= 2 else None
        short = rule.allow_short if len(years) == 2 else None
        return Binding(rule.allow, down, bool(periods) or bool(words), keep, tuple(years), short)

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
                words = naming_words(fact.row) | (
                    naming_words(fact.column) if fact.column else frozenset()
                )
        else:
            excerpt = self._excerpts.get(index, [""])[-1]
            start, end = span
            before = excerpt[max(0, start - _PROSE_REACH) : start]
            ends = [m.end() for m in _SENTENCE_END.finditer(before)]
            if ends:
                before = before[ends[-1] :]
            after = excerpt[end : end + _PROSE_AFTER].split("\n", 1)[0]
            words = naming_words(before + " " + after)
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
        core. (aggregates.explain_difference_of_averages, d488.)"""
        rows = self.named_rows(index, words)
        if len(rows) != 1 or not self._label_core:
            return rows
        excerpts = self._excerpts.get(index, ())
        if not excerpts:
            return rows
        cores = {
            row: label
            for row, label in _marked_labels(excerpts[-1], self._reading)
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
            for row, label in _row_labels(excerpts[-1], core, self._reading)
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
        """Whether the operand is a cell printed negative: its excerpt's _negative_cells (read
        once per text), else (a span that is no value of the grammar's, an evidence index with
        several excerpts) the cell itself."""
        index, span = located.evidence_index, located.span
        if located.where != "excerpt" or index is None or span is None:
            return False
        excerpts = self._excerpts.get(index, ())
        if len(excerpts) == 1:
            checked, negative = _negative_cells(excerpts[0], self._reading)
            if span in checked:
                return span in negative
        fact = self._cell(located) if self._maybe_negative(located) else None
        return fact is not None and fact.negative


def _unsaid(first: str, sentence: str) -> bool:
    """True only when _label_said of a label whose first word is `first` cannot match in
    `sentence` (its pattern not compiled, the sentence not searched): both ASCII, where the
    pattern's case-insensitive match of that word is a match of the lower-cased word."""
    return first.isascii() and sentence.isascii() and first.lower() not in sentence.lower()


@text_memo(max_bytes=2**18, item_bytes=0)
def _label_said(label: str) -> re.Pattern[str]:
    """A row label said in a sentence, its words apart by any space, in any case: compiled once
    per label (the re module keeps 512 patterns; a filing's tables have more labels)."""
    said = r"\s+".join(map(re.escape, label.split()))
    return re.compile(rf"(?i)(?<!\w){said}(?!\w)")


@text_memo(max_bytes=4 * 2**20, item_bytes=100)
def _row_labels(
    excerpt: str, core: bool, reading: TableReading
) -> tuple[tuple[str, frozenset[str]], ...]:
    """The distinct row labels of the excerpt's table cells (grounding.excerpt_facts), each
    with its naming words (with `core`: _core_words), those that have any, in text order:
    once per text, not once per fact for every value asked about (OperandContext._named_by)."""
    read = _core_words if core else naming_words
    labels: dict[str, frozenset[str]] = {}
    for fact in excerpt_facts(excerpt, reading):
        if fact.in_table and fact.row and fact.row not in labels:
            labels[fact.row] = read(fact.row)
    return tuple((row, label) for row, label in labels.items() if label)


@text_memo(max_bytes=4 * 2**20, item_bytes=100)
def _marked_labels(excerpt: str, reading: TableReading) -> tuple[tuple[str, frozenset[str]], ...]:
    """_row_labels with their _marked_core_words."""
    labels: dict[str, frozenset[str]] = {}
    for fact in excerpt_facts(excerpt, reading):
        if fact.in_table and fact.row and fact.row not in labels:
            labels[fact.row] = _marked_core_words(fact.row)
    return tuple((row, label) for row, label in labels.items() if label)


@text_memo(max_bytes=4 * 2**20, item_bytes=100)
def _facts_at(excerpt: str, reading: TableReading) -> dict[tuple[int, int], Fact]:
    """The excerpt's facts (grounding.excerpt_facts) by span, the later of two at one span:
    once per text (the memo's dict is shared: read only)."""
    return {(fact.start, fact.end): fact for fact in excerpt_facts(excerpt, reading)}


@text_memo(max_bytes=4 * 2**20, item_bytes=40)
def _negative_cells(
    excerpt: str, reading: TableReading
) -> tuple[frozenset[tuple[int, int]], frozenset[tuple[int, int]]]:
    """The spans of the excerpt's values, and of those the cell printed negative ("(9,819)"):
    OperandContext's test of an operand (_maybe_negative, then the excerpt_cells fact at its
    span), asked of every value of the text at once, once per text - excerpts repeat across
    the answers about one filing, the operands of every case are all their values. Read as
    the case reads its tables (`reading`: one reading of the text, shared with the others)."""
    spans = frozenset((v.start, v.end) for v in extract_numbers(excerpt))
    maybe = [(a, b) for a, b in spans if printed_negative(excerpt, a, b)]
    if not maybe:
        return spans, frozenset()
    at: dict[tuple[int, int], Fact] = {}
    for cell in excerpt_cells(excerpt, reading):
        at[cell.start, cell.end] = cell
    return spans, frozenset(
        span for span in maybe if (fact := at.get(span)) is not None and fact.negative
    )


class _Rule:
    __slots__ = (
        "context",
        "either",
        "operations",
        "order",
        "periods",
        "said",
        "sentence",
        "twice",
        "words",
        "years",
    )

    def __init__(
        self,
        context: OperandContext,
        periods: tuple[str, ...],
        years: list[str],
        words: frozenset[str],
        operations: frozenset[str] | None = None,
        either: bool = False,
    ) -> None:
        self.context, self.periods, self.years, self.words = context, periods, years, words
        self.operations = operations
        # A positive difference named by that word alone: its two cells in either order.
        self.either = either
        # (minuend's year, subtrahend's year) where the answer's order decides (d410).
        self.order: tuple[str, str] | None = None
        # The named periods of a kind other than years that the answer names two or more of
        # ("between the quarters ended July 27 and April 27": M7, M4): a change's two cells
        # are of those (change_periods "named_kinds", d460); () otherwise.
        self.twice: tuple[str, ...] = ()
        # The value's sentence where the policy asks an unbound pair for an operand it or the
        # question speaks of (derivation_words; None: it does not), and their subject words,
        # read on the first such pair (most values never meet one).
        self.sentence: str | None = None
        self.said: frozenset[str] | None = None
        if context.period_kinds:
            kinds = [p[0] for p in periods if p[0] != "Y"]
            self.twice = tuple(p for p in periods if p[0] != "Y" and kinds.count(p[0]) >= 2)

    def _in_named_row(self, located: Located | None, fact: Fact | None) -> bool | None:
        """Whether the operand is in a row the answer names (None: no row named or known)."""
        if (
            located is None
            or fact is None
            or not fact.in_table
            or not fact.row
            or located.evidence_index is None
        ):
            return None
        named = self.context.named_rows(located.evidence_index, self.words)
        return (fact.row in named) if named else None

    def keep(self, located: Located) -> bool:
        """Whether a cell may be an operand under two named years: its years include one."""
        fact = self.context.fact(located)
        if fact is None or not _years(fact):
            return True
        return any(y in fact.periods for y in self.years)

    def allow_short(self, operation: str, a: Located, b: Located | None) -> int:
        """2 when a short result ("0.7") is the change or the average of two cells of a row the
        answer names, one in each of the two named years; else 0."""
        if operation not in _SHORT or b is None or a.where != "excerpt" or b.where != "excerpt":
            return 0
        fa, fb = self.context.fact(a), self.context.fact(b)
        if fa is None or fb is None or _other_rows(fa, fb) or not (fa.in_table and fb.in_table):
            return 0
        ya = [p for p in fa.periods if p in self.years]
        yb = [p for p in fb.periods if p in self.years]
        if len(ya) != 1 or len(yb) != 1 or ya == yb:
            return 0
        if not (self._in_named_row(a, fa) and self._in_named_row(b, fb)):
            return 0
        return 2 if self.allow(operation, a, b) == 2 else 0

    def _distance(self, operation: str, rows: tuple[bool | None, bool | None]) -> bool:
        """Whether a difference may take its two cells in either order: a positive difference
        named by that word alone, of cells both in a row the answer names (unbound, the other
        order doubles the coincidences: "the difference in total costs" found in any row)."""
        return self.either and operation == "difference" and rows == (True, True)

    def allow(self, operation: str, a: Located, b: Located | None) -> int:
        """0: not this calculation; 1: it may be; 2: every operand whose row is known is in a
        row the answer names (the calculation, taken without looking for coincidences). With
        derivation_words, a pair that may be is taken only where the answer speaks of its operands
        (_spoken_of)."""
        score = self._allow(operation, a, b)
        if score == 1 and self.sentence is not None and not self._spoken_of(operation, a, b):
            return 0
        return score

    def _spoken_of(self, operation: str, a: Located, b: Located | None) -> bool:
        """Whether a pair the context does not bind is still the calculation the answer speaks
        of (derivation_words "one_said", d479): two cells of one row for a change or an average
        (one quantity across its columns), else an operand whose own words (OperandContext.
        words_of) share a naming word with the value's sentence or the question. A step of the
        answer's own calculation is spoken of; an operand whose words are not known is not."""
        context, said = self.context, self.said
        if said is None:
            said = self.said = _subject_words(self.sentence or "") | context.question_subject()
        if b is not None and (operation in CHANGES or operation == "average"):
            if _one_row(context, a, b):
                return True
        for located in (a,) if b is None else (a, b):
            if located.where != "excerpt":
                return True
            words = context.words_of(located)
            if isinstance(words, str):  # "Totalcurrentassets": the said words within it
                if any(len(w) >= _SQUASHED_WORD and w in words for w in said):
                    return True
            elif words is not None and words & said:
                return True
        return False

    def _allow(self, operation: str, a: Located, b: Located | None) -> int:
        if self.operations is not None and operation not in self.operations:
            # The sentence names another operation ("the change" is no sum) - unless a step of
            # the answer's own calculation takes part: "-$686 / $6,887" continues the change.
            if a.where != "answer" and (b is None or b.where != "answer"):
                return 0
        context = self.context
        fa = context.fact(a)
        fb = context.fact(b) if b is not None else None
        if self.order == ("", "") and operation in CHANGES and _year_step(fa, fb) != 1:
            # A negative difference of no two named years: one row's later cell minus its
            # earlier one ("between both years"), else a distance, which is positive (d410).
            return 0
        rows = (self._in_named_row(a, fa), self._in_named_row(b, fb))
        strong = 2 if True in rows and False not in rows else 1
        years = self.years
        across = operation in CHANGES or (operation == "average" and len(years) < 2)
        if across and b is not None and context.period_cells and _period_and_other(fa, fb):
            return 0  # a change is of two period cells, not of a "Change (%)" column's (d411)
        if (
            across
            and b is not None
            and self.twice
            and any(f is not None and contradicts(self.twice, f.periods) for f in (fa, fb))
        ):
            return 0  # "July 27 and April 27": no cell of January 26's column (d460)
        if across and b is not None and self.twice and context.each_named:
            held = [{p for p in f.periods if p in self.twice} if f is not None else set()
                    for f in (fa, fb)]  # fmt: skip
            if held[0] and held[0] == held[1]:
                return 0  # "the third and fourth quarter": not Q4 2019 minus Q4 2018
        if across and b is not None:
            if len(years) >= 2:
                later, earlier = years[-1], years[0]
                if self.order is not None and operation in CHANGES:
                    later, earlier = self.order
                elif self._distance(operation, rows) and _in_year(fa, earlier):
                    later, earlier = earlier, later  # the distance: either order
                if fa is not None and _years(fa) and later not in fa.periods:
                    return 0
                if fb is not None and _years(fb) and earlier not in fb.periods:
                    return 0
                if _other_rows(fa, fb):
                    return 0  # a change across periods is of one row
                return 0 if False in rows else strong
            if self.periods and fa is not None and contradicts(self.periods, fa.periods):
                return 0
            if (
                context.time_order
                and operation in CHANGES
                and not self._distance(operation, rows)
                and _year_step(fa, fb, months=context.period_kinds) == -1
            ):
                return 0  # a change is the later cell minus the earlier (change_order)
            if fb is not None and _years(fb) and self.periods and _other_rows(fa, fb):
                if contradicts(self.periods, fb.periods):
                    return 0  # another period's cell is of the same row
            return 0 if rows[0] is False else strong
        for f in (fa, fb):
            if f is not None and self.periods and contradicts(self.periods, f.periods):
                return 0
        return strong if True in rows or rows == (None, None) else 0


def _one_row(context: OperandContext, a: Located, b: Located) -> bool:
    """Whether two excerpt operands are cells of one row: the same row label, or the same line
    of one excerpt (a total row printed without its label)."""
    if a.where != "excerpt" or b.where != "excerpt" or a.evidence_index != b.evidence_index:
        return False
    fa, fb = context.fact(a), context.fact(b)
    if fa is None or fb is None or not (fa.in_table and fb.in_table):
        return False
    if fa.row and fa.row == fb.row:
        return True
    if a.span is None or b.span is None or a.evidence_index is None:
        return False
    lo, hi = sorted((a.span[0], b.span[0]))
    return any("\n" not in text[lo:hi] for text in context.excerpts_of(a.evidence_index))


def _other_rows(fa: Fact | None, fb: Fact | None) -> bool:
    return (
        fa is not None
        and fb is not None
        and fa.in_table
        and fb.in_table
        and bool(fa.row)
        and bool(fb.row)
        and fa.row != fb.row
    )


def _year_step(fa: Fact | None, fb: Fact | None, *, months: bool = False) -> int:
    """1 when two cells of one row are a later year's and an earlier year's, in that order; -1
    when the minuend's year is before the subtrahend's ("-61.6" for "the change in closing
    cash" as 2018 - 2019: a change that goes back in time); 0 otherwise. `months`
    (change_periods "named_kinds", d460): two cells of one year are ordered by their months
    too ("July 27, 2019" after "April 27, 2019")."""
    if fa is None or fb is None or not (fa.in_table and fb.in_table) or fa.row != fb.row:
        return 0
    ya = [p for p in fa.periods if p[0] == "Y"]
    yb = [p for p in fb.periods if p[0] == "Y"]
    if len(ya) != 1 or len(yb) != 1:
        return 0
    if ya[0] == yb[0]:
        if not months:
            return 0
        ma = [int(p[1:]) for p in fa.periods if p[0] == "M"]
        mb = [int(p[1:]) for p in fb.periods if p[0] == "M"]
        if len(ma) != 1 or len(mb) != 1 or ma[0] == mb[0]:
            return 0
        return 1 if ma[0] > mb[0] else -1
    return 1 if ya[0] > yb[0] else -1


def _period_and_other(fa: Fact | None, fb: Fact | None) -> bool:
    """Whether of two cells of one row one is in a year's column and the other in a column
    of words alone ("Change (%)", "Amount")."""
    if fa is None or fb is None or not (fa.in_table and fb.in_table) or fa.row != fb.row:
        return False
    a, b = _years(fa), _years(fb)
    return (a and not b and bool(fb.column)) or (b and not a and bool(fa.column))


def _in_year(fact: Fact | None, year: str) -> bool:
    return fact is not None and _years(fact) and year in fact.periods


def _years(fact: Fact) -> bool:
    return any(p[0] == "Y" for p in fact.periods)
