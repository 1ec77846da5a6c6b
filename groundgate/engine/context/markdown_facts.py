"""A markdown table read as facts (moved from facts.py so each module stays readable;
facts.read_facts calls it for a text with a "|---|" separator line). Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.context.facts import _MD_SEPARATOR, Fact
from groundgate.engine.context.facts import _negative as negative
from groundgate.engine.context.periods import periods_in
from groundgate.engine.context.table_headers import _header_like
from groundgate.engine.numbers import extract_numbers


def markdown_facts(text: str) -> list[Fact]:
    """A markdown table's cells as facts: its header rows name the columns, its first cell the
    row (facts.read_facts reads a text with a separator line so)."""
    rows: list[tuple[int, list[tuple[int, str]]]] = []  # (line start, [(cell start, cell text)])
    pos = 0
    header_end = 0
    for raw in text.split("\n"):
        if _MD_SEPARATOR.match(raw):
            header_end = len(rows)
        elif raw.strip().startswith("|"):
            cells: list[tuple[int, str]] = []
            at = raw.index("|") + 1
            for part in (
                raw[at:].split("|")[:-1] if raw.rstrip().endswith("|") else raw[at:].split("|")
            ):
                cells.append((pos + at, part))
                at += len(part) + 1
            rows.append((pos, cells))
        pos += len(raw) + 1
    width = max((len(c) for _, c in rows), default=0)
    headers = [""] * width
    for _, cells in rows[:header_end]:
        filled = [(k, c.strip()) for k, (_, c) in enumerate(cells) if c.strip()]
        if len(filled) == 1 and k_is_value_column(filled[0][0]):
            # One header cell over several columns ("Years Ended September 30,"): all of them.
            for k in range(1, width):
                headers[k] = (headers[k] + " " + filled[0][1]).strip()
            continue
        for k, cell in filled:
            headers[k] = (headers[k] + " " + cell).strip()
    facts: list[Fact] = []
    body = rows[header_end:]
    while body and _header_like([c for _, c in body[0][1]]):
        for k, (_, cell) in enumerate(body[0][1]):
            if cell.strip() and k < width:
                headers[k] = (headers[k] + " " + cell.strip()).strip()
        body = body[1:]
    for _, cells in body:
        label = cells[0][1].strip() if cells else ""
        for k, (start, cell) in enumerate(cells[1:], start=1):
            for v in extract_numbers(cell):
                column = headers[k] if k < width else ""
                facts.append(
                    Fact(
                        value=v,
                        start=start + v.start,
                        end=start + v.end,
                        negative=negative(cell, v),
                        row=label,
                        column=column,
                        periods=periods_in(column),
                        entities=(),
                        in_table=True,
                    )
                )
    return facts


def k_is_value_column(k: int) -> bool:
    return k > 0
