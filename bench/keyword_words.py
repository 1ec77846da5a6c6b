"""BM25 word readings for Chinese measured on the replayed retrieval (d1004): the keyword and
cross-language rankings recomputed in Python over the replay cache's chunks with another reading
of a text's words, everything else as cached (bench/retrieval_losses.py ReplayRetriever,
`keyword_words`).

- `py`: the index's own words (retrieval.chunk_words) scored in Python - the scorer's baseline,
  so a reading is judged against the same scorer, not against FTS5's.
- `zh-search`: also jieba's search-mode words of each Chinese run (cut_for_search: the 2- and
  3-character words inside a longer one, 抗日战争 -> 抗日, 战争), for chunks and questions.
- `zh-bigram`: also every pair of adjacent Chinese characters of each run.
- `zh-numbers`: also each number with the unit word after it as one term (一千五百个小时 ->
  "1500小时", 20万元 -> "20万元"), digits and Chinese numerals alike.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from functools import cache

from groundgate.engine.words import ZH_STOP_WORDS, _jieba, content_words
from groundgate.services.retrieval import QUESTION_WORDS, chunk_words

_CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")
_ZH_DIGITS = dict(
    zip("零〇一二两三四五六七八九", (0, 0, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9), strict=True)
)
_ZH_UNITS = {"十": 10, "百": 100, "千": 1000}
_NUMBER_UNIT = re.compile(
    r"([0-9][0-9,.]*|[零〇一二两三四五六七八九十百千]+)\s*(万|亿)?\s*(?:个)?"
    r"(小时|分钟|天|年|月|元|吨|米|公里|度|次|家|人|bar|h|℃)"
)


def _zh_number(text: str) -> str:
    if text[0].isdigit():
        return text.replace(",", "")
    total, digit = 0, 0
    for ch in text:
        if ch in _ZH_DIGITS:
            digit = _ZH_DIGITS[ch]
        elif ch in _ZH_UNITS:
            total += (digit or 1) * _ZH_UNITS[ch]
            digit = 0
    return str(total + digit)


def _search_words(text: str) -> set[str]:
    words: set[str] = set()
    for run in _CJK_RUN.findall(text):
        words |= {w for w in _jieba().cut_for_search(run) if w not in ZH_STOP_WORDS}
    return words


def _bigrams(text: str) -> set[str]:
    return {run[i : i + 2] for run in _CJK_RUN.findall(text) for i in range(len(run) - 1)}


def _numbers(text: str) -> set[str]:
    return {
        f"{_zh_number(m.group(1))}{m.group(2) or ''}{m.group(3)}"
        for m in _NUMBER_UNIT.finditer(text)
        if any(c.isdigit() or c in _ZH_DIGITS for c in m.group(1))
    }


EXTRA: dict[str, Callable[[str], set[str]]] = {
    "py": lambda text: set(),
    "zh-search": _search_words,
    "zh-bigram": _bigrams,
    "zh-numbers": _numbers,
}


@cache
def reading_words(reading: str, text: str, chunk: bool) -> frozenset[str]:
    base = chunk_words(text) if chunk else content_words(text)
    return frozenset(base | EXTRA[reading](text))


def question_terms(reading: str, question: str) -> list[str]:
    return sorted(w for w in reading_words(reading, question, False) if w not in QUESTION_WORDS)


def bm25_ranking(
    reading: str, texts: dict[int, str], terms: list[str], limit: int, by_share: bool = False
) -> list[int]:
    """Chunk pks by BM25 over `terms` (term frequency 1, as the index's sets of words), best
    first, only chunks holding a term (KeywordRetriever._python_candidates' scoring; the
    cross-language ranking, rank_terms). `by_share`: as KeywordRetriever.search orders its hits -
    the best 4 x `limit` by BM25, then by the share of the terms' IDF the chunk holds."""
    if not terms:
        return []
    docs = {pk: reading_words(reading, text, True) for pk, text in texts.items()}
    n = len(docs)
    avg = sum(len(w) for w in docs.values()) / max(1, n)
    df = {t: sum(1 for w in docs.values() if t in w) for t in terms}
    idf = {t: math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5)) for t in terms}
    scores: dict[int, float] = {}
    for pk, words in docs.items():
        norm = 1.2 * (0.25 + 0.75 * len(words) / avg)
        score = sum(idf[t] * 2.2 / (1 + norm) for t in terms if t in words)
        if score > 0:
            scores[pk] = score
    ranked = sorted(scores, key=lambda pk: (-scores[pk], pk))
    if not by_share:
        return ranked[:limit]
    total = sum(idf.values()) or 1.0
    share = {
        pk: round(sum(w for t, w in idf.items() if t in docs[pk]) / total, 4)
        for pk in ranked[: 4 * limit]
    }
    return sorted(share, key=lambda pk: (-share[pk], -scores[pk], pk))[:limit]
