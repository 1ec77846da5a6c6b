"""A ratio over an average (policy `average_ratios: "named_rows"`, gate 2.40.0, d620): one
named row's cell over the average of another named row's two cells, "the FY2021 inventory
turnover ratio, (FY2021 COGS) / (average inventory between FY2020 and FY2021)", "ROA: net income
/ (average total assets between FY2021 and FY2022)", "asset turnover: revenue / average total
assets". Two steps (an average, then a ratio) that derivations.explain, one operation on two
values, never finds, and that FinanceBench asks of many companies (turnover ratios, returns on
an average balance).

Bound to context, never a search over every figure:
  - the operation is named: the value's sentence, else the question, says "average X" (X up to
    "between", "from", "for", "in", "over", a bracket, a stop or "=") and a ratio ("turnover",
    "ratio", "return on", "divided by", "ROA", "ROE", a "/" between words);
  - the denominator is a row the average's own words name (every naming word of its label
    said, as below), its two cells of two consecutive periods: with years
    known, two consecutive years (the named years when two are named; the named year and the
    year before when one is); with no year known (a statement printed one cell a line), two
    neighbouring cells of the row, in its printed order;
  - a row is named by every naming word of its label (a leading "Total"/"Net" aside), by an
    acronym of its initials ("PP&E", initials.py), or as a standard statement line the text
    names by its common name ("COGS": "Cost of sales"; "revenue": "Net revenues"; d621);
  - the numerator is a row the rest of that text names (not the denominator's), its cell of
    the later of the two years (no year known: the cell in the position of the first of the
    two, as statements print the latest year first);
  - the result at the answer's own precision: a percentage is the ratio times 100;
  - a value two different readings give (another pair of rows) is no calculation: none.
Bounded: rows the words name only, one pair of cells per position: linear in the named rows'
cells. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from groundgate.engine.context.aggregate_cells import _NOT_AMOUNTS, _amount, _year_of
from groundgate.engine.context.claims import naming_words
from groundgate.engine.context.initials import acronyms, names_row
from groundgate.engine.derivations import Found

if TYPE_CHECKING:
    from groundgate.engine.context.facts import Fact
    from groundgate.engine.context.operands import OperandContext
    from groundgate.engine.evidence_values import Located
    from groundgate.engine.quantities import Quantity

# "average inventory between FY2020 and FY2021", "average total assets for", "Average PP&E =":
# the words after "average" up to the periods, a bracket, a stop or an equals sign.
_AVERAGE = re.compile(
    r"(?i)\baverage\s+(?:of\s+|the\s+)*(?P<what>[A-Za-z&][^()/,.;:=\n]{0,60}?)"
    r"(?=\s+(?:between|from|for|in|over|during|at|of\s+(?:FY|fiscal|\d))\b|\s*[()/,.;:=\n]|$)"
)
_RATIO = re.compile(
    r"(?i)\b(?:turnover|ratio|return\s+on|divided\s+by|ROA|ROE)\b|[A-Za-z)]\s*/\s*\(?\s*[A-Za-z]"
)
_MAX_CELLS = 12  # a row of more cells is no statement line of periods


def names_average_ratio(text: str) -> tuple[str, str] | None:
    """The words of the average a ratio of `text` is taken over ("inventory" of "(FY2021
    COGS) / (average inventory between FY2020 and FY2021)") and the rest of `text` (the
    average's words blanked), or None where `text` names no average and no ratio."""
    if not _RATIO.search(text):
        return None
    found = _AVERAGE.search(text)
    if found is None:
        return None
    start, end = found.span("what")
    return found.group("what"), text[:start] + " " * (end - start) + text[end:]


# Standard statement lines and the names a question gives them (a definition, "COGS" is the
# cost of what was sold, whatever the statement calls it): (the term said, the labels it
# names, read without asides, a leading "Total"/"Net" and a trailing ", net").
_STANDARD_LINES: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = (
    (
        re.compile(r"(?i)\bCOGS\b|\bcost of (?:goods|products|sales|revenues?)\b"),
        re.compile(r"(?i)^cost of (?:goods sold|products sold|sales|revenues?)$"),
    ),
    (
        re.compile(r"(?i)\b(?:revenues?|sales)\b"),
        re.compile(r"(?i)^(?:revenues?|sales|net sales|net revenues?)$"),
    ),
    (
        re.compile(r"(?i)\bPP&E\b|\bproperty,? plant,? (?:and|&) equipment\b"),
        re.compile(r"(?i)^property,? (?:plant,? )?(?:and|&) equipment$"),
    ),
)
_BARE = re.compile(r"(?i)^(?:total|net)\s+|\s*\([^()]*\)|,?\s+net$")


def _standard_label(label: str) -> str:
    return " ".join(_BARE.sub("", _BARE.sub("", label)).split())


def _standard_names(text: str) -> tuple[re.Pattern[str], ...]:
    """The label patterns of the standard lines `text` names."""
    return tuple(label for said, label in _STANDARD_LINES if said.search(text))


def explain_ratio_to_average(
    target: Quantity,
    context: OperandContext,
    span: tuple[int, int],
    operands: list[tuple[Located, list[float]]],
    *,
    question: str,
    min_significant: int = 2,
) -> Found | None:
    """A named row's cell over the average of another named row's two cells that gives
    `target` at its own precision, or None (see the module's docstring)."""
    if not target.numeric or target.figure is None or target.kind == "range" or target.is_year():
        return None
    if len(target.digits) < min_significant or target.unit not in ("", "%", "x"):
        return None
    if target.magnitude:
        return None  # "0.8 billion" is an amount, no ratio
    sentence = context.sentence_at(span)[1]
    named = names_average_ratio(sentence)
    if named is None and question:
        named = names_average_ratio(question)
    if named is None:
        return None
    what, rest = named
    average_words, average_acronyms = naming_words(what, context.months), acronyms(what)
    if not average_words and not average_acronyms:
        return None
    other_words = naming_words(rest, context.months) - average_words
    other_acronyms = acronyms(rest) - average_acronyms
    average_lines, other_lines = _standard_names(what), _standard_names(rest)
    years = sorted({p for p in context.about(span).periods if p[0] == "Y"})
    by_place = {
        (o.evidence_index, o.span): o
        for o, _ in operands
        if o.where == "excerpt" and o.span is not None
    }
    denominators: list[tuple[int, list[Fact]]] = []
    numerators: list[tuple[int, list[Fact]]] = []
    for index in context.evidence_indices():
        facts = [f for f in context.facts_of(index) if f.in_table and f.row]
        labels = {
            row: naming_words(row, context.months) - _QUALIFIERS for row in {f.row for f in facts}
        }
        below = _named(labels, average_words, average_acronyms, average_lines)
        above = _named(labels, other_words, other_acronyms, other_lines) - below
        for rows, out in ((below, denominators), (above, numerators)):
            for row in sorted(rows):
                cells = sorted(
                    (f for f in facts if f.row == row and f.value.kind not in _NOT_AMOUNTS),
                    key=lambda f: f.start,
                )
                if 2 <= len(cells) <= _MAX_CELLS or (out is numerators and cells):
                    out.append((index, cells))
    if not denominators or not numerators:
        return None
    found: Found | None = None
    rows_found: set[tuple[str, str]] = set()
    for d_index, d_cells in denominators:
        for n_index, n_cells in numerators:
            for reading in _readings(n_cells, d_cells, years):
                found_at = [
                    by_place.get((i, (f.start, f.end)))
                    for i, f in zip((n_index, d_index, d_index), reading, strict=True)
                ]
                located = [o for o in found_at if o is not None and _amount(o)]
                if len(located) != 3:
                    continue
                result = _ratio(reading, located)
                if result is None or not _matches(target, result):
                    continue
                rows_found.add((reading[0].row, reading[1].row))
                if len(rows_found) > 1:
                    return None  # another pair of rows gives it alike: a coincidence
                if found is None:
                    found = _found(result, reading, located, target)
    return found


# A label's leading qualifiers name no row of their own ("Total revenues" is named by
# "revenue", "Net sales" by "sales"; d481 reads them alike for derivation_words).
_QUALIFIERS = frozenset({"total", "net"})


def _named(
    labels: dict[str, frozenset[str]],
    words: frozenset[str],
    said: frozenset[str],
    lines: tuple[re.Pattern[str], ...],
) -> set[str]:
    """The rows whose label's naming words (qualifiers aside) are all in `words`, or whose
    initials an acronym of `said` gives ("PP&E": "Property, plant and equipment, net"), or a
    standard line the text names ("COGS": "Cost of sales"); a label another named label holds
    is not named ("Inventories" beside "Inventories, net")."""
    named = {
        row
        for row, label in labels.items()
        if (label and label <= words)
        or names_row(said, row)
        or any(p.match(_standard_label(row)) for p in lines)
    }
    return {r for r in named if not any(labels[r] < labels[o] for o in named)}


def _readings(
    numerator: list[Fact], denominator: list[Fact], years: list[str]
) -> list[tuple[Fact, Fact, Fact]]:
    """(numerator cell, the two denominator cells) of consecutive periods (module docstring)."""
    out: list[tuple[Fact, Fact, Fact]] = []
    n_years = [_year_of(f) for f in numerator]
    d_years = [_year_of(f) for f in denominator]
    if all(n_years) and all(d_years):
        by_year = {y: f for y, f in zip(d_years, denominator, strict=True)}
        if len(by_year) != len(denominator):
            return []  # two cells of one year: no series
        for n_year, cell in zip(n_years, numerator, strict=True):
            later = int(n_year[1:])  # type: ignore[index]
            pair = (f"Y{later - 1}", f"Y{later}")
            if years and (
                (len(years) == 2 and tuple(years) != pair)
                or (len(years) == 1 and years[0] != pair[1])
                or len(years) > 2
            ):
                continue
            if pair[0] in by_year and pair[1] in by_year:
                out.append((cell, by_year[pair[1]], by_year[pair[0]]))
        return out
    if any(n_years) or any(d_years):
        return []  # one read with periods, the other not: their positions are not comparable
    for j in range(min(len(numerator), len(denominator) - 1)):
        out.append((numerator[j], denominator[j], denominator[j + 1]))
    return out


def _signed(fact: Fact, located: Located) -> float:
    negative = fact.negative or located.quantity.negative
    return (-1.0 if negative else 1.0) * float(located.quantity.figure or 0)


def _ratio(cells: tuple[Fact, Fact, Fact], located: list[Located]) -> float | None:
    declared = {o.context.declaration.exponent for o in located if o.context.declaration}
    if len(declared) > 1:
        return None  # figures of two scales: not divided as written
    units = {o.quantity.unit for o in located} - {""}
    if len(units) > 1 or "%" in units:
        return None
    n, d1, d2 = (_signed(f, o) for f, o in zip(cells, located, strict=True))
    average = (d1 + d2) / 2
    if average == 0:
        return None
    return n / average


def _matches(target: Quantity, ratio: float) -> bool:
    figure = float(target.figure)  # type: ignore[arg-type]
    if target.negative:
        figure = -figure
    result = ratio * 100 if target.unit == "%" else ratio
    half = 0.5 * 10.0 ** (-target.decimals)
    return abs(figure - result) <= half * (1 + 1e-9)


def _found(
    result: float, cells: tuple[Fact, Fact, Fact], located: list[Located], target: Quantity
) -> Found:
    n, d1, d2 = (
        ("−" if f.negative and not o.quantity.negative else "") + o.quantity.value.text.strip()
        for f, o in zip(cells, located, strict=True)
    )
    times = " × 100" if target.unit == "%" else ""
    formula = f"{n} / (({d1} + {d2}) / 2){times} ≈ {target.value.text.strip()}"
    return Found("ratio", formula, result, tuple(located))
