"""The one sentence splitter of the project (English and Chinese). Every gate that reasons
about sentences calls it.

Boundaries are . ? ! and 。！？ (runs such as "?!" or "..." count once, and closing quotes or
brackets stay with their sentence). A period is *not* a boundary:
- between digits (3.5, Section 2.1, 1.2.3);
- after a prefix abbreviation that always introduces something (Dr., No., Fig., Sec., Rs., e.g.,
  i.e., vs., ...);
- after any other known abbreviation (Inc., Ltd., etc., U.S., a.m., ...) or a dotted initialism
  (I.P.C.) unless a capitalised word follows ("Acme Inc. The pump ..." is two sentences, "the
  U.S. and Canada" one);
- after a single capital initial when a name seems to follow ("J. Smith", "John F. Kennedy"),
  but not when a sentence-starting word follows ("rated class B. The pump ...");
- when a letter or digit follows with no space (example.com, U.S.A., 1.2.3), except a lower-case
  word glued to a capitalised one ("days.The pump"), which is a missing space, not a name;
- after a numbered-list marker at the start of a line ("10. Inspect the valve").
Spans are [start, end) code-point offsets into the text, whitespace trimmed.

Linear time: each period looks back at most MAX_WORD_LOOKBEHIND characters and forward over the
whitespace run that follows it, never over the whole text.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from groundgate.engine.words import EN_STOP_WORDS

# Changes whenever a boundary decision changes; gate policies that depend on it carry it.
SPLITTER_VERSION: Final = "sentences/2"
# The longest "word" (letters and dots) looked at before a period: longer runs are no
# abbreviation and no initialism, so looking further back can never change the decision.
MAX_WORD_LOOKBEHIND = 16


class Sentence(NamedTuple):
    text: str
    start: int
    end: int


# Titles and Latin abbreviations introduce a name or an example: never the end of a sentence
# (unless they end the text).
PREFIX_ABBREVIATIONS = frozenset(
    """e.g i.e vs cf viz approx incl esp ca resp
    mr mrs ms dr prof st mt gen col capt lt sgt rev hon""".split()
)
# Abbreviations that introduce a number ("No. 5", "Fig. 3", "Rs. 500", "Vol. II"): the end of a
# sentence only when an ordinary capitalised word follows ("The answer is no. The pump ...").
NUMBER_PREFIXES = frozenset(
    "no nos rs art arts sec secs fig figs eq eqs vol vols p pp ch chap para paras cl".split()
)
# Abbreviations that may end a sentence: a boundary when a capitalised word follows.
ENDING_ABBREVIATIONS = frozenset(
    """etc al inc ltd co corp dept est govt bros plc llc jr sr
    jan feb mar apr jun jul aug sep sept oct nov dec
    u.s u.s.a u.k e.u a.m p.m ph.d""".split()
)
ABBREVIATIONS = PREFIX_ABBREVIATIONS | NUMBER_PREFIXES | ENDING_ABBREVIATIONS
_ROMAN = frozenset("IVXLCDM")
_WORD_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.")
_CJK_END = "。！？"
_ASCII_END = ".?!"
_TERMINATORS = _ASCII_END + _CJK_END
_CLOSERS = "\"'”’」』）)]】"

# A sentence's end inside a text, for a rule that reads back or on from a value instead of
# splitting the text (d716; the context rules: prose_subjects, prose_bindings, operands,
# operand_rule, sign_sides): ".", "!" or "?" before a space or the text's end, or "。", "！",
# "？" wherever it stands (no space follows them). A clause mark (";", ":") or a line break is
# each rule's own addition, named where it is composed. split_sentences reads abbreviations
# and initials; these short reads do not.
SENTENCE_END: Final = r"[.!?](?=\s|$)|[。！？]"


def _is_cjk(ch: str) -> bool:
    return "\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef"


def _word_before(text: str, i: int) -> str:
    """The run of ASCII letters and dots ending at text[i - 1] that starts with a letter (at most
    MAX_WORD_LOOKBEHIND characters; "" when longer or when there is none)."""
    j = i
    limit = max(0, i - MAX_WORD_LOOKBEHIND - 1)
    while j > limit and text[j - 1] in _WORD_CHARS:
        j -= 1
    if j == limit and j > 0 and text[j - 1] in _WORD_CHARS:
        return ""  # too long to be an abbreviation
    while j < i and text[j] == ".":
        j += 1
    return text[j:i]


def _is_list_marker(text: str, i: int) -> bool:
    """Whether the digits before text[i] (at most 3) open a line: a numbered-list marker."""
    j = i
    while j > 0 and i - j < 3 and text[j - 1].isdigit():
        j -= 1
    if j > 0 and text[j - 1].isdigit():
        return False  # four digits or more: a number ending a sentence, not a marker
    while j > 0 and text[j - 1] in " \t":
        j -= 1
        if i - j > 16:
            return False
    return j == 0 or text[j - 1] == "\n"


def _is_initialism(word: str) -> bool:
    """I.P.C, U.N, e.g (letters separated by single dots; the final dot is the one at i)."""
    parts = word.split(".")
    return len(parts) >= 2 and all(len(p) == 1 and p.isalpha() for p in parts)


def _next_word(text: str, i: int) -> tuple[str, int]:
    """(the word after position i, skipping whitespace, and the index it starts at). The
    scan stops at the first non-space character and at the end of that word."""
    size = len(text)
    j = i
    while j < size and text[j].isspace():
        j += 1
    k = j
    while k < size and k - j < MAX_WORD_LOOKBEHIND and text[k].isalpha():
        k += 1
    return text[j:k], j


def _starts_sentence(word: str) -> bool:
    """A capitalised word that typically begins a sentence rather than continues a name."""
    return word[:1].isupper() and word.lower() in EN_STOP_WORDS


def _is_boundary_period(text: str, i: int) -> bool:
    size = len(text)
    before = text[i - 1] if i > 0 else ""
    after = text[i + 1] if i + 1 < size else ""
    if before.isdigit() and after.isdigit():
        return False  # 3.5, 2.1
    if before.isdigit() and after in (" ", "\t") and _is_list_marker(text, i):
        return False  # "10. Inspect the valve ..." at the start of a line
    word = _word_before(text, i)
    if after and after.isalnum() and not _is_cjk(after):
        # Glued: example.com, U.S.A, 1.2.3 - unless a lower-case word runs into a capitalised
        # one ("days.The"), which is a sentence end with the space missing.
        return after.isupper() and len(word) >= 2 and word[-1].islower() and "." not in word
    following, at = _next_word(text, i + 1)
    rest_is_empty = at >= size
    if rest_is_empty:
        return True
    if not word:
        return True
    lowered = word.lower()
    if lowered in PREFIX_ABBREVIATIONS:
        return False
    if lowered in NUMBER_PREFIXES:
        return (
            len(following) >= 2
            and following[0].isupper()
            and not (following.isupper() and set(following) <= _ROMAN)
        )
    if lowered in ENDING_ABBREVIATIONS or _is_initialism(word):
        # Inc., etc., U.S., I.P.C.: the end of a sentence only when a capitalised word (or a
        # Chinese character, or an anchor) follows.
        nxt = text[at]
        return nxt.isupper() or _is_cjk(nxt) or nxt == "["
    if len(word) == 1 and word.isupper():
        # A single capital: an initial when a name follows ("J. Smith"), otherwise the end of
        # a sentence ("rated class B. The pump ...", "class B. 2 pumps ...").
        return not (following[:1].isupper() and not _starts_sentence(following))
    return True


_CANDIDATE = re.compile(r"[.?!。！？]")


def split_sentences(text: str) -> list[Sentence]:
    sentences: list[Sentence] = []
    start = 0
    size = len(text)
    resume = 0  # candidates before this index were swallowed by a run of terminators
    for match in _CANDIDATE.finditer(text):
        i = match.start()
        if i < resume:
            continue
        ch = text[i]
        if ch != "." or _is_boundary_period(text, i):
            end = i + 1
            while end < size and text[end] in _TERMINATORS:
                end += 1  # "?!", "...", "。。"
            while end < size and text[end] in _CLOSERS:
                end += 1
            _append(sentences, text, start, end)
            start = resume = end
    _append(sentences, text, start, size)
    return sentences


def _append(sentences: list[Sentence], text: str, start: int, end: int) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if start < end:
        sentences.append(Sentence(text[start:end], start, end))
