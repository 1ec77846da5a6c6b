"""The case's claims reader, one per case (d984; issue 28's speed goal).

The derivations' binding (operands.OperandContext, made by the numbers check) and the context
rule (grounding.context_findings, after it) each read the answer's claims under the policy's
one table reading (gates/answer_reading.table_reading): two ClaimReaders of one text, each
splitting its sentences and finding its citation markers again, and each reading the claims of
a sentence both ask about. A reader is a pure function of its text and settings (its caches are
filled on need, each entry whole), so the last one made is kept and given to the next asking of
the same conclusion and reading: the same claims, read once. One entry: a case's two askings
follow each other; a process gating in threads at worst makes one again.
Pure: no Django, no I/O.
"""

from __future__ import annotations

from functools import lru_cache

from groundgate.engine.context.claims import ClaimReader
from groundgate.engine.context.facts import TableReading


@lru_cache(maxsize=1)
def case_reader(conclusion: str, reading: TableReading) -> ClaimReader:
    """ClaimReader.of(conclusion, reading), the last one kept (d984)."""
    return ClaimReader.of(conclusion, reading)
