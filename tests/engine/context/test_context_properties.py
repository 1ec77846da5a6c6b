"""Properties of values in context over generated tables, in Chinese and in English: the right
cell said of its row and period passes; the same sentence with another row's cell, or another
column's, is refused; a change said with its own direction word is derived (derived numbers
accepted), and with the opposite direction word refused. Tables print their unit on a unit line
or in each row's label ("营业收入（万元）", "Revenue ($ million)"), and their periods as years,
期末/期初 balances, 本期/上期 amounts or current / prior year columns."""

from __future__ import annotations

from decimal import Decimal
from itertools import combinations
from typing import NamedTuple

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from groundgate.engine.gates.answer import DEFAULT_POLICY, AnswerGatePolicy, gate_answer
from tests.engine.context.test_operands import case

ACCEPT = AnswerGatePolicy(derived_numbers="accept")

_ZH_ROWS = ("营业收入", "营业成本", "货币资金", "存货", "固定资产")
_EN_ROWS = ("Revenue", "Inventories", "Goodwill", "Depreciation", "Dividends")


class Layout(NamedTuple):
    header: tuple[str, str]  # the two period columns, the current first
    said: tuple[str, str]  # how an answer names each column's period
    change: str  # how it names the change ("{label}", "{dir}", "{x}" filled in)
    up: str
    down: str


_ZH = {
    "years": Layout(
        ("2023年", "2022年"), ("2023年{label}为{v}万元。", "2022年{label}为{v}万元。"),
        "2023年{label}比2022年{dir}{x}万元。", "增加", "减少",
    ),
    "balances": Layout(
        ("期末余额", "期初余额"), ("{label}期末余额为{v}万元。", "{label}期初余额为{v}万元。"),
        "{label}较期初{dir}{x}万元。", "增加", "减少",
    ),
    "amounts": Layout(
        ("本期发生额", "上期发生额"), ("本期{label}为{v}万元。", "上期{label}为{v}万元。"),
        "{label}较上期{dir}{x}万元。", "增长", "下降",
    ),
}  # fmt: skip
_EN = {
    "years": Layout(
        ("2023", "2022"),
        ("{label} in 2023 was ${v} million.", "{label} in 2022 was ${v} million."),
        "{label} {dir} by ${x} million from 2022 to 2023.", "increased", "decreased",
    ),
    "relative": Layout(
        ("Current year", "Prior year"),
        ("{label} in the current year was ${v} million.",
         "{label} in the prior year was ${v} million."),
        "{label} {dir} by ${x} million over the prior year.", "increased", "decreased",
    ),
}  # fmt: skip


class Table(NamedTuple):
    text: str
    labels: tuple[str, ...]
    cells: tuple[tuple[Decimal, Decimal], ...]  # each row's (current, prior)
    layout: Layout


def _figure(v: Decimal) -> str:
    return f"{v:,.1f}"


@st.composite
def tables(draw: st.DrawFn) -> Table:
    zh = draw(st.booleans())
    kind = draw(st.sampled_from(sorted(_ZH if zh else _EN)))
    layout = (_ZH if zh else _EN)[kind]
    n = draw(st.integers(min_value=2, max_value=4))
    labels = tuple(draw(st.permutations(_ZH_ROWS if zh else _EN_ROWS))[:n])
    tenths = draw(
        st.lists(
            st.integers(min_value=10_000, max_value=99_999), min_size=2 * n, max_size=2 * n,
            unique=True,
        )
    )  # fmt: skip
    values = [Decimal(t) / 10 for t in tenths]
    cells = tuple((values[2 * i], values[2 * i + 1]) for i in range(n))
    in_label = draw(st.booleans())  # the unit in each label, else on a unit line
    unit = "（万元）" if zh else " ($ million)"
    lines = [] if in_label else ["单位：万元" if zh else "(In millions)"]
    lines.append(("项目  " if zh else "Item  ") + "  ".join(layout.header))
    for label, (cur, prior) in zip(labels, cells, strict=True):
        shown = label + unit if in_label else label
        lines.append(f"{shown}  {_figure(cur)}  {_figure(prior)}")
    return Table("\n".join(lines), labels, cells, layout)


def _status(answer: str, table: Table, policy: AnswerGatePolicy = DEFAULT_POLICY) -> str:
    return gate_answer(case(answer, table=table.text), policy).status


def _no_coincidence(table: Table, row: int, x: Decimal) -> None:
    """No cell, nor another pair's sum or distance than row `row`'s own, is `x` (a coincidence
    the search may find instead of the answer's own operands)."""
    flat = [v for cells in table.cells for v in cells]
    assume(x not in flat)
    own = set(table.cells[row])
    for a, b in combinations(flat, 2):
        assume({a, b} == own or (abs(a - b) != x and a + b != x))


SETTINGS = settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(tables(), st.data())
def test_another_rows_cell_is_refused_and_its_own_passes(table: Table, data: st.DataObject):
    i, j = data.draw(st.permutations(range(len(table.labels))))[:2]
    column = data.draw(st.integers(min_value=0, max_value=1))
    said = table.layout.said[column]
    own = said.format(label=table.labels[i], v=_figure(table.cells[i][column]))
    other = said.format(label=table.labels[i], v=_figure(table.cells[j][column]))
    assert _status(own, table) == "ok", own
    assert _status(other, table) != "ok", other
    assert _status(other, table, ACCEPT) != "ok", other


@SETTINGS
@given(tables(), st.data())
def test_another_columns_cell_is_refused(table: Table, data: st.DataObject):
    i = data.draw(st.integers(min_value=0, max_value=len(table.labels) - 1))
    column = data.draw(st.integers(min_value=0, max_value=1))
    said = table.layout.said[column]
    other = said.format(label=table.labels[i], v=_figure(table.cells[i][1 - column]))
    assert _status(other, table) != "ok", other
    assert _status(other, table, ACCEPT) != "ok", other


@SETTINGS
@given(tables(), st.data())
def test_a_direction_word_against_the_changes_sign_is_refused(table: Table, data: st.DataObject):
    i = data.draw(st.integers(min_value=0, max_value=len(table.labels) - 1))
    cur, prior = table.cells[i]
    change = cur - prior
    # A change shorter than rounding_min_significant ("$0.3 million") is derived only of two named
    # years (d307, d994): "over the prior year" of Current/Prior year columns is not - a known
    # limit, not this property's subject (hypothesis found "Inventories decreased by $0.3 million").
    assume(abs(change) >= 1)
    _no_coincidence(table, i, abs(change))
    layout = table.layout
    right, wrong = (layout.up, layout.down) if change > 0 else (layout.down, layout.up)
    label = table.labels[i]
    said = layout.change.format(label=label, dir=right, x=_figure(abs(change)))
    flipped = layout.change.format(label=label, dir=wrong, x=_figure(abs(change)))
    assert _status(said, table, ACCEPT) == "ok", said
    assert _status(flipped, table, ACCEPT) != "ok", flipped
