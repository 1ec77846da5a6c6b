"""Answerability's reading of the question (answerability.py's policy `answerability`): what it
is ABOUT - its subject terms (named or coded terms, common nouns, the thing a Chinese question
asks for, quoted titles, glossary names, the strict "B of A" spans), the attribute it asks for
(answerability_lexicon.ATTRIBUTES), the counted noun of "how many X", the bound asked - as
QuestionParts, for each answerability version (VERSIONS). answerability.py reads the chunks
against them. Moved out of answerability.py unchanged. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from groundgate.engine.words import EN_STOP_WORDS
from groundgate.pipeline import answerability_reading as reading_of
from groundgate.pipeline import answerability_shapes as shapes
from groundgate.pipeline import answerability_v11 as v11
from groundgate.pipeline import answerability_v12 as v12
from groundgate.pipeline import answerability_v14 as v14
from groundgate.pipeline import answerability_v15 as v15
from groundgate.pipeline import answerability_v16 as v16
from groundgate.pipeline import answerability_yesno as yesno
from groundgate.pipeline.answerability_change import asks_how_long_it_takes
from groundgate.pipeline.answerability_lexicon import (
    ASKED_BOUND,
    ASKING,
    ATTRIBUTES,
    ATTRIBUTES_V2,
    ATTRIBUTES_V3,
    ATTRIBUTES_V4,
    PARTY_NOUNS,
    ZH_NUM,
    Attribute,
)

# The question's words as terms (answerability_terms.py, moved out of this module); the names
# other modules import from here are kept here.
from groundgate.pipeline.answerability_terms import _CJK_RUN as _CJK_RUN
from groundgate.pipeline.answerability_terms import (
    _EN_WORD,
    _VERB_FORMS,
    _ZH_MEASURE,
    _chinese_terms,
    _english_terms,
    _glossary_names,
    _titles,
)
from groundgate.pipeline.answerability_terms import _GLOSSARIES as _GLOSSARIES
from groundgate.pipeline.answerability_terms import _STOP as _STOP
from groundgate.pipeline.answerability_terms import Term as Term
from groundgate.pipeline.answerability_terms import _posseg as _posseg

VERSIONS = {i: f"answerability-v{i}" for i in range(1, 20)}


LATEST = 4


VERSION = VERSIONS[LATEST]


# v2: "How many cycles does it cost?" counts cycles; money only when the count is of money.
_HOW_MANY_NOT_MONEY = re.compile(
    r"\bhow\s+many\s+(?!dollars|euros?|yuan|rmb|usd|pounds|cents)[a-z]", re.I
)


# v2: "How much runtime does the check cost?" asks for runtime, not money.
_HOW_MUCH_NOUN = re.compile(
    r"\bhow\s+much\s+(?!money\b|cash\b)[a-z]+\s+(?:does|do|did|will|would|is|are|was|were)\b",
    re.I,
)


# Not after a classifier that starts another unit: 3.3个百分点 is no count of 个, 3个月 a duration.
_NOT_A_COUNT = r"(?!百分点|月|小时|工作日)"


# "What is the B of A?", "A的B是多少?": B is the attribute named, A the subject; when a question
# says them this plainly, every word of both must be found (no paraphrase slack).
_EN_OF = re.compile(
    r"\b(?:what|which)(?:\s+(?:is|are|was|were)|'s|’s)\s+(?P<b>[^?]+?)\s+(?:of|for)\s+"
    r"(?P<a>[^?]+?)\s*(?:[?.!]|$)",
    re.I,
)


_ZH_OF = re.compile(
    r"(?:(?P<a>[\u4e00-\u9fffA-Za-z0-9.]{2,12})的)?(?P<b>[\u4e00-\u9fffA-Za-z0-9.]{2,8}?)"
    r"(?:(?:是|有|为)(?:多少|什么|多大|多高|多长|多久|几|哪|谁)|怎么样)"
)


# "How many X ...": X's head word must be in the sentence that holds the count.
_EN_HOW_MANY = re.compile(
    r"\bhow\s+many\s+(?P<np>(?:[a-z0-9-]+\s+){0,3}?[a-z0-9-]+?)(?:\s+of\s+(?P<of>[a-z0-9-]+))?"
    r"(?=\s+(?:do|does|did|is|are|was|were|should|must|can|could|will|would|have|has|had|"
    r"in|on|at|per|for)\b|\s*[?.]|$)",
    re.I,
)


# v7: the noun phrase an English question asks for - "what/which X", "how many X", "how much X"
# - when an auxiliary, a preposition or the question's end closes it ("What vibration level
# on ...", "Above what vibration level must ..."); "what X of Y" (a share, a kind of Y) and
# "how much faster" (a degree, not a thing) ask nothing here.
_EN_ASKED = re.compile(
    r"\b(?:what|which|how\s+many|how\s+much)\s+"
    r"(?!(?:is|are|was|were|do|does|did|the|a|an|kind|type|sort|extra|faster|slower|higher|"
    r"lower|larger|smaller|longer|shorter|bigger|better|worse)\b)"
    r"(?P<np>(?:[a-z0-9-]+\s+){0,2}?[a-z0-9-]+?)"
    r"(?=\s+(?:do|does|did|is|are|was|were|should|must|can|could|will|would|have|has|had|"
    r"in|on|at|per|for|to|during|while)\b|\s*[?.,!]|$)",
    re.I,
)


def english_asked(question: str, shapes: frozenset[str]) -> frozenset[str]:
    """v7 (d524): the words that qualify the noun phrase an English question asks for when its
    head only says the value's shape or kind (`shapes`: ASKING's level / range / reading and the
    attribute's cue words: "vibration" of "what vibration level"), lower-cased. Such a head
    names no thing, so its qualifier is the thing asked; a head that names one (model, hardware,
    instructions) is the kind the answer states without naming it, and keeps v6's slack (all
    the phrase's words required lost 13 covered answers on the eleven question files). A phrase
    with a function word ("quantity of lubricant", "conference and city") is not read."""
    asked: list[str] = []
    for match in _EN_ASKED.finditer(question):
        words = [w.lower() for w in _EN_WORD.findall(match.group("np"))]
        if words and words[-1] in shapes and not any(w in EN_STOP_WORDS for w in words):
            asked += words[:-1]
    return frozenset(asked)


@dataclass(frozen=True)
class QuestionParts:
    attribute: Attribute | None
    terms: tuple[Term, ...]
    # "how many kits", "how many lines of code": the sentence with the count names them
    counted: tuple[Term, ...] = ()
    version: int = LATEST
    bound: str | None = None  # v2: "lower" / "upper" - the question asks the lowest / highest
    takes: bool = False  # v3: asks how long something takes or lasts (not how often)
    # v5 (answerability_meaning): a common term not stated is found when a word of the text
    # means it (e5-small cosine >= meaning; >= meaning_across when one of the two is Chinese and
    # the other not); 0 - never by meaning.
    meaning: float = 0.0
    meaning_across: float = 0.0
    kind: str | None = None  # v8: the X of "what type of X" (answerability_shapes.kind_asked)
    counted_words: frozenset[str] = frozenset()  # v8: the words of "how many X" (they tie none)
    titles: frozenset[str] = frozenset()  # v8: the titles quoted: found whole, never in part
    # v10: (modifier, noun) of the question's compounds (answerability_yesno.modifiers)
    modifiers: tuple[tuple[str, str], ...] = ()
    pieces: tuple[str, ...] = ()  # v15: a compound question's parts (answerability_v15.pieces)
    reading: reading_of.Unit | None = None  # v18: the unit of a reading quoted (d863)

    @property
    def by_meaning(self) -> tuple[float, float]:
        return self.meaning, self.meaning_across


def _strict_spans(question: str, version: int = 1) -> list[str]:
    """The spans of "the B of A" / "A的B是多少" (lower-cased): their words must all be found
    (v2: of an English span, its head - the last word - only: "the pump bearings" is about
    bearings, and a chunk about them need not repeat "pump")."""
    spans = []
    match = _EN_OF.search(question)
    if match:
        spans += [match.group("a").lower(), match.group("b").lower()]
        if version >= 8:  # "the company to fix the problems ..." is about the company
            spans = [shapes.noun_phrase(span) for span in spans]
        if version >= 2:
            spans = [span.split()[-1] for span in spans if span.split()]
    match = _ZH_OF.search(question)
    if match:
        spans += [g for g in (match.group("a"), match.group("b")) if g]
    return spans


def _in_span(term: Term, spans: list[str]) -> bool:
    if _CJK_RUN.fullmatch(term.text):
        return any(term.text in span for span in spans)
    word = re.compile(rf"(?<![a-z0-9]){re.escape(term.text)}(?![a-z0-9])")
    return any(word.search(span) for span in spans)


def question_parts(
    question: str, version: int = LATEST, meaning: float = 0.0, meaning_across: float | None = None
) -> QuestionParts:
    """`meaning` (v5): the cosine at which a word of a chunk means a common term (0: never);
    `meaning_across` the one for a word in the other language (None: `meaning`)."""
    kinds = {1: ATTRIBUTES, 2: ATTRIBUTES_V2, 3: ATTRIBUTES_V3}.get(version, ATTRIBUTES_V4)
    if version >= 8:  # a kind of X, a size, "to whom" (answerability_shapes)
        kinds = shapes.ATTRIBUTES_V8
    attribute = next((a for a in kinds if a.cue.search(question)), None)
    if version >= 14:  # "how heavy" asks a mass (answerability_v14)
        attribute = v14.attribute(question, attribute, kinds)
    if version >= 15:  # "cost in runtime" asks no money (answerability_v15)
        attribute = v15.attribute(question, attribute, kinds)
    if version >= 16:  # a reason, an interval, a concentration asked (answerability_v16)
        attribute = v16.attribute(question, attribute, kinds)
    if version >= 2 and attribute is not None and attribute.name == "money":
        if _HOW_MANY_NOT_MONEY.search(question):
            attribute = next(a for a in kinds if a.name == "count")
        elif _HOW_MUCH_NOUN.search(question):
            others = (a for a in kinds if a.name != "money" and a.cue.search(question))
            attribute = next(others, None)
    measure = _ZH_MEASURE.search(question)
    if attribute is not None and attribute.name == "count" and measure:
        value = re.compile(r"(?:\d|[０-９]|" + ZH_NUM + r")+\s*" + measure.group(1) + _NOT_A_COUNT)
        attribute = Attribute("count", attribute.cue, value)
    titles, rest = _titles(question) if version >= 2 else ([], question)
    glossary, rest = _glossary_names(rest, version)
    spans = _strict_spans(question, version)
    terms = titles + glossary + _english_terms(rest) + _chinese_terms(rest, version)
    strict = [t.required and _in_span(t, spans) for t in terms]
    if version >= 11:  # a common word of the span: strict and stated, not a name (v11)
        terms = [
            Term(t.text, t.named, True, True, True) if s else t
            for t, s in zip(terms, strict, strict=True)
        ]
    else:
        terms = [
            Term(t.text, True, True, t.asked) if s else t
            for t, s in zip(terms, strict, strict=True)
        ]
    if version == 7:  # the English thing asked for (a shape word's qualifier): no slack
        cued = [m.group(0).lower() for m in attribute.cue.finditer(question)] if attribute else []
        wanted = english_asked(rest, frozenset(w for m in cued for w in m.split()) | ASKING)
        terms = [
            Term(t.text, t.named, True, True) if t.required and t.text in wanted else t
            for t in terms
        ]
    if version >= 8:  # the question's shape (answerability_shapes): scene, document, unit
        terms = _v8_terms(terms, rest, attribute.name if attribute else None)
    if version >= 9:  # the thing a yes/no question asks to be stated (answerability_yesno)
        terms = _v9_terms(terms, rest, version)
    if version >= 15:  # request and framing words are no subject (answerability_v15)
        first = v15.initial_words(rest)
        terms = [
            Term(t.text, False, False) if t.text in first and t.text in _VERB_FORMS else t
            for t in terms
            if not v15.framing(t.text)
        ]
    if version >= 16:  # a document's parts only tie, idioms name nothing (answerability_v16)
        terms = v16.terms(terms, rest)
    if version >= 2:  # a party named by its kind is the document's party: it only ties
        terms = [Term(t.text, False, False) if t.text in PARTY_NOUNS else t for t in terms]
    if attribute is not None:  # the words that asked for the attribute are not its subject
        asked = [m.group(0).lower() for m in attribute.cue.finditer(question)]
        cue_words = {w for m in asked for w in m.split()}
        terms = [
            t
            for t in terms
            if t.text not in cue_words
            and not (_CJK_RUN.fullmatch(t.text) and any(t.text in m for m in asked))
        ]
    seen: dict[str, Term] = {}
    for t in terms:
        seen.setdefault(t.text, t)
    counted = _EN_HOW_MANY.search(rest) if attribute and attribute.name == "count" else None
    counted_terms: tuple[Term, ...] = ()
    counted_words: frozenset[str] = frozenset()
    if counted:
        head = [t for t in _english_terms(counted.group("np")) if t.required][-1:]
        of = [t for t in _english_terms(counted.group("of") or "") if t.required]
        counted_terms = (*head, *of)
        if version >= 8:
            counted_words = frozenset(w.lower() for w in _EN_WORD.findall(counted.group("np")))
    bound = None
    if version >= 2 and attribute is not None:
        asked = [name for name, cue in ASKED_BOUND.items() if cue.search(question)]
        bound = asked[0] if len(asked) == 1 else None
    takes = asks_how_long_it_takes(question, version, attribute.name if attribute else None)
    meaning = meaning if version >= 5 else 0.0
    across = meaning if meaning_across is None or not meaning else meaning_across
    kind = shapes.kind_asked(question) if attribute and attribute.name == "kind" else None
    common = {t.text for t in seen.values() if t.required and not t.named and t.text.isascii()}
    return QuestionParts(
        attribute,
        tuple(seen.values()),
        counted_terms,
        version,
        bound,
        takes,
        meaning,
        across,
        kind,
        counted_words,
        frozenset(t.text for t in titles) if version >= 8 else frozenset(),
        yesno.modifiers(rest, common) if version == 10 else (),
        v15.pieces(question) if version >= 15 else (),
        reading_of.reading_asked(question, attribute, version),
    )


def _v8_terms(terms: list[Term], question: str, attribute: str | None) -> list[Term]:
    """v8: the asker's pronouns and the unit asked in are no terms; a word of
    a scene-setting clause (when the asking one names a subject of its own), the document's
    part or language (unless its maker is asked: who edited the collection), an irregular past
    form only tie."""
    maker = attribute in ("who", "company") or any(t.text in shapes.MAKER_WORDS for t in terms)
    scene, units = shapes.scene_words(question), shapes.units_asked(question)
    if not any(t.required and t.text not in scene for t in terms):
        scene = frozenset()  # "... - what is it?": the scene holds the subject
    kept = []
    for t in terms:
        english = t.text.isascii()
        if english and (t.text in shapes.ASKER_WORDS or t.text in units):
            continue
        if (shapes.soft_word(t.text) and not maker) or (
            english and t.text in scene and not t.named
        ):
            t = Term(t.text, False, False)
        kept.append(t)
    return kept


def _v9_terms(terms: list[Term], question: str, version: int = 9) -> list[Term]:
    """v9 (d558): the head of what a yes/no question asks to be stated is asked (no slack) and
    never found by meaning (whether it is stated is the question: a word near in meaning is the
    neighbouring thing, 行政处罚 for 行政复议); a Chinese one not among the terms (奖 of
    最佳论文奖, one character) is added."""
    english = {t.text for t in terms if t.required and not t.named}
    phrases = yesno.english_yes_no(question)
    if version >= 11:  # "Was ozone a problem", "Did X appeal ..." (answerability_v11)
        phrases += v11.subject_phrases(question)
    heads = set(yesno.asked_heads(phrases, english))
    if _CJK_RUN.search(question):
        pairs = [(p.word, p.flag) for p in _posseg().cut(question)]
        heads |= {h for h in yesno.chinese_yes_no(pairs) if h not in _STOP}
        if version >= 12:  # 是否 + verb phrase: its object (answerability_v12)
            heads |= v12.chinese_yes_no_objects(pairs, _STOP)
    if version >= 14:  # "Has X contested ...": the event asked (answerability_v14)
        heads |= v14.yes_no_events(question)
    kept = [
        Term(t.text, t.named, True, True, True) if t.text in heads and not t.named else t
        for t in terms
    ]
    known = {t.text for t in terms}
    return kept + [Term(h, False, True, True, True) for h in sorted(heads - known)]
