"""answerability-v8's reading of an English question's shape (answerability_question.py reads it
for version 8; answerability.py reads the chunks against it). General English question grammar,
no word of any document:

- a clause that only sets the scene ("Our grease gun is ready: what quantity ...", "A running
  pump reads 5 bar - is that ...") is context: its common words tie a sentence but are not
  required; the clause that asks (a "?", a wh-word or an auxiliary first) holds the subject;
- the words that name the document or a part of it (piece, essay, paper, bulletin, contents,
  section ...; 论文, 目录, 公报 ...) and the document's language (Chinese, English) say where, not
  what: they tie;
- an irregular past participle or past form (written, given, broke) is an action, as the -ed
  forms are (v1): it ties;
- a unit the value is asked in (", in mg/L", "(in lines)") says the value's shape: no term;
- "the B for A to do C": the head of A is the last word before the clause that modifies it
  ("the company to fix the problems ..." is about the company), not the clause's last word;
- a hyphenated word is found when each of its parts is ("discharge-valve" in "discharge valve");
- new attributes asked: "how big / large / small" asks a size (a number, not a citation mark
  "(15)"), "to whom" asks a who, and "what type / kind / sort of X" asks a kind of X - a clause
  that says X after a word that qualifies it ("lithium grease", "a conservative garbage
  collector"), not X alone ("120 g of grease").
"""

from __future__ import annotations

import re

from groundgate.engine.words import EN_STOP_WORDS, stem
from groundgate.pipeline.answerability_lexicon import ATTRIBUTES_V4, Attribute

_CJK = re.compile(r"[\u3400-\u9fff]")

# The clause that asks: a "?" or an asking word first.
_ASKS = re.compile(
    r"\?|^\s*(?:so\s+|and\s+|but\s+)?(?:what|what's|which|who|whom|whose|when|where|why|how|is|"
    r"are|was|were|do|does|did|can|could|should|will|would|has|have|had|tell|describe|name|list)"
    r"\b",
    re.I,
)
# Where a question splits into a scene and the asking: a colon, a semicolon, a dash between words.
_SCENE_BREAK = re.compile(r"\s*[:;]\s+|\s+[-–—]\s+")

# The document and its parts, and the language it is in: where the fact is, not what it is.
DOCUMENT_WORDS = frozenset(
    stem(w)
    for w in """piece pieces article articles essay essays text texts paper papers report reports
    bulletin bulletins document documents contents writings list entry entries section sections
    chapter chapters table manual publication page pages chinese english""".split()
)

ZH_DOCUMENT_WORDS = frozenset(
    "论文 文章 目录 报告 公报 文件 手册 决定书 文集 章节 条目 原文 本文".split()
)

# The document's makers: a question about them is about the document itself.
MAKER_WORDS = frozenset(
    "publisher publishers editor editors author authors 出版社 出版者 编者 编辑 作者 著者".split()
)

# Irregular past participles and past forms: the question's action, not its subject.
IRREGULAR_FORMS = frozenset(
    """written wrote given gave taken took broken broke chosen chose driven drove eaten ate
    fallen fell forgotten forgot frozen froze hidden hid known knew ridden rode risen rose seen
    saw shaken shook shown spoken spoke stolen stole sworn swore thrown threw woken woke worn wore
    begun began drawn drew drunk drank flown flew grown grew rung rang sung sang sunk sank swum
    swam torn tore bought brought caught dealt dug fed felt fought found had heard held hit hurt
    kept laid led left lent lost made meant met paid put quit read said sent set shot shut sold
    spent split spread stood struck taught told thought understood won wound done gone been
    become came ran""".split()
)

# The unit a value is asked in ("in mg/L", "in bar") and pronouns of the asker.
_UNIT_ASKED = re.compile(
    r"(?:,\s*|\(\s*)in\s+(?P<unit>[a-zµμ%°]+(?:\s*/\s*[a-z0-9]+)?)\s*(?:[,?.!)]|$)", re.I
)
ASKER_WORDS = frozenset("us we we're we've we'd i i'm i've i'd you you're".split())

# "the B for A to do C": A's noun phrase ends where a clause or a phrase modifying it starts.
_NP_END = re.compile(
    r",|\s+(?:to|that|which|who|whom|whose|where|when|while|because|if|by|in|on|at|during|"
    r"from|with|after|before|found|made|used|given)\s+",
    re.I,
)

_KIND_OF = re.compile(
    r"\b(?:what|which)\s+(?:types?|kinds?|sorts?)\s+of\s+(?P<x>[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)",
    re.I,
)
_SIZE = Attribute(
    "size",
    re.compile(r"\bhow\s+(?:big|large|small)\b|\bwhat\s+size\b", re.I),
    re.compile(
        r"(?<![(\[\d.,])\d[\d,.]*(?![\d,.]*[)\]])|\b(?:hundreds?|thousands?|millions?|billions?)\b",
        re.I,
    ),
)
_WHO = next(a for a in ATTRIBUTES_V4 if a.name == "who")
_WHO_V8 = Attribute(
    "who",
    re.compile(_WHO.cue.pattern + r"|\b(?:to|for|by|from|with)\s+whom\b", _WHO.cue.flags),
    _WHO.value,
)
# The cue is the asking words only: the X of "what type of X" stays a term of the question.
_KIND = Attribute(
    "kind", re.compile(r"\b(?:what|which)\s+(?:types?|kinds?|sorts?)\s+of\b", re.I), re.compile("")
)
# "the part number", "the reference number" name an item: a code (IMP-315, CNS-0615443,
# 〔2024〕12号), not a count (v4 read "number of" as one).
_ITEM_WORDS = """part reference serial model case file order registration catalog catalogue product
document grant project item""".split()
_IDENTIFIER = Attribute(
    "identifier",
    # only the word "number" is the cue: the item it numbers stays a term of the question
    re.compile(
        "(?:"
        + "|".join(rf"(?<=\b{w} )" for w in _ITEM_WORDS)
        + r")(?:numbers?|no\.?|codes?|ids?)\b"
        r"|编号|文号|型号|序列号|批号",
        re.I,
    ),
    re.compile(
        r"\b[A-Z]{1,8}[-‐/]?\d[\w-]*|\b\d+[A-Z][\w-]*|〔\d{4}〕\s*\d+\s*号|第\s*\d+\s*号|"
        r"\b(?:no\.?|number)\s*\d[\d-]*",
    ),
)
ATTRIBUTES_V8: tuple[Attribute, ...] = (
    _IDENTIFIER,
    _KIND,
    *(_WHO_V8 if a.name == "who" else a for a in ATTRIBUTES_V4),
    _SIZE,
)


def scene_words(question: str) -> frozenset[str]:
    """The lower-cased words of the clauses that only set the scene (none when the question
    does not split, or when no part of it asks)."""
    parts = [p for p in _SCENE_BREAK.split(question) if p.strip()]
    asking = [p for p in parts if _ASKS.search(p)]
    if len(parts) < 2 or not asking or len(asking) == len(parts):
        return frozenset()
    said = {w.lower() for p in parts if p not in asking for w in re.findall(r"[\w'’-]+", p)}
    asked = {w.lower() for p in asking for w in re.findall(r"[\w'’-]+", p)}
    return frozenset(said - asked)


def units_asked(question: str) -> frozenset[str]:
    """The words of the unit a value is asked in: "in mg/L" -> mg, l."""
    return frozenset(
        w
        for m in _UNIT_ASKED.finditer(question)
        for w in re.findall(r"[a-zµμ]+", m["unit"].lower())
    )


def soft_word(word: str) -> bool:
    """A word of the question that only ties (v8): the document or its part, its language, an
    irregular past form."""
    if _CJK.search(word):
        return word in ZH_DOCUMENT_WORDS
    return stem(word) in DOCUMENT_WORDS or word in IRREGULAR_FORMS


def noun_phrase(span: str) -> str:
    """The noun phrase `span` starts with: "the company to fix the problems" -> "the company"."""
    return _NP_END.split(span, maxsplit=1)[0].strip()


def kind_asked(question: str) -> str | None:
    """The words of X in "what type / kind / sort of X" (lower-cased, space-separated), or
    None: "garbage collector" of "what kind of garbage collector does the VM have"."""
    match = _KIND_OF.search(question)
    if not match:
        return None
    words = [w for w in match["x"].lower().split() if w not in EN_STOP_WORDS]
    return " ".join(words) or None


def states_a_kind(kind: str, clause: str) -> bool:
    """The clause says a word of `kind` after a word that qualifies it ("lithium grease", "a
    simple register allocator"), names one after it ("collectors such as ...", "the collector
    is an exact ..."). A Chinese clause is not read (it is not held to it)."""
    if _CJK.search(clause) and not re.search(r"[A-Za-z]{3}", clause):
        return True
    words = re.findall(r"[\w'’-]+", clause.lower())
    targets = {stem(w) for w in kind.split()}
    for i, word in enumerate(words):
        if stem(word) not in targets:
            continue
        before = words[i - 1] if i else ""
        after = " ".join(words[i + 1 : i + 4])
        if before and before.isalpha() and before not in EN_STOP_WORDS and len(before) > 2:
            return True
        if re.match(r"(?:such as|like|called|named|type|kind|(?:is|are|was|were) an? )", after):
            return True
    return False


# A number a unit follows measures, it counts nothing ("with 120 g of grease": no bearings).
_UNIT_AFTER = frozenset(
    """g kg mg µg μg l ml bar psi kpa mpa c f % mm cm m km s ms min h hz mhz ghz kb mb gb tb
    percent degrees""".split()
)


def measured(tokens: list[str], i: int) -> bool:
    """The number at `tokens[i]` is a measure: a unit follows it."""
    return i + 1 < len(tokens) and tokens[i + 1] in _UNIT_AFTER


# A count in Chinese text is a number and a measure word (302天, 2个), not a date's (2024年5月).
ZH_COUNT = re.compile(
    r"(?:\d|[０-９]|[一二两三四五六七八九十百千万〇零])+\s*"
    r"[个次名家项种条台人天位座遍套回件批份处辆块张本部倍](?!百分点|月|小时|工作日)"
)


def hyphen_parts(term: str) -> list[str]:
    """The parts of a hyphenated word ("discharge-valve" -> discharge, valve); [] otherwise."""
    if "-" not in term or _CJK.search(term):
        return []
    parts = [p for p in term.split("-") if p]
    return parts if len(parts) > 1 and all(p.isalpha() for p in parts) else []
