"""Each chunk's document context for answerability-v13 (pipeline/answerability_context.py): the
document's title and the nearest section heading above the chunk, read from the stored chunks'
order (Chunk.ordinal) and text - nothing new is stored, so every existing index has it.

A heading is looked for at most LOOK_BACK chunks above the chunk (a section runs on for a few
pages at most); the title is the document's first chunk's. One query per document met.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from groundgate.documents.chunking import block_view
from groundgate.models import Chunk
from groundgate.pipeline import answerability_context
from groundgate.pipeline.answerability_context import document_contexts, frequent_names, title_of

LOOK_BACK = 40


def contexts_of(chunks: Iterable[Chunk]) -> dict[int, str]:
    """{chunk pk: its context} for `chunks` (any documents; a chunk without a document: none)."""
    wanted: dict[int, list[Chunk]] = defaultdict(list)
    contexts: dict[int, str] = {}
    for chunk in chunks:
        if chunk.document_id is None:
            contexts[chunk.pk] = ""
        else:
            wanted[chunk.document_id].append(chunk)
    for document_id, met in wanted.items():
        low = max(0, min(c.ordinal for c in met) - LOOK_BACK)
        high = max(c.ordinal for c in met)
        rows = list(
            Chunk.objects.filter(document_id=document_id)
            .filter(ordinal__gte=low, ordinal__lte=high)
            .order_by("ordinal", "pk")
            .values_list("pk", "ordinal", "text", "page_index", "metadata")
        )
        # A table's rows read as one block again, as the PDF gives it (d907): a row is no heading.
        texts = [block_view(r[2], r[4]) for r in rows]
        if low == 0:
            first = texts[0] if rows else ""
        else:
            head = (
                Chunk.objects.filter(document_id=document_id)
                .order_by("ordinal", "pk")
                .values_list("text", "metadata")
                .first()
            )
            first = block_view(*head) if head else ""
        # the window's first chunk continues its page unless it is the document's first
        read = document_contexts(
            texts,
            [r[3] for r in rows],
            title_of(first),
            -1 if low == 0 or not rows else rows[0][3],
        )
        share = answerability_context.SUBJECT_SHARE
        if share > 0:  # measured, not adopted (d605)
            names = " ".join(
                frequent_names(
                    list(
                        Chunk.objects.filter(document_id=document_id).values_list("text", flat=True)
                    ),
                    share,
                )
            )
            read = [f"{c}\n{names}" if names else c for c in read]
        by_pk = {r[0]: context for r, context in zip(rows, read, strict=True)}
        for chunk in met:
            contexts[chunk.pk] = by_pk.get(chunk.pk, "")
    return contexts
