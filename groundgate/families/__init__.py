"""The Django side of each gate family, found through one registry (house rule 8).

A family is one folder here (groundgate/families/<kind>/: its Family and its case-page partials)
beside its gate in groundgate/engine/gates/<kind>.py. Adding a family: add the gate and its
GateSpec to the engine registry, add a folder here, and list it below; a test checks the two
registries name the same families.
"""

from __future__ import annotations

from groundgate.families import anchored, answer, code, report, synthesis
from groundgate.families.base import Family

FAMILIES: dict[str, Family] = {
    f.kind: f
    for f in (answer.FAMILY, anchored.FAMILY, synthesis.FAMILY, report.FAMILY, code.FAMILY)
}

# Every gate status of every family -> "passed" or "rejected" (statuses are distinct across
# families, which a test checks), for the status badges.
STATUS_TONE: dict[str, str] = {
    status: "passed" if passes else "rejected"
    for family in FAMILIES.values()
    for status, passes in family.statuses.items()
}


def get_family(kind: str) -> Family:
    try:
        return FAMILIES[kind]
    except KeyError:
        raise KeyError(
            f"unknown case kind {kind!r}; known: {', '.join(sorted(FAMILIES))}"
        ) from None


__all__ = ["FAMILIES", "STATUS_TONE", "Family", "get_family"]
