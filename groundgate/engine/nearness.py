"""How near an evidence value must be to ground an answer's value that is not the same: a
rounding to the answer's precision ("$4.6 billion" for 4,625 in millions, "about 12%" for 12.3%)
and a bound the answer states ("over 50%" for 52%). quantities.compare() asks them, after it has
lined the two values up at one scale. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal, InvalidOperation
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from groundgate.engine.values.quantity import Quantity

_NON_DIGITS = re.compile(r"[^0-9]+")


def within_bound(mine: Decimal, decimals: int, shift: int, theirs: Decimal, bound: str) -> bool:
    """Whether `theirs` lies within the bound the answer states on `mine` (x 10^shift), no
    further than one unit of the answer's last significant digit and within a factor of two:
    "over 50%" is grounded by 52% but not by 75% (which the answer would have said), "under
    1,000" by 950 but not by 450, "less than 1%" by 0.8%, "at least $2 billion" by $2.0-2.9
    billion."""
    wanted = mine.scaleb(shift) if shift else mine
    if decimals:
        unit = Decimal(1).scaleb(-decimals + shift)
    else:
        exponent = mine.normalize().as_tuple().exponent
        unit = Decimal(1).scaleb((exponent if isinstance(exponent, int) else 0) + shift)
    high, low = min(wanted + unit / 2, 2 * wanted), max(wanted - unit / 2, wanted / 2)
    if bound == "above":
        return wanted < theirs < high
    if bound == "at_least":
        return wanted <= theirs < high
    if bound == "below":
        return low < theirs < wanted
    return low < theirs <= wanted  # at_most


def rounds_to(
    mine: Decimal,
    decimals: int,
    shift: int,
    theirs: Decimal,
    min_sig: int,
    approximately: bool = False,
) -> bool:
    """Whether `theirs`, rounded to the answer's precision (half up or half to even), is `mine`
    (x 10^shift). People accept a rounded restatement at another scale ("$4.6 billion" for
    4,625 in millions) or one that keeps three significant digits ("3.14"); they do not accept
    "10 yuan" for 10.5 yuan, so a rounding to fewer digits at the same scale does not count -
    unless the answer says it rounds ("about 12%" for 12.3%, "约4.6亿元" for 4.56亿元:
    `approximately`, where min_sig digits are enough at any scale)."""
    digits = _NON_DIGITS.sub("", format(mine, "f")).lstrip("0")
    if len(digits) < max(min_sig, 1 if shift or approximately else 3):
        return False
    step = Decimal(1).scaleb(-decimals + shift)
    wanted = mine.scaleb(shift) if shift else mine
    try:
        return wanted in (
            theirs.quantize(step, rounding=ROUND_HALF_UP),
            theirs.quantize(step, rounding=ROUND_HALF_EVEN),
        )
    except InvalidOperation:  # beyond Decimal's precision: not a rounding anyone writes
        return False


def padded_cents(q: Quantity, scaled: bool, min_sig: int) -> Quantity:
    """An amount of money written to two decimals that end in zero, at a magnitude (`scaled`:
    the question asks in one, or its own "million"/"billion"): the figure without those zeros,
    precise to its last nonzero digit, keeping `min_sig` significant digits at least (cents_zeros
    "scaled_padding", d573). "$303.00" in USD millions is 303 (a rounding of 302,578 in
    thousands), "$8.70 billion" is 8.7, "$0.40" in USD billions stays 0.40 (0.4 has one digit);
    "$1.50" a share, at no magnitude, keeps its cents, as do "12.50%" and "$303.05 million"."""
    if q.kind != "amount" or q.decimals != 2 or q.figure is None or not (scaled or q.magnitude):
        return q
    significant = q.digits.lstrip("0")
    zeros = min(len(significant) - len(significant.rstrip("0")), q.decimals)
    zeros = min(zeros, len(significant) - max(min_sig, 1))
    if zeros <= 0:
        return q
    decimals = q.decimals - zeros
    figure = q.figure.quantize(Decimal(1).scaleb(-decimals))
    return q._replace(figure=figure, decimals=decimals, digits=q.digits[: len(q.digits) - zeros])
