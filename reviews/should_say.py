"""What a finding's "should say" field offers (d928): the gate's near miss written as the answer
writes its value - its scale, unit and decimals - with the cell as printed beside it. The answer
said "31.23亿元" and the near miss is the cell "2,987,654,321.00" under "单位：元": the field
offers "29.88亿元" and shows "2,987,654,321.00" as printed. Read with the engine's one number
grammar (numbers.extract_numbers, values.typed) and its declared scales (declarations); the
near miss itself is the gate's, never searched again here. Where the two are not both figures
of one kind (a date, a period, an amount against a percent) the cell is offered as printed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from groundgate.engine.declarations import declarations
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.quantities import Quantity
from groundgate.engine.values.typed import typed

# A figure as written: digits with thousands separators and decimals (full-width ones too).
_FIGURE = re.compile(r"[0-9０-９][0-9０-９,，]*(?:[.．][0-9０-９]+)?")
_SIGNS = "-−–+＋－"
# Kinds written with a scale of their own or a table's: amounts and bare figures.
_AMOUNTS = ("amount", "count")
_RATES = ("%", "pp")
# The scales a table declares (exponents): read for a bare cell where none is seen before it.
_TABLE_SCALES = (0, 3, 4, 6, 8, 9, 12)
# Decimals added past the answer's where its precision would round the near miss to nothing.
_MORE_DECIMALS = 4
# A count in these units is a length of time ("52 weeks", "six months"): no table's scale is
# its scale (a header's "52" under "(In thousands)" is 52 weeks, not 52,000; d1010).
_TIME_UNITS = frozenset({"second", "minute", "hour", "day", "week", "month", "quarter", "year"})


@dataclass(frozen=True)
class ShouldSay:
    offer: str  # the near miss as the answer writes it ("29.88亿元")
    printed: str  # the near miss as the evidence prints it ("2,987,654,321.00")
    scale: str  # the declared scale it was read under ("单位：元"), "" where none applied

    @property
    def rewritten(self) -> bool:
        return self.offer != self.printed


def should_say(finding: dict[str, Any], text: str | None) -> ShouldSay | None:
    """The offer for `finding`'s near miss (None: offer none - no near miss, a derivation's, or
    the answer's own value, as printed or as the answer writes it, d902, d1010). `text`: the
    text the near miss's chunk_span points into (its chunk), for the scale declared before it;
    None where it is not known."""
    near = finding.get("near_match") or {}
    printed, said = near.get("text"), finding.get("value")
    if not isinstance(printed, str) or not printed or finding.get("derivation"):
        return None
    if printed == said:
        return None
    answer, cell = _quantity(said), _quantity(printed)
    if answer is None or cell is None or answer.figure is None or cell.figure is None:
        return ShouldSay(printed, printed, "")
    rate = answer.unit in _RATES
    # A bare cell ("92.00" under "毛利率（%）") is read in the answer's unit; a cell that writes
    # another ("1.2%" for "$1.2 billion") is no figure of the answer's kind.
    if cell.unit and cell.unit != answer.unit:
        return ShouldSay(printed, printed, "")
    if not rate and answer.kind not in _AMOUNTS:
        return ShouldSay(printed, printed, "")
    if rate and ("," in printed or "，" in printed):
        return ShouldSay(printed, printed, "")  # a level's figure ("1,234,567.89"), not a rate
    exponent, scale = cell.magnitude, ""
    if not rate and cell.magnitude == 0 and answer.unit not in _TIME_UNITS:
        declared = _declared(text, near.get("chunk_span"))
        if declared is not None:
            exponent, scale = declared
        elif answer.magnitude:
            # No scale seen before the cell (declared in another chunk: Best Buy's "$ in
            # millions" heads the statement's chunk before its rows). A near miss is a cell of
            # the answer's row or table, so its size is the answer's: read the bare cell at the
            # table scale that puts it nearest the answer's figure ("473" for "$453 million":
            # "$473 million", for "$0.45 billion": "$0.47 billion", not "$0.0005 million";
            # "4,500,000" for "$4.2 million" stays "$4.5 million"). The printed cell is beside.
            exponent = _nearest_scale(cell.figure, answer.figure, answer.magnitude)
    negative = cell.negative or (printed.startswith("(") and printed.rstrip().endswith(")"))
    if near.get("reason") == "wrong_scale" and not rate:
        # The answer's scale is the slip ("$473 thousand" of "473" under "$ in millions"): the
        # cell at its own scale, written with that scale's word ("$473 million", d980), not
        # the answer's word with a rescaled figure ("$473000 thousand").
        rescaled = _at_scale(str(said), cell.figure, exponent, printed, negative)
        if rescaled is not None:
            return None if rescaled == said else ShouldSay(rescaled, printed, scale)
    number = cell.figure.scaleb(exponent - answer.magnitude)
    offer = _written(str(said), number, answer.decimals, negative)
    if offer == said:
        return None  # the answer's own value written again: it offers no change (d902, d1010)
    return ShouldSay(offer if offer is not None else printed, printed, scale)


def _quantity(text: Any) -> Quantity | None:
    if not isinstance(text, str):
        return None
    found = extract_numbers(text)
    return typed(found[0]) if len(found) == 1 else None


def _nearest_scale(cell: Decimal, said: Decimal, magnitude: int) -> int:
    """The table scale (units, thousands, 万, millions, 亿, billions, trillions) at which the bare
    `cell` is nearest in size to the answer's figure `said` at its `magnitude`; the answer's own
    scale on a tie, then the smaller; units where either figure is zero."""
    if cell == 0 or said == 0:
        return 0
    apart = cell.adjusted() - said.adjusted() - magnitude
    return min(_TABLE_SCALES, key=lambda e: (abs(apart + e), e != magnitude, e))


def _declared(text: str | None, span: Any) -> tuple[int, str] | None:
    """The scale declared last before the near miss in its chunk's text (exponent, as written)."""
    if text is None or not (isinstance(span, list | tuple) and span and isinstance(span[0], int)):
        return None
    before = [d for d in declarations(text, "") if d.span[1] <= span[0]]
    if not before:
        return None
    written = before[-1].text.strip()
    # "(In thousands" as the declaration's pattern reads it: shown with its parenthesis closed.
    if written[:1] in "(（" and not written.endswith((")", "）")):
        written += ")" if written[0] == "(" else "）"
    return before[-1].exponent, written


# The scale words an answer writes after its figure, and the word of each exponent.
_SCALE_WORD = re.compile(r"\s*(thousand|million|billion|trillion)\b|(万|亿)", re.IGNORECASE)
_ENGLISH_WORDS = {0: "", 3: " thousand", 6: " million", 9: " billion", 12: " trillion"}
_CHINESE_WORDS = {0: "", 4: "万", 8: "亿"}


def _at_scale(
    said: str, figure: Decimal, exponent: int, printed: str, negative: bool
) -> str | None:
    """The answer's value with the cell's figure (its decimals as printed) and the scale word of
    `exponent` in place of the answer's own scale word; None where the answer writes no scale
    word right after its figure or its language has no word for `exponent`."""
    found = _FIGURE.search(said)
    word = _SCALE_WORD.match(said, found.end()) if found is not None else None
    if found is None or word is None:
        return None
    words = _ENGLISH_WORDS if word.group(1) else _CHINESE_WORDS
    if exponent not in words:
        return None
    places = len(printed.rpartition(".")[2]) if "." in printed else 0
    digits = f"{abs(figure):,.{places}f}"
    head = said[: found.start()].lstrip(_SIGNS).replace("(", "").replace("-", "")
    tail = said[word.end() :].replace(")", "")
    return f"{'-' if negative and figure != 0 else ''}{head}{digits}{words[exponent]}{tail}"


def _written(said: str, number: Decimal, decimals: int, negative: bool) -> str | None:
    """`number` in place of the figure of the answer's value `said`, at its decimals and with
    its thousands separator; the sign in front of the whole value."""
    figure = _FIGURE.search(said)
    if figure is None:
        return None
    places = decimals
    shown = number.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    while shown == 0 and number != 0 and places < decimals + _MORE_DECIMALS:
        places += 1
        shown = number.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    grouped = "," in figure.group() or "，" in figure.group()
    digits = f"{abs(shown):,.{places}f}" if grouped else f"{abs(shown):.{places}f}"
    head = said[: figure.start()].lstrip(_SIGNS).replace("(", "").replace("-", "")
    tail = said[figure.end() :].replace(")", "")
    sign = "-" if negative and shown != 0 else ""
    return f"{sign}{head}{digits}{tail}"
