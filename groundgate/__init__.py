"""GroundGate: audit whether LLM answers are grounded in the evidence they cite.

This package must stay importable without Django configured: the `groundgate` CLI gates cases
with the pure engine in groundgate.engine and only sets Django up for commands that need the DB.
"""

__version__ = "0.1.0"
