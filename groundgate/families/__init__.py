"""The Django side of each gate family, found through one registry (house rule 8).

A family is one folder here (groundgate/families/<kind>/: its Family and its case-page partials)
beside its gate in groundgate/engine/gates/<kind>.py. Adding a family: add the gate and its
GateSpec to the engine registry, add a folder here, and list it below; a test checks the two
registries name the same families.
"""

from __future__ import annotations

import json

from groundgate.families import anchored, answer, code, report, synthesis
from groundgate.families.base import Family, never_refused

FAMILIES: dict[str, Family] = {
    f.kind: f
    for f in (answer.FAMILY, anchored.FAMILY, synthesis.FAMILY, report.FAMILY, code.FAMILY)
}

# Each kind in the queue's words (Family.name); the KIND itself is the detail on hover (d390).
KIND_NAMES: dict[str, str] = {kind: family.name for kind, family in FAMILIES.items()}

# Every gate status of every family -> "passed" or "rejected" (statuses are distinct across
# families, which a test checks), for the status badges.
STATUS_TONE: dict[str, str] = {
    status: "passed" if passes else "rejected"
    for family in FAMILIES.values()
    for status, passes in family.statuses.items()
}


# The queue's one status vocabulary across families (each family's own status is the detail).
# Every outcome has a colour and a text label in the queue (static/css/groundgate.css).
PASS, REJECT, NO_EVIDENCE, REFUSED = "pass", "reject", "no_evidence", "refused"
OUTCOMES: dict[str, str] = {
    PASS: "pass",
    REJECT: "reject",
    NO_EVIDENCE: "no evidence",
    REFUSED: "refused",
}


def outcome_of(*, kind: str, status: str, passed: bool, verdict: str | None) -> str:
    """The queue outcome of a gate run ("" for a case not gated yet). `verdict` (the stored
    canonical JSON) is read only for a passing run of a family that can refuse."""
    if not status:
        return ""
    family = FAMILIES.get(kind)
    if family is None:
        return PASS if passed else REJECT
    if passed:
        if verdict and family.refused is not never_refused and family.refused(json.loads(verdict)):
            return REFUSED
        return PASS
    return NO_EVIDENCE if status in family.no_evidence_statuses else REJECT


def get_family(kind: str) -> Family:
    try:
        return FAMILIES[kind]
    except KeyError:
        raise KeyError(
            f"unknown case kind {kind!r}; known: {', '.join(sorted(FAMILIES))}"
        ) from None


__all__ = [
    "FAMILIES",
    "KIND_NAMES",
    "OUTCOMES",
    "STATUS_TONE",
    "Family",
    "get_family",
    "outcome_of",
]
