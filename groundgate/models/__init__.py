"""GroundGate's data model. One module per area; import from here."""

from groundgate.models.cases import Case, CaseKind, GatePolicyRecord, GateRun
from groundgate.models.datasets import Dataset, Membership, Role
from groundgate.models.documents import (
    Chunk,
    ChunkKind,
    Document,
    DocumentKind,
    DocumentStatus,
    Page,
)
from groundgate.models.outbox import OutboxMessage, OutboxState
from groundgate.models.search import ChunkEmbedding, ChunkIndexState, WordIndexState, WordVector
from groundgate.models.webhooks import Webhook, WebhookAttempt, WebhookDelivery

__all__ = [
    "Case",
    "CaseKind",
    "Chunk",
    "ChunkEmbedding",
    "ChunkIndexState",
    "ChunkKind",
    "Dataset",
    "Document",
    "DocumentKind",
    "DocumentStatus",
    "GatePolicyRecord",
    "GateRun",
    "Membership",
    "OutboxMessage",
    "OutboxState",
    "Page",
    "Role",
    "Webhook",
    "WebhookAttempt",
    "WebhookDelivery",
    "WordIndexState",
    "WordVector",
]
