"""A total or an average of the rows under a section line the answer names (policy
`section_aggregates: "named_sections"`, gate 2.62.0, d797).

A report's table groups its rows under lines that hold no figure ("Tax credit carryforwards:",
"Assets"). "The sum of all Tax credit carryforwards was 58,442" names no row: it names the
section line and means every row under it ($39,784 + $3,313 + $15,345); "the total Assets as
reported" the rows under "Assets" in the "As reported" column. aggregates.py takes the rows the
answer names, so such a sum was refused. This module checks exactly that calculation:
  - the sentence names the operation: an average or a total (operation_words.named_operations);
  - a section line: a line of the cited table with naming words and no figure but a footnote
    mark ("(1)" after its words), followed by lines with figures; its rows run to the next
    line without a figure (another section) or the table's end; a row starting "Total" (or
    with no label) is the section's total, no part of it;
  - the answer says every naming word of exactly one section line of the table;
  - the column: each row of the section has the same number of amounts (a year such as a
    "Last Fiscal Year of Expiration" cell is no amount); one amount a row, that one; several,
    the one whose header part (a line above the section split where the table leaves two
    spaces, one part an amount) the answer names alone;
  - two to `_MAX_CELLS` cells; none of a period the answer does not name; sign and scale as
    aggregates.py reads them (_matches).
Bounded: one section's cells of one column, summed once. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from groundgate.engine.context.aggregate_cells import _MAX_CELLS, _amount, aggregable
from groundgate.engine.context.aggregates import AGGREGATE_OPERATIONS, _matches
from groundgate.engine.context.claims import naming_words
from groundgate.engine.context.periods import contradicts

if TYPE_CHECKING:
    from groundgate.engine.context.facts import Fact
    from groundgate.engine.context.operands import OperandContext
    from groundgate.engine.derivations import Found
    from groundgate.engine.evidence_values import Located
    from groundgate.engine.quantities import Quantity

# A footnote mark: one or two digits in parentheses right after a word ("carryforwards:(1)",
# "current assets (1)"): the table's cells stand two spaces or more apart.
_MARK = re.compile(r"(?<=\S) ?\(\d{1,2}\)$")
_PARTS = re.compile(r"\s{2,}")


class _Line:
    __slots__ = ("amounts", "start", "text")

    def __init__(self, start: int, text: str, amounts: list[tuple[Fact, Located]]) -> None:
        self.start, self.text, self.amounts = start, text, amounts


def _total(label: str) -> bool:
    words = label.split()
    return not words or words[0].lower().startswith("total")


def _lines(
    excerpt: str, facts: list[Fact], by_place: dict[tuple[int, int], Located]
) -> list[_Line] | None:
    """The excerpt's lines with their amounts (footnote marks and years aside); None when a
    figure of the excerpt is no located operand (the reading would be partial)."""
    out: list[_Line] = []
    ordered = sorted(facts, key=lambda f: f.start)
    at, pos = 0, 0
    for text in excerpt.split("\n"):
        end = pos + len(text)
        amounts: list[tuple[Fact, Located]] = []
        while at < len(ordered) and ordered[at].start < end + 1:
            fact = ordered[at]
            at += 1
            if fact.start < pos:
                continue
            if _MARK.search(excerpt[pos : min(fact.end + 1, end)]) and not amounts:
                continue  # "Tax credit carryforwards:(1)": a mark, no cell
            located = by_place.get((fact.start, fact.end))
            if located is None:
                return None
            if _amount(located):
                amounts.append((fact, located))
        out.append(_Line(pos, text, amounts))
        pos = end + 1
    return out


def _sections(lines: list[_Line]) -> list[tuple[_Line, list[_Line]]]:
    """Each section line (no amount, naming words) with the rows under it."""
    out: list[tuple[_Line, list[_Line]]] = []
    for i, line in enumerate(lines):
        if line.amounts or not naming_words(line.text):
            continue
        rows: list[_Line] = []
        for later in lines[i + 1 :]:
            if not later.amounts:
                break
            rows.append(later)
        if rows:
            out.append((line, rows))
    return out


def _column(lines: list[_Line], heading: _Line, width: int, words: frozenset[str]) -> int | None:
    """The one amount column of `width` the answer names: 0 for one amount a row, else the part
    of the nearest header line above the section (as many parts as amounts) that alone has
    every naming word said."""
    if width == 1:
        return 0
    for line in reversed(lines[: lines.index(heading)]):
        if line.amounts:
            continue
        parts = [p for p in _PARTS.split(line.text.strip()) if p]
        if len(parts) != width:
            continue
        said = [k for k, part in enumerate(parts) if (own := naming_words(part)) and own <= words]
        return said[0] if len(said) == 1 else None
    return None


def explain_section_aggregate(
    target: Quantity,
    context: OperandContext,
    span: tuple[int, int],
    operands: list[tuple[Located, list[float]]],
    *,
    question_exponent: int | None,
    min_significant: int = 2,
    restate: bool = True,
    sizes: bool = False,
) -> Found | None:
    """A total or an average of the rows under the one section line the answer names that
    gives `target`, or None (also when two cited tables give it alike)."""
    if not aggregable(target, min_significant):
        return None
    wanted = AGGREGATE_OPERATIONS & (context.operations(span) or frozenset())
    if not wanted:
        return None
    about = context.about(span)
    words = about.sentence_words
    found: Found | None = None
    for index in context.evidence_indices():
        excerpts = context.excerpts_of(index)
        if len(excerpts) != 1:
            continue
        by_place = {
            o.span: o
            for o, _ in operands
            if o.where == "excerpt" and o.evidence_index == index and o.span is not None
        }
        lines = _lines(excerpts[0], context.facts_of(index), by_place)
        if lines is None:
            continue
        named = [
            (heading, rows)
            for heading, rows in _sections(lines)
            if naming_words(heading.text) <= words
        ]
        if len(named) != 1:
            continue
        heading, rows = named[0]
        parts = [r for r in rows if not _total(r.text[: r.amounts[0][0].start - r.start])]
        widths = {len(r.amounts) for r in parts}
        if len(widths) != 1:
            continue
        column = _column(lines, heading, widths.pop(), words)
        if column is None or not 2 <= len(parts) <= _MAX_CELLS:
            continue
        cells = [r.amounts[column] for r in parts]
        if about.periods and any(contradicts(about.periods, f.periods) for f, _ in cells):
            continue
        match = _matches(
            target,
            [(index, f) for f, _ in cells],
            [o for _, o in cells],
            wanted,
            question_exponent,
            restate,
            sizes,
        )
        if match is not None:
            if found is not None:
                return None  # two tables give it alike: which one is not said
            found = match
    return found
