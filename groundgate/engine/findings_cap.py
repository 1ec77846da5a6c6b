"""The cap on findings that every family's verdict goes through (GateSpec.run).

It shapes the verdict, so it is a constant of the engine and not configuration, unlike the input
limits in engine/limits.py (docs/limits.md, d91). Pure: no Django.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from groundgate.engine.findings import Finding

# A verdict lists at most this many findings; past it, the last slot is one summary finding that
# counts the rest by code. The status is decided on every finding before the cap is applied.
MAX_FINDINGS = 1000
FINDINGS_TRUNCATED = "FINDINGS_TRUNCATED"


def cap_findings(verdict: BaseModel) -> BaseModel:
    findings = getattr(verdict, "findings", None)
    if findings is None or len(findings) <= MAX_FINDINGS:
        return verdict
    kept = findings[: MAX_FINDINGS - 1]
    rest_findings = findings[MAX_FINDINGS - 1 :]
    rest = Counter(f.code for f in rest_findings)
    counts = ", ".join(f"{code} x{n}" for code, n in sorted(rest.items()))
    summary = Finding(
        code=FINDINGS_TRUNCATED,
        message=(
            f"{len(findings) - len(kept)} more findings are not listed "
            f"(a verdict lists at most {MAX_FINDINGS}): {counts}"
        ),
        severity="error"
        if any(f.severity == "error" for f in findings[len(kept) :])
        else "warning",
    )
    return verdict.model_copy(update={"findings": [*kept, summary]})


def capped(
    run: Callable[[Any, Any], BaseModel],
) -> Callable[[Any, Any], BaseModel]:
    """Wrap a family's gate function so its verdict goes through the findings cap."""

    def run_capped(case: Any, policy: Any) -> BaseModel:
        return cap_findings(run(case, policy))

    run_capped.__name__ = getattr(run, "__name__", "run")
    run_capped.__wrapped__ = run  # type: ignore[attr-defined]
    return run_capped
