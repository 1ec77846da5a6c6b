"""Answerability (policy `answerability`): does the evidence say what the question is ABOUT?

A careful reader refuses when the evidence does not mention the question's subject (the thing
it asks about: a named entity, product, place, part) or the attribute it asks for (a price, a
temperature, a date, a count ...). Phase-3 sufficiency as the spec words it asks only that one
retrieved chunk hold one key term of the question, so "How much does a replacement impeller
cost?" is answered from "Unit price of the seal kit: $1,050." (same chunk, another part).

"subject_attribute" (answerability-v1, the default since answer-assembly/2026-11.5): a chunk
answers the question when
  - its subject terms are found in it: every named term (capitalised or coded: TraceMonkey,
    MS-40, PM10; Chinese person/place/organisation names), and all but one in two of the
    common nouns (paraphrase slack: "checked" for "inspected" is no noun, but "hardware" for
    "MacBook" is one). Found = the word or its stem, across a line-break hyphen ("Sun- Spider"),
    a Chinese term inside a longer word or without its first/last character (污染物 ~ 污染), or
    any name of it in the other language (answerability_lexicon.GLOSSARY: 细颗粒物 = PM2.5);
  - when the question asks for a typed attribute (answerability_lexicon.ATTRIBUTES: money,
    temperature, pressure, frequency, share, date, memory, mass, speed, duration, count, page,
    and the kind of name asked: company, law, city, who),
    one of its sentences holds a value of that attribute AND names the subject (one of the
    question's words, verbs included) - so the seal kit's price does not answer for the
    impeller. A Chinese count counts in the question's measure word (几次 needs N次).
Words that ask (how, many, 多少), say the value's shape (range, limit), are common verbs
("contain", "handle"), adverbs/participles (-ly, -ed) or point at the document's own party
(这家企业, "the VM") are never required.
Only the answering chunks go on to the prompt (so the answer cites only them); none ->
NO_EVIDENCE, naming the subject and attribute not found. "off" is the spec's reading.

answerability-v2 (the default since answer-assembly/2026-11.6, policy answerability_version;
decisions d331-d332) adds: a term said in the other language is found (pipeline/crosslingual.py:
轴承 in "bearing", phosphorus in 磷); a change from an earlier period and a concentration are
attributes (answerability_lexicon.CHANGE, CONCENTRATION); the value and a subject word must be
in one clause (";" separates) that does not state only the other bound than the one asked
(ASKED_BOUND / STATED_BOUND); for "how many X" a number stands beside X; a date is no
duration; "how many X / how much X ... cost" is no price; glossary names and quoted titles are
names; a party named by its kind (企业, "the company": PARTY_NOUNS) only ties; only the heads
of "the B of A" are strict; text is read NFKC.
answerability-v3 (the default since answer-assembly/2026-11.7, d374-d375): a chunk admitted
only by the embedding model's lower cross-language threshold (policy cross_language_thresholds,
d372) states every required term - the dictionary is a loose bridge, so a weaker similarity needs
all the words; its change and duration rules are in pipeline/answerability_change.py.
answerability-v4 (the default since answer-assembly/2026-11.8, d395-d396): the dictionary is read
both ways (crosslingual.said_in_chinese: "water" in 水质's gloss "water quality", "wastewater" in
废水's "waste water"; crosslingual.english_heads: 程序 in "program", the head of "computer
program"); 几遍 / 几套 (any measure word) ask a count (answerability_lexicon.COUNT_V4).
answerability-v5 (selectable since answer-assembly/2026-11.10, the policy's default since
2026-11.11 - its words' vectors stored at indexing, d484-d485; d466-d467): a
common term not stated literally nor through the dictionary is found when one of the text's words
means it -
e5-small's cosine of the two words >= the policy's paraphrase_min_similarity (0.92), or
paraphrase_cross_language_min_similarity (0.84) when one is Chinese and the other not
(answerability_meaning.py); a named term never is. The thresholds reach the check through
QuestionParts.meaning / meaning_across (0: never by meaning; v4 and older always 0).
answerability-v6 (the policy's default since answer-assembly/2026-11.11, d486): v5, and the
thing a Chinese question asks for - the word after 什么 / 哪 / 哪个 / 哪条 / 多少 / 几 (什么名字,
哪条河, 多少字) - is a required term (Term.asked), even of one character, with no slack: v5 let one
common noun in two go missing, and dropped one-character nouns, so the fined company's name was
answered from a decision that states none. A single character so asked is never found by
meaning (alone, its vector is e5-small's noise: 吨 ~ 万元 0.916). On the nine question files, 7
uncovered refused more (s32, s33, s35), no covered answer lost.
The retriever's rerank (services/retrieval.py) reads LATEST, answerability-v4, by the words alone
(d468): no embedding for the 24 chunks it reorders.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from groundgate.engine.sentences import split_sentences
from groundgate.engine.words import EN_STOP_WORDS, ZH_STOP_WORDS, stem, stemmed_words
from groundgate.pipeline import answerability_meaning, crosslingual
from groundgate.pipeline.answerability_change import (
    asks_how_long_it_takes,
    change_names_every_term,
    without_intervals,
)
from groundgate.pipeline.answerability_lexicon import (
    ASKED_BOUND,
    ASKING,
    ATTRIBUTES,
    ATTRIBUTES_V2,
    ATTRIBUTES_V3,
    ATTRIBUTES_V4,
    GLOSSARY,
    GLOSSARY_V2,
    PARTY_NOUNS,
    STATED_BOUND,
    VERBS,
    ZH_DEICTIC,
    ZH_DEMONSTRATIVES,
    ZH_NUM,
    Attribute,
)

VERSIONS = {i: f"answerability-v{i}" for i in (1, 2, 3, 4, 5, 6)}
LATEST = 4
VERSION = VERSIONS[LATEST]

_STOP = EN_STOP_WORDS | ZH_STOP_WORDS | ASKING
_ASKING_STEMS = frozenset(stem(w) for w in ASKING)
_VERB_FORMS = frozenset(
    form
    for verb in VERBS
    for form in (verb, verb + "s", verb + "es", verb + "ed", verb + "d", verb + "ing")
    + ((verb[:-1] + "ing", verb[:-1] + "ed") if verb.endswith("e") else ())
)
# Chinese parts of speech (jieba.posseg) that name things.
_ZH_NOUN_FLAGS = ("n", "vn", "eng", "an", "j")
_ZH_NAME_FLAGS = ("nr", "ns", "nt", "nz", "nrt", "nrfg")
_EN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-'’.][A-Za-z0-9]+)*|\d+[A-Za-z][A-Za-z0-9-]*")
_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
# Adverbs, participles and superlatives: how the question says it, not what it is about.
_EN_SOFT = re.compile(r"^[a-z]+(?:ed|ly|ing|est)$")
_EN_DEICTIC = frozenset("the this that these those its their our".split())
_LINE_HYPHEN = re.compile(r"(?<=[a-z])- (?=[a-z])")


def line_hyphens_joined(lowered: str) -> str:
    """`lowered` (lower-cased text) with a word broken at a line's end joined again: "com- pile"
    -> "compile", "trace- monkey" -> "tracemonkey" (PDF text keeps the hyphen and the break)."""
    return _LINE_HYPHEN.sub("", lowered)


# "几次" / "多少个": a Chinese count names its measure word; the value must count in it.
_ZH_MEASURE = re.compile(r"(?:几|多少)([个次名家项种条台人位座])")
_GLOSSARIES = {
    1: {name: names for names in GLOSSARY for name in names},
    2: {name: names for names in GLOSSARY_V2 for name in names},
}
_GLOSSARIES[3] = _GLOSSARIES[4] = _GLOSSARIES[5] = _GLOSSARIES[6] = _GLOSSARIES[2]
# v2: a title the question quotes (《论持久战》, “Free Culture”) is one named term, found whole.
_TITLE = re.compile(r"《([^》]{1,40})》|「([^」]{1,40})」|“([^”]{2,60})”")
# v2: "How many cycles does it cost?" counts cycles; money only when the count is of money.
_HOW_MANY_NOT_MONEY = re.compile(
    r"\bhow\s+many\s+(?!dollars|euros?|yuan|rmb|usd|pounds|cents)[a-z]", re.I
)
# v2: "How much runtime does the check cost?" asks for runtime, not money.
_HOW_MUCH_NOUN = re.compile(
    r"\bhow\s+much\s+(?!money\b|cash\b)[a-z]+\s+(?:does|do|did|will|would|is|are|was|were)\b",
    re.I,
)
# v2: a sentence's clauses joined by a semicolon state separate facts; so do two sentences the
# splitter kept together ("must not exceed 85 C. Lubricate ...": it reads "C." as an initial).
_CLAUSES = re.compile(r"[;；]|(?<=[^\s.])\.\s+(?=[A-Z][a-z])")
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


@dataclass(frozen=True)
class Term:
    text: str
    named: bool  # a named or coded term: must be found, no slack
    required: bool = True  # False: a verb or adverb of the question (only ties a sentence)
    asked: bool = False  # v6: the thing a Chinese question asks for (哪条河, 什么名字): no slack


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

    @property
    def by_meaning(self) -> tuple[float, float]:
        return self.meaning, self.meaning_across


@dataclass(frozen=True)
class Answerability:
    is_answerable: bool
    supporting: list[str]  # the semantic ids of the chunks that answer
    reason: str
    attribute: str | None
    terms: list[str]


@lru_cache(maxsize=1)
def _posseg() -> Any:
    import jieba
    import jieba.posseg

    jieba.setLogLevel(logging.WARNING)
    return jieba.posseg


def _english_terms(question: str) -> list[Term]:
    terms = []
    previous = ""
    for match in _EN_WORD.finditer(question):
        word = re.sub(r"['’]s$", "", match.group(0))
        lower = word.lower()
        deictic, previous_word, previous = previous in _EN_DEICTIC, previous, lower
        if lower in _STOP or stem(lower) in _ASKING_STEMS:
            continue
        coded = any(c.isdigit() for c in word) or ("-" in word and word.upper() == word)
        before = question[: match.start()].rstrip()
        initial = not before or before[-1] in ".?!:;"  # a capital that starts a sentence
        capital = word[0].isupper() and (not initial or any(c.isupper() for c in word[1:]))
        named = (coded or capital) and not (deictic and word.isupper() and not coded)
        # "the bearing" is a thing, "is being inspected" an action; "the largest" says how.
        verbal = previous_word not in ("the", "a", "an") and (
            bool(_EN_SOFT.match(lower)) or lower in _VERB_FORMS
        )
        soft = word.islower() and (verbal or lower.endswith("est"))
        terms.append(Term(lower, named=named, required=not soft))
    return terms


def _asking_word(word: str) -> bool:
    """v6: 什么, 哪 / 哪个 / 哪条 ..., 多少, 几: the word after it names what is asked."""
    return word in ("什么", "多少", "几", "啥") or (word.startswith("哪") and len(word) <= 2)


def _chinese_terms(question: str, version: int = 1) -> list[Term]:
    terms = []
    for run in _CJK_RUN.findall(question):
        before, before_flag, before2 = "", "", ""
        for pair in _posseg().cut(run):
            word, flag = pair.word, pair.flag
            deictic = before in ZH_DEICTIC or (before_flag == "q" and before2 in ZH_DEMONSTRATIVES)
            asked = version >= 6 and _asking_word(before) and flag not in ("x", "uj", "ul")
            before2, before, before_flag = before, word, flag
            if asked and word not in _STOP and not flag.startswith("v"):
                # v6: the thing asked (哪条河 - even one character, 什么名字): it must be said
                terms.append(Term(word, named=False, asked=True))
                continue
            if word in _STOP or deictic:
                continue
            if len(word) < 2:  # 罚 in 被罚了: ties a sentence (罚款), never required
                if flag.startswith("v"):
                    terms.append(Term(word, named=False, required=False))
                continue
            if flag.startswith(_ZH_NAME_FLAGS):
                terms.append(Term(word, named=True))
            elif flag.startswith(_ZH_NOUN_FLAGS):
                terms.append(Term(word, named=False))
            elif flag.startswith("v"):
                terms.append(Term(word, named=False, required=False))
    return terms


def _titles(question: str) -> tuple[list[Term], str]:
    """v2: the titles a question quotes, as named terms, and the question without them."""
    terms = [
        Term(next(g for g in m.groups() if g).lower(), named=True)
        for m in _TITLE.finditer(question)
    ]
    return terms, _TITLE.sub(" ", question)


def _glossary_names(question: str, version: int = 1) -> tuple[list[Term], str]:
    """Glossary names in the question (PM2.5, 细颗粒物) as terms, and the question without them
    (so jieba does not cut 细颗粒物 into 细 + 颗粒物)."""
    lowered = question.lower()
    terms = []
    for name in sorted(_GLOSSARIES[version], key=len, reverse=True):
        if name.isascii():
            found = re.search(rf"(?<![a-z0-9]){re.escape(name)}(?![a-z0-9])", lowered)
        else:
            found = re.search(re.escape(name), lowered)
        if found:  # v2: a measured thing's name is its identity (PM10 is not PM2.5)
            terms.append(Term(name, named=version >= 2))
            lowered = lowered[: found.start()] + " " + lowered[found.end() :]
            question = question[: found.start()] + " " + question[found.end() :]
    return terms, question


def _strict_spans(question: str, version: int = 1) -> list[str]:
    """The spans of "the B of A" / "A的B是多少" (lower-cased): their words must all be found
    (v2: of an English span, its head - the last word - only: "the pump bearings" is about
    bearings, and a chunk about them need not repeat "pump")."""
    spans = []
    match = _EN_OF.search(question)
    if match:
        spans += [match.group("a").lower(), match.group("b").lower()]
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
    attribute = next((a for a in kinds if a.cue.search(question)), None)
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
    terms = [
        Term(t.text, True, True, t.asked) if t.required and _in_span(t, spans) else t for t in terms
    ]
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
    if counted:
        head = [t for t in _english_terms(counted.group("np")) if t.required][-1:]
        of = [t for t in _english_terms(counted.group("of") or "") if t.required]
        counted_terms = (*head, *of)
    bound = None
    if version >= 2 and attribute is not None:
        asked = [name for name, cue in ASKED_BOUND.items() if cue.search(question)]
        bound = asked[0] if len(asked) == 1 else None
    takes = asks_how_long_it_takes(question, version, attribute.name if attribute else None)
    meaning = meaning if version >= 5 else 0.0
    across = meaning if meaning_across is None or not meaning else meaning_across
    return QuestionParts(
        attribute, tuple(seen.values()), counted_terms, version, bound, takes, meaning, across
    )


@dataclass(frozen=True)
class _Text:
    """A chunk or sentence as terms are looked up in it."""

    raw: str
    lowered: str
    stems: frozenset[str]

    @classmethod
    def of(cls, text: str, version: int = 1) -> _Text:
        if version >= 2:  # ligatures (ﬁ) and full-width forms read as the letters they are
            text = unicodedata.normalize("NFKC", text)
        joined = line_hyphens_joined(text.lower())
        return cls(text, joined, stemmed_words(joined))


def meaning_words(text: str) -> tuple[str, ...]:
    """The words v5 may read `text` (a chunk) by meaning: those of the whole chunk and of each
    clause, as chunk_answers reads them - what an index stores vectors of (d484)."""
    words = dict.fromkeys(answerability_meaning.text_words(_Text.of(text, 5).lowered))
    for sentence in split_sentences(text):
        for clause in _CLAUSES.split(sentence.text):
            said = _Text.of(clause, 5).lowered
            words.update(dict.fromkeys(answerability_meaning.text_words(said)))
    return tuple(words)


def _found_name(name: str, text: _Text, named: bool) -> bool:
    if _CJK_RUN.fullmatch(name):
        if name in text.raw:
            return True
        # 污染物 ~ 污染: a term of three or more characters without its first or last one
        return len(name) >= 3 and (name[:-1] in text.raw or name[1:] in text.raw)
    if named or not name.isalpha():
        return re.search(rf"(?<![a-z0-9]){re.escape(name)}(?![a-z0-9])", text.lowered) is not None
    return stem(name) in text.stems


def _found(
    term: Term, text: _Text, version: int = 1, meaning: float = 0.0, across: float = 0.0
) -> bool:
    names = _GLOSSARIES[version].get(term.text, frozenset((term.text,)))
    if any(_found_name(name, text, term.named) for name in names | {term.text}):
        return True
    if version < 2:
        return False
    if crosslingual.said_across(term.text, text.raw, text.lowered, text.stems, version):
        return True
    # v5: a common term said in other words (a name is its identity: never by meaning); v6: nor
    # is one Chinese character asked for (河, 奖, 吨): alone, its vector is e5-small's noise
    return (
        meaning > 0
        and not term.named
        and not (term.asked and len(term.text) == 1)
        and answerability_meaning.means(term.text, text.lowered, meaning, across or meaning)
    )


_TOKEN = re.compile(r"[a-z][\w'’-]*|\d[\d,.]*[a-z]*")
_NUMBER_WORD = re.compile(
    r"\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozens?|hundreds?|"
    r"thousands?)$"
)


def _counts(counted: Term, said: _Text) -> bool:
    """v2: a number of the clause counts the counted noun - it stands at most 8 words before it
    ("26 short-running ... JavaScript programs") or at most 3 after it ("traces (81)",
    "Impeller IMP-315: 1 per station"), so "each pump ... every 90 days" counts no pumps.
    Text without English words (a Chinese clause) is not held to it."""
    tokens = _TOKEN.findall(said.lowered)
    if not any(t[0].isalpha() for t in tokens):
        return True
    head = stem(counted.text)
    nouns = [i for i, t in enumerate(tokens) if t == counted.text or stem(t) == head]
    numbers = [i for i, t in enumerate(tokens) if _NUMBER_WORD.match(t)]
    return any(0 < j - i <= 8 or 0 < i - j <= 3 for i in numbers for j in nouns)


def _bound_agrees(parts: QuestionParts, clause: str) -> bool:
    """v2: a clause that states only the other bound than the one asked does not answer."""
    if parts.bound is None or STATED_BOUND["both"].search(clause):
        return True
    other = "upper" if parts.bound == "lower" else "lower"
    return not (STATED_BOUND[other].search(clause) and not STATED_BOUND[parts.bound].search(clause))


def found_across(word: str, text: str) -> bool:
    """`word` (a content word of a question) said in the other language in `text`."""
    said = _Text.of(text, 2)
    return crosslingual.said_across(word, said.raw, said.lowered, said.stems)


def _holds_value(parts: QuestionParts, sentence: str) -> bool:
    """The sentence holds a value of the attribute asked; a name asked for ("who") must be more
    than the question's own words. v2: a count in a Chinese measure word (几个) is asked of
    Chinese text; an English sentence's number counts."""
    assert parts.attribute is not None
    attribute = parts.attribute
    if parts.version >= 2 and attribute.name == "count" and not _CJK_RUN.search(sentence):
        attribute = next(a for a in ATTRIBUTES_V2 if a.name == "count")
    if attribute.name != "who":
        return attribute.value.search(sentence) is not None
    own = {t.text for t in parts.terms}
    for match in parts.attribute.value.finditer(sentence):
        words = {w.lower() for w in re.findall(r"[\w’']+", match.group(0))}
        if not words & own:
            return True
    return False


def chunk_answers(parts: QuestionParts, text: str, strict: bool = False) -> tuple[bool, list[str]]:
    """(does this chunk answer, what it lacks: subject terms or <attribute>). `strict` (v3): the
    chunk must state every required term, and the question must have one."""
    version = parts.version
    chunk = _Text.of(text, version)
    required = [t for t in parts.terms if t.required]
    missing = [t for t in required if not _found(t, chunk, version)]
    if parts.meaning and missing and not any(t.named for t in missing):
        # v5: only then read the chunk's words by meaning (a missing name refuses anyway)
        missing = [t for t in missing if not _found(t, chunk, version, *parts.by_meaning)]
    common = [t for t in required if not t.named]
    if any(t.named or t.asked for t in missing) or len(missing) > len(common) // 2:
        return False, [t.text for t in missing]
    if strict and (missing or not required):
        return False, [t.text for t in missing] or ["<subject>"]
    if parts.attribute is None:
        return True, []
    # The sentence with the value names the subject (one of the question's words, verbs too);
    # when the question names no required term (这家企业被罚了多少钱), the chunk must hold one
    # of its other words (罚) and any sentence may hold the value.
    present = [t for t in required if t not in missing]
    soft = [t for t in parts.terms if not t.required]
    if not present and soft and not any(_found(t, chunk, version) for t in soft):
        return False, [t.text for t in soft]
    ties = present + soft if present else []
    for sentence in split_sentences(text):
        # v2: each clause of a sentence on its own (";" joins two facts): the value and the
        # subject must be stated in one clause, so PM2.5's change is not the good days'.
        clauses = _CLAUSES.split(sentence.text) if version >= 2 else [sentence.text]
        for clause in clauses:
            valued = without_intervals(clause, parts.takes)  # v3 (answerability_change)
            if not _holds_value(parts, valued) or not _bound_agrees(parts, clause):
                continue
            said = _Text.of(clause, version)
            if not all(_found(t, said, version, *parts.by_meaning) for t in parts.counted):
                continue
            if version >= 2 and parts.counted and not _counts(parts.counted[0], said):
                continue
            if change_names_every_term(version, parts.attribute.name, bool(present)):
                if all(_found(t, said, version, *parts.by_meaning) for t in present):
                    return True, []
                continue
            if not ties or any(_found(t, said, version, *parts.by_meaning) for t in ties):
                return True, []
    return False, [f"<{parts.attribute.name}>"]


def answerability(
    question: str,
    chunks: list[tuple[str, str]],
    version: int = LATEST,
    strict: frozenset[str] = frozenset(),
    meaning: float = 0.0,
    meaning_across: float | None = None,
) -> Answerability:
    """`chunks`: (semantic id, text) in rank order. v3: the chunks named in `strict` (in the
    other language than the question and admitted only by the model's lower cross-language
    threshold, d374) must state every required term: a weaker similarity needs the words.
    `meaning` (v5): the cosine at which a chunk's word means a common term of the question;
    `meaning_across`: the one for a word in the other language (None: `meaning`)."""
    parts = question_parts(question, version, meaning, meaning_across)
    names = [t.text for t in parts.terms if t.required]
    attribute = parts.attribute.name if parts.attribute else None
    supporting, lacking = [], []
    for semantic_id, text in chunks:
        ok, lacks = chunk_answers(parts, text, version >= 3 and semantic_id in strict)
        if ok:
            supporting.append(semantic_id)
        else:
            lacking.append(lacks)
    if supporting:
        return Answerability(True, supporting, f"{', '.join(supporting)} answer", attribute, names)
    subject = ", ".join(names) or "the question's subject"
    if attribute:
        said = f"no retrieved chunk about {subject} states a value of the kind asked ({attribute})"
    else:
        said = f"no retrieved chunk states the question's subject ({subject})"
    closest = min(lacking, key=len) if lacking else []
    # "<money>": the closest chunk has the subject but no value of the kind asked.
    missing = ", ".join("such a value" if t.startswith("<") else f"'{t}'" for t in closest)
    reason = f"{said} ({VERSIONS[version]}; the closest lacks {missing or 'nothing'})"
    return Answerability(False, [], reason, attribute, names)
