"""The parts a page's chunk is built of, and how a block's lines are joined (moved from
documents/chunking.py as they were): a part's text, its carried copies (d968) and the page's
scale line and column header version 3 carries (`_Context`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from groundgate.documents.table_blocks import (
    column_header,
    continues_row,
    declares_scale,
    figure_columns,
    lead_rows,
    names_periods,
    rows_of,
)

if TYPE_CHECKING:
    from groundgate.documents.chunking import Line


def _is_cjk(ch: str) -> bool:
    """CJK ideographs, kana, hangul and CJK punctuation; digits (even full-width) are not."""
    if not ch:
        return False
    code = ord(ch)
    return (
        0x3000 <= code <= 0x30FF
        or 0x3400 <= code <= 0x4DBF
        or 0x4E00 <= code <= 0x9FFF
        or 0xAC00 <= code <= 0xD7AF
        or 0xF900 <= code <= 0xFAFF
        or (0xFF00 <= code <= 0xFFEF and not 0xFF10 <= code <= 0xFF19)
    )


def _join(left: str, right: str) -> str:
    if not left:
        return right
    if _is_cjk(left[-1]) and _is_cjk(right[:1]):
        return left + right
    return left + " " + right


def _block_text(lines: list[Line], rows: bool = False, carry_on: bool = False) -> str:
    """The block's lines joined by a space (nothing between two CJK characters); with `rows`
    (a table block, d905), a line that starts a new row follows a newline instead, but with
    `carry_on` (version 3, d967) a row that carries on the row before joins it by a space."""
    text = ""
    previous: list[Line] | None = None
    for row in rows_of(lines) if rows else [lines]:
        said = ""
        for line in row:
            said = _join(said, line.text)
        if previous is None or not text or (carry_on and continues_row(previous, row)):
            text = _join(text, said)
        else:
            text = text + "\n" + said if not _cjk_pair(text, said) else text + said
        previous = row
    return text


def _cjk_pair(left: str, right: str) -> bool:
    return _is_cjk(left[-1:]) and _is_cjk(right[:1])


@dataclass
class _Part:
    """One block (or piece of one) of a chunk being built: its text, lines, the offsets in its
    text of the newlines that start table rows, and whether it may head a table (d965)."""

    text: str
    lines: list[Line]
    breaks: list[int]
    head: bool = False
    carried: bool = False  # a copy carried from elsewhere on the page (d968)
    figures: bool = False  # rows of figures of the chunk's own (version 4, d992)


def _size(parts: list[_Part]) -> int:
    return sum(len(p.text) for p in parts) + max(len(parts) - 1, 0)


def _copy(lines: list[Line], text: str | None = None, header: bool = False) -> _Part:
    """A part carried to another chunk (d968): copies of `lines` in a paragraph of their own
    (a negative block number, another for a header than for a scale line: their boxes are drawn
    apart from the chunk's own rows, and a newline parts them as it parts the text)."""
    copies = [replace(line, block=-2 * line.block - 1 - header) for line in lines]
    said, spaced = _block_text(copies, True, carry_on=True), _block_text(copies)
    if text is not None and said != text:
        said = spaced = text  # a head part: its text as it was chunked
    return _Part(said, copies, [i for i, c in enumerate(said) if c != spaced[i]], carried=True)


@dataclass
class _Context:
    """What heads the tables of a page so far (version 3, d968): its last scale line and the
    last table's column header with its number of columns."""

    scale: _Part | None = None
    header: _Part | None = None
    columns: int = 0

    def carry(self, heads: list[_Part], block: list[Line]) -> tuple[list[_Part], list[_Part]]:
        """(what the block's first chunk lacks of the page's scale line and header, what each
        of its later chunks carries), and take in the block's own."""
        rows = rows_of(block)
        lead, (start, header) = lead_rows(rows), column_header(rows)
        scale = next((h for h in heads if declares_scale(h.text)), None)
        said = [i for i in range(lead) if declares_scale(" ".join(x.text for x in rows[i]))]
        in_header = scale is None and bool(said) and start <= said[0] < header
        if scale is not None:
            scale = _copy(scale.lines, scale.text)
        elif said:
            scale = _copy(rows[said[0]])  # "(In thousands)" over the columns
        lines = [line for row in rows[start:header] for line in row]
        dated = header and names_periods(rows[start:header])  # a figure table's: not carried
        own = _copy(lines, header=True) if dated else None
        columns = figure_columns(rows)
        lacks = [] if scale is not None or self.scale is None else [self.scale]
        borrowed = None
        if own is None and self.header is not None and columns and columns == self.columns:
            borrowed = self.header
            lacks.append(borrowed)
        later = [p for p in (scale or self.scale, own or borrowed) if p is not None]
        if in_header:
            later = later[1:]  # its own header carries its scale line
        if own is not None:
            self.header, self.columns = own, len(rows[header - 1])
        self.scale = scale or self.scale
        if later[:1] == later[1:]:
            later = later[:1]
        return lacks, later
