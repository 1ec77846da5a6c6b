"""The pair rule of a derivation bound to context (policy `derivation_context:
"rows_periods_sign"`): OperandContext.bind (context/operands.py) builds one PairRule per value of
the answer, whose `allow` scores each operand pair derivations.py tries. A pair is taken only when:
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
    "time_relative" (gate 2.46.0, d671) orders columns of relative periods alike ("本期" minus
    "上期", "期末" minus "期初", "Current year" minus "Prior year");
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
    capital of $841 million" as (1,671 + 10) / 2, cash and another note's figure). With
    "one_said_initials" (gate 2.27.0, d506) an acronym of the sentence or the question that is
    the initials of an operand's row label speaks of it too ("COGS": "Cost of goods sold",
    context/initials.py);
  - the best named row (policy `one_row_pairs: "best_named"`, gate 2.32.0, d567): the two
    cells of one row that words alone let through (above) are not the calculation where
    another row of the same excerpt is said better - its label holds every word the sentence
    and the question say of this row's label and more ("the percentage change in the final
    dividend" is no change of the "Interim dividend ..." row beside "Final dividend ...";
    "末期股息" no change of "中期股息"). A row none of whose words is said is not judged so;
    with "said_named" (gate 2.75.0, d922) it is, where its label has naming words and another
    row of the excerpt is said ("Foreign exchange movements" for the investment in associates).
An operand whose context is unknown (prose without periods, the answer's own earlier steps, a
cell whose column is not known) never contradicts anything.

Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from groundgate.engine.context import short_named
from groundgate.engine.context.cell_pairs import has_year as _years
from groundgate.engine.context.cell_pairs import in_year as _in_year
from groundgate.engine.context.cell_pairs import other_rows as _other_rows
from groundgate.engine.context.claims import naming_words
from groundgate.engine.context.comparisons import CLAUSE_MARKS
from groundgate.engine.context.initials import acronyms, names_row
from groundgate.engine.context.operation_words import _SQUASHED_WORD, CHANGES, _subject_words
from groundgate.engine.context.periods import contradicts, relative_periods
from groundgate.engine.sentences import SENTENCE_END

if TYPE_CHECKING:
    from groundgate.engine.context.facts import Fact
    from groundgate.engine.context.operands import OperandContext
    from groundgate.engine.evidence_values import Located

# What ends a sentence, or a line, between two prose operands (negative_results, d546).
_CLAUSE_BREAK = re.compile(rf"{SENTENCE_END}|[{CLAUSE_MARKS}\n]")  # (sentences.py, d716)
# What a result shorter than the policy's significant digits may be (short_results).
_SHORT = CHANGES | {"average"}


class PairRule:
    """The pair rule of one value of the answer (module doc); OperandContext.bind builds it."""

    __slots__ = (
        "acronyms",
        "context",
        "either",
        "lengths",
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
        # The acronyms of the sentence and the question (derivation_words "one_said_initials",
        # d506), read with `said`; None: not read (or not asked for).
        self.acronyms: frozenset[str] | None = None
        # The lengths the sentence names ("the third quarter": S3; period_spans, d694).
        self.lengths = tuple(p for p in periods if p[0] == "S")
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
        if operation not in _SHORT or b is None or not (self.short_cell(a) and self.short_cell(b)):
            return 0
        fa, fb = self.context.fact(a), self.context.fact(b)
        assert fa is not None and fb is not None  # (short_cell: both are table cells)
        if _other_rows(fa, fb) or {p for p in fa.periods if p in self.years} == {
            p for p in fb.periods if p in self.years
        }:
            return 0  # (each in one named year: the same one)
        return 2 if self.allow(operation, a, b) == 2 else 0

    def allow_short_named(self, operation: str, a: Located, b: Located | None) -> int:
        """A short result's pair where the answer names other than two years (short_named, d994)."""
        return short_named.allow(self, operation, a, b)

    def short_cell(self, located: Located) -> bool:
        """Whether an operand may be one of allow_short's pair: a table cell of an excerpt in a
        row the answer names, of exactly one of the named years (the pools are held to these
        before a short result's search, d970)."""
        fact = self.context.fact(located)  # (None for no excerpt value)
        if fact is None or not fact.in_table:
            return False
        if sum(p in self.years for p in fact.periods) != 1:
            return False
        return bool(self._in_named_row(located, fact))

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

    def results(
        self,
        negative: bool,
        large: bool,
        operation: str,
        t: float,
        a: Located,
        b: Located | None,
    ) -> bool:
        """Whether a pair that may be (allow's 1) may give a result below zero or a percentage
        beyond 100 (derivations.explain asks only for those). A pair holding a step of the
        answer's own may ("-$686 / $6,887"); so may a change (or an average) of one row's two
        cells, or of two prose values of one sentence: one quantity across its periods.
        `negative` (negative_results "named_rows", d546): no other negative result - a share
        of a cell printed negative ("(−3,002) / 55,636") or a difference of two rows one word
        relates is no figure the answer speaks of. `large` (large_percentages "named", d548): a
        share beyond 100% only where the sentence names its operation ("as a percentage of"),
        a percentage change beyond 100% of two rows none ("4,400%" as (72 − 1.6 billion) / 1.6
        billion, "3,600%" as 900 million / 25)."""
        if a.where != "excerpt" or (b is not None and b.where != "excerpt"):
            return True
        if t > 100 and operation == "percentage":
            return not large or self.operations is not None
        if not (negative if t < 0 else large):
            return True
        if b is None or not (operation in CHANGES or operation == "average"):
            return False
        return _one_row(self.context, a, b) or _one_clause(self.context, a, b)

    def _spoken_of(self, operation: str, a: Located, b: Located | None) -> bool:
        """Whether a pair the context does not bind is still the calculation the answer speaks
        of (derivation_words "one_said", d479): two cells of one row for a change or an average
        (one quantity across its columns), else an operand whose own words (OperandContext.
        words_of) share a naming word with the value's sentence or the question. A step of the
        answer's own calculation is spoken of; an operand whose words are not known is not."""
        context, said = self.context, self.said
        if said is None:
            said = self.said = (
                _subject_words(self.sentence or "", context.months) | context.question_subject()
            )
            if context.initials:
                self.acronyms = acronyms(self.sentence or "") | context.question_acronyms()
        if b is not None and (operation in CHANGES or operation == "average"):
            if _one_row(context, a, b):
                if context.best_rows == "said_named" and _unsaid_row(context, a, said):
                    return False  # another row is said, this one not (d922)
                return not (context.best_rows != "any_row" and _better_named(context, a, said))
        for located in (a,) if b is None else (a, b):
            if located.where != "excerpt":
                return True
            words = context.words_of(located)
            if isinstance(words, str):  # "Totalcurrentassets": the said words within it
                if any(len(w) >= _SQUASHED_WORD and w in words for w in said):
                    return True
            elif words is not None and words & said:
                return True
            if self.acronyms and _initials_of(context, located, self.acronyms):
                return True
        return False

    def maybe_named(self, located: Located, surely: bool = False) -> bool:
        """Whether the operand may take part in a pair the answer names (allow's 2): it is in a
        row the answer names, or its row is not known (_allow: no operand in another row);
        `surely`: it is in a named row (a named pair holds one such operand at least)."""
        named = self._in_named_row(located, self.context.fact(located))
        return named is True if surely else named is not False

    def question_only(self, operation: str, a: Located, b: Located | None) -> bool:
        """Whether a pair that may be (allow's 1) is spoken of by the question's words alone
        (slip_neighbours, d682): no two cells of one row, no step of the answer's own, and
        neither operand's own words share a naming word with the value's sentence."""
        if self.sentence is None:
            return False  # (derivation_words off: no pair is spoken of)
        if b is not None and (operation in CHANGES or operation == "average"):
            if _one_row(self.context, a, b):
                return False
        own = _subject_words(self.sentence, self.context.months)
        for located in (a,) if b is None else (a, b):
            if located.where != "excerpt":
                return False
            words = self.context.words_of(located)
            if isinstance(words, str):
                if any(len(w) >= _SQUASHED_WORD and w in words for w in own):
                    return False
            elif words is not None and words & own:
                return False
        return True

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
        if self.lengths and any(
            f is not None and contradicts(self.lengths, f.periods) for f in (fa, fb)
        ):
            return 0  # "in the third quarter": no cell of a nine months' column (d694)
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
                and (
                    _year_step(fa, fb, months=context.period_kinds, kinds=context.ordered_kinds)
                    == -1
                    or (context.relative_order and _relative_step(fa, fb) == -1)
                )
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


# The former name, for code written against it (d1027): PairRule, and pair_rule(allow).
_Rule = PairRule


def pair_rule(test: object) -> PairRule | None:
    """The PairRule whose bound test `test` is (a Binding's allow or short), else None: the seam
    of the rules that wrap a binding's test (year_aggregates.one_each, the gate's pools), d1027."""
    rule = getattr(test, "__self__", None)
    return rule if isinstance(rule, PairRule) else None


def _initials_of(context: OperandContext, located: Located, said: frozenset[str]) -> bool:
    """Whether an acronym said is the initials of the operand's row label (d506)."""
    fact = context.fact(located)
    return fact is not None and fact.in_table and bool(fact.row) and names_row(said, fact.row)


def _better_named(context: OperandContext, located: Located, said: frozenset[str]) -> bool:
    """Whether another row of the operand's excerpt is said better than the operand's own
    (one_row_pairs "best_named", d567): the words said of its label (`said`: the value's
    sentence and the question) are a strict part of those said of the other's. False for a
    cell whose row is not known or none of whose label's words is said."""
    fact = context.fact(located)
    if fact is None or not fact.in_table or not fact.row or located.evidence_index is None:
        return False
    own = naming_words(fact.row, context.months) & said
    if not own:
        return False
    rows = {f.row for f in context.facts_of(located.evidence_index) if f.in_table and f.row}
    return any(own < (naming_words(row, context.months) & said) for row in rows if row != fact.row)


def _unsaid_row(context: OperandContext, located: Located, said: frozenset[str]) -> bool:
    """Whether the operand's row has naming words of its own, none of them said (`said`: the
    value's sentence and the question), where another row of its excerpt has one said
    (one_row_pairs "said_named", d922). False for a row of no naming words ("At 31 December",
    "Other") or whose row is not known."""
    fact = context.fact(located)
    if fact is None or not fact.in_table or not fact.row or located.evidence_index is None:
        return False
    own = naming_words(fact.row, context.months)
    if not own or own & said:
        return False
    rows = {f.row for f in context.facts_of(located.evidence_index) if f.in_table and f.row}
    return any(naming_words(row, context.months) & said for row in rows if row != fact.row)


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


def _one_clause(context: OperandContext, a: Located, b: Located) -> bool:
    """Whether two excerpt operands are prose values of one sentence on one line ("Revenue was
    $6,201 in FY22 and $6,887 in FY21"): the prose form of one row's two cells."""
    index = a.evidence_index
    if index is None or index != b.evidence_index or a.span is None or b.span is None:
        return False
    if any(f is not None and f.in_table for f in (context.fact(a), context.fact(b))):
        return False
    lo, hi = sorted((a.span[1], b.span[0]))
    return any(not _CLAUSE_BREAK.search(text[lo:hi]) for text in context.excerpts_of(index))


def _year_step(
    fa: Fact | None, fb: Fact | None, *, months: bool = False, kinds: bool = False
) -> int:
    """1 when two cells of one row are a later year's and an earlier year's, in that order; -1
    when the minuend's year is before the subtrahend's ("-61.6" for "the change in closing
    cash" as 2018 - 2019: a change that goes back in time); 0 otherwise. `months`
    (change_periods "named_kinds", d460): two cells of one year are ordered by their months
    too ("July 27, 2019" after "April 27, 2019"); `kinds` ("ordered_kinds", d646): by their
    quarters or halves too, and two cells of no year alike ("Q3 2023" after "Q2 2023")."""
    if fa is None or fb is None or not (fa.in_table and fb.in_table) or fa.row != fb.row:
        return 0
    ya = [p for p in fa.periods if p[0] == "Y"]
    yb = [p for p in fb.periods if p[0] == "Y"]
    if kinds and not ya and not yb:
        ya = yb = [""]  # columns of quarters or halves of no year: of one year
    if len(ya) != 1 or len(yb) != 1:
        return 0
    if ya[0] == yb[0]:
        if not months:
            return 0
        for kind in "MQH" if kinds else "M":
            ka = [int(p[1:]) for p in fa.periods if p[0] == kind]
            kb = [int(p[1:]) for p in fb.periods if p[0] == kind]
            if len(ka) == 1 and len(kb) == 1 and ka[0] != kb[0]:
                return 1 if ka[0] > kb[0] else -1
        return 0
    return 1 if ya[0] > yb[0] else -1


# The order of relative periods (periods.relative_periods): current after prior, the end of a
# period after its beginning.
_LATER = {"R0": "R1", "B1": "B0"}


def _relative_step(fa: Fact | None, fb: Fact | None) -> int:
    """_year_step for two cells of one row in columns of relative periods (change_order
    "time_relative", d671): 1 for "本期发生额" minus "上期发生额", "期末余额" minus "期初余额",
    "Current year" minus "Prior year"; -1 the other way round (a rise said as a fall: "较期初减少"
    where the balance rose); 0 where the columns name no such pair."""
    if fa is None or fb is None or not (fa.in_table and fb.in_table) or fa.row != fb.row:
        return 0
    if not (fa.column and fb.column):
        return 0
    a, b = relative_periods(fa.column), relative_periods(fb.column)
    if len(a) != 1 or len(b) != 1:
        return 0
    if _LATER.get(a[0]) == b[0]:
        return 1
    return -1 if _LATER.get(b[0]) == a[0] else 0


def _period_and_other(fa: Fact | None, fb: Fact | None) -> bool:
    """Whether of two cells of one row one is in a year's column and the other in a column
    of words alone ("Change (%)", "Amount")."""
    if fa is None or fb is None or not (fa.in_table and fb.in_table) or fa.row != fb.row:
        return False
    a, b = _years(fa), _years(fb)
    return (a and not b and bool(fb.column)) or (b and not a and bool(fa.column))
