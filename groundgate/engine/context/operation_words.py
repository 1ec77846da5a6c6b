"""What the answer's words say of a derived value: the sentence's words that name an
operation, a direction, an order or a difference, and what a sentence says of rows - read for the
operand context (context/operands.py) and its pair rule (context/operand_rule.py).

  - operation: the operation a sentence names (named_operations: a change, a share, an average,
    a total; the Chinese forms beside the English, d409) - "the change" is a difference, a
    percentage change or points, never a sum (CHANGES); "the ratio" / "8.4% of" a share
    (SHARES);
  - direction and order: a word of a fall and none of a rise says a change is down
    (_says_down: "a decrease of 13" is the change -13); a change word or "from ... to" orders a
    change (_says_order); "the difference" by that word alone (_says_difference) may be a
    distance (difference_order, d347);
  - rows: a row label's core, its asides (a note in parentheses, "during the period") and a
    footnote mark glued to its last word aside (_core_words, _marked_core_words;
    derivation_row_words "label_core", d408), and a label said in a sentence (_label_said,
    skipped where _unsaid says it cannot match, d448);
  - words (derivation_words "one_said", d479): the subject words of a sentence or a question
    (_subject_words: a statement's name, "the income statement", and a qualifier, "total",
    "net", aside, d481), how far a prose operand's own sentence is read (_PROSE_REACH,
    _PROSE_AFTER) and a label printed without spaces ("Totalcurrentassets": _SQUASHED).
A case-insensitive pattern here is not searched in an ASCII text that holds none of its
lower-cased words (_WORDS_OF, _found; d498).

Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.context.claims import naming_words
from groundgate.engine.context.comparisons import CLAUSE_MARKS
from groundgate.engine.sentences import SENTENCE_END
from groundgate.engine.text_memo import text_memo

# Operations that compare one quantity across periods (a change), against those that combine
# values of one period (sum, average, ratio, share).
CHANGES = frozenset({"difference", "percentage_change", "percentage_points"})
# Words that give a change's direction: "a decrease of 13" is the change -13.
_DOWN = re.compile(
    r"(?i)\b(?:decreas|declin|fell|fall|drop|reduc|shrank|shrink)\w*|减少|下降|降低|下滑"
)

# ... unless it also names a rise ("the increase / (decrease) in revenue"): no direction then.
_UP = re.compile(r"(?i)\b(?:increas|rose|rise|grew|grow|gain)\w*|增加|增长|上升|提高")
# A difference named by that word alone (difference_order): "the difference between 2018 and
# 2019", "两年的差额", "相差"; a change word or a direction beside it ("from 2018 to 2019",
# "从2018年到2019年", "较上年") orders it.
_DIFFERENCE_WORD = re.compile(r"(?i)\bdifferences?\b|差额|差异|相差|之差|差值")
_ORDERED = re.compile(
    r"(?i)\b(?:chang|increas|decreas|declin|grew|grow|rose|rise|fell|fall|drop|reduc|gain)\w*"
    r"|\bfrom\b[^.;]*\bto\b|从[^。；]*到|较上年|同比|增加|减少|增长|下降"
)


# derivation_words: how far before a prose operand its own sentence is read, and after it on its
# line; a label of one long run of letters is printed without spaces ("Totalcurrentassets").
_PROSE_REACH = 150
_PROSE_AFTER = 40
# Where a prose operand's words start (operands.words_of): a sentence's end (sentences.py,
# d716), a clause mark (";", ":") or a blank line - not a line break alone: an excerpt's lines
# wrap its sentences (PDF text; a line break here moves FinanceBench's derivations).
_SENTENCE_END = re.compile(rf"{SENTENCE_END}|[{CLAUSE_MARKS}]|\n\s*\n")
_SQUASHED = re.compile(r"[A-Za-z]{16,}")
_SQUASHED_WORD = 4  # the shortest said word looked for within such a label ("cash", not "net")
# What names no quantity an operand is about: a statement's name ("the income statement", "the
# statement of cash flows", "balance sheet": where the figures are printed) and the words that
# only qualify a label ("Total", "net").
_DOCUMENT_NAMES = re.compile(
    r"(?i)\b(?:(?:consolidated\s+)?(?:income|cash[\s-]*flows?|operations|earnings|"
    r"comprehensive\s+income|financial)\s+statements?|statements?\s+of\s+(?:consolidated\s+)?"
    r"(?:income|cash\s+flows?|operations|earnings|financial\s+position|comprehensive\s+income)|"
    r"balance\s+sheets?|P\s*&\s*L)\b"
)
_QUALIFIERS = frozenset({"total", "net"})


@text_memo(max_bytes=2**20, item_bytes=80)
def _subject_words(text: str, months: bool = True) -> frozenset[str]:
    """The naming words of a sentence or a question that may say what an operand is about: no
    statement's name, no qualifier (derivation_words; `months`: naming_words', d714)."""
    return naming_words(_DOCUMENT_NAMES.sub(" ", text), months) - _QUALIFIERS


# What a row label says beside the quantity it names (derivation_row_words "label_core", d408):
# a note or footnote in parentheses ("Additions (Note (a))", "Cash (1)", "收入（注释5）") and
# the period of a movement schedule ("during the period", "at end of period", "for the year").
_LABEL_ASIDES = re.compile(
    r"[(（][^()（）]*(?:[(（][^()（）]*[)）][^()（）]*)*[)）]"
    r"|(?i:\b(?:(?:as\s+)?(?:at|of)\s+(?:the\s+)?(?:end|beginning|start|close)\s+of\s+"
    r"(?:the\s+)?(?:period|year)|(?:during|for|in)\s+the\s+(?:period|year))\b)"
)


# Of each case-insensitive pattern below, the lower-case words one of which every match in an
# ASCII text holds (its English branches; the other branches are CJK): an ASCII text without
# any is not searched - a few substring tests instead of a match attempt at every character.
# tests/engine/context/test_operation_words.py holds each set necessary.
_CHANGE_WORDS = ("chang", "increas", "decreas", "declin", "grew", "grow", "rose", "rise", "fell",
                 "fall", "drop", "reduc")  # fmt: skip
_WORDS_OF: dict[re.Pattern[str], tuple[str, ...]] = {
    _DOWN: ("decreas", "declin", "fell", "fall", "drop", "reduc", "shrank", "shrink"),
    _UP: ("increas", "rose", "rise", "grew", "grow", "gain"),
    _DIFFERENCE_WORD: ("difference",),
    _ORDERED: (*_CHANGE_WORDS, "gain", "from"),
}


def _found(pattern: re.Pattern[str], text: str) -> bool:
    """pattern.search(text) is not None, not searched where _WORDS_OF says it cannot match."""
    if text.isascii():
        low = text.lower()
        if not any(word in low for word in _WORDS_OF[pattern]):
            return False
    return pattern.search(text) is not None


# What bind asks of a sentence (and of it without its named rows' labels), read once per text:
# a long answer's values share their sentence, and a case-insensitive alternation costs a
# match attempt at every character (FinanceBench: ~10 searches of each sentence text).
@text_memo(max_bytes=2 * 2**20, item_bytes=0)
def _says_order(sentence: str) -> bool:
    """_ORDERED found: a change word or a direction ("from 2018 to 2019")."""
    return _found(_ORDERED, sentence)


@text_memo(max_bytes=2 * 2**20, item_bytes=0)
def _says_down_word(sentence: str) -> bool:
    """_DOWN found: a word of a fall ("decrease", "fell")."""
    return _found(_DOWN, sentence)


def _says_down(sentence: str) -> bool:
    """The sentence says the direction is down: a word of a fall and none of a rise."""
    return _says_down_word(sentence) and not _found(_UP, sentence)


@text_memo(max_bytes=2 * 2**20, item_bytes=0)
def _says_difference(sentence: str) -> bool:
    """_DIFFERENCE_WORD found: "difference", "差额"."""
    return _found(_DIFFERENCE_WORD, sentence)


def _core_words(label: str, months: bool = True) -> frozenset[str]:
    """The naming words of a row label without its asides (_LABEL_ASIDES)."""
    return naming_words(_LABEL_ASIDES.sub(" ", label), months)


# A footnote mark glued to a label's last word ("Incentive schemes1", "Other benefits2").
_GLUED_MARK = re.compile(r"(?<=[a-z])\d{1,2}\s*$")


def _marked_core_words(label: str, months: bool = True) -> frozenset[str]:
    """_core_words of the label without a footnote mark glued to its last word."""
    return _core_words(_GLUED_MARK.sub("", label), months)


# The operation a sentence names (named_operations): a change, a share, an average, a total.
# Chinese forms beside the English (d409): 变动/增长/差额 a change, 占比/比例 a share, 平均 an
# average, 合计/总额 a total.
_NAMES_CHANGE = re.compile(
    r"(?i)\b(?:chang|differen|increas|decreas|declin|grew|grow|rose|rise|fell|fall|drop|reduc)\w*"
    r"|变动|变化|增加|减少|增长|下降|增幅|降幅|差额|差异|相差|之差|同比"
)
_NAMES_SHARE = re.compile(
    r"(?i)\b(?:ratio|proportion|portion|share of|percentage of|percent of|as a percentage)\b"
    r"|[%％]\s*of\b|\bof (?:the |its )?total\b|占比|比例|比率|比重|占[^。；，,]{0,20}的?百分比"
)
_NAMES_AVERAGE = re.compile(r"(?i)\b(?:average|mean)\b|平均|均值")
_NAMES_TOTAL = re.compile(
    r"(?i)\b(?:totals?|sum|combined|altogether)\b|合计|总计|总额|总和|之和|共计"
)
SHARES = frozenset({"ratio", "percentage", "as_percent", "percent_of"})
_TOTAL = frozenset({"sum"})


def named_operations(text: str) -> frozenset[str] | None:
    """The operations `text` says its value is the result of, or None when it names none.
    A change ("change", "difference", "increase", "fell") is a difference, a percentage change
    or points - never a sum; a share ("ratio", "percentage of") a ratio; an average an average;
    a total a sum. Where several are named the first of change, share, average, total decides
    ("the change in Total revenue" is a change, "8.4% of the Total" a share), and an
    average named with a change is allowed beside it ("the average change")."""
    if _found(_NAMES_CHANGE, text):
        return CHANGES | {"average"} if _found(_NAMES_AVERAGE, text) else CHANGES
    if _found(_NAMES_SHARE, text):
        return SHARES
    if _found(_NAMES_AVERAGE, text):
        return frozenset({"average"})
    if _found(_NAMES_TOTAL, text):
        return frozenset({"sum"})
    return None


_WORDS_OF[_NAMES_CHANGE] = (*_CHANGE_WORDS, "differen")
_WORDS_OF[_NAMES_SHARE] = ("ratio", "portion", "share of", "percent", "%", "total")
_WORDS_OF[_NAMES_AVERAGE] = ("average", "mean")
_WORDS_OF[_NAMES_TOTAL] = ("total", "sum", "combined", "altogether")


def aggregate_of_shares(text: str) -> frozenset[str]:
    """The average or the total a sentence names before the share it names, and no change
    ("the total percentage of revenue from Apple and Huawei", "the average proportion of cost
    of revenue as a percentage of revenue"): the cells are shares already, and the value is
    their sum or average (percent_aggregates "shares", d562). A total after the share word
    is its base ("as a percentage of total revenue"): nothing then."""
    if _found(_NAMES_CHANGE, text):
        return frozenset()
    share = _NAMES_SHARE.search(text) if _found(_NAMES_SHARE, text) else None
    if share is None:
        return frozenset()
    before = text[: share.start()]
    if _found(_NAMES_AVERAGE, before):
        return frozenset({"average"})
    return _TOTAL if _found(_NAMES_TOTAL, before) else frozenset()


def names_total(text: str) -> bool:
    """Whether `text` says a total in named_operations' words ("total", "sum", "combined",
    "altogether", "合计", "总额"): a sentence that may name a sum, a total row or column (the
    one vocabulary of sum words; period_sums reads it too)."""
    return _found(_NAMES_TOTAL, text)


def _unsaid(first: str, sentence: str) -> bool:
    """True only when _label_said of a label whose first word is `first` cannot match in
    `sentence` (its pattern not compiled, the sentence not searched): both ASCII, where the
    pattern's case-insensitive match of that word is a match of the lower-cased word."""
    return first.isascii() and sentence.isascii() and first.lower() not in sentence.lower()


@text_memo(max_bytes=2**18, item_bytes=0)
def _label_said(label: str) -> re.Pattern[str]:
    """A row label said in a sentence, its words apart by any space, in any case: compiled once
    per label (the re module keeps 512 patterns; a filing's tables have more labels)."""
    said = r"\s+".join(map(re.escape, label.split()))
    return re.compile(rf"(?i)(?<!\w){said}(?!\w)")
