"""OTLP/HTTP trace intake (`POST /v1/traces`): the pure decoding and limits (receiver.py)."""

from groundgate.integrations.otlp.receiver import (
    OtlpRefused,
    OtlpRequest,
    iter_spans,
    otlp_response,
    otlp_trace_request,
)

__all__ = ["OtlpRefused", "OtlpRequest", "iter_spans", "otlp_response", "otlp_trace_request"]
