"""The values of a "respectively" / "分别" list pair with their items by position (policy
prose_facets "respective_lists", gate 2.61.0, d786; issue 28).

Annual reports and earnings releases give two or more figures in one list and say whose each is
by position: "Net sales for 2023 and 2022 were $5.2 billion and $4.8 billion, respectively";
"Gross margin and operating margin were 42.5% and 18.3%, respectively"; "2023年、2022年营业收入
分别为1,505.60亿元和1,275.54亿元"; "营业收入和净利润分别为100亿元和20亿元，分别同比增长19.01%和
19.16%". Before, such a value had no period (claims: "respectively" gave () so that no period
was read by position, wrongly) and the metric facet of every value of the list was the whole
list of items, so "2022年营业收入为1,505.60亿元" and "净利润为100亿元" passed. Here each value of
the list is paired with the item at its position:
  - the list: for "分别", the figures right after it (no clause mark between) joined by list
    words ("、", "和", "及", "与", ",", "and"); for "respectively", the figures so joined that
    end before it with no other figure between (a list of periods may stand between: "$1,234
    million and $1,102 million for fiscal 2024 and 2023, respectively");
  - the items: a run of as many periods of one kind so joined (periods.mentions: "2023 and
    2022", "2023年、2022年", "第一季度、第二季度"; or ordinals before one period word, "the
    fourth, third and second quarters"), which wins over names ("cash and cash equivalents of
    $812 million and $645 million" after "December 31, 2023 and 2022"); else as many names
    between the list and "respectively" after "in", "for", "across", "at", "of" ("grew 12% and
    9% in the Americas and EMEA, respectively": the place facet "in the Americas" is 12%'s
    alone); else as many names of the clause before the list ("分别"'s clause up to it, from a
    comma, "；" or the sentence's start; "respectively"'s up to the list, its verb aside; an
    English clause may lead with an introducing part: "In 2023, revenue and net income were
    ..."), split at the list words, each naming something and holding no figure or period, the
    last cut to the others' length where it carries the list's shared words and none of theirs
    ("华东、华南、华北地区实现销售收入": 华北地区); a Chinese list whose own clause names
    none ("，分别同比增长19.01%和19.16%", "占营业收入的比例分别为...") takes the
    sentence's previous list's items, or the names of as many figures listed before it
    ("营业总收入386.24亿元、利润总额52.18亿元，分别较上年同期增长..."); a list "compared
    with" a paired one of as many takes its items;
  - nothing is paired where the counts differ or an item holds a figure or a period (a nested
    list: "Net sales and gross profit for 2023 and 2022 were $5.2 billion, $4.8 billion, ...").
A paired value's period is its item's (with each period of another kind the sentence names
once: "公司2023年第一季度、第二季度营业收入分别为..." - 2023 and the quarter), and its metric
facet and naming words are its item's in place of the list's (prose_bindings.bind; the answer's
claim, grounding.py): the same reading for an excerpt and for an answer that itself says
"respectively" / "分别". Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from groundgate.engine.context.claims import Claim, naming_words
from groundgate.engine.context.facts import Fact
from groundgate.engine.context.periods import is_period_value, listed_periods, mentions
from groundgate.engine.context.prose_heads import without_entity
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.sentences import Sentence, split_sentences
from groundgate.engine.text_memo import text_memo


class Paired(NamedTuple):
    """A list value's item: as written, its period (where the items are periods), and the naming
    words of every item of its list (no one value's)."""

    item: str
    period: str | None
    listed: frozenset[str]
    others: tuple[str, ...] = ()  # the sentence's periods of other kinds, each named once


@text_memo(max_bytes=2**20, item_bytes=200)
def respective_pairs(text: str) -> Mapping[tuple[int, int], Paired]:
    """The paired values of `text` (an excerpt or an answer's sentence) by their span: only
    sentences saying "respectively" or "分别" are read. Kept per text (read-only: shared)."""
    out: dict[tuple[int, int], Paired] = {}
    if _MARKER.search(text):
        for sentence in split_sentences(text):
            if _MARKER.search(sentence.text):
                s0 = sentence.start
                for (a, b), paired in _sentence_pairs(sentence.text).items():
                    out[(s0 + a, s0 + b)] = paired
    return MappingProxyType(out)


def paired_periods(paired: Paired, periods: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The periods of a paired value: its item's and the sentence's other kinds' (`periods`,
    as read without the pairing, where it has no item period)."""
    if paired.period is None:
        return periods
    return (paired.period, *paired.others)


def paired_words(paired: Paired, words: frozenset[str]) -> frozenset[str]:
    """A value's naming words with its list's items' replaced by its own item's: "营业收入和
    净利润分别为20亿元和100亿元" - 100亿元 is named 净利润 alone."""
    if paired.period is not None or not words & paired.listed:
        return words
    return (words - paired.listed) | without_entity(naming_words(paired.item))


def prefixed(words: frozenset[str], paired: Paired) -> frozenset[str]:
    """The Chinese words of a list's items that an answer's words begin with: "华东地区" says
    华东 (jieba reads "华东地区" as one word)."""
    return frozenset(
        u
        for u in paired.listed
        if not u.isascii() and any(w != u and w.startswith(u) and not w.isascii() for w in words)
    )


def paired_claim(claim: Claim, sentence: Sentence) -> Claim | None:
    """An answer's claim read with its sentence's pairing: its item's period and words, where
    its value is one of a list's (None: it is not; its periods are read as before, a list of
    periods in its sentence included: periods.with_listed)."""
    s0 = sentence.start
    paired = respective_pairs(sentence.text).get((claim.value.start - s0, claim.value.end - s0))
    if paired is None:
        return None
    return claim._replace(
        words=paired_words(paired, claim.words),
        own_words=paired_words(paired, claim.own_words),
        periods=paired_periods(paired, claim.periods),
    )


def paired_facets(
    facets: list[tuple[frozenset[str], str]], paired: Paired
) -> list[tuple[frozenset[str], str]]:
    """A prose value's facets with its item in place of its list's items: each facet that holds
    the list's words is the item's (with the facet's other words); where none holds them, the
    item is a facet of its own ("占营业收入的比例分别为87.4%、12.6%": 境内's,
    境外's)."""
    if paired.period is not None:
        return facets
    item = (without_entity(naming_words(paired.item)), paired.item.strip())
    if not item[0]:
        return facets
    if not any(words & paired.listed for words, _ in facets):
        return [*facets, item]
    return [
        ((words - paired.listed) | item[0], item[1]) if words & paired.listed else (words, text)
        for words, text in facets
    ]


def _sentence_pairs(text: str) -> dict[tuple[int, int], Paired]:
    values = [v for v in extract_numbers(text) if not is_period_value(v)]
    figures = [(v.start, v.end) for v in values]
    found = mentions(text)
    out: dict[tuple[int, int], Paired] = {}
    names: dict[int, list[tuple[int, int]]] = {}  # the sentence's name lists, by their size
    for marker in _MARKER.finditer(text):
        listed = _value_list(text, figures, marker)
        if len(listed) < 2:
            continue
        n = len(listed)
        start = marker.start() if marker.group(0) == "分别" else figures[listed[0]][0]
        runs = _period_runs(text, found, n, start, marker.start())
        if runs:  # a run of as many periods: the items ("cash and cash equivalents" no list)
            run = [(text[a:b], code) for a, b, code in runs[-1]]
        else:  # "in the fourth, third and second quarters of fiscal 2024, respectively"
            lists = [codes for _, codes in listed_periods(text[: marker.end()]) if len(codes) == n]
            run = [(code, code) for code in lists[0]] if len(lists) == 1 else []
        if run:
            others = _once(found, {run[0][1][0]})
            for k, (item, code) in zip(listed, run, strict=True):
                out[figures[k]] = Paired(item, code, frozenset(), others)
            continue
        items = _names_after(text, figures[listed[-1]][1], marker, n, found)
        if items is None:
            items = _names(text, start, n, figures, found)
        if items is None and marker.group(0) == "分别":
            items = names.get(n)  # "，分别同比增长19.01%和19.16%": the previous list's items
        if items is None:
            # "实现营业总收入386.24亿元、利润总额52.18亿元，分别较上年同期增长9.35%、15.72%":
            # the names of as many figures listed before it
            items = _named_figures(
                text, figures, [k for k in range(listed[0]) if figures[k][1] <= start], n
            )
            if items is None:
                continue
        names[n] = items
        items = _trimmed(text, items)
        words = frozenset().union(*(without_entity(naming_words(text[a:b])) for a, b in items))
        # "..., compared with $2.10 and $2.07 in the prior year": a list of as many compared
        # with it right after is of the same items
        compared = _compared_list(text, figures, listed[-1], n)
        for k, (a, b) in [*zip(listed, items, strict=True), *zip(compared, items, strict=False)]:
            out.setdefault(figures[k], Paired(text[a:b], None, words))
    return out


def _compared_list(text: str, figures: list[tuple[int, int]], last: int, n: int) -> list[int]:
    """The indexes of the `n` figures listed right after figure `last` behind a comparison's
    words ("compared with", "versus", "from"), or none."""
    k = last + 1
    if k >= len(figures) or not _COMPARED_LEAD.fullmatch(text, figures[last][1], figures[k][0]):
        return []
    listed = [k]
    while listed[-1] + 1 < len(figures) and _joined(text, figures, listed[-1]):
        listed.append(listed[-1] + 1)
    return listed if len(listed) == n else []


def _names_after(
    text: str, lo: int, marker: re.Match[str], n: int, found: list[tuple[int, int, str]]
) -> list[tuple[int, int]] | None:
    """The `n` names between an English list and its "respectively", after "in", "for",
    "across", "at" or "of" ("grew 12% and 9% in the Americas and EMEA, respectively"), or None."""
    if marker.group(0) == "分别":
        return None
    lead = _NAMES_AFTER.match(text, lo, marker.start())
    if lead is None:
        return None
    at, end = lead.start(1), lead.end(1)
    pieces: list[tuple[int, int]] = []
    for m in _ITEM_SEP.finditer(text, at, end):
        pieces.append((at, m.start()))
        at = m.end()
    pieces.append((at, end))
    if len(pieces) != n:
        return None
    for a, b in pieces:
        if not naming_words(text[a:b]) or any(a <= p < b for p, _, _ in found):
            return None
    return pieces


def _named_figures(
    text: str, figures: list[tuple[int, int]], before: list[int], n: int
) -> list[tuple[int, int]] | None:
    """The names of the last `n` figures of `before` where each names its own figure and they are
    listed ("营业总收入386.24亿元、利润总额52.18亿元"; "revenue was $5.2 billion and net income
    was $1.1 billion"): each name the words between its list word (or its clause's start) and
    its figure, a verb before the figure aside."""
    if len(before) < n:
        return None
    chosen = before[-n:]
    a0 = figures[chosen[0]][0]
    c0 = max((m.end() for m in _ZH_CLAUSE.finditer(text, 0, a0)), default=0)
    spans: list[tuple[int, int]] = []
    lo = c0
    for j, k in enumerate(chosen):
        if j:
            sep = _ITEM_SEP.match(text, figures[chosen[j - 1]][1])
            if sep is None or sep.end() >= figures[k][0]:
                return None
            lo = sep.end()
        hi = figures[k][0]
        verb = _VERB_END.search(text, lo, hi) or _ZH_VERB_END.search(text, lo, hi)
        spans.append((lo, verb.start() if verb else hi))
    for a, b in spans:
        if not naming_words(text[a:b]) or any(a <= p < b for p, _ in figures):
            return None
    return spans


def _trimmed(text: str, items: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The items with the last one cut to as many naming words as the longest other has, where
    it has more and none of theirs: the list's shared words follow it ("华东、华南、华北地区实现
    销售收入": 华北地区; "Basic and diluted earnings per share": diluted; not "归属于上市公司股东
    的净利润、归属于上市公司股东的扣除非经常性损益的净利润")."""
    firsts = [naming_words(text[a:b]) for a, b in items[:-1]]
    most = max(len(words) for words in firsts)
    a, b = items[-1]
    last = naming_words(text[a:b])
    if len(last) <= most or any(words & last for words in firsts):
        return items
    cjk = not text[a:b].isascii()
    cut = a
    for end in range(a + 1, b + 1):
        if not cjk and end < b and not text[end].isspace():
            continue
        if len(naming_words(text[a:end])) > most:
            break
        cut = end
    return items if cut == a else [*items[:-1], (a, cut)]


def _value_list(text: str, figures: list[tuple[int, int]], marker: re.Match[str]) -> list[int]:
    """The indexes of the figures a marker lists: after "分别", before "respectively"."""
    if marker.group(0) == "分别":
        first = next((k for k, (a, _) in enumerate(figures) if a >= marker.end()), None)
        if first is None or not _LEAD.fullmatch(text, marker.end(), figures[first][0]):
            return []
        listed = [first]
        while listed[-1] + 1 < len(figures) and _joined(text, figures, listed[-1]):
            listed.append(listed[-1] + 1)
        return listed
    last = next(
        (k for k in range(len(figures) - 1, -1, -1) if figures[k][1] <= marker.start()), None
    )
    if last is None or not _TRAIL.fullmatch(text, figures[last][1], marker.start()):
        return []
    listed = [last]
    while listed[0] > 0 and _joined(text, figures, listed[0] - 1):
        listed.insert(0, listed[0] - 1)
    return listed


def _joined(text: str, figures: list[tuple[int, int]], k: int) -> bool:
    """Whether figures k and k + 1 are next in one list ("$5.2 billion and $4.8 billion")."""
    return _LIST_GAP.fullmatch(text, figures[k][1], figures[k + 1][0]) is not None


def _period_runs(
    text: str, found: list[tuple[int, int, str]], n: int, lo: int, hi: int
) -> list[list[tuple[int, int, str]]]:
    """The runs of exactly `n` periods of one kind joined by list words, all before `hi` (the
    marker) and ending before `lo` (the list's start) or after it (between the list and
    "respectively")."""
    runs: list[list[tuple[int, int, str]]] = []
    run: list[tuple[int, int, str]] = []
    for mention in found:
        if mention[1] > hi:
            break
        if (
            run
            and mention[2][0] == run[-1][2][0]
            and mention[2] not in {m[2] for m in run}
            and _PERIOD_GAP.fullmatch(text, run[-1][1], mention[0])
        ):
            run.append(mention)
            continue
        if len(run) == n:
            runs.append(run)
        run = [mention]
    if len(run) == n:
        runs.append(run)
    return runs


def _names(
    text: str,
    start: int,
    n: int,
    figures: list[tuple[int, int]],
    found: list[tuple[int, int, str]],
) -> list[tuple[int, int]] | None:
    """The spans of the `n` names of the clause before `start`, or None."""
    chinese = text[start : start + 2] == "分别"
    c0 = max(
        (m.end() for m in (_ZH_CLAUSE if chinese else _EN_CLAUSE).finditer(text, 0, start)),
        default=0,
    )
    end = start
    if not chinese:
        verb = _VERB_END.search(text, c0, start)
        if verb is None:
            return None
        end = verb.start()
    pieces: list[tuple[int, int]] = []
    separators: list[str] = []
    at = c0
    for m in _ITEM_SEP.finditer(text, c0, end):
        pieces.append((at, m.start()))
        separators.append(m.group(0))
        at = m.end()
    pieces.append((at, end))
    if len(pieces) > n and not chinese:
        lead = pieces[-n - 1]
        intro = _INTRO.match(text, lead[0]) or any(lead[0] <= a < lead[1] for a, _, _ in found)
        if not intro or separators[-n].strip() != ",":
            return None
        pieces = pieces[-n:]
    if len(pieces) != n:
        return None
    for a, b in pieces:
        if not naming_words(text[a:b]) or any(a <= p < b for p, _ in figures):
            return None
        if any(a <= p < b for p, _, _ in found):
            return None
    return pieces


def _once(found: list[tuple[int, int, str]], kinds: set[str]) -> tuple[str, ...]:
    """The sentence's periods of kinds other than `kinds`, each kind named by one period."""
    by_kind: dict[str, set[str]] = {}
    for _, _, code in found:
        by_kind.setdefault(code[0], set()).add(code)
    return tuple(
        next(iter(codes))
        for kind, codes in sorted(by_kind.items())
        if kind not in kinds and len(codes) == 1
    )


_MARKER = re.compile(r"(?i)\brespectively\b|分别")
# Between two figures (or periods) of one list: a comma, "、", "and", "和", "及", "与", "以及",
# "or" (and a unit the grammar leaves over: "56.3GWh、12.8GW" reads "56.3").
_LIST_GAP = re.compile(
    r"[A-Za-z]{0,4}\s*(?:,\s*(?:and\s+)?|、|，?(?:和|及|以及|与|或)|(?i:and|or)\s)\s*"
)
# Between two periods of one list: a Chinese period's last character ("2023年、2022年": the
# mention is "2023") and list words.
_PERIOD_GAP = re.compile(rf"(?:年[度末]?|月[份末]?|日|末)?{_LIST_GAP.pattern}")
# Between "分别" and its list: a verb or a change ("为", "同比增长"), no clause mark.
_LEAD = re.compile(r"[^，,；;。：:\n\d]{0,16}")
# Between a list and "respectively": a comma, or a list of periods with its words.
_TRAIL = re.compile(r"[^;；。\n]{0,80}")
# Between a list and a list compared with it: "..., respectively, compared with ", "，上年同期为".
_COMPARED_LEAD = re.compile(
    r"[^;；。\n\d]{0,40}?(?i:\b(?:compared\s+(?:with|to)|versus|vs\.?|against|from))\s*"
)
# Where a name list's clause starts.
_ZH_CLAUSE = re.compile(r"[，,；;：:。\n]")
_EN_CLAUSE = re.compile(r"[;；:：\n]|(?<=\.)\s")
# Between two names of a list.
_ITEM_SEP = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+|、|以及|和|及|与")
# An English list's verb, up to the figures.
_VERB_END = re.compile(
    r"(?i)\s+(?:were|was|are|is|of|totall?ed|amounted to|reached|came to|stood at)\s+(?:\S+\s+)?$"
)
# An English list's names after it, before "respectively": "in the Americas and EMEA, ".
_NAMES_AFTER = re.compile(
    r"(?i)\s+(?:in|for|across|at|of|from)\s+(?:the\s+|its\s+|our\s+)?(.+?)[,\s]*$"
)
# A Chinese figure's verb ("为", "是", "达到", "实现").
_ZH_VERB_END = re.compile(r"(?:为|是|达到?|实现|约)$")
# An English clause's introducing part ("In 2023, ...", "For the quarter, ...").
_INTRO = re.compile(r"(?i)\s*(?:in|for|during|as of|at|through|over|by|on)\b")


def paired_fact(fact: Fact, own: dict[tuple[int, int], tuple[str, ...]], text: str) -> Fact:
    """An excerpt's prose value with its periods (`own`: claims.value_periods of `text`), a list
    value's its item's, named as written in a message ("2022"); a line's value read as a cell of
    no column ("...分别为6.1%和5.8%。": 5.8%) is a list value's too, else as it was."""
    periods = own.get((fact.start, fact.end), ())
    paired = respective_pairs(text).get((fact.start, fact.end))
    if paired is None or paired.period is None:
        return fact if fact.in_table else fact._replace(periods=periods)
    return fact._replace(periods=paired_periods(paired, periods), name=paired.item)
