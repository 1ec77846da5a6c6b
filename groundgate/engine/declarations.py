"""What a text says about the figures in it, rather than the figures themselves.

Declared scales of a table or paragraph ("(in millions)", "单位：万元"), percent columns, the scale
a question asks for ("in USD millions"), and the numbers of an answer that are no claims about
the evidence: counts of its own words ("in 84 words") and constants of a calculation it writes
out ("× 100"). quantities.compare() uses the declarations; the answer gate uses the rest.
Reference for humans: docs/number-grammar.md. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from groundgate.engine.numbers import NumericValue
from groundgate.engine.text_memo import text_memo
from groundgate.engine.values.number.numerals_zh import LABEL_COUNTERS

# "(in millions)", "(Millions)", "($ in millions)", "(Dollars in millions, except per share
# data)", "in thousands of dollars", "单位：万元", "（万元）", "(单位：人民币亿元)".
_EN_SCALE = re.compile(
    r"\([^()\n]{0,60}?\b(thousands|millions|billions)\b"
    r"|\bin (thousands|millions|billions)\b(?: of (?:U\.?S\.? )?(dollars|euros|yuan|RMB))?",
    re.IGNORECASE,
)
# The same header in a PDF text that lost its spaces (scale_headers "glued", d572):
# "(Inthousands,exceptsharedata)", "(Dollarsinmillions,exceptpersharedata)" - "in" glued to the
# scale word inside a parenthesis of unspaced letters (a spaced one is _EN_SCALE's).
_EN_SCALE_GLUED = re.compile(r"\([A-Za-z$]{0,20}?in(thousands|millions|billions)\b", re.IGNORECASE)
_ZH_SCALE = re.compile(
    r"单位\s*[:：]?\s*(?:人民币)?\s*(元|千元|万元|百万元|亿元)"
    r"|[（(]\s*(?:人民币)?\s*(千元|万元|百万元|亿元)\s*[）)]"
)
_SCALE_WORDS = {
    "thousands": 3,
    "millions": 6,
    "billions": 9,
    "元": 0,
    "千元": 3,
    "万元": 4,
    "百万元": 6,
    "亿元": 8,
}
_PERCENT_DECLARED = re.compile(r"%|％|percent|百分比|\bpct\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Declaration:
    """A scale (and currency) declared for a table or paragraph: where, and as written."""

    exponent: int
    unit: str
    text: str
    chunk_id: str
    span: tuple[int, int]  # into that chunk's text


def declarations(text: str, chunk_id: str, glued: bool = False) -> list[Declaration]:
    """The scales the text declares, in order; `glued` also reads _EN_SCALE_GLUED's headers."""
    found = []
    if "illion" in text or "housand" in text or "ILLION" in text or "HOUSAND" in text:
        for m in _EN_SCALE.finditer(text):
            word = (m.group(1) or m.group(2)).lower()
            currency = "USD" if "$" in m.group() or "dollar" in m.group().lower() else ""
            found.append(Declaration(_SCALE_WORDS[word], currency, m.group(), chunk_id, m.span()))
        if glued:
            for m in _EN_SCALE_GLUED.finditer(text):
                word = m.group(1).lower()
                currency = "USD" if "$" in m.group() or "dollar" in m.group().lower() else ""
                found.append(
                    Declaration(_SCALE_WORDS[word], currency, m.group(), chunk_id, m.span())
                )
    if not text.isascii() and "元" in text:  # (isascii() reads a flag: no scan)
        for m in _ZH_SCALE.finditer(text):
            word = m.group(1) or m.group(2)
            found.append(Declaration(_SCALE_WORDS[word], "CNY", m.group(), chunk_id, m.span()))
    found.sort(key=lambda d: d.span)
    return found


def declares_percent(text: str) -> bool:
    # Plain substring tests (C speed); the pattern only confirms "pct" as a word.
    if "%" in text or "％" in text or "百分比" in text or "ercent" in text or "ERCENT" in text:
        return True
    return "pct" in text and _PERCENT_DECLARED.search(text) is not None


_QUESTION_SCALE = re.compile(
    r"\bin (?:(?:USD|US\$|\$|dollars?|EUR|RMB|CNY) )?(thousands|millions|billions)\b"
    r"|\(\s*(?:USD|\$|in)?\s*(thousands|millions|billions)\s*\)"
    r"|单位\s*[:：]?\s*(?:人民币)?\s*(千元|万元|百万元|亿元)"
    r"|[（(](千元|万元|百万元|亿元)[）)]|以(万元|亿元)计",
    re.IGNORECASE,
)


@text_memo(max_bytes=2**20, item_bytes=50)
def question_scale(question: str) -> tuple[int, str] | None:
    """The scale the question asks the answer in ("in USD millions"), with its text: read once
    per question text (every answer to a question asks, d631)."""
    m = _QUESTION_SCALE.search(question)
    if m is None:
        return None
    word = next(g for g in m.groups() if g).lower()
    return _SCALE_WORDS[word], m.group()


# Meta phrases: a count of the answer's own words or sentences is no claim about the evidence.
_ABOUT_THE_ANSWER = re.compile(
    r"[ \u00a0]?(?:words?|sentences?|characters?|paragraphs?|bullet points?|bullets|key points|"
    r"字|句话|句|段)(?![A-Za-z])"
)


def about_the_answer(text: str, value: NumericValue) -> bool:
    return value.kind == "number" and _ABOUT_THE_ANSWER.match(text, value.end) is not None


_OPERATORS = frozenset("*×/÷^·")
# A constant named in words just before it (working_constants "symbols_x_benchmarks_words",
# d754, d762): "dividing by 1,000", "multiplying it by 100", "divided by 2", "times 365".
_BY_WORDS = re.compile(
    r"(?i)(?:\b(?:multipl(?:y|ies|ied|ying)|divid(?:e|es|ed|ing))"
    r"(?:\s+(?:it|this|that|them|the\s+result))?\s+by|\btimes)\s+$"
)


# The unit benchmark of a ratio (working_constants "symbols_x_benchmarks", d507): "a quick ratio
# of 1 or higher", "the quick ratio is below 1", "a conversion rate greater than 1" - a ratio or
# a rate compared with 1 earlier in its sentence (no ". " between them).
_BENCHMARK_BEFORE = re.compile(
    r"(?i)\b(?:ratio|rate|coverage)s?\b(?:(?!\.\s)[^;\n]){0,80}?\b(?:below|above|under|over|"
    r"(?:less|greater|more|higher|lower) than|at least|exceeds?|exceeding|close to|of)\s*$"
)
_NOT_BENCHMARK_AFTER = re.compile(r"\s*(?:to|:|/|-)\s*\d")


def in_working(
    text: str, value: NumericValue, constants: tuple[int, ...], reading: str = "symbols"
) -> bool:
    """A constant of a calculation the answer writes out ("× 100", "/ 2", "365 *", "^(1/n) - 1"):
    a small integer from the policy's list right next to an arithmetic operator. With `reading`
    "symbols_x_benchmarks" (d507) also after a letter "x" standing for times ("(COGS / Revenue)
    x 100") and the 1 a ratio is compared with ("a quick ratio of 1 or higher"). With
    "symbols_x_benchmarks_words" (gate 2.56.0, d754) also a constant the working names in words
    ("dividing by 1,000", "multiplying by 100") and "100%" after an operator ("* 100%")."""
    words = reading == "symbols_x_benchmarks_words"
    before = text[: value.start].rstrip(" (")
    if words and value.kind == "percent" and value.quantity == "100%":
        return before[-1:] in _OPERATORS  # "[(a - b) / b] * 100% = 101.4%"
    figure = value.quantity.replace(",", "") if words else value.quantity
    if value.kind != "number" or not figure.isdigit() or int(figure) not in constants:
        return False
    if words and _BY_WORDS.search(text, max(0, value.start - 40), value.start):
        return True  # "by dividing by 1,000", "multiplying by 100 to get the percentage"
    after = text[value.end :].lstrip(" )")
    if before[-1:] in _OPERATORS or after[:1] in _OPERATORS:
        return True
    if after[:1] in ("x", "X") and after[1:2] == " " and text[value.end : value.end + 1] == " ":
        return True
    if reading != "symbols":  # (and "symbols_x_benchmarks_words")
        if (
            before[-1:] in ("x", "X")
            and before[-2:-1] == " "
            and text[value.start - 1 : value.start] == " "
            and before[:-1].rstrip()[-1:] in (")", "%", *"0123456789")
        ):
            return True  # "(15,357 / 38,655) x 100", "0.3972 x 100"
        if (
            value.quantity == "1"
            and _BENCHMARK_BEFORE.search(text, max(0, value.start - 160), value.start)
            and not _NOT_BENCHMARK_AFTER.match(text, value.end)
        ):
            return True
    # "(…) - 1", "(…) + 1", "1 - (…)": a constant added to or taken from a bracketed expression.
    if after[:1] in ("-", "+", "−") and after[1:].lstrip(" ")[:1] == "(":
        return True
    return before[-1:] in ("-", "+", "−") and before[:-1].rstrip()[-1:] == ")"


# The name of a part of a document before its number: "Item 7", "Note 4 - Segment Reporting",
# "Section 13(a)", "Exhibit 10.1", "Rule 10b-5", "Part II, Item 8", "page 59", "p. 59", "§ 2",
# and the further numbers of a list of them ("Items 7 and 7A", "Notes 4, 5 and 9"). In Chinese
# the counter after 第 says it: "第47条", "第3页" (values/number/numerals_zh.LABEL_COUNTERS).
_LABEL_WORDS = {
    **dict.fromkeys(("Item", "Items"), "Item"),
    **dict.fromkeys(("Section", "Sections", "§", "§§"), "Section"),
    **dict.fromkeys(("Note", "Notes"), "Note"),
    **dict.fromkeys(("Exhibit", "Exhibits"), "Exhibit"),
    **dict.fromkeys(("Rule", "Rules"), "Rule"),
    **dict.fromkeys(("Part", "Parts"), "Part"),
    **dict.fromkeys(("Article", "Articles"), "Article"),
    **dict.fromkeys(("Schedule", "Schedules"), "Schedule"),
    **dict.fromkeys(("Appendix", "Appendices"), "Appendix"),
    **dict.fromkeys(("Chapter", "Chapters"), "Chapter"),
    **dict.fromkeys(("Clause", "Clauses"), "Clause"),
    **dict.fromkeys(("Paragraph", "Paragraphs"), "Paragraph"),
    **dict.fromkeys(("Annex", "Annexes"), "Annex"),
    **dict.fromkeys(("page", "pages", "Page", "Pages", "p.", "pp."), "page"),
}
_LABEL_WORD = "|".join(re.escape(w) for w in sorted(_LABEL_WORDS, key=len, reverse=True))
_LABEL_ITEM = r"[0-9][0-9A-Za-z.()]*(?:[-‐][0-9A-Za-z]+)*"
# (No lookbehind: it would keep the regex engine from skipping to the words' first letters.)
_LABEL_WORD_IN = re.compile(_LABEL_WORD)
_SECTION_LABEL = re.compile(
    rf"({_LABEL_WORD})[ \u00a0]?(?:{_LABEL_ITEM}(?:,|,? and|,? or| through| to|–|-)[ \u00a0]?)*"
)
# A label word with a number after it, in the evidence: "Note 4", "Items 7", "第四十七条".
_LABELLED = {
    word: re.compile(
        rf"(?<![A-Za-z])(?:{'|'.join(re.escape(w) for w, k in _LABEL_WORDS.items() if k == word)})"
        r"[ \u00a0]?[0-9]"
    )
    for word in set(_LABEL_WORDS.values())
}
_CN_LABELLED = re.compile(
    r"第[ \u00a0]?[0-9０-９零〇一二两三四五六七八九十百千]+[ \u00a0]?([条项章节页])"
)


@dataclass(frozen=True, slots=True)
class SectionLabel:
    word: str  # "Note", "page", or the counter of a Chinese label ("条")
    text: str  # as written, up to the value's end: "Note 4", "Items 7 and 7A", "第47条"


def section_label(text: str, value: NumericValue) -> SectionLabel | None:
    """The label when the value numbers a part of the document ("Item 7", "Note 4", "page 59",
    "第47条"): a label that says where, no amount, date or measure. None otherwise."""
    if value.kind not in ("number", "identifier", "range"):
        return None
    start = value.start
    if start and text[start - 1] == "第" and value.unit in LABEL_COUNTERS:
        return SectionLabel(value.unit, text[start - 1 : value.end])
    # Most values follow a word that is no label word and no joint of a list of labels: look
    # at that word before searching (a label word, "and"/"or"/"to"/"through", or a sign).
    j = start - 1 if start and text[start - 1] in " \u00a0" else start
    k = j
    while k and text[k - 1].isalpha():
        k -= 1
    if k == j:
        if not j or text[j - 1] not in _LABEL_ENDS:
            return None
    elif text[k:j] not in _LABEL_WORDS and text[k:j] not in _LIST_JOINTS:
        return None
    # The label words in the window, then whether one of them reaches the value (a search of
    # the whole pattern would try every position of the window).
    for word in _LABEL_WORD_IN.finditer(text, max(0, start - 60), start):
        at = word.start()
        if at and text[at - 1].isalpha():
            continue  # inside a word: "Keynote 4"
        if _SECTION_LABEL.fullmatch(text, at, start):
            return SectionLabel(_LABEL_WORDS[word.group()], text[word.start() : value.end])
    return None


# What may stand right before a label's number other than a word: "p. 59", "§ 2", a list's
# comma or dash ("Notes 4, 5", "Sections 13a-15(f)").
_LABEL_ENDS = frozenset(".§,–-")
_LIST_JOINTS = frozenset(("and", "or", "to", "through"))


def labels_parts(excerpt: str, word: str) -> bool:
    """Whether the excerpt numbers parts with this label word ("Note 5", "第四十七条"): then
    the evidence can say whether the answer's number is right."""
    pattern = _LABELLED.get(word)
    if pattern is not None:
        return pattern.search(excerpt) is not None
    return any(m.group(1) == word for m in _CN_LABELLED.finditer(excerpt))


# The sign of a value given in words or by the accountant's parentheses: "decreased 5%", "a 5%
# decline", "net loss of $1.2 million", "(1,200)", "下降5%", "亏损1.2亿元", "零下5度". Only then is
# a value with the opposite sign the same value (quantities' "sign" rule); "-5%" against "grew 5%",
# or "5 °C" against "-5 °C", is another value.
# (Matched against lower-cased windows: a case-sensitive alternation is several times faster
# than re.IGNORECASE, and this runs for every value that is not verbatim in an excerpt.)
_SIGN_BEFORE = re.compile(
    r"(?:\b(?:decrease[sd]?|declined?|declines|decline of|dropped|drops?|fell|falls?|falling|down|"
    r"lower|loss(?:es)?|negative|minus|reduc(?:ed|tion|tions|es)|shr[ai]nk|contracted|deficit|"
    r"outflows?|used in)|下降|减少|降低|下滑|回落|缩减|亏损|净亏损|损失|流出|负|零下|减)"
    r"[^.;\n。；0-9]{0,12}$"
)
# Right after the value only ("a 5% decline", "$120 million loss"): a word further on is the
# next value's ("-1.2亿元，同比下降15%").
_SIGN_AFTER = re.compile(
    r"[ \u00a0]?(?:(?:decrease|decline|drop|reduction|lower|less|loss|fall|below zero)\b|"
    r"的?(?:下降|减少|亏损|损失|降幅))"
)


# sign_parentheses (d747): an opening parenthesis, a currency sign or a minus after
# it, and up to three spaces on either side of the figure, on one line: "（4,667 ）", "( 4,667)".
_SPACED_OPEN = re.compile(r"[(（][ \u00a0\u3000]{0,3}(?:[$-][ \u00a0]?)?$")
_SPACED_CLOSE = re.compile(r"[ \u00a0\u3000]{0,3}[)）]")


def sign_in_words(text: str, start: int, end: int, spaced: str = "") -> bool:
    """Whether the value at text[start:end] has its sign said in words around it, or is in
    parentheses ("(1,200)", "$(1,200)", "(0.6)%"). `spaced` (sign_parentheses, d747): also
    with spaces inside the parentheses, as facts._negative reads a cell's sign - "full_width":
    where one of them is full-width ("（4,667 ）"); "spaced": any ("( 1,200 )" too); "": none."""
    before = text[max(0, start - 2) : start]
    if before.endswith(("(", "（", "$(", "(-")) and text[end : end + 1] in (")", "）"):
        return True
    if spaced:
        opened = _SPACED_OPEN.search(text[max(0, start - 6) : start])
        closed = _SPACED_CLOSE.match(text, end, min(len(text), end + 4))
        if opened is not None and closed is not None:
            if spaced == "spaced" or "（" in opened.group() or "）" in closed.group():
                return True
    # (28 characters hold the longest word and the 12 characters allowed after it.)
    if _SIGN_BEFORE.search(text[max(0, start - 28) : start].lower()) is not None:
        return True
    return _SIGN_AFTER.match(text[end : end + 16].lower()) is not None


# A bound the answer states instead of the value: "over 50%", "more than $1 billion", "under
# 1,000", "at least 80%", "超过50亿元", "突破50亿", "逾千人", "不到3成", and after the value in
# Chinese "50亿元以上". The words end right before the value (a currency sign and a space may
# stand between), so the window's ending is compared with them (str.endswith, no search).
_BOUND_WORDS = {
    **dict.fromkeys(("over", "more than", "above", "exceeding", "in excess of"), "above"),
    **dict.fromkeys(("upwards of", "超过", "突破", "逾", "高于", "大于", "多于"), "above"),
    **dict.fromkeys(("at least", "no less than", "not less than"), "at_least"),
    **dict.fromkeys(("不低于", "不少于", "至少"), "at_least"),
    **dict.fromkeys(("under", "less than", "below", "fewer than"), "below"),
    **dict.fromkeys(("不到", "不足", "低于", "少于", "小于"), "below"),
    **dict.fromkeys(("at most", "up to", "no more than", "not more than"), "at_most"),
    **dict.fromkeys(("不超过", "至多", "最多"), "at_most"),
}
# Longest first: "not less than" before "less than".
_BOUND_ENDINGS = tuple(sorted(_BOUND_WORDS, key=len, reverse=True))


def bound_of(text: str, start: int, end: int) -> str | None:
    """The bound the answer states on the value at text[start:end] ("above", "at_least",
    "below", "at_most"), or None when it states the value itself."""
    before = text[max(0, start - 20) : start].lower().rstrip(" \u00a0$€£¥￥")
    if before.endswith("us"):  # "more than US$5"
        before = before[:-2].rstrip(" \u00a0")
    if before.endswith(_BOUND_ENDINGS):
        word = next(w for w in _BOUND_ENDINGS if before.endswith(w))
        at = len(before) - len(word)
        if not (word.isascii() and at and before[at - 1].isalpha()):  # not "clover 5"
            return _BOUND_WORDS[word]
    if text.startswith("以上", end):
        return "at_least"
    if text.startswith("以下", end):
        return "at_most"
    return None


# Words right before a value that say it is rounded: "about 12%", "approximately $4.6 billion",
# "~30 minutes", "约4.6亿元", "大约45元", "近3成", "超过" is not one (a bound, not a rounding).
_APPROXIMATELY = re.compile(
    r"(?:\b(?:about|approximately|approx\.|around|roughly|nearly|almost|some|circa|ca\.)"
    r"|~|≈|约|大约|大概|近|将近|差不多)[ \u00a0]?(?:[$€£¥￥]|US\$|HK\$)?[ \u00a0]?$",
    re.IGNORECASE,
)


def says_approximately(text: str, start: int) -> bool:
    """Whether the value at text[start:] is introduced as rounded ("about", "约")."""
    return _APPROXIMATELY.search(text, max(0, start - 16), start) is not None
