"""GroundGate's verdicts and reviews as OpenTelemetry GenAI `gen_ai.evaluation.result` events
(OTLP/JSON logs), linked to the imported trace and span when the case came from a trace."""

from groundgate.integrations.otel.evaluations import EVENT_NAME, otlp_logs_stream, record_events

__all__ = ["EVENT_NAME", "otlp_logs_stream", "record_events"]
