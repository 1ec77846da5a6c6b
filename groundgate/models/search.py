from __future__ import annotations

from django.db import models

from groundgate.models.datasets import Dataset


class ChunkIndexState(models.Model):
    """Which version of a dataset's chunks the keyword index holds (rebuilt when it changes)."""

    dataset = models.OneToOneField(
        Dataset, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    version = models.CharField(max_length=64)

    def __str__(self) -> str:
        return f"{self.dataset_id}: {self.version}"


class ChunkEmbedding(models.Model):
    """A text chunk's vector under one embedding model (float32, little-endian, L2-normalised).

    `text_sha256` is the hash of the text that was embedded: a chunk whose text changed is
    embedded again. Written by services.embedding_index only (incremental on ingest; rebuilt by
    `manage.py embed_chunks`)."""

    chunk = models.ForeignKey(
        "groundgate.Chunk", on_delete=models.CASCADE, related_name="embeddings"
    )
    dataset = models.ForeignKey(Dataset, on_delete=models.CASCADE, related_name="+")
    model = models.CharField(max_length=200)
    text_sha256 = models.CharField(max_length=64)
    dim = models.PositiveIntegerField()
    vector = models.BinaryField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["chunk", "model"], name="chunk_embedding_per_model")
        ]
        indexes = [models.Index(fields=["dataset", "model"], name="chunk_embedding_ds_model")]

    def __str__(self) -> str:
        return f"{self.chunk_id} @ {self.model}"
