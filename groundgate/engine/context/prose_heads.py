"""A segment's head names its later parts' values (policy prose_facets "segment_heads", gate
2.60.0, d784; issue 28).

Chinese 经营情况讨论与分析 and 业绩快报 prose gives each product, region or business its own
semicolon segment, named once at the segment's head and its later comma parts saying only the
metric: "其中，茅台酒营业收入1,265.90亿元，毛利率为94.12%；系列酒营业收入206.30亿元，毛利率为
75.15%。" Under "count_nouns" (d780) 75.15% is bound to "毛利率" alone, as 94.12% is, so nothing
sets the two apart and "茅台酒毛利率为75.15%" (系列酒's figure) passed. Here a value in a later
comma part of its segment (up to ";", "；", ":", a sentence's end) is also bound to the metric
facet of the segment's first figure - its head ("系列酒营业收入"): 94.12% is 茅台酒's, 75.15% is
系列酒's, and the answer naming 茅台酒 says 75.15% of 94.12%'s subject (prose_bindings.
bound_elsewhere, reason another_subject). And "公司" / "本公司" (the company that reports) name
no subject: "公司汽车业务营业收入为..." sets 汽车业务 apart, not "公司" too. A value in its
segment's first comma part is bound as before (its own words are the head). Pure: no Django,
no I/O.
"""

from __future__ import annotations

# Naming words (claims.naming_words: jieba's words) of the reporting company itself.
ENTITY_WORDS = frozenset({"公司", "本"})


def without_entity(words: frozenset[str]) -> frozenset[str]:
    """A facet's words without the reporting company's ("公司汽车业务" -> 汽车, 业务)."""
    return words - ENTITY_WORDS


def segment_head(spans: list[tuple[int, int]], k: int, seg0: int, cut0: int) -> int | None:
    """The index of the first figure of spans[k]'s segment (starting at `seg0`) where that figure
    is in an earlier comma part (spans[k]'s part starts at `cut0`); None where spans[k] is in its
    segment's first part with a figure."""
    first = None
    for j in range(k - 1, -1, -1):
        if spans[j][0] < seg0:
            break
        first = j
    if first is None or spans[first][0] >= cut0:
        return None
    return first
