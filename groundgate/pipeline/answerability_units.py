"""answerability-v19's unit words (issue 32, d1035-d1038): a unit the question names is stated
by a chunk that states a value in that unit, however the chunk writes it.

"The violator's effluent tested at what COD figure in mg per litre?" asks of a chunk that says
"化学需氧量浓度为150mg/L": "mg" is glued to its number there, so no word of the chunk is "mg";
"总磷的年均浓度是多少毫克每升？" asks in 毫克 of a chunk that writes "0.35mg/L". The unit is a
required term of the question like any other, and its written form - a symbol glued to the
number, another language's name of it - is not the chunk's word for anything else: a clause of
the chunk stating a value in that unit (answerability_reading.UNITS' `stated` patterns, in
either language) states the unit. Under v19 such a term (never a named one) is read as not
required and the chunk is read again without it; the question's other terms, named ones and the
thing it asks, are read as before. Units are general measurement vocabulary by the quantity they
measure, no document's words.

Pure: no Django, no I/O; answerability.py calls it for version 19 and later, after the terms'
reading refused the chunk.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from groundgate.pipeline.answerability_reading import UNITS

if TYPE_CHECKING:
    from groundgate.pipeline.answerability_question import QuestionParts

# The words naming a unit (or a part of one: "mg" of "mg per litre", 每升 of 毫克每升), by the
# quantity it measures - the kinds of answerability_reading.UNITS.
UNIT_WORDS: dict[str, frozenset[str]] = {
    "concentration": frozenset(
        "mg milligram milligrams µg μg ug microgram micrograms litre liter litres liters "
        "毫克 微克 升 每升 立方米".split()
    ),
    "mass": frozenset("g gram grams kg kilogram kilograms 克 千克 公斤".split()),
    "pressure": frozenset("bar kpa mpa psi 巴 兆帕 千帕".split()),
    "temperature": frozenset("celsius degree degrees 摄氏度 度".split()),
    "hours": frozenset("hour hours hr hrs 小时".split()),
    "share": frozenset("percent percentage 百分比 百分之 百分点".split()),
}
_STATED = {unit.kind: unit.stated for unit in UNITS}


def said_in_unit(term: str, text: str) -> bool:
    """`term` is a unit's word and `text` states a value in that unit (any written form)."""
    return any(
        term in words and _STATED[kind].search(text) is not None
        for kind, words in UNIT_WORDS.items()
    )


def without_units_said(parts: QuestionParts, lacks: list[str], text: str) -> QuestionParts | None:
    """The question's parts without the missing unit terms (`lacks`) that `text` states a value
    in, or None when there is none or no required term would be left."""
    common = {t.text for t in parts.terms if not t.named}
    said = {t for t in lacks if t in common and said_in_unit(t, text)}
    if not said:
        return None
    terms = tuple(t for t in parts.terms if t.text not in said)
    if not any(t.required for t in terms):
        return None
    return replace(parts, terms=terms)
