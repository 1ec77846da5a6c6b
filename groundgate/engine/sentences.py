"""The one sentence splitter of the project (English and Chinese). Every gate that reasons
about sentences calls it.

Boundaries are . ? ! and 。！？ (runs such as "?!" or "..." count once, and closing quotes or
brackets stay with their sentence). A period is *not* a boundary:
- between digits (3.5, Section 2.1, 1.2.3);
- after a known abbreviation (e.g., i.e., etc., Rs., No., U.S., Dr., Fig., Sec., ...), a single
  capital initial (J. Smith), or a dotted initialism (I.P.C.) followed by a lower-case word;
- when it is followed by a letter or digit without a space (example.com, U.S.A.).
Spans are [start, end) code-point offsets into the text, whitespace trimmed.
"""

from __future__ import annotations

import re
from typing import NamedTuple


class Sentence(NamedTuple):
    text: str
    start: int
    end: int


ABBREVIATIONS = frozenset(
    """e.g i.e etc vs cf al approx incl esp viz ca resp
    mr mrs ms dr prof sr jr st mt
    no nos rs art arts sec secs fig figs eq eqs vol vols p pp ch chap para paras cl
    inc ltd co corp dept est govt
    jan feb mar apr jun jul aug sep sept oct nov dec
    u.s u.s.a u.k e.u a.m p.m ph.d""".split()
)
_CJK_END = "。！？"
_ASCII_END = ".?!"
_CLOSERS = "\"'”’」』）)]】"
_WORD_BEFORE = re.compile(r"([A-Za-z][A-Za-z.]*)$")
_INITIALISM = re.compile(r"^(?:[A-Za-z]\.)+[A-Za-z]$")


def _is_boundary_period(text: str, i: int) -> bool:
    before = text[i - 1] if i > 0 else ""
    after = text[i + 1] if i + 1 < len(text) else ""
    if before.isdigit() and after.isdigit():
        return False  # 3.5, 2.1
    if after and (after.isalnum() and not _is_cjk(after)):
        return False  # example.com, U.S.A, 1.2.3
    m = _WORD_BEFORE.search(text, 0, i)
    if m:
        word = m.group(1).lower().rstrip(".")
        if word in ABBREVIATIONS:
            return False
        if _INITIALISM.match(m.group(1)):
            # I.P.C., U.N. ...: a boundary only when a capitalised word follows.
            following = text[i + 1 :].lstrip()
            return not following or following[0].isupper()
        if len(m.group(1)) == 1 and m.group(1).isupper() and after in (" ", ""):
            # A single capital initial ("J. Smith") - unless it ends the text.
            return not text[i + 1 :].strip()
    return True


def _is_cjk(ch: str) -> bool:
    return "\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef"


def split_sentences(text: str) -> list[Sentence]:
    sentences: list[Sentence] = []
    start = 0
    i = 0
    size = len(text)
    while i < size:
        ch = text[i]
        if ch in _CJK_END or ch in "?!" or (ch == "." and _is_boundary_period(text, i)):
            end = i + 1
            while end < size and (text[end] in _ASCII_END or text[end] in _CJK_END):
                end += 1  # "?!", "...", "。。"
            while end < size and text[end] in _CLOSERS:
                end += 1
            _append(sentences, text, start, end)
            start = i = end
            continue
        i += 1
    _append(sentences, text, start, size)
    return sentences


def _append(sentences: list[Sentence], text: str, start: int, end: int) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if start < end:
        sentences.append(Sentence(text[start:end], start, end))
