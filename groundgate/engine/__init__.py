"""The gate engine: a pure library. No Django, no I/O.

Pydantic models in, pydantic models out; the same input and policy give byte-identical
canonical JSON (see canonical.py). Each gate lives in engine/gates/<family>.py and each finding
code is a module-level constant there, so `grep -rn UNGROUNDED_NUMBER groundgate/engine` lands on
the rule that emits it.
"""
