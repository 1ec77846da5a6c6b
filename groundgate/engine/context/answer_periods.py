"""The periods an answer's sentence gives its value beyond its claim's own (grounding.py's
period rule): the relative periods of the value's clause (policy relative_periods "current_prior":
"上期营业收入为...", "Revenue was 12,345 last year"), and the periods a sum lists (policy
period_sums "listed_periods": "the total gross profit for 2018 and 2019 is 22,149", where one
year's cell is no total of both). Moved out of grounding.py unchanged. Pure: no Django, no I/O.
"""

from __future__ import annotations

import itertools
import re

from groundgate.engine.context.comparisons import (
    CHANGE,
    CHANGE_ZH,
    COMPARED_TO,
    COMPARED_TO_ZH,
    any_of,
    whole_words,
)
from groundgate.engine.context.facts import Fact
from groundgate.engine.context.operation_words import named_operations, names_total
from groundgate.engine.context.period_spans import UNSAID, lengths, may_name
from groundgate.engine.context.periods import is_period_value, mentions, named_relative_periods
from groundgate.engine.context.prose_subjects import CLAUSE_CUT
from groundgate.engine.numbers import NumericValue

# A sum said of the periods a sentence lists ("total ... in 2018 and 2019", "2018年和2019年
# ...合计"): period_sums "listed_periods". Its sum words are named_operations' (names_total).


_LISTED_PERIODS = re.compile(r"(?i)^(?:年度?)?\s*(?:,\s*(?:and\s+)?|and\s+|&\s*|[和及与、]\s*)$")


def _summed_periods(
    sentence: str, k: int, values: list[tuple[int, NumericValue, str | None]]
) -> tuple[str, ...]:
    """The periods of one kind a sentence lists ("in 2018 and 2019", "December 31, 2018 and
    2019") when it says a sum ("total", "combined", "合计") and states one figure: () else."""
    if "respectively" in sentence.lower():
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
    if not fact.in_table or names_total(fact.column):
        return False
    if sum(1 for p in fact.periods if p in summed) != 1:
        return False
    if names_total(fact.row):
        label = r"\s+".join(map(re.escape, fact.row.split()))
        return names_total(re.sub(rf"(?i){label}", " ", sentence))
    return True


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


# A comparison before the value's clause: a length there is the other side's (d694).
_COMPARED = re.compile("(?i)" + whole_words(COMPARED_TO))


def clause_spans(sentence: str, at: int, end: int) -> tuple[str, ...]:
    """The lengths the answer's value at `at`..`end` of `sentence` is said of: those its own
    clause names, else those of the nearest clause before it that names one, unless a
    comparison stands between ("compared with the nine months ended ..., revenue was 2,345":
    that length is the other side's). () where none is said."""
    if not may_name(sentence):
        return ()
    cuts = [(m.start(), m.end()) for m in CLAUSE_CUT.finditer(sentence)]
    start = max((e for s, e in cuts if e <= at), default=0)
    stop = min((s for s, e in cuts if s >= end), default=len(sentence))
    found = lengths(sentence[start:stop])
    if found:
        return () if UNSAID in found else found
    for begin in sorted({0, *(e for _, e in cuts if e < start)}, reverse=True):
        clause, start = sentence[begin:start], begin
        if _COMPARED.search(clause):
            return ()
        found = lengths(clause)
        if found:
            return () if UNSAID in found else found
    return ()
