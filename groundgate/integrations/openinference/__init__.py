"""OpenInference traces (Arize Phoenix span exports, OTLP JSON) as answer-gate cases."""

from groundgate.integrations.openinference.cases import (
    DEFAULT_CITATION_PATTERN,
    TraceCase,
    TraceProblem,
    traces_to_cases,
)
from groundgate.integrations.openinference.spans import Span, read_spans

__all__ = [
    "DEFAULT_CITATION_PATTERN",
    "Span",
    "TraceCase",
    "TraceProblem",
    "read_spans",
    "traces_to_cases",
]
