"""The table reading of an answer-gate policy (answer_presets.table_reading), made once per policy
object, not once per case and rule that asks (d631): a policy is a frozen model, so its fields
never change; the policy is kept with its reading, so its id is not reused while kept. A
process makes a few policies; past 64 kept, all are dropped and made again on need.
Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.context.facts import TableReading
from groundgate.engine.gates.answer_case import AnswerGatePolicy
from groundgate.engine.gates.answer_presets import table_reading as read_tables

# id(policy) -> (the policy, its table reading).
_READINGS: dict[int, tuple[AnswerGatePolicy, TableReading]] = {}
_MOST = 64


def table_reading(policy: AnswerGatePolicy) -> TableReading:
    """answer_presets.table_reading(policy), kept for the policy object."""
    kept = _READINGS.get(id(policy))
    if kept is None or kept[0] is not policy:
        if len(_READINGS) >= _MOST:
            _READINGS.clear()
        kept = _READINGS[id(policy)] = (policy, read_tables(policy))
    return kept[1]
