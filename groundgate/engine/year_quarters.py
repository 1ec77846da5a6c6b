"""Quarters named without their year in a sentence that names one year (policy year_quarters
"sentence_year", gate 2.68.0, d854; issue 28): "In 2023, revenue was $1.1 billion in Q1, $1.3
billion in Q2 ..." names the quarters of 2023, so the evidence index offers each as that year's
quarter (Q2 2023) and the answer's "Q2 2023" / "the second quarter of 2023" is grounded by it -
before, the quarter was in no accepted excerpt (UNGROUNDED_NUMBER), as a table header's shared
year is (values/quarter/rules_en.SHARED_YEARS, the same reading: the year as its quantity, the
quarter as its unit, so the grounding is reported with the rule date_format, never silently).

Only where the sentence names exactly one year, before the quarter, with no comparison between
them ("In 2023, ... Q1, compared with $4M in 2022" names two years: none given). A quarter the
grammar reads whole ("Q2 2023") is left as it is. English and Chinese period words
(context/periods.mentions). Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from groundgate.engine.context.periods import mentions
from groundgate.engine.quantities import Quantity, typed
from groundgate.engine.sentences import split_sentences
from groundgate.engine.values.scanned import NumericValue

# A comparison between the year and the quarter: the quarter may be another year's.
_COMPARING = re.compile(
    r"(?i)\b(?:compared|versus|vs\b|from|prior|previous|preceding|last|a year ago|year[- ]ago)"
)


def sentence_year_quarters(text: str, values: Sequence[NumericValue]) -> list[Quantity]:
    """The quarters of `text` named without a year in a sentence naming one year before them,
    as that year's quarters (`values`: the text's values, numbers.extract_numbers)."""
    if "Q" not in text and "uarter" not in text and "季度" not in text:
        return []
    whole = [(v.start, v.end) for v in values if v.kind == "quarter"]
    out: list[Quantity] = []
    for sentence in split_sentences(text):
        s = sentence.text
        if "Q" not in s and "uarter" not in s and "季度" not in s:
            continue
        found = mentions(s)
        years = {p for _, _, p in found if p[0] == "Y"}
        if len(years) != 1:
            continue
        year = next(iter(years))[1:]
        year_end = min(e for _, e, p in found if p[0] == "Y")
        s0 = sentence.start
        for a, b, p in found:
            if p[0] != "Q" or a < year_end or _COMPARING.search(s, year_end, a):
                continue
            if any(x < s0 + b and s0 + a < y for x, y in whole):
                continue  # "Q2 2023": read whole already
            value = NumericValue(s[a:b], s0 + a, s0 + b, "quarter", year, p)
            out.append(typed(value))
    return out
