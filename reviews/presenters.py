"""Turn stored verdicts into what templates draw. Findings carry their own spans; this only cuts
the text at those spans (rule 5 of the house plan: the UI never re-derives a finding)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass


@dataclass(frozen=True)
class Segment:
    text: str
    finding_ids: tuple[int, ...] = ()
    codes: tuple[str, ...] = ()


def highlight_segments(text: str, findings: list[dict], field: str) -> list[Segment]:
    """Cut `text` into segments; each covered by the findings whose span lies in `field`."""
    spans = [
        (i, f["span"][0], f["span"][1], f["code"])
        for i, f in enumerate(findings)
        if f.get("field") == field and f.get("span")
    ]
    if not spans:
        return [Segment(text)]
    cuts = sorted({0, len(text), *[s for _, s, _, _ in spans], *[e for _, _, e, _ in spans]})
    segments = []
    for start, end in itertools.pairwise(cuts):
        if start >= end:
            continue
        covering = [(i, code) for i, s, e, code in spans if s <= start and end <= e]
        segments.append(
            Segment(
                text[start:end],
                tuple(i for i, _ in covering),
                tuple(sorted({code for _, code in covering})),
            )
        )
    return segments


def evidence_rows(payload: dict, findings: list[dict]) -> list[dict]:
    """Each cited evidence with the findings that concern it and whether the gate accepted it."""
    evidences = (payload.get("answer") or {}).get("evidences") or []
    rows = []
    for index, evidence in enumerate(evidences):
        concerning = [f for f in findings if f.get("evidence_index") == index]
        rows.append(
            {
                "index": index,
                "evidence": evidence,
                "findings": concerning,
                "accepted": not concerning,
            }
        )
    return rows
