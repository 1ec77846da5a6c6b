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
