"""Content words for overlap measures: lower-cased English words and jieba-segmented Chinese
words, stop words removed. The one tokenizer behind claim coverage and sufficiency checks.

jieba loads its dictionary (shipped inside the package) on first use of Chinese text, so English-
only callers never pay for it.
"""

from __future__ import annotations

import logging
import re
from functools import lru_cache
from typing import Any

from groundgate.engine.text_memo import text_memo

EN_STOP_WORDS = frozenset(
    """a about above after again against all also am an and any are as at be because been before
    being below between both but by can could did do does doing down during each either few for
    from further had has have having he her here hers herself him himself his how i if in into is
    it its itself just let me more most my myself no nor not of off on once only or other our
    ours ourselves out over own per same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up upon very was we
    were what when where which while who whom why will with would you your yours yourself
    yourselves shall may might must""".split()
)
ZH_STOP_WORDS = frozenset(
    """的 了 是 在 和 与 及 或 等 对 为 也 就 都 而 被
    把 这 那 之 其 中 以 于 上 下 由 从 到 向 并 且
    个 些 该 此 各 每 有 无 不 没有 如 若 则 即 但 又
    还 更 很 最 已 已经 将 会 能 可 可以 应 应当 一 我们
    你 他 她 它 他们 什么 哪些 怎么 如何 吗 呢 吧 啊 根据
    按照 关于 对于 通过""".split()
)
_EN_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
# The one English word and Chinese character of the engine and the pipeline (issue: one tokeniser).
EN_WORD = _EN_WORD
CJK_CHAR = _CJK
_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_CJK_GAP = re.compile(rf"(?<={_CJK.pattern})\s+(?={_CJK.pattern})")


def cjk_gaps_joined(text: str) -> str:
    """`text` with the whitespace (newlines too) between two Chinese characters removed: Chinese
    puts no space between words, so such a gap is layout (a page that PyMuPDF's plain reading
    gives one character a line), not a word break (issue 32). For comparing and indexing text,
    never for stored or quoted text."""
    return _CJK_GAP.sub("", text)


@lru_cache(maxsize=1)
def _jieba() -> Any:
    import jieba

    jieba.setLogLevel(logging.WARNING)
    jieba.initialize()
    return jieba


def _chinese_words(text: str) -> list[str]:
    segment = _jieba().lcut
    words: list[str] = []
    for run in _CJK_RUN.findall(text):
        words += segment(run)
    return words


@lru_cache(maxsize=1)
def _english_stemmer() -> Any:
    import snowballstemmer

    return snowballstemmer.stemmer("english")


def stem(word: str) -> str:
    """The Snowball (Porter2) English stem of a lower-case word ("cheating", "cheats" ->
    "cheat"); Chinese words and numbers are their own stem."""
    if not word.isascii() or not word.isalpha():
        return word
    # The cache keeps words of up to 64 letters: 65,536 of them, a few MB at most (d386).
    return _stem(word) if len(word) <= 64 else _stem.__wrapped__(word)


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    stemmed: str = _english_stemmer().stemWord(word)
    return stemmed


@text_memo(max_bytes=4 * 2**20, item_bytes=80)
def stemmed_words(text: str) -> frozenset[str]:
    """content_words(text), each reduced to its stem."""
    # stem(w) written out (a call per word less): a word of ASCII letters of up to 64 is looked
    # up in _stem's cache, any other word is stem()'s.
    return frozenset(
        [
            _stem(w) if w.isascii() and w.isalpha() and len(w) <= 64 else stem(w)
            for w in content_words(text)
        ]
    )


@text_memo(max_bytes=4 * 2**20, item_bytes=80)
def content_words(text: str) -> frozenset[str]:
    """The set of content words of `text` (English lower-cased; Chinese segmented by jieba)."""
    lowered = text.lower()
    words = {w for w in _EN_WORD.findall(lowered) if w not in EN_STOP_WORDS and len(w) > 1}
    if _CJK.search(text):
        words |= {w for w in _chinese_words(text) if w not in ZH_STOP_WORDS and w.strip()}
    return frozenset(words)
