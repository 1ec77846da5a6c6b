"""Where a page's glyphs are: the one place that corrects the boxes PyMuPDF gives for a page's
text before they are stored (chunk outlines, word boxes) or drawn (an excerpt found at render).

- Upside-down text (a line running right to left: content turned 180 degrees). MuPDF boxes
  such glyphs as if they rose above the baseline, though they hang below it (tracemonkey's title
  turned 180: 9.6 pt off). Such a line's, span's, word's and character's box is mirrored about
  its baseline (`mirrored`); the turns of 90 and 270 are boxed right.
- A value that is part of a word ("(312,126)", "$10,208.6", "FY2023", a CJK line PyMuPDF reads
  as one word): the word is kept as its pieces - runs of a number's characters and the rest -
  each boxed by its own characters (PyMuPDF's rawdict), so a value's box encloses its digits,
  not an even share of the word's width (d327).
"""

from __future__ import annotations

import re
from typing import Any

Box = tuple[float, float, float, float]  # x0, top, x1, bottom (unrotated points)
Word = tuple[Any, ...]  # TextPage.extractWORDS: x0, y0, x1, y1, text, block, line, word

# A number inside a word: digits with the separators between them (1,234.5 1.234,5 12'345).
NUMBER = re.compile(r"\d+(?:[.,'\u2019\u00a0\u202f]\d+)*")
_DIGIT = re.compile(r"\d")
DIGITS = re.compile(r"\d+")


def upside_down(line: dict[str, Any]) -> bool:
    """A line whose text runs right to left (PyMuPDF's "dir" about (-1, 0))."""
    direction = line.get("dir") or (1.0, 0.0)
    return bool(direction[0] < -0.99 and line.get("spans"))


def mirrored(box: Any, baseline: float) -> Box:
    """`box` mirrored about the horizontal line y = baseline."""
    x0, top, x1, bottom = box[:4]
    return (x0, 2 * baseline - bottom, x1, 2 * baseline - top)


def baseline(line: dict[str, Any]) -> float:
    """The baseline of a line: its first span's origin."""
    return float(line["spans"][0]["origin"][1])


def _mixed(text: str) -> bool:
    """A word with a number and something else in it ("(312,126)", "$10,208.6", "FY2023")."""
    return bool(_DIGIT.search(text)) and NUMBER.fullmatch(text) is None


def page_text(textpage: Any) -> tuple[dict[str, Any], list[Word]]:
    """A text page's (pymupdf.TextPage, untyped) dict as extractDICT gives it and its words as
    extractWORDS does, with the boxes corrected as this module's docstring says."""
    page = textpage.extractDICT()
    words = textpage.extractWORDS()
    # Lines by (block, line) as extractWORDS numbers them: the upside-down ones, and those that
    # run left to right (whose words can be cut; a turned line's characters run along y).
    flipped, across = {}, set()
    for block_no, block in enumerate(page.get("blocks", [])):
        for line_no, line in enumerate(block.get("lines", [])):
            if upside_down(line):
                flipped[(block_no, line_no)] = line
            elif line.get("dir", (1.0, 0.0))[0] > 0.99:
                across.add((block_no, line_no))
    mixed = {i for i, w in enumerate(words) if (w[5], w[6]) in across and _mixed(w[4])}
    if not flipped and not mixed:
        return page, words
    fine: dict[tuple[int, int], list[Word]] = {}
    if mixed:
        # The digits inside words, boxed by their own characters: the page's words again with
        # every other character of those words as a delimiter (as long again as extractWORDS;
        # rawdict, which gives every character's box, takes ~5x extractDICT's time).
        others = {ch for i in mixed for ch in words[i][4] if not ch.isdigit()}
        for word in textpage.extractWORDS(delimiters="".join(sorted(others))):
            fine.setdefault((word[5], word[6]), []).append(word)
    fixed: list[Word] = []
    for i, word in enumerate(words):
        line = flipped.get((word[5], word[6]))
        if line is not None:
            fixed.append((*mirrored(word, baseline(line)), *word[4:]))
        elif i in mixed:
            fixed.extend(_pieces(word, fine.get((word[5], word[6]), [])))
        else:
            fixed.append(word)
    for line in flipped.values():
        for span in line["spans"]:
            span["bbox"] = mirrored(span["bbox"], span["origin"][1])
        line["bbox"] = mirrored(line["bbox"], baseline(line))
    return page, fixed


def _pieces(word: Word, fine: list[Word]) -> list[Word]:
    """A word cut into its runs of a number's characters and the rest. A number runs from the
    left of its first digits to the right of its last, as the delimited extraction boxed them
    (each run of digits a word of its own); the rest fills the gaps between. A word whose runs
    of digits are not all found so is kept whole."""
    text, x0, x1 = word[4], word[0], word[2]
    runs = sorted(
        (f for f in fine if x0 - 0.5 <= (f[0] + f[2]) / 2 <= x1 + 0.5), key=lambda f: f[0]
    )
    digits = [m.span() for m in DIGITS.finditer(text)]
    if len(runs) != len(digits):
        return [word]
    if any(f[4] != text[a:b] for f, (a, b) in zip(runs, digits, strict=True)):
        return [word]
    first = {a: runs[i] for i, (a, _) in enumerate(digits)}
    last = {b: runs[i] for i, (_, b) in enumerate(digits)}
    out: list[Word] = []
    at, left = 0, x0
    for match in NUMBER.finditer(text):
        n0, n1 = first[match.start()][0], last[match.end()][2]
        if match.start() > at:
            out.append((left, word[1], n0, word[3], text[at : match.start()], *word[5:]))
        out.append((n0, word[1], n1, word[3], match.group(), *word[5:]))
        at, left = match.end(), n1
    if at < len(text):
        out.append((left, word[1], x1, word[3], text[at:], *word[5:]))
    return out


def words_in_box(textpage: Any, box: Box) -> list[str]:
    """The words of a page in a box drawn on it, top to bottom and left to right. A word (or a
    piece of one: the number in "(312,126)") counts when its middle is in the box - a box drawn
    by hand cuts through the edges of its neighbours; the pieces of one word in the box are
    joined as they are written."""
    x0, top, x1, bottom = box
    chosen: dict[tuple[Any, ...], list[Word]] = {}
    for word in page_text(textpage)[1]:
        if x0 <= (word[0] + word[2]) / 2 <= x1 and top <= (word[1] + word[3]) / 2 <= bottom:
            chosen.setdefault(tuple(word[5:8]), []).append(word)
    joined = [
        (max(p[3] for p in pieces), min(p[0] for p in pieces), "".join(p[4] for p in pieces))
        for pieces in chosen.values()
    ]
    return [text for _, _, text in sorted(joined)]
