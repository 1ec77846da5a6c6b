"""The index keys of the number kinds (count, amount, percent, permille, score, ordinal): a
number is found by its digits (number_grounding's digit index), and besides under these keys - a
measure or duration by its unit's family, so that "2 years" finds "24 months". The count kind
adds its own (a year, a run of digits). Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.units import UNIT_FAMILIES
from groundgate.engine.values.kind import Key
from groundgate.engine.values.quantity import Quantity


def measure_keys(e: Quantity) -> list[Key]:
    """An excerpt number's keys: its unit's family (a measure, a duration), if any."""
    if not e.numeric:
        return []
    family = UNIT_FAMILIES.get(e.unit)
    return [("unit_family", family[0])] if family is not None else []


def measure_query_keys(q: Quantity) -> list[Key]:
    """The keys under which the values that may ground number q are found besides its digits."""
    if q.numeric and q.unit in UNIT_FAMILIES:
        return [("unit_family", UNIT_FAMILIES[q.unit][0])]
    return []
