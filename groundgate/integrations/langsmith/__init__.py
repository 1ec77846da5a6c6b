"""LangSmith run exports as spans for the trace importer (`--format langsmith`)."""

from groundgate.integrations.langsmith.runs import langsmith_spans

__all__ = ["langsmith_spans"]
