"""When two numbers are the same value: the sameness of the number kinds (count, amount,
percent, permille, score, ordinal - ValueKind.compare is None), under the named rules of
values/rules.py. A number is compared with a number by its figure, magnitude, decimals, sign and
unit, in the context of the evidence value (its declared scale, a percent column) and of the
answer (the question's scale, rounding, a bound): values/within.py. A long run of digits may be
a phone number, a year a date's year. Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from groundgate.engine.nearness import rounds_to, within_bound
from groundgate.engine.units import same_in_units, same_unit
from groundgate.engine.values.date.kind import year_in_date
from groundgate.engine.values.identifier.kind import long_digit_run, phone_digits
from groundgate.engine.values.quantity import Quantity
from groundgate.engine.values.rules import risk
from groundgate.engine.values.within import Within

# No number kind with a rule of its own among the values compared (a range's ends: values/range).
NO_OWN_RULES: Mapping[str, str] = {}


def same_number(
    a: Quantity, e: Quantity, within: Within, own_rules: Mapping[str, str] = NO_OWN_RULES
) -> tuple[str, ...] | None:
    """The rules under which evidence value `e` grounds number `a` (() when written the same
    way), or None. `own_rules`: the rule a number kind with a meaning of its own adds when
    either side is of it (registry.NUMBER_RULES: a score, an ordinal), given by the caller -
    this module is below the registry (a range compares its ends here)."""
    if e.kind == "identifier" and long_digit_run(a):
        return phone_digits(a, e)  # "13800138000" for "+86 138-0013-8000"
    if not a.numeric:
        return None
    if e.kind == "date":
        return year_in_date(a, e)
    if not e.numeric:
        return None
    return _compare_numbers(a, e, within, own_rules)


def _compare_numbers(
    a: Quantity, e: Quantity, within: Within, own_rules: Mapping[str, str]
) -> tuple[str, ...] | None:
    context, question_exponent, rounding_min_significant, approximately, bound = within
    rules: list[str] = []
    # Units: a percentage only matches a percentage (or a figure declared as one); two named
    # units must be the same; a unit on one side only is fine (tables put it in a header).
    if a.unit in ("%", "‰") or e.unit in ("%", "‰"):
        if a.unit == e.unit:
            pass
        elif a.unit == "%" and not e.unit and context.percent_declared:
            rules.append("percent_declared")
        else:
            return None
    elif a.unit and e.unit and not same_unit(a.unit, e.unit):
        return _converted(a, e)
    # A cheap necessary condition first (most pairs fail here, before any context is looked
    # up): the same significant digits, or the answer's are the evidence's rounded - all but
    # their last digit are the evidence's leading digits.
    a_digits, e_digits = a.digits.rstrip("0"), e.digits.rstrip("0")
    if a_digits != e_digits and not (
        len(a_digits) <= len(e_digits) and e_digits.startswith(a_digits[:-1])
    ):
        return None
    if e.is_year() and "," in a.value.quantity:
        # A bare "2022" (a column's year) is not "$2,022 million" nor "2,022 employees": the
        # answer writes an amount's thousands separator where the evidence writes a year's
        # figure (d783) - the policy's "year_figure" rule, not allowed by default.
        rules.append("year_figure")
    if a.kind in own_rules or e.kind in own_rules:  # a score, an ordinal: its own rule
        rules.extend(r for k, r in own_rules.items() if k == a.kind or k == e.kind)
    if a.negative != e.negative:
        rules.append("sign")
    assert a.figure is not None and e.figure is not None
    declaration = context.declaration if e.magnitude == 0 else None
    # The ways the two may be the same amount, least assuming first.
    candidates: list[tuple[Decimal, Decimal, int, tuple[str, ...]]] = []
    if a.magnitude == e.magnitude:
        if a.magnitude == 0 and declaration is not None and declaration.exponent:
            if question_exponent is not None:
                shift = question_exponent - declaration.exponent
                candidates.append((a.figure, e.figure, shift, ("question_scale", "declared_scale")))
            candidates.append((a.figure, e.figure, 0, ("as_written",)))
        else:
            candidates.append((a.figure, e.figure, 0, ()))
    else:
        candidates.append((a.figure, e.figure, a.magnitude - e.magnitude, ("rescaled",)))
    if e.magnitude == 0 and a.magnitude:
        if declaration is not None:
            candidates.append(
                (a.figure, e.figure, a.magnitude - declaration.exponent, ("declared_scale",))
            )
        else:
            candidates.append((a.figure, e.figure, 0, ("undeclared_scale",)))
    elif e.magnitude == 0 and not a.magnitude and a.decimals == 0:
        # The answer writes the whole amount: "$381,603,000" for 381,603 (in thousands).
        if declaration is not None and declaration.exponent:
            candidates.append((a.figure, e.figure, -declaration.exponent, ("declared_scale",)))
        elif declaration is None and a.figure >= 1000:
            for exponent in (3, 6, 9):
                candidates.append((a.figure, e.figure, -exponent, ("undeclared_scale",)))
    if a.magnitude == 0 and not a.unit and e.magnitude:
        # "12.50" in the answer's working for "12.50 million": the figure as the evidence
        # writes it, without its magnitude word (a unit or currency would claim an amount).
        candidates.append((a.figure, e.figure, 0, ("as_written",)))
    if a.magnitude == 0 and question_exponent is not None and e.magnitude:
        shift = question_exponent - e.magnitude
        candidates.append((a.figure, e.figure, shift, ("question_scale",)))
    best: tuple[str, ...] | None = None
    for mine, theirs, shift, how in candidates:
        # mine x 10^shift == theirs, exactly or after rounding to the answer's precision.
        scaled = mine.scaleb(shift) if shift else mine
        if scaled == theirs:
            found = how
        elif rounds_to(mine, a.decimals, shift, theirs, rounding_min_significant, approximately):
            found = (*how, "rounded")
        elif (
            bound is not None
            and not (a.negative or e.negative)
            # A bound's window is wide: only a value written like the answer's may meet it - a
            # table's bare figure is no "90 days", nor a figure read at a scale it does not
            # write (as written, undeclared, the question's): "not less than 10 directors" is
            # no $10 million.
            and bool(a.unit) == bool(e.unit)
            and not {"as_written", "undeclared_scale", "question_scale"} & set(how)
            and within_bound(mine, a.decimals, shift, theirs, bound)
        ):
            found = (*how, "bound")
        else:
            continue
        if best is None or risk(found) < risk(best):
            best = found
    if best is None:
        return None
    return tuple(dict.fromkeys([*rules, *best]))


def _converted(a: Quantity, e: Quantity) -> tuple[str, ...] | None:
    """A duration or measure in another unit of its family (units.same_in_units)."""
    if a.number is None or e.number is None or a.negative != e.negative:
        return None
    return ("unit_converted",) if same_in_units(a.number, a.unit, e.number, e.unit) else None
