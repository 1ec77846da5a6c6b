"""Gate raw JSON text: parse, validate, gate, and say what went wrong on bad input.

Shared by the CLI, import_cases and the API so a bad line is reported the same way everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

from pydantic import BaseModel, ValidationError

from groundgate.engine.canonical import canonical_bytes
from groundgate.engine.errors import describe, one_line
from groundgate.engine.limits import (
    DEFAULT_LIMITS,
    CaseLimits,
    check_case_json,
    loads_within_size,
    payload_limits_within,
)
from groundgate.engine.policy import GatePolicy
from groundgate.engine.registry import GateSpec


@dataclass(frozen=True, slots=True)
class BadInput:
    line: int | None
    message: str
    fields: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"error": {"fields": list(self.fields), "line": self.line, "message": self.message}}

    def to_json(self) -> bytes:
        return canonical_bytes(self.as_dict())

    def one_line(self) -> str:
        where = f"line {self.line}: " if self.line is not None else ""
        return where + self.message


@dataclass(frozen=True, slots=True)
class Outcome:
    """One input line's result: a verdict, or the reason it could not be gated."""

    line: int | None
    case: BaseModel | None
    verdict: BaseModel | None
    error: BadInput | None
    passed: bool

    def to_json(self) -> bytes:
        """Canonical JSON bytes, no newline."""
        if self.error is not None:
            return self.error.to_json()
        return canonical_bytes(self.verdict)


class ParsedPayload(NamedTuple):
    """parse_case_payload's answer: the case and its JSON payload, or the error. `finite`: the
    payload was parsed by orjson, which refuses NaN, Infinity and numbers too large for a
    float, so it holds none (its digest needs no walk to check); False says nothing either way
    (the exact path's parser reads "1e400" as Infinity in a key the model ignores)."""

    case: Any
    payload: Any
    error: BadInput | None
    finite: bool = False


def parse_case_payload(
    spec: GateSpec,
    text: str | bytes,
    line: int | None = None,
    limits: CaseLimits = DEFAULT_LIMITS,
) -> ParsedPayload:
    """(case, payload, None, finite) or (None, None, BadInput, False).

    The one validation of untrusted case JSON, shared by the CLI, import_cases and the API: the
    limits and the NaN/Infinity check (engine/limits.py) run first, on the raw JSON, so they see
    keys the gate ignores; then the family's input model.

    Most cases take a fast path: the JSON is parsed once (orjson), the limit walk
    (limits.payload_limits_within) and the input model run on that payload, which costs less
    than parsing the text again. For the JSON a payload from loads_within_size can hold (no
    integers beyond 64 bits, no NaN, no bytes, no tuples), pydantic's Python and JSON modes
    accept the same inputs and give the same values (tests/engine/test_runner_fast_path.py).
    Any case the fast path refuses, or the model refuses, goes the exact way
    (parse_case_payload_exact), so an error names the same field with the same message as
    ever."""
    parsed = loads_within_size(text, limits)
    if parsed is not None:
        payload, size = parsed
        if payload_limits_within(payload, size, limits):
            try:
                return ParsedPayload(spec.input_model.model_validate(payload), payload, None, True)
            except ValidationError:
                pass  # the exact path names the field
    return parse_case_payload_exact(spec, text, line, limits)


def parse_case_payload_exact(
    spec: GateSpec,
    text: str | bytes,
    line: int | None = None,
    limits: CaseLimits = DEFAULT_LIMITS,
) -> ParsedPayload:
    """parse_case_payload without its fast path: the limits with field paths (check_case_json),
    then the input model on the JSON text, whose errors the user sees."""
    payload, problem = check_case_json(text, limits)
    if problem is not None:
        error = BadInput(line, f"{problem.field}: {problem.message}", (problem.field,))
        return ParsedPayload(None, None, error)
    try:
        return ParsedPayload(spec.input_model.model_validate_json(text), payload, None)
    except ValidationError as exc:
        fields = tuple(path for path, _ in describe(exc))
        return ParsedPayload(None, None, BadInput(line, one_line(exc), fields))


def parse_case(
    spec: GateSpec, text: str | bytes, line: int | None = None, limits: CaseLimits = DEFAULT_LIMITS
) -> tuple[BaseModel | None, BadInput | None]:
    """(case, None) or (None, BadInput)."""
    case, _, error, _ = parse_case_payload(spec, text, line, limits)
    return case, error


def gate_text(
    spec: GateSpec,
    text: str | bytes,
    policy: GatePolicy,
    line: int | None = None,
    limits: CaseLimits = DEFAULT_LIMITS,
) -> Outcome:
    case, error = parse_case(spec, text, line, limits)
    if error is not None:
        return Outcome(line, None, None, error, False)
    verdict = spec.run(case, policy)
    return Outcome(line, case, verdict, None, spec.passed(verdict))


def gate_lines(
    spec: GateSpec,
    lines: Iterable[str | bytes],
    policy: GatePolicy,
    limits: CaseLimits = DEFAULT_LIMITS,
) -> Iterator[Outcome]:
    """Gate a JSONL stream. Blank lines are skipped; numbering is 1-based over physical lines."""
    for number, text in enumerate(lines, start=1):
        # Blank: what strip() would empty, tested without copying the line.
        if not text or text.isspace():
            continue
        yield gate_text(spec, text, policy, number, limits)
