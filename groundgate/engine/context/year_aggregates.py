"""An average or a total of two named years is one quantity's two cells, one in each year
(policy `year_aggregates: one_each`, answer gate 2.85.0, d998; issue 28: operands bound to the
question's context).

The pair rule (context/operand_rule.PairRule._allow) holds a change across two named years to one
row, the later year's cell minus the earlier's; an average or a total the sentence names over
two named years it held only to cells of the named years, so any two such cells passed: "the
average ending goodwill for the 2 year period from 2018 to 2019 is 415.3 million" as
((−36.3) + 866.9) / 2, two rows of the 2019 column, and "the average sales for years F19 and
F18" as the average of a row's F18 cell and its "Change" column's. With `one_each`, a pair of
two table cells for an average or a sum that the value's sentence names, where the sentence
(else the question) names exactly two years, is refused when both cells are of the same named
year, when they are cells of two rows, or when one is a year's cell and the other a cell of a
column of words of the same row (d411's reading of a change). A sentence that states more than
one figure ("... in 2019 and 2018 were 12 and 15 respectively") is left as before: each figure
may be of one year. An operand whose row or column is not known (prose, the answer's own
steps) contradicts nothing. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from groundgate.engine.context.cell_pairs import has_year, other_rows
from groundgate.engine.context.operand_rule import PairRule, pair_rule
from groundgate.engine.numbers import extract_numbers

if TYPE_CHECKING:
    from groundgate.engine.context.operands import OperandContext
    from groundgate.engine.evidence_values import Located

Allow = Callable[[str, "Located", "Located | None"], int]

# The operations an average or a total names (operation_words.named_operations).
_AGGREGATES = frozenset({"average", "sum"})
# A figure of a sentence that is a year or a duration, not a stated amount.
_YEAR = re.compile(r"(?:FY|F)?'?(?:19|20)\d\d")
_DURATION = re.compile(r"(?i)\b(?:years?|months?|quarters?|weeks?|days?)\b")


@lru_cache(maxsize=256)
def one_figure(sentence: str) -> bool:
    """Whether `sentence` states one figure (dates, years and durations aside)."""
    figures = [
        v
        for v in extract_numbers(sentence)
        if v.kind != "date"
        and not _YEAR.fullmatch(v.text.strip())
        and not _DURATION.search(v.unit or v.text)
    ]
    return len(figures) <= 1


def refused(rule: PairRule, operation: str, a: Located, b: Located | None) -> bool:
    """Whether the pair (a, b) is no average or total of the two named years (module doc)."""
    if b is None or operation not in _AGGREGATES or len(rule.years) != 2:
        return False
    if rule.operations is None or operation not in rule.operations:
        return False
    context: OperandContext = rule.context
    fa, fb = context.fact(a), context.fact(b)
    if fa is None or fb is None or not (fa.in_table and fb.in_table):
        return False
    ya, yb = has_year(fa), has_year(fb)
    if not (ya or yb):
        return False  # no year's column: periods in row labels ("Nonvested as of ..."), unread
    if other_rows(fa, fb):
        return True  # an average or a total across year columns is of one row
    if ya and yb:
        named_a = {p for p in fa.periods if p in rule.years}
        named_b = {p for p in fb.periods if p in rule.years}
        return named_a == named_b  # one named year twice (keep holds both to named years)
    if fa.row != fb.row or ya == yb or a.evidence_index != b.evidence_index:
        return False
    # One row's year cell and, right of it, a cell of a column of words ("Change  $"): d411's
    # reading of a change. A cell left of the year columns is a header misread, not judged.
    (cell, fact), other = ((a, fa), b) if yb else ((b, fb), a)
    return (
        bool(fact.column)
        and cell.span is not None
        and other.span is not None
        and cell.span[0] > other.span[0]
    )


def one_each(allow: Allow, sentence: str) -> Allow:
    """`allow` (a binding's pair rule) with refused's pairs scored 0; `allow` itself where it
    is no PairRule's or the sentence states more than one figure."""
    rule = pair_rule(allow)
    if rule is None or len(rule.years) != 2 or not one_figure(sentence):
        return allow

    def held(operation: str, a: Located, b: Located | None) -> int:
        return 0 if refused(rule, operation, a, b) else allow(operation, a, b)

    return held
