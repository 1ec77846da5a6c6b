"""What two table cells of an excerpt are to each other by their rows and their year columns:
the pair rule's (context/operand_rule.PairRule) and the rules beside it (year_aggregates). Split
from operand_rule.py by capability, a public seam (d1027). Pure: no Django, no I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from groundgate.engine.context.facts import Fact


def other_rows(fa: Fact | None, fb: Fact | None) -> bool:
    """Whether two facts are table cells of two rows, both labelled."""
    return (
        fa is not None
        and fb is not None
        and fa.in_table
        and fb.in_table
        and bool(fa.row)
        and bool(fb.row)
        and fa.row != fb.row
    )


def in_year(fact: Fact | None, year: str) -> bool:
    """Whether a fact is of a year's column, and of `year` ("Y2019")."""
    return fact is not None and has_year(fact) and year in fact.periods


def has_year(fact: Fact) -> bool:
    """Whether a fact's periods hold a year (a cell of a year's column)."""
    return any(p[0] == "Y" for p in fact.periods)
