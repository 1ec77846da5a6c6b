"""GroundGate's verdicts and reviews pushed back to Arize Phoenix as span annotations, through
Phoenix's public REST API, on the LLM span of the trace a case was imported from."""

from groundgate.integrations.phoenix.annotations import (
    PhoenixError,
    PushResult,
    push_span_annotations,
    record_annotations,
)

__all__ = ["PhoenixError", "PushResult", "push_span_annotations", "record_annotations"]
