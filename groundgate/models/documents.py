from __future__ import annotations

from django.db import models

from groundgate.models.datasets import Dataset


class DocumentKind(models.TextChoices):
    PDF = "pdf", "PDF"
    TEXT = "text", "Text"
    CODE = "code", "Code"


class DocumentStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    READY = "ready", "Ready"
    FAILED = "failed", "Failed"
    NEEDS_PASSWORD = "needs_password", "Needs password"
    NO_TEXT = "no_text", "No text layer"


def document_upload_to(document: Document, filename: str) -> str:
    # Content-addressed: the same file is stored once per dataset whatever it was called.
    return f"documents/{document.dataset.slug}/{document.sha256}/{filename}"


class Document(models.Model):
    dataset = models.ForeignKey(Dataset, on_delete=models.CASCADE, related_name="documents")
    title = models.CharField(max_length=500)
    file = models.FileField(upload_to=document_upload_to, blank=True, max_length=500)
    sha256 = models.CharField(max_length=64)
    kind = models.CharField(max_length=8, choices=DocumentKind.choices, default=DocumentKind.PDF)
    page_count = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(
        max_length=16, choices=DocumentStatus.choices, default=DocumentStatus.PENDING
    )
    error = models.TextField(blank=True)
    warnings = models.JSONField(default=list, blank=True)
    metadata = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["dataset", "sha256"], name="document_once_per_dataset")
        ]
        ordering = ["dataset", "title"]

    def __str__(self) -> str:
        return self.title


class Page(models.Model):
    """One page, in unrotated page space (PDF points); rotation is what the viewer applies."""

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="pages")
    index = models.PositiveIntegerField()  # 0-based
    width = models.FloatField()
    height = models.FloatField()
    rotation = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["document", "index"], name="page_once_per_document")
        ]
        ordering = ["document", "index"]

    def __str__(self) -> str:
        return f"{self.document} p{self.index}"


class ChunkKind(models.TextChoices):
    TEXT = "text", "Text"
    CODE = "code", "Code"


class Chunk(models.Model):
    """A retrievable piece of a document. Coordinates follow the gate contract:
    position_int is a list of [page_number (1-based), x0, x1, top, bottom]; page_index (0-based)
    and bbox [x0, top, x1, bottom] are those of the first rectangle."""

    dataset = models.ForeignKey(Dataset, on_delete=models.CASCADE, related_name="chunks")
    document = models.ForeignKey(
        Document, on_delete=models.CASCADE, related_name="chunks", null=True, blank=True
    )
    chunk_id = models.CharField(max_length=255)
    kind = models.CharField(max_length=8, choices=ChunkKind.choices, default=ChunkKind.TEXT)
    ordinal = models.PositiveIntegerField(default=0)  # reading order within the document
    text = models.TextField()
    page_index = models.PositiveIntegerField(null=True, blank=True)
    bbox = models.JSONField(null=True, blank=True)
    position_int = models.JSONField(default=list, blank=True)
    # Retrieval metadata the R2 contract knows about.
    knowledge_id = models.CharField(max_length=255, blank=True)
    knowledge_type = models.CharField(max_length=64, blank=True)
    # NULL and "" differ here: the R2 contract gives "no equipment" its own meaning.
    equipment_id = models.CharField(max_length=255, null=True, blank=True)  # noqa: DJ001
    event_date = models.DateField(null=True, blank=True)
    source_reference = models.CharField(max_length=500, blank=True)
    # Anything else (code chunks keep file_path, start_line, end_line, source_hash here).
    metadata = models.JSONField(default=dict, blank=True)
    # PDF chunks: [[start, end, x0, top, x1, bottom], ...] per word, so a value's character span
    # maps to its own box on the page (documents.chunking.span_boxes). Empty for other chunks.
    word_boxes = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["dataset", "chunk_id"], name="chunk_id_per_dataset")
        ]
        indexes = [models.Index(fields=["document", "page_index"], name="chunk_doc_page")]
        ordering = ["dataset", "document", "ordinal"]

    def __str__(self) -> str:
        return self.chunk_id
