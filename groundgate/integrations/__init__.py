"""Bridges to the RAG ecosystem's formats, one folder each. The parsing and conversion modules
here are pure (no Django): services and entry points feed them and store what they return."""
