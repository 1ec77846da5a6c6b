"""A Chinese table's declared scale, dropped by the answer (policy yuan_scales
"declared_tables", gate 2.52.0, d710).

Under "单位：万元" the cell 12,345.67 is 123,456,700 元. An answer that says "12,345.67元"
states it ten thousand times too small, and one that says "约1.23万元" reads the bare figure as
元 before rescaling it; both grounded (the equivalences `as_written`, the figure as the evidence
writes it, and `rescaled`, the same figure at another magnitude), because in English "$12,345"
for a table "(in thousands)" is how people quote a figure. A Chinese answer names the unit it
means: here a value of a Chinese clause grounded only so, by a figure with no magnitude of its
own whose excerpt (or chunk) declares a Chinese scale of 千元 or more and none of 元, is a scale
slip: UNGROUNDED_NUMBER with the cell as its near match. `as_written` counts only where the
answer writes 元 right after the figure ("12,345.67元"; a bare "12,345.67" in the answer's
working is the figure as written). Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from groundgate.engine.context.rounded_cells import said_in_chinese
from groundgate.engine.declarations import declarations
from groundgate.engine.findings import Finding, NearMatch, NumberFinding
from groundgate.engine.numbers import NumericValue, extract_numbers
from groundgate.engine.values.typed import typed

if TYPE_CHECKING:
    from groundgate.engine.gates.answer_case import Evidence, RawChunk

UNGROUNDED_NUMBER = "UNGROUNDED_NUMBER"
_GROUNDED = "NUMBER_EQUIVALENT"
_SCALE_WORDS = {3: "千元", 4: "万元", 6: "百万元", 8: "亿元"}
_YUAN_AFTER = re.compile(r"\s?元")


def yuan_scale_findings(
    conclusion: str,
    accepted: Sequence[tuple[int, Evidence]],
    number_findings: Sequence[Finding],
    located: dict[int, tuple[RawChunk, int]] | None = None,
) -> list[Finding]:
    """UNGROUNDED_NUMBER findings for the values of a Chinese clause grounded by a figure of a
    table in 千元/万元/亿元 read without that scale (module doc). Pure."""
    out: list[Finding] = []
    for finding in number_findings:
        if finding.code != _GROUNDED or finding.span is None:
            continue
        rules = set(getattr(finding, "rules", None) or ())
        source = getattr(finding, "grounded_by", None)
        if source is None or "declared_scale" in rules or not rules & {"as_written", "rescaled"}:
            continue
        start, end = finding.span
        if not said_in_chinese(conclusion, start):
            continue
        value = extract_numbers(conclusion[start:end])
        if not value:
            continue
        said = typed(value[0])
        if "as_written" in rules and (said.magnitude or not _said_in_yuan(conclusion, end, value)):
            continue
        theirs = extract_numbers(source.text)
        if not theirs or typed(theirs[0]).magnitude:
            continue  # the figure has its own magnitude ("12.3亿"): rescaled rightly
        exponent = _declared(source.evidence_index, source.chunk_id, accepted, located)
        if exponent:
            out.append(_finding(finding, source, exponent))
    return out


def _said_in_yuan(conclusion: str, end: int, value: list[NumericValue]) -> bool:
    """Whether the answer writes 元 right after the figure, no scale word between."""
    return value[0].unit == "元" or _YUAN_AFTER.match(conclusion, end) is not None


def _declared(
    index: int | None,
    chunk_id: str | None,
    accepted: Sequence[tuple[int, Evidence]],
    located: dict[int, tuple[RawChunk, int]] | None,
) -> int:
    """The Chinese scale (exponent >= 3) the evidence's excerpt, else its chunk, declares, when
    it declares no other; 0 else."""
    texts = [ev.excerpt for i, ev in accepted if i == index]
    if located and index in located:
        texts.append(located[index][0].text)
    for text in texts:
        found = {d.exponent for d in declarations(text, chunk_id or "") if d.unit == "CNY"}
        if found:
            return next(iter(found)) if len(found) == 1 and min(found) >= 3 else 0
    return 0


def _finding(finding: Finding, source: object, exponent: int) -> Finding:
    text = getattr(source, "text", "")
    scale = _SCALE_WORDS.get(exponent, f"10^{exponent} 元")
    detail = (
        f"{text} is in a table of {scale} (单位：{scale}); the answer reads it without that scale"
    )
    value = finding.value or ""
    return NumberFinding(
        code=UNGROUNDED_NUMBER,
        message=f"{value!r} is a scale slip: {detail}",
        field=finding.field,
        span=finding.span,
        value=value,
        evidence_index=getattr(source, "evidence_index", None),
        chunk_id=getattr(source, "chunk_id", None),
        chunk_span=getattr(source, "chunk_span", None),
        near_match=NearMatch(
            text=text,
            evidence_index=getattr(source, "evidence_index", None),
            span=getattr(source, "span", None),
            chunk_id=getattr(source, "chunk_id", None),
            chunk_span=getattr(source, "chunk_span", None),
            reason="wrong_scale",
            detail=detail,
        ),
    )
