"""Shared building blocks of the gate contracts (input models live next to their gate)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

# Coordinates are integers in the RAGFlow convention but models and OCR emit floats; smart-mode
# unions keep whichever was sent so an accepted evidence is echoed exactly as submitted.
Number = int | float


class InputModel(BaseModel):
    """Base of every input contract: unknown keys are ignored (RAG systems send extras such as
    scores), NaN/Infinity are refused, and nothing is coerced silently from one type to another."""

    model_config = ConfigDict(extra="ignore", allow_inf_nan=False, frozen=True)


class OutputModel(BaseModel):
    model_config = ConfigDict(frozen=True)
