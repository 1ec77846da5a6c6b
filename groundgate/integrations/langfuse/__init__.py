"""Langfuse observation exports as spans for the trace importer (`--format langfuse`)."""

from groundgate.integrations.langfuse.observations import langfuse_spans

__all__ = ["langfuse_spans"]
