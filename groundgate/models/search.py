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


class WordVector(models.Model):
    """A word's vector under one model, for answerability-v5's reading by meaning
    (pipeline/answerability_meaning.py): the words of every indexed chunk are embedded once
    (keyed by the model and the word's sha256, like d242's chunk vectors), so a question does
    not embed the words of a chunk it meets first (d484). Not per dataset: a word is the same
    word in every dataset. Written by services.word_vectors only."""

    model = models.CharField(max_length=200)
    text_sha256 = models.CharField(max_length=64)
    text = models.TextField()
    dim = models.PositiveIntegerField()
    vector = models.BinaryField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["model", "text_sha256"], name="word_vector_per_model")
        ]

    def __str__(self) -> str:
        return f"{self.text} @ {self.model}"


class WordIndexState(models.Model):
    """Up to which chunk (pk) a dataset's chunks have had their words stored as WordVector rows
    under `model`: an incremental update reads only the chunks after it (d484)."""

    dataset = models.ForeignKey(Dataset, on_delete=models.CASCADE, related_name="+")
    model = models.CharField(max_length=200)
    last_chunk_pk = models.BigIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["dataset", "model"], name="word_index_per_model")
        ]

    def __str__(self) -> str:
        return f"{self.dataset_id} @ {self.model}: {self.last_chunk_pk}"
