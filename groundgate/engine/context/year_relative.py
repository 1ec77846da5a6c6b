"""A Chinese answer's relative periods against a table's year columns (policy year_relative
"latest_year", gate 2.52.0, d709).

A key-figures table heads its columns by year ("2023年  2022年  本年比上年增减  2021年",
"2023年末  2022年末"); an answer says the year relatively: "本年营业收入", "上年营业收入",
"去年", "期末余额", "期初余额". The period rule compared relative periods only with relative
columns ("本期金额" / "上期金额"), so "上年营业收入为87.65亿元" with the 2023 cell passed. Here,
for a value said in a Chinese clause, a cell of a year column is also of the relative periods
its year is in the table: the latest year of the excerpt's columns is the current year (R0) and
its end (B1, 期末), the year before it the prior year (R1) and the current one's beginning (B0,
期初 = 上年年末). Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.context.facts import Fact


def latest_year(facts: list[Fact]) -> int | None:
    """The latest year of the excerpt's column cells (None: no cell of a year column)."""
    years = [
        int(p[1:])
        for f in facts
        if f.in_table
        for p in f.periods
        if p[0] == "Y" and p[1:].isdigit()
    ]
    return max(years) if years else None


def year_relative(fact: Fact, latest: int | None) -> tuple[str, ...]:
    """The relative periods a cell of one year's column is of, given the table's latest year."""
    if latest is None or not fact.in_table:
        return ()
    years = {p for p in fact.periods if p[0] == "Y"}
    if len(years) != 1:
        return ()
    year = int(next(iter(years))[1:])
    if year == latest:
        return ("R0", "B1")
    if year == latest - 1:
        return ("R1", "B0")
    return ()
