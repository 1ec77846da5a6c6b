"""GroundGate from Python: the REST client and the helpers that turn a RAG app's retrieved
documents and cited answer into a case (docs/client.md).

    from groundgate.client import GroundGate, answer_case

Standard library only (no Django): an app installs `groundgate` and imports this.
"""

from groundgate.client.cases import answer_case
from groundgate.client.chunks import raw_chunk, raw_chunks
from groundgate.client.http import (
    AuthenticationFailed,
    BadRequest,
    BatchItem,
    Conflict,
    GateResult,
    GroundGate,
    GroundGateError,
    GroundGateUnreachable,
    NotFound,
    PermissionDenied,
    RateLimited,
    ServerError,
    TooLarge,
)

__all__ = [
    "AuthenticationFailed",
    "BadRequest",
    "BatchItem",
    "Conflict",
    "GateResult",
    "GroundGate",
    "GroundGateError",
    "GroundGateUnreachable",
    "NotFound",
    "PermissionDenied",
    "RateLimited",
    "ServerError",
    "TooLarge",
    "answer_case",
    "raw_chunk",
    "raw_chunks",
]
