"""answerability-v18's reading of a question that quotes a reading (issue 32, d863-d865): "A
running pump reads 5 bar: is that inside the allowed operating band?", "Is 90 degrees Celsius
too hot for the bearings?", "巡检测得轴承88度，这正常吗？". The asker gives a value in a
unit and asks what the document says of it - a limit, a band, an interval - in words of their
own (allowed band, shut-it-off-now situation, stocking rule) that the document need not use.
The unit says which quantity the question is about, as a typed attribute does: a chunk answers
when one of its clauses states a value in the same unit (of the same kind: bar, °C, hours,
grams, yuan, mg/L, %) and the chunk names one of the question's words other than the unit;
every named term of the question is still stated (a product, a model code: its spelling is its
identity), and so is the thing a question asks (v6, v9: no slack). Only the judgement words go
without the slack's count.

Read only when the question asks no typed attribute, or the one its reading's unit measures
("how hot is too hot at 90 °C" asks a temperature): a question that quotes a value and asks
another thing ("which enterprise got the 200,000 yuan decision?" asks a name) is read as
before. A sum of money is a reading only when money is asked ("is $1,000 enough for a seal
kit?"): otherwise it names the case (被罚款20万元的那家企业, the firm fined 200,000 yuan), it is not
the state of the asker's machine (d864). A year (2023), a date or a bare number is no reading:
a unit must follow the number.

Pure: no Django, no I/O; answerability.py calls it for version 18 and later, after v17's
reading refused the chunk.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from groundgate.pipeline.answerability_lexicon import Attribute

if TYPE_CHECKING:
    from groundgate.pipeline.answerability_question import QuestionParts, Term

_NUMBER = r"(?:\d[\d,]*(?:\.\d+)?|[一二两三四五六七八九十百千万〇零]+)"


@dataclass(frozen=True)
class Unit:
    kind: str  # the quantity the unit measures
    attributes: frozenset[str]  # the typed attributes (answerability_lexicon) that ask it
    quoted: re.Pattern[str]  # in the question: a number in this unit
    stated: re.Pattern[str]  # in a chunk's clause: a value in this unit


def _unit(kind: str, attributes: str, quoted: str, stated: str) -> Unit:
    return Unit(
        kind,
        frozenset(attributes.split()),
        re.compile(rf"{_NUMBER}\s*(?:{quoted})", re.I),
        re.compile(stated, re.I),
    )


# The units a reading is quoted in, general measurement vocabulary in both languages (no
# document's words). `stated` is read in any language: a Chinese question's reading is found in
# an English manual's clause and the other way round.
UNITS: tuple[Unit, ...] = (
    _unit(
        "pressure",
        "pressure",
        r"(?:bar|kpa|mpa|psi)(?![a-z])|巴|兆帕|千帕",
        r"\d\s*(?:bar|kpa|mpa|psi)(?![a-z])|\d\s*(?:巴|兆帕|千帕)",
    ),
    _unit(
        "temperature",
        "temperature",
        r"(?:°\s*[cf]?|℃|℉)|(?:degrees?|deg)(?![a-z])|c(?![a-z0-9+#])|度(?!数)",
        r"\d\s*(?:°\s*[CF]?|℃|℉|degrees?(?![a-z])|C(?![a-z]))|\d\s*度",
    ),
    _unit(
        "hours",
        "duration frequency",
        r"(?:operating\s+|running\s+|run\s+)?(?:hours?|hrs?)(?![a-z])|个?小时",
        r"\d\s*(?:operating\s+|running\s+)?(?:hours?|hrs?)(?![a-z])|\d\s*个?小时",
    ),
    _unit(
        "mass",
        "mass",
        r"(?:g|grams?|kg|kilograms?)(?![a-z])|克|千克|公斤",
        r"\d\s*(?:g|grams?|kg|kilograms?)(?![a-z])|\d\s*(?:克|千克|公斤)",
    ),
    _unit(
        "money",
        "money",
        r"(?:dollars?|usd|yuan|rmb)(?![a-z])|元|美元|万元",
        r"[$€£¥]\s?\d|\d\s*(?:dollars?|usd|yuan|rmb)(?![a-z])|\d\s*(?:元|美元|万元)",
    ),
    _unit(
        "concentration",
        "concentration",
        r"(?:mg|µg|μg|ug)\s*/\s*(?:l|m3|m³)(?![a-z])|毫克每升|微克每立方米",
        r"\d\s*(?:mg|µg|μg|ug)\s*/\s*(?:l|m3|m³)|\d\s*(?:毫克|微克)",
    ),
    _unit(
        "share",
        "share",
        r"%|percent(?![a-z])|个百分点",
        r"\d\s*(?:%|percent(?![a-z]))|\d\s*个百分点|百分之",
    ),
)

# A currency sign before the number is a reading too ("$2,000").
_MONEY_SIGN = re.compile(rf"[$€£¥]\s?{_NUMBER}")


def quoted_unit(question: str, attribute: str | None) -> Unit | None:
    """The unit of the reading the question quotes, when it asks about that quantity: no typed
    attribute asked, or one the unit measures. None: no reading, or another thing asked."""
    for unit in UNITS:
        found = unit.quoted.search(question) or (
            unit.kind == "money" and _MONEY_SIGN.search(question)
        )
        if not found:
            continue
        if attribute in unit.attributes or (attribute is None and unit.kind != "money"):
            return unit
        return None
    return None


def reading_asked(question: str, attribute: Attribute | None, version: int) -> Unit | None:
    """v18 (d863): the unit of the reading the question quotes and asks about, or None."""
    if version < 18:
        return None
    return quoted_unit(question, attribute.name if attribute else None)


def unit_word(unit: Unit, term: str) -> bool:
    """The question's term is the reading's unit itself ("bar", "小时"): it ties nothing."""
    return any(unit.quoted.fullmatch(f"1{gap}{term}") for gap in (" ", ""))


def answers(
    parts: QuestionParts, clauses: list[str], found: Callable[[Term, str], bool], text: str
) -> bool:
    """A chunk (`text`, its `clauses`) answers a question quoting a reading: its named terms and
    the thing it asks are stated (`found`), a clause states a value in the reading's unit, and
    the chunk names a word of the question other than the unit (d864: the clause with the limit
    often names no word of the asker's scene - "readings above 6.2 bar require an immediate
    shutdown" for "our gauge shows 6.4 bar on the pump")."""
    unit = parts.reading
    if unit is None:
        return False
    if any(t.required and (t.named or t.asked) and not found(t, text) for t in parts.terms):
        return False
    ties = [t for t in parts.terms if not unit_word(unit, t.text)]
    return any(unit.stated.search(c) for c in clauses) and any(found(t, text) for t in ties)
