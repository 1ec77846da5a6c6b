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
answerability-v6 (the policy's default in answer-assembly/2026-11.11, d486): v5, and the
thing a Chinese question asks for - the word after 什么 / 哪 / 哪个 / 哪条 / 多少 / 几 (什么名字,
哪条河, 多少字) - is a required term (Term.asked), even of one character, with no slack: v5 let one
common noun in two go missing, and dropped one-character nouns, so the fined company's name was
answered from a decision that states none. A single character so asked is never found by
meaning (alone, its vector is e5-small's noise: 吨 ~ 万元 0.916). On the nine question files, 7
uncovered refused more (s32, s33, s35), no covered answer lost.
answerability-v7 (selectable, not the default; d524): v6, and the English counterpart - the
qualifier of the shape word an English question asks for ("vibration" of "what vibration
level": answerability_question.english_asked) is required without slack.
answerability-v8 (the policy's default of answer-assembly/2026-11.12 and 2026-11.13; d551): v6,
and an English question read by its shape (answerability_shapes.py: scene clause, the document's
own words, irregular past forms, the unit asked in; a kind of X, a size, "to whom", an
identifier asked); a number a unit follows counts nothing, a count in Chinese text needs a
measure word, the counted noun ties no subject, a quoted title is found whole. v7's rule is not
in v8.
answerability-v9 (the policy's default in answer-assembly/2026-11.14, d560; d558): v8, and a
yes/no question read for the thing it asks to be stated (answerability_yesno.py: "Is there a X",
"Does the manual say which X", "any X"; 有没有 / 是否 X, X...吗): its head is asked (no slack) and
never found by meaning.
answerability-v10 (selectable; d559): v9, and a missing modifier of a noun the chunk states
only after other modifiers ("suction" where the chunk says "discharge valve") is required.
answerability-v11 (the policy's default in answer-assembly/2026-11.15, d585; d579-d583):
v9 (not v10), and a word of "the B of A" strict and stated but common (its stem), an English
proper name said in Chinese (Shanxi: 山西), a Chinese question cut by dictionary words, a plain
yes/no question's subject asked (answerability_v11.py).
answerability-v12 (answer-assembly/2026-11.16's default, d591; d588-d590):
v11, and a Chinese term found by meaning only through a Chinese word that shares a character
with it or an English word of three or more letters, and the object of 是否 + verb phrase asked
as said (answerability_v12.py).
answerability-v13 (selectable, not the default; d603-d607): v12, and a chunk read in its
document's context - the title and the section heading above it, from the stored chunks
(services/chunk_context.py) - where a required naming term of the question (not the thing asked)
may be stated as the question says it; the chunk then states every other required term itself
(answerability_context.py).
answerability-v14 (answer-assembly/2026-11.17's default; d610-d613): v12 (not v13),
and the attribute asked read for more question forms (how heavy, how much money, which pages,
多大, 多少行), the participle of "Has X contested ..." asked and stated, no term found by meaning
through a two-letter English word (answerability_v14.py).
answerability-v15 (answer-assembly/2026-11.18's default; d638-d642): v14, and request
and framing words no subject (a capitalised first-word verb, hedges, versus, anybody/else), a
compound question's parts each read on its own with the other parts' subject and its own terms'
slack, no money asked of a cost said in another unit ("cost in runtime"), "which X paid for"
asking a name (answerability_v15.py).
answerability-v16 (the default since answer-assembly/2026-11.19, d657-d658): v15, and an
English term found through a regular derivation of its stem (frequently ~ frequency, maintain
~ maintenance), a document's part (title, 落款, 题目, 页码) only tying when the question names
something else, idioms naming nothing (for good, worth it), and the value asked read again (a
reason asked: none; "how many micrograms per cubic metre": a concentration; 多长时间加一次: an
interval; "pay a penalty": no money) - answerability_v16.py.
answerability-v19 (2026-11.24's default, d1037-d1038): v18, and a unit the question names stated
by a value in that unit however the chunk writes it (mg in "150mg/L"; answerability_units.py).
The retriever's rerank (services/retrieval.py) reads the policy's version with its paraphrase
thresholds (rerank_reading "answerability", d555; "answerability-v4", by the words alone, d468).
The question's reading (its terms, attribute, counted noun and bound: question_parts, and the
VERSIONS) is answerability_question.py's; this module reads the chunks against it.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from functools import lru_cache, partial

from groundgate.engine.sentences import split_sentences
from groundgate.engine.words import stem, stemmed_words
from groundgate.pipeline import (
    answerability_context,
    answerability_meaning,
    answerability_reading,
    answerability_shapes,
    answerability_units,
    answerability_v12,
    answerability_v14,
    answerability_v16,
    answerability_v17,
    answerability_yesno,
    crosslingual,
)
from groundgate.pipeline.answerability_change import (
    change_names_every_term,
    without_intervals,
)
from groundgate.pipeline.answerability_lexicon import (
    ATTRIBUTES_V2,
    COUNT_V4,
    STATED_BOUND,
)
from groundgate.pipeline.answerability_question import (
    _CJK_RUN,
    _GLOSSARIES,
    LATEST,
    VERSIONS,
    QuestionParts,
    Term,
    question_parts,
)

_LINE_HYPHEN = re.compile(r"(?<=[a-z])- (?=[a-z])")


def line_hyphens_joined(lowered: str) -> str:
    """`lowered` (lower-cased text) with a word broken at a line's end joined again: "com- pile"
    -> "compile", "trace- monkey" -> "tracemonkey" (PDF text keeps the hyphen and the break)."""
    return _LINE_HYPHEN.sub("", lowered)


# v2: a sentence's clauses joined by a semicolon state separate facts; so do two sentences the
# splitter kept together ("must not exceed 85 C. Lubricate ...": it reads "C." as an initial).
_CLAUSES = re.compile(r"[;；]|(?<=[^\s.])\.\s+(?=[A-Z][a-z])")


@dataclass(frozen=True)
class Answerability:
    is_answerable: bool
    supporting: list[str]  # the semantic ids of the chunks that answer
    reason: str
    attribute: str | None
    terms: list[str]


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
    if version >= 16 and not term.named and answerability_v16.derived(term.text, text.stems):
        return True  # v16: "frequently" in "frequency" (answerability_v16)
    if (
        version >= 17
        and not term.named
        and answerability_v17.names_an_instance(term.text, text.lowered)
    ):
        return True  # v17 (d722): "the test machine" in "a MacBook Pro" (answerability_v17)
    parts = answerability_shapes.hyphen_parts(term.text) if version >= 8 and not term.named else []
    if parts and all(_found(Term(p, False), text, version, meaning, across) for p in parts):
        return True  # v8: "discharge-valve" in "discharge valve"
    # v5: a common term said in other words (a name is its identity: never by meaning); v6: nor
    # is one Chinese character asked for (河, 奖, 吨): alone, its vector is e5-small's noise
    if (
        meaning <= 0
        or term.named
        or (term.asked and len(term.text) == 1)
        or term.yes_no  # v9: what a yes/no question asks is stated, not meant
    ):
        return False
    if version >= 16 and answerability_v16.phrase_means(term.text, text.lowered):
        return True  # measured, off (answerability_v16.PHRASES): a phrase of the chunk means it
    if version >= 14:
        return answerability_v14.means(term.text, text.lowered, meaning, across or meaning)
    means = answerability_v12.means if version >= 12 else answerability_meaning.means
    return means(term.text, text.lowered, meaning, across or meaning)


_TOKEN = re.compile(r"[a-z][\w'’-]*|\d[\d,.]*[a-z]*")
_NUMBER_WORD = re.compile(
    r"\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozens?|hundreds?|"
    r"thousands?)$"
)


def _counts(counted: Term, said: _Text, version: int = 2) -> bool:
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
    if version >= 8:  # v8: "120 g of grease" measures, it counts no bearings
        numbers = [i for i in numbers if not answerability_shapes.measured(tokens, i)]
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
    elif parts.version >= 8 and attribute.value is COUNT_V4.value:  # v8: a measure word
        return answerability_shapes.ZH_COUNT.search(sentence) is not None
    if attribute.name == "kind":  # v8: X after a word that qualifies it
        return parts.kind is None or answerability_shapes.states_a_kind(parts.kind, sentence)
    if attribute.name != "who":
        return attribute.value.search(sentence) is not None
    own = {t.text for t in parts.terms}
    for match in parts.attribute.value.finditer(sentence):
        words = {w.lower() for w in re.findall(r"[\w’']+", match.group(0))}
        if not words & own:
            return True
    return False


def _contrasted(parts: QuestionParts, missing: list[Term], chunk: _Text) -> bool:
    """v10 (d559): a missing modifier of a noun the chunk states after another modifier
    ("suction" of "suction-side valves" where the chunk says "discharge valve")."""
    gone = {t.text for t in missing}
    return any(
        modifier in gone
        and noun not in gone
        and answerability_yesno.modifier_contrasted(modifier, noun, chunk.lowered)
        for modifier, noun in parts.modifiers
    )


def chunk_answers(
    parts: QuestionParts, text: str, strict: bool = False, context: str = ""
) -> tuple[bool, list[str]]:
    """(does this chunk answer, what it lacks: subject terms or <attribute>). `strict` (v3): the
    chunk must state every required term, and the question must have one. `context` (v13): the
    chunk's document title and section heading, where the question's naming terms may be
    stated (answerability_context.named_in_context); the rest is read in the chunk alone."""
    read = _chunk_answers(parts, text, strict)
    if not read[0] and parts.reading is not None and not strict:  # v18 (d863)
        clauses = [c for s in split_sentences(text) for c in _CLAUSES.split(s.text)]
        if answerability_reading.answers(parts, clauses, partial(_found_in, parts), text):
            return True, []
    if not read[0] and parts.pieces:  # v15: a compound question's parts, each on its own
        for piece, own in _piece_parts(parts):
            if _chunk_answers(piece, text, strict)[0] and _chunk_answers(own, text, strict)[0]:
                return True, []
    if read[0] or parts.version != 13 or not context:  # v14 is built on v12
        return read
    stated = answerability_context.stated_in_context(parts, context)
    return _chunk_answers(parts, text, strict, stated) if stated else read


def _found_in(parts: QuestionParts, term: Term, text: str) -> bool:
    """`term` is found in `text` as the parts' version reads it (v18's lookup)."""
    return _found(term, _Text.of(text, parts.version), parts.version, *parts.by_meaning)


def _piece_parts(parts: QuestionParts) -> list[tuple[QuestionParts, QuestionParts]]:
    """v15: each part of a compound question as its own question - its value asked, its terms,
    and the subject the other parts name (their terms but the thing each of them asks: the
    second asked thing is what a chunk need not state) - and the part with its own terms alone,
    which the chunk must answer too (the slack of one in two is the part's own: "what is its
    warranty?" is not answered by the seal kit's chunk for naming the kit). A part read so must
    require a subject term that is not itself a thing asked ("全称是什么？" alone asks, it names
    nothing), and a required term of its own ("and how many?" counts what the other part asks:
    it is read with the whole)."""
    read = [
        _piece_reading(piece, parts.version, parts.meaning, parts.meaning_across)
        for piece in parts.pieces
    ]
    whole = []
    for i, piece in enumerate(read):
        own = {t.text for t in piece.terms}
        shared = {
            t.text: t
            for j, other in enumerate(read)
            if j != i
            for t in other.terms
            if not t.asked and t.text not in own
        }
        terms = piece.terms + tuple(shared.values())
        if any(t.required for t in piece.terms) and any(t.required and not t.asked for t in terms):
            whole.append((replace(piece, terms=terms), piece))
    return whole


@lru_cache(maxsize=512)
def _piece_reading(piece: str, version: int, meaning: float, across: float) -> QuestionParts:
    return replace(question_parts(piece, version, meaning, across), pieces=())


def _chunk_answers(
    parts: QuestionParts, text: str, strict: bool, stated: frozenset[str] = frozenset()
) -> tuple[bool, list[str]]:
    read = _terms_answer(parts, text, strict, stated)
    if read[0] or parts.version < 19:
        return read
    # v19 (d1037): a unit the question names, stated by a value in it however written (150mg/L)
    unitless = answerability_units.without_units_said(parts, read[1], text)
    return read if unitless is None else _terms_answer(unitless, text, strict, stated)


def _terms_answer(
    parts: QuestionParts, text: str, strict: bool, stated: frozenset[str] = frozenset()
) -> tuple[bool, list[str]]:
    version = parts.version
    chunk = _Text.of(text, version)
    required = [t for t in parts.terms if t.required]
    whole = [title for title in parts.titles if title not in chunk.lowered]
    if whole:  # v8: a quoted title is found whole (《论游击战》 is not 游击战)
        return False, whole
    missing = [t for t in required if not _found(t, chunk, version)]
    if parts.meaning and missing and not any(t.named for t in missing):
        # v5: only then read the chunk's words by meaning (a missing name refuses anyway)
        missing = [t for t in missing if not _found(t, chunk, version, *parts.by_meaning)]
    in_chunk = [t for t in required if t not in missing]
    if stated:  # v13: stated by the chunk's context; the chunk itself still states a term
        gone = [t for t in missing if t.text not in stated]
        if parts.meaning and gone and not any(t.named for t in gone):
            gone = [t for t in gone if not _found(t, chunk, version, *parts.by_meaning)]
        in_chunk += [t for t in missing if t not in gone and t.text not in stated]
        if not in_chunk or (gone and answerability_context.NO_SLACK):
            return False, [t.text for t in missing]  # the chunk states all else (d604)
        missing = gone
    common = [t for t in required if not t.named]
    if version == 10 and _contrasted(parts, missing, chunk):  # v10 only (d559)
        return False, [t.text for t in missing]
    if any(t.named or t.asked for t in missing) or len(missing) > len(common) // 2:
        return False, [t.text for t in missing]
    if strict and (missing or not required):
        return False, [t.text for t in missing] or ["<subject>"]
    if parts.attribute is None:
        return True, []
    # The sentence with the value names the subject (one of the question's words, verbs too);
    # when the question names no required term (这家企业被罚了多少钱), the chunk must hold one
    # of its other words (罚) and any sentence may hold the value.
    present = in_chunk
    soft = [t for t in parts.terms if not t.required]
    if not present and soft and not any(_found(t, chunk, version) for t in soft):
        return False, [t.text for t in soft]
    ties = present + soft if present else []
    if version >= 8 and parts.counted_words:  # v8: the counted noun ties no subject
        ties = [t for t in ties if t.text not in parts.counted_words] or ties
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
            if version >= 2 and parts.counted and not _counts(parts.counted[0], said, version):
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
    contexts: dict[str, str] | None = None,
) -> Answerability:
    """`chunks`: (semantic id, text) in rank order. v3: the chunks named in `strict` (in the
    other language than the question and admitted only by the model's lower cross-language
    threshold, d374) must state every required term: a weaker similarity needs the words.
    `meaning` (v5): the cosine at which a chunk's word means a common term of the question;
    `meaning_across`: the one for a word in the other language (None: `meaning`).
    `contexts` (v13): each chunk's document context by semantic id."""
    parts = question_parts(question, version, meaning, meaning_across)
    names = [t.text for t in parts.terms if t.required]
    attribute = parts.attribute.name if parts.attribute else None
    supporting, lacking = [], []
    for semantic_id, text in chunks:
        ok, lacks = chunk_answers(
            parts,
            text,
            version >= 3 and semantic_id in strict,
            (contexts or {}).get(semantic_id, ""),
        )
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
