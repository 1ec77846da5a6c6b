"""Export records as Phoenix span annotations, and their push through Phoenix's REST API
(`POST /v1/span_annotations`). No Django: the command is push_phoenix.

Per case imported from a trace (its payload's `trace` gives the LLM span), on that span:
- `groundgate.<gate>` (annotator CODE): label the current verdict's status, score 1 passed /
  0 not, explanation the finding codes, metadata the case's id, page and gate version;
- `groundgate.review` (HUMAN), one per reviewer (their newest review): label, score 1 / 0.5 / 0
  for grounded / partially / not grounded, explanation the comment;
- `groundgate.final_label` (HUMAN), when an admin relabelled the case.
Each carries an `identifier` (Phoenix upserts on name, span and identifier), so pushing again
replaces what was pushed before: a verdict gated again, a reviewer's newer review. A case that
did not come from a trace has no span to annotate and is counted, not sent.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from groundgate.integrations.otel.evaluations import LABEL_SCORES, _answer, _trace_link, _verdict

BATCH = 100  # annotations per request
MAX_RESPONSE_BYTES = 4 * 1024 * 1024


class PhoenixError(Exception):
    """Phoenix could not be asked (unreachable, refused the key, answered nonsense)."""


@dataclass
class PushResult:
    sent: int = 0  # annotations Phoenix stored
    cases: int = 0  # cases with a span to annotate
    without_span: int = 0  # cases not imported from a trace
    problems: list[str] = field(default_factory=list)


def _metadata(record: dict[str, Any], case_url: str) -> dict[str, Any]:
    case = record.get("case") or {}
    return {
        "groundgate.case.id": case.get("id"),
        "groundgate.case.external_id": case.get("external_id"),
        "groundgate.dataset": case.get("dataset"),
        "groundgate.case_url": case_url or None,
    }


def record_annotations(record: dict[str, Any], *, case_url: str = "") -> list[dict[str, Any]]:
    """Phoenix's SpanAnnotationData objects for one export record ([] without a span)."""
    span_id = _trace_link(_answer(record)).get("spanId")
    if not span_id:
        return []
    meta = _metadata(record, case_url)
    out: list[dict[str, Any]] = []
    runs = record.get("gate_runs") or []
    if runs:
        run = runs[-1]
        findings = (_verdict(record, run) or {}).get("findings") or []
        codes = sorted({f.get("code", "") for f in findings})
        out.append(
            {
                "span_id": span_id,
                "name": f"groundgate.{run.get('gate')}",
                "annotator_kind": "CODE",
                "identifier": "groundgate",
                "result": {
                    "label": str(run.get("status", "")).lower(),
                    "score": 1.0 if run.get("passed") else 0.0,
                    "explanation": "findings: " + ", ".join(codes) if codes else "no findings",
                },
                "metadata": meta
                | {
                    "groundgate.gate_run.id": run.get("id"),
                    "groundgate.gate.version": run.get("gate_version"),
                    "groundgate.policy.sha256": run.get("policy_sha256"),
                },
            }
        )
    newest: dict[str, dict[str, Any]] = {}
    for review in record.get("reviews") or []:  # oldest first: the last one per reviewer wins
        newest[str(review.get("reviewer") or "")] = review
    for reviewer, review in newest.items():
        out.append(
            {
                "span_id": span_id,
                "name": "groundgate.review",
                "annotator_kind": "HUMAN",
                "identifier": f"groundgate-reviewer-{reviewer}",
                "result": {
                    "label": review.get("label"),
                    "score": LABEL_SCORES.get(review.get("label", "")),
                    "explanation": review.get("comment") or None,
                },
                "metadata": meta
                | {"groundgate.reviewer": reviewer, "groundgate.review.id": review.get("id")},
            }
        )
    relabels = record.get("relabels") or []
    if relabels:
        last = relabels[-1]
        out.append(
            {
                "span_id": span_id,
                "name": "groundgate.final_label",
                "annotator_kind": "HUMAN",
                "identifier": "groundgate",
                "result": {
                    "label": last.get("to_label"),
                    "score": LABEL_SCORES.get(last.get("to_label", "")),
                    "explanation": last.get("reason") or None,
                },
                "metadata": meta | {"groundgate.admin": last.get("admin")},
            }
        )
    return out


def _post(url: str, body: dict[str, Any], api_key: str, timeout: float) -> tuple[int, str]:
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if api_key:
        headers["Authorization"] = f"Bearer {api_key}"
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers=headers, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.read(MAX_RESPONSE_BYTES).decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read(MAX_RESPONSE_BYTES).decode("utf-8", "replace")
    except (urllib.error.URLError, OSError) as exc:
        raise PhoenixError(f"{url}: cannot connect: {getattr(exc, 'reason', exc)}") from None


def _send(
    url: str, batch: Sequence[dict[str, Any]], api_key: str, timeout: float, result: PushResult
) -> None:
    status, text = _post(url, {"data": list(batch)}, api_key, timeout)
    if status in (200, 201):
        result.sent += len(batch)
        return
    if status in (401, 403):
        raise PhoenixError(f"{url}: HTTP {status} (check PHOENIX_API_KEY)")
    if status == 404 and len(batch) > 1:  # some span is not in Phoenix: find which, one by one
        for one in batch:
            _send(url, [one], api_key, timeout, result)
        return
    if status in (404, 422):
        span = batch[0]["span_id"] if len(batch) == 1 else "?"
        result.problems.append(f"span {span}: Phoenix answered {status}: {text[:300]}")
        return
    raise PhoenixError(f"{url}: HTTP {status}: {text[:300]}")


def push_span_annotations(
    base_url: str,
    records: Iterable[tuple[dict[str, Any], str]],
    *,
    api_key: str = "",
    timeout: float = 60,
) -> PushResult:
    """Push the annotations of (record, case URL) pairs to the Phoenix at `base_url`, BATCH at a
    time, synchronously (Phoenix says which span it does not know). Raises PhoenixError when
    Phoenix cannot be reached or refuses the key; a span Phoenix does not have is a problem."""
    parts = urllib.parse.urlsplit(base_url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise PhoenixError(f"{base_url!r}: not an http(s) address of Phoenix")
    url = base_url.rstrip("/") + "/v1/span_annotations?sync=true"
    result = PushResult()
    batch: list[dict[str, Any]] = []
    for record, case_url in records:
        annotations = record_annotations(record, case_url=case_url)
        if not annotations:
            result.without_span += 1
            continue
        result.cases += 1
        batch.extend(annotations)
        if len(batch) >= BATCH:
            _send(url, batch, api_key, timeout, result)
            batch = []
    if batch:
        _send(url, batch, api_key, timeout, result)
    return result
