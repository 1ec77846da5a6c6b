"""Shared building blocks of the gate contracts (input models live next to their gate)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict
from pydantic_core import PydanticCustomError


def json_number(value: Any) -> Any:
    """Policy input-numbers/1 (docs/decisions.md, d238): a number field takes a JSON
    number, as the published schema says ("type": "integer"/"number"), never a boolean or a
    string, which pydantic's lax mode would turn into one (`"page_index": true` was page 1). A
    whole float stays an integer, as JSON Schema reads 2.0 (an integer with a zero fraction)."""
    if isinstance(value, bool):
        raise PydanticCustomError("json_number", "a number is expected, not true/false")
    if isinstance(value, str):
        raise PydanticCustomError("json_number", "a number is expected, not a string")
    return value


# An integer field of an input model (a page index, a line number): a JSON number, no bool.
Int = Annotated[int, BeforeValidator(json_number)]
# Coordinates are integers in the RAGFlow convention but models and OCR emit floats; smart-mode
# unions keep whichever was sent so an accepted evidence is echoed exactly as submitted.
Number = Annotated[int | float, BeforeValidator(json_number)]


class InputModel(BaseModel):
    """Base of every input contract: unknown keys are ignored (RAG systems send extras such as
    scores), NaN/Infinity are refused, and nothing is coerced silently from one type to another."""

    model_config = ConfigDict(extra="ignore", allow_inf_nan=False, frozen=True)


class OutputModel(BaseModel):
    model_config = ConfigDict(frozen=True)
