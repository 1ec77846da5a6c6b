"""operation_words._WORDS_OF: an ASCII text none of whose lower-cased characters holds one of
a pattern's words is not searched (operation_words._found). Each set must be necessary: every
match of the pattern in an ASCII text holds one of its words; and each word is needed (a text
the pattern matches holds it and no other word of its set)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context import operation_words
from groundgate.engine.context.operation_words import _WORDS_OF, _found, named_operations

PATTERNS = sorted(_WORDS_OF, key=lambda p: p.pattern)

PIECES = st.sampled_from(
    [" ", ".", ",", ";", "\n", "-", "%", "5", "2019", "the ", "of ", "to ", "and ", "a ",
     "Chang", "CHANGE", "differ", "Difference", "differences", "increas", "Increased", "DECREASE",
     "declin", "grew", "Grow", "rose", "RISE", "fell", "Fall", "drop", "reduc", "shrank",
     "shrink", "gain", "from ", "From", "ratio", "Proportion", "portion", "share of", "Share  of",
     "percent", "percentage of", "as a percentage", "total", "TOTAL", "sum", "combined",
     "altogether", "average", "Mean", "revenue", "x", "s", "ed"]
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(PIECES, max_size=12).map("".join))
def test_every_match_in_an_ascii_text_holds_a_word(text):
    low = text.lower()
    for pattern in PATTERNS:
        if pattern.search(text) is not None:
            assert any(word in low for word in _WORDS_OF[pattern]), (pattern.pattern, text)
        assert _found(pattern, text) == (pattern.search(text) is not None)


# For each pattern, a text it matches for each of its words, holding no other of them.
WITNESSES = {
    operation_words._DOWN: ["Sales decreased", "it DECLINED", "costs fell", "a fall in", "a Drop",
                            "reduced", "it shrank", "shrinking"],
    operation_words._UP: ["Sales increased", "it rose", "prices rise", "Grew", "growth", "a gain"],
    operation_words._DIFFERENCE_WORD: ["the Difference between"],
    operation_words._ORDERED: ["a change", "Increased", "decreases", "declined", "grew",
                               "growing", "rose", "rise", "fell", "fall", "dropped",
                               "reduction", "gains", "from 2018 to 2019"],
    operation_words._NAMES_CHANGE: ["a change", "Increased", "decreases", "declined", "grew",
                                    "growing", "rose", "rise", "fell", "fall", "dropped",
                                    "reduction", "the difference"],
    operation_words._NAMES_SHARE: ["the ratio", "a portion", "a share of", "5 percent of",
                                   "5% of", "of the total"],
    operation_words._NAMES_AVERAGE: ["the average", "the mean"],
    operation_words._NAMES_TOTAL: ["the total", "the sum", "combined", "altogether"],
}  # fmt: skip


@pytest.mark.parametrize("pattern", PATTERNS, ids=lambda p: p.pattern[:30])
def test_each_word_is_needed(pattern):
    words = _WORDS_OF[pattern]
    texts = WITNESSES[pattern]
    for word in words:
        holding = [t for t in texts if word in t.lower()]
        assert any(
            pattern.search(t) is not None
            and [w for w in words if w in t.lower() and w not in word] == []
            for t in holding
        ), (pattern.pattern, word)


FINANCEBENCH = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "financebench"


@pytest.mark.skipif(not FINANCEBENCH.exists(), reason="../shared/data not present")
def test_real_answers_read_alike():
    """FinanceBench's graded answers and questions: every sentence-sized text reads the same
    with and without the words' shortcut."""
    texts = []
    with (FINANCEBENCH / "cases.jsonl").open(encoding="utf-8") as handle:
        for line in handle:
            case = json.loads(line)["case"]
            texts.append(case["answer"]["conclusion"])
            texts.append(case.get("question") or "")
    checked = 0
    for text in texts:
        for part in text.split(". "):
            for pattern in PATTERNS:
                assert _found(pattern, part) == (pattern.search(part) is not None), part
                checked += 1
        named_operations(text)
    assert checked > 10_000


LABEL_PIECES = st.sampled_from(
    ["Revenue", "revenue", "REVENUE", "net", "Net ", " ", "  ", "\n", "(", ")", "-", "of",
     "sales", "Sales", "cost", "Cost of sales", "total", "s", "é", "收入", "ſ"]
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(
    st.lists(LABEL_PIECES, max_size=5).map("".join),
    st.lists(LABEL_PIECES, max_size=10).map("".join),
)
def test_an_unsaid_label_does_not_match(label, sentence):
    """operation_words._unsaid skips a row label's pattern only where it cannot match (d448)."""
    said = label.split()
    if said and operation_words._unsaid(said[0], sentence):
        assert operation_words._label_said(label).search(sentence) is None, (label, sentence)
