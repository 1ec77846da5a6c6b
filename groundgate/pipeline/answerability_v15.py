"""answerability-v15's readings (issue 32; answer-assembly/2026-11.18's default,
d638-d642): v14, and a covered
question's fact chunk no longer refused for words that frame the request rather than name its
subject, nor for the second thing a compound question asks. Found by listing, over all 17
question files, every covered question whose fact chunk is retrieved (fused rank <= 8) and
refused by v14 (bench/refused_facts.py --retrieved): "Tell me the laptop model ..." (tell),
"What's the estimated number of executions ..." (estimated), "... versus when it runs inside
compiled trace code" (versus), "prior art: anybody else already published ..." (anybody, else,
already), "Do the checks slow programs down, and by how much?" (the change of the second part
asked of the first part's chunk), "What did the guard cost in runtime?" (money asked).

- Request and framing words are no subject: a sentence's first word is read as the verb it is
  when capitalised ("Tell me", "Describe", "Give"; v1 held only lower-case verbs to be verbs),
  and hedges (estimated, approximate, rough), comparison connectives (versus, vs), indefinite
  pronouns and discourse adverbs (anybody, something, else, already, anyway, yet, even) and the
  value's shape ("count", "bound", as ASKING's "limit") are not terms - as ASKING's roughly /
  about / approximately never were; nor is the verb "counts (as)". In Chinese, 请问 / 告诉 /
  估计 / 估算 / 大致 likewise, and 一项 / 一篇 after 哪 (one of a measure word: the shape asked).
- A compound question - two questions in one ("..., and by how much?", "...? Give the date",
  "X是多少？Y又是多少？", "……是哪一项，一年平均多少？") - is read part by part as well: a chunk
  that answers one part, read on its own (its own terms, its own value asked), answers, so the
  answer covers the parts a chunk states. A part that names no required term of its own ("and
  by how much?") is not read on its own: the whole question is (as v14 reads it).
- 几个百分点 asks a share (percentage points are its unit), not a count of 个.
- "cost" asks money only when no other unit is said: "cost in runtime", "cost ... in (CPU)
  cycles", "cost much performance" ask the cost in that unit (no money: the attribute is then
  another one the question asks, or none); "the cost of X" beside another kind of value asked
  ("how often ... before the cost of recording is recovered") names the subject, the other kind
  is asked.
answerability_question.py and answerability.py apply them for version 15. Pure: no Django, no
I/O.
"""

from __future__ import annotations

import re

from groundgate.pipeline.answerability_lexicon import Attribute

# Words that frame the request or hedge the value: never the question's subject.
FRAMING = frozenset(
    """estimated estimate approximate approx rough ballpark versus vs anybody anyone anything
    somebody someone something everybody everyone nobody nothing else already anyway yet even
    count counts bound bounds back away forth apart 请问 告诉 估计 估算 大致""".split()
)
# 哪一项 / 哪一篇: one of a measure word after 哪 is the question's shape, not a thing asked.
_ZH_ONE_OF = re.compile(r"一[个项种部篇位家份件类条处次名台座]")


def framing(word: str) -> bool:
    """v15: a word that frames the request or hedges the value, never the subject."""
    return word in FRAMING or _ZH_ONE_OF.fullmatch(word) is not None


# A sentence's first word, capitalised: read in lower case for whether it is a verb.
_FIRST_WORD = re.compile(r"(?:^|[.?!:;]\s+)([A-Z][a-z]+)\b")


def initial_words(question: str) -> frozenset[str]:
    """The lower-cased first word of each sentence or clause of `question` that is
    capitalised only because it starts one ("Tell me ...", "Describe the ...")."""
    return frozenset(m.group(1).lower() for m in _FIRST_WORD.finditer(question))


_ASKS_EN = (
    r"(?:(?:by|after|on|in|at|for|from|to|with)\s+)?(?:what|what's|which|how|when|where|who|whom|"
    r"whose|why|is|are|was|were|does|do|did|can|could|will|would|has|have|had)\b"
)
# Where an English question asks a second thing: "..., and how much", "...; and what", or a
# question mark with more asked after it.
_EN_PIECE = re.compile(rf"\s*[,;]?\s+and\s+(?={_ASKS_EN})|(?<=\?)\s+(?=\S)", re.I)
_ZH_ASKS = re.compile(r"多少|什么|哪|几|是否|吗|谁|怎样|怎么|如何")
# A Chinese question's second question: after ？ or ；, or after ， when both sides ask.
_ZH_PIECE = re.compile(r"(?<=[？?；;])\s*(?=\S)|，")


def pieces(question: str) -> tuple[str, ...]:
    """The parts of a compound question, each asking one thing (empty: not compound)."""
    parts = [p.strip() for p in _EN_PIECE.split(question) if p and p.strip()]
    zh: list[str] = []
    for part in parts:
        if not re.search(r"[\u4e00-\u9fff]", part):
            zh.append(part)
            continue
        for piece in _ZH_PIECE.split(part):
            # a clause that asks nothing runs on into the next ("PM2.5这一项，...是多少")
            if zh and not _ZH_ASKS.search(zh[-1]) and re.search(r"[\u4e00-\u9fff]", zh[-1]):
                zh[-1] = f"{zh[-1]}，{piece}"
            else:
                zh.append(piece)
    parts = [p for p in zh if p.strip()]
    # a trailing clause that asks nothing belongs to the one before it
    merged: list[str] = []
    for part in parts:
        asks = re.search(_ASKS_EN, part, re.I) or _ZH_ASKS.search(part) or "?" in part
        if merged and not asks:
            merged[-1] = f"{merged[-1]} {part}"
        else:
            merged.append(part)
    return tuple(merged) if len(merged) > 1 else ()


# "cost" said with another unit: the cost in runtime, in cycles, in performance.
_COST_IN_UNIT = re.compile(
    r"\bcosts?\b[^?.;]{0,60}?\bin\s+(?:(?:cpu|clock|machine)\s+)?(?:cycles|runtime|time|"
    r"performance|speed|instructions|memory)\b|\bin\s+(?:(?:cpu|clock)\s+)?cycles\b[^?.;]{0,60}"
    r"\bcosts?\b|\bcosts?\s+(?:much|any|a\s+lot\s+of|some)?\s*(?:performance|runtime|time|speed)\b",
    re.I,
)
_COST_OF = re.compile(r"\bthe\s+cost\s+of\b", re.I)
# "Which organisations paid for ...": the payer is asked, a name (as "who" asks one).
_PAYER = re.compile(
    r"\b(?:which|what)\s+(?:[a-z]+\s+){1,3}?(?:paid|pay|pays|funded|funds|sponsored)\b", re.I
)


# 几个百分点 / 多少个百分点: percentage points are a share's unit, not things counted (v6's count
# in the measure word 个 could never be met: 3.3个百分点 is no count of 个).
_POINTS = re.compile(r"(?:几|多少)个?百分点")


def attribute(
    question: str, asked: Attribute | None, kinds: tuple[Attribute, ...]
) -> Attribute | None:
    """v15: money is not asked of a cost said in another unit, nor of "the cost of X" when the
    question asks another kind of value; that other kind is asked (or none). "Which X paid for"
    asks the payer's name (measured and not kept: "memory" naming a thing - "the memory
    manager", 存储位置 - asking no amount of memory, d641)."""
    if asked is not None and asked.name == "count" and _POINTS.search(question):
        return next(a for a in kinds if a.name == "share")
    if asked is None or asked.name != "money":
        return asked
    if _PAYER.search(question):
        return next(a for a in kinds if a.name == "who")
    said = [m.group(0).lower() for m in asked.cue.finditer(question)]
    others = [a for a in kinds if a.name != "money" and a.cue.search(question)]
    if _COST_IN_UNIT.search(question):
        return others[0] if others else None
    if others and all(w in ("cost", "costs") for w in said) and _COST_OF.search(question):
        return others[0]
    return asked
