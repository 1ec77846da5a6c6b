"""answerability-v13's reading (issue 32, d603-d605): a chunk read in its document's context.

A person reading a chunk knows which document and section it is in: the paper's subject
(TraceMonkey) or the manual's part named in the title or the heading above the chunk is not
repeated in the chunk that states the figure ("our tracer achieves ..."). v13 gives each chunk
its CONTEXT - the document's title and the nearest section heading above it, both read from the
stored chunks' order and text (no list of names) - and lets a question's NAMING terms (a
proper or coded name that does not ask: Term.named, not asked, not a yes/no's thing) be found
there. Everything else is read in the chunk alone, as v12 reads it: the common words, the thing
asked, the attribute's value and the clause that ties it - so "What did TraceMonkey cost?" still
needs a price in the chunk, and a chunk that states none of the question's other words is not
admitted by its context alone.

Headings, from the text of a document's chunks in reading order (blocks are a chunk's lines
separated by a newline, documents/chunking.py):
- the title: the document's first block and, when that block is short and runs on into a
  second short one (a title broken over two lines), that one too;
- a section heading: a block that starts with a section number ("3.2 Trace Trees", "Section
  2.1 Inspection intervals. ...", "4. Nested Trace Tree Formation Figure 7 ...": the number and
  its capitalised words up to the first sentence's end), or a Chinese section mark (一、, 第三章),
  or a short line standing alone at the head of a page's first chunk ("2023年环境质量公报（摘录）").
NAMES_ONLY, LITERAL and NO_SLACK (and SUBJECT_SHARE) are v13's reading as measured and chosen
(d604, d605); bench/context_facts.py sets them to measure the other forms. Pure: no Django, no
I/O.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from groundgate.pipeline.answerability_question import QuestionParts, Term

_SHORT = 80  # a heading is at most this long
_ENDS_SENTENCE = re.compile(r"[.。!?！？:：;；,，]$")
_LEADERS = re.compile(r"[⋯…]|\.{3,}|[@{}]")
_LETTERS = re.compile(r"[A-Za-z]{3,}|[\u4e00-\u9fff]{2,}")
_NUMBERED = re.compile(
    r"^(?:[Ss]ection\s+\d{1,2}(?:\.\d{1,2})*|\d{1,2}\.(?:\d{1,2}\.?)*)\s+(?=[A-Z])"
)
_ZH_NUMBERED = re.compile(
    r"^(?:[一二三四五六七八九十]{1,3}、|第[一二三四五六七八九十\d]{1,3}[章节部分篇])"
)
_SMALL = frozenset("a an and as at by for from in of on or the to with".split())
# The answerability versions that read a chunk in its document's context: the one place the
# pipeline and the services ask (v14 is built on v12 and reads none, d610).
CONTEXT_VERSIONS = frozenset({13})


def reads_context(version: int) -> bool:
    """Whether answerability `version` reads each chunk's document context (v13)."""
    return version in CONTEXT_VERSIONS


NAMES_ONLY = False  # measured both ways (d604)
LITERAL = True  # a term found in the context only as the question says it (d604)
NO_SLACK = True  # a chunk read in its context states every other required term (d604)
_BRACKETED = re.compile(r"^[（(\[【].*[)）\]】]$")


def _heading_like(block: str) -> bool:
    return (
        0 < len(block) <= _SHORT
        and _ENDS_SENTENCE.search(block) is None
        and _LEADERS.search(block) is None
        and _LETTERS.search(block) is not None
        and _BRACKETED.match(block) is None
    )


def _numbered_heading(block: str) -> str | None:
    """ "3.2 Trace Trees" -> itself; "Section 2.1 Inspection intervals. The ..." -> "Section
    2.1 Inspection intervals"; "4. Nested Trace Tree Formation Figure 7 shows" -> the number
    and its capitalised words."""
    if _ZH_NUMBERED.match(block):
        return re.split(r"[。；;]", block, maxsplit=1)[0][:_SHORT]
    number = _NUMBERED.match(block)
    if number is None:
        return None
    rest = re.split(r"(?<=[a-z])\.\s", block[number.end() :], maxsplit=1)[0]
    words: list[str] = []
    for word in rest.split()[:10]:
        if words and not word[0].isupper() and word.lower() not in _SMALL and len(rest) > _SHORT:
            if len(words) > 1 and words[-1][0].isupper():
                words.pop()  # the paragraph's first word ("Introduction Dynamic languages")
            break
        words.append(word)
    return (number.group(0) + " ".join(words)).strip() if words else None


def _heading(block: str, heads_page: bool) -> str | None:
    """The heading `block` is, if any (`heads_page`: it stands alone at the head of a page)."""
    found = _numbered_heading(block)
    if found is None and heads_page and _heading_like(block):
        return block
    return found


_NAME = re.compile(r"\b[A-Z][a-z]*[A-Z][A-Za-z0-9]*\b|\b[A-Z]{2,}[0-9]*\b|\b[A-Z][0-9]+\b")
SUBJECT_SHARE = 0.0  # measured, not adopted: a document's names in this share of its chunks


def frequent_names(texts: list[str], share: float) -> list[str]:
    """The names (CamelCase, capitals, a capital and digits) stated in at least `share` of
    `texts` (a document's chunks) and in three or more of them."""
    if share <= 0 or not texts:
        return []
    counts: dict[str, int] = {}
    for text in texts:
        for name in set(_NAME.findall(text)):
            counts[name] = counts.get(name, 0) + 1
    least = max(3, share * len(texts))
    return sorted(n for n, k in counts.items() if k >= least)


def title_of(first: str) -> str:
    """The document's title: the first block of its first chunk (`first`) when it reads as a
    heading, and a short second one it runs on into (a title broken over two lines)."""
    blocks = [b.strip() for b in first.split("\n") if b.strip()]
    if not blocks or not _heading_like(blocks[0]):
        return ""
    if len(blocks) > 1 and _heading_like(blocks[1]) and len(blocks[1]) <= 40:
        return f"{blocks[0]} {blocks[1]}"
    return blocks[0]


def document_contexts(
    texts: list[str], pages: list[int | None], title: str, page_before: int | None = -1
) -> list[str]:
    """For each chunk of a run of one document's chunks (`texts` in reading order, `pages`:
    each one's page; `page_before`: the page of the chunk before them), its context: `title`
    and the nearest section heading above the chunk (a heading the chunk itself starts with is
    in the chunk already), joined by a newline."""
    contexts = []
    heading = ""
    previous_page = page_before  # the page of the chunk before the first (-1: none)
    for text, page in zip(texts, pages, strict=True):
        blocks = [b.strip() for b in text.split("\n") if b.strip()]
        first_of_page = page != previous_page
        previous_page = page
        heads_page = first_of_page and len(blocks) > 1 and _heading_like(blocks[0])
        if heads_page and blocks[0] not in title and _numbered_heading(blocks[0]) is None:
            # a page headed by a title of its own starts another document bound in the file
            # (a bulletin after a manual): the first title no longer holds
            title, heading = "", ""
        found = [
            h if h and h not in title else None
            for i, block in enumerate(blocks)
            for h in (_heading(block, i == 0 and heads_page),)
        ]
        # a chunk that starts with its own heading is read under it (it states it)
        above = "" if found and found[0] else heading
        contexts.append("\n".join(dict.fromkeys(h for h in (title, above) if h)))
        heading = next((h for h in reversed(found) if h), heading)
    return contexts


def stated_in_context(parts: QuestionParts, context: str) -> frozenset[str]:
    """The question's naming terms (required, neither the thing asked nor a yes/no's thing;
    NAMES_ONLY: proper or coded names alone) that `context` states, literally (never by
    meaning)."""
    if not context:
        return frozenset()
    from groundgate.pipeline.answerability import _found, _found_name, _Text

    said = _Text.of(context, parts.version)

    def found(term: Term) -> bool:
        if LITERAL:  # as the question says it: no dictionary bridge, no glossary
            return _found_name(term.text, said, term.named)
        return _found(term, said, parts.version)

    return frozenset(
        t.text
        for t in parts.terms
        if t.required and (t.named or not NAMES_ONLY) and not t.asked and not t.yes_no and found(t)
    )
