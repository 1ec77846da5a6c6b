"""The dataset's own pages for its documents and its admins' work: the documents and a document's
pages and chunks (every member), uploading a PDF, importing cases (GroundGate JSONL, or a tracing
tool's trace export), downloading an export (admins).
groundgate.access decides every time: 404 for an outsider, 403 for a member whose role may not.
The work itself is the existing services (uploads, imports) and the API's streaming export."""

from __future__ import annotations

import io
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from groundgate.access import Action, dataset_access, dataset_for, document_for
from groundgate.families import FAMILIES
from groundgate.integrations.labelstudio.users import LabelStudioError, LabelStudioUser
from groundgate.integrations.openinference.cases import (
    DEFAULT_CITATION_PATTERN,
    compile_citation_pattern,
)
from groundgate.integrations.openinference.sniff import file_format_guess
from groundgate.integrations.openinference.spans import FORMATS
from groundgate.models import Dataset, Document
from groundgate.services.imports import ImportReport, case_import_lines, import_all_or_nothing
from groundgate.services.trace_imports import (
    TraceFileTooDeep,
    trace_file_import,
)
from groundgate.services.uploads import NotAPdf, document_upload_accept
from reviews.document_page import document_page_context, page_view_context
from reviews.export_formats import EXPORT_FORMATS
from reviews.labelstudio_import import (
    labelstudio_export_parse,
    labelstudio_import,
    labelstudio_users_configured,
)
from reviews.models import Label
from reviews.queue_facets import queue_counts

# The trace formats as the import page names them (the keys are the CLI's and API's --format).
TRACE_FORMATS = {
    "openinference": "Arize Phoenix / OpenInference spans (JSON or JSON Lines)",
    "otlp": "OTLP JSON (OpenInference or OpenTelemetry GenAI attributes)",
    "langsmith": "LangSmith runs (JSON or JSON Lines)",
    "langfuse": "Langfuse trace or observations (JSON)",
}
assert set(TRACE_FORMATS) == set(FORMATS), "every importable format has a name on the page"


@login_required
def document_list(request: HttpRequest, slug: str) -> HttpResponse:
    access = dataset_access(user=request.user, slug=slug)
    documents = (
        Document.objects.filter(dataset=access.dataset)
        .annotate(chunk_count=Count("chunks"))
        .order_by("-created_at", "title")
    )
    return render(
        request,
        "reviews/documents.html",
        {
            "dataset": access.dataset,
            "documents": documents,
            "may_upload": access.may(Action.IMPORT),
            "limit_mb": settings.GROUNDGATE_MAX_UPLOAD_BYTES // (1024 * 1024),
        },
    )


@login_required
@require_POST
def document_upload(request: HttpRequest, slug: str) -> HttpResponse:
    """Store the PDF and queue its ingestion (groundgate.services.uploads); the document's page
    shows it pending and refreshes itself until it is ready."""
    dataset = dataset_for(user=request.user, slug=slug, action=Action.IMPORT)
    back = reverse("reviews:documents", args=[slug])
    upload = request.FILES.get("file")
    limit = settings.GROUNDGATE_MAX_UPLOAD_BYTES
    if upload is None:
        messages.error(request, "Not uploaded: file: choose a PDF file")
        return redirect(back)
    assert upload.size is not None  # an uploaded file's size is always known (upload handlers)
    if upload.size > limit:
        messages.error(request, f"Not uploaded: file: uploads are limited to {limit} bytes")
        return redirect(back)
    try:
        accepted = document_upload_accept(
            dataset=dataset,
            data=upload.read(),
            filename=upload.name or "",
            password=request.POST.get("password") or None,
        )
    except NotAPdf as exc:
        messages.error(request, f"Not uploaded: {exc}")
        return redirect(back)
    document = accepted.document
    if accepted.already:
        messages.info(request, f"{document.title} is already in this dataset.")
    else:
        messages.success(request, f"Uploaded {document.title}; reading its pages.")
    return redirect(reverse("reviews:document", args=[slug, document.pk]))


# RequestBodyLimitMiddleware: this view takes bodies up to the upload limit.
document_upload.max_body_setting = "GROUNDGATE_MAX_UPLOAD_BYTES"  # type: ignore[attr-defined]


@login_required
def document_detail(request: HttpRequest, slug: str, document_id: int) -> HttpResponse:
    document = document_for(user=request.user, slug=slug, document_id=document_id)
    context = document_page_context(document=document, shown=request.GET.get("page"))
    return render(request, "reviews/document_detail.html", context)


@login_required
def document_page(
    request: HttpRequest, slug: str, document_id: int, page_index: int
) -> HttpResponse:
    """One page of a document by itself, full size (the thumbnails' "full size" link)."""
    document = document_for(user=request.user, slug=slug, document_id=document_id, ready=True)
    context = page_view_context(
        document=document, page_index=page_index, zoom=request.GET.get("zoom")
    )
    if context is None:
        raise Http404("no such page")
    return render(request, "reviews/document_page.html", context)


def _import_context(dataset: Dataset) -> dict[str, Any]:
    return {
        "dataset": dataset,
        "kinds": sorted(FAMILIES),
        "limit_mb": settings.GROUNDGATE_MAX_REQUEST_BYTES // (1024 * 1024),
        "trace_formats": list(TRACE_FORMATS.items()),
        "default_pattern": DEFAULT_CITATION_PATTERN,
        # What the person chose, shown again when the import fails (the file must be re-chosen:
        # a browser never pre-fills a file input).
        "kind": "answer",
        "fmt": "openinference",
        "citation_pattern": "",
        # Label Studio's address for the annotators' emails: the configured one, pre-filled.
        "label_studio_url": settings.GROUNDGATE_LABEL_STUDIO_URL,
        "label_studio_configured": settings.GROUNDGATE_LABEL_STUDIO_URL,
    }


def _import_done(
    request: HttpRequest, context: dict[str, Any], report: ImportReport, filename: str, kind: str
) -> HttpResponse:
    """The result page of either import: what was imported, or every problem and nothing."""
    context.update(
        {
            "report": report,
            "result_kind": kind,
            "filename": filename,
            "errors": [(e.line, _without_line(e.line, e.message)) for e in report.errors],
            "statuses": sorted(report.by_status.items()),
        }
    )
    return render(request, "reviews/import.html", context, status=400 if report.errors else 200)


def _without_line(line: int | None, message: str) -> str:
    """The message without its "line N" prefix: the Line column shows it already."""
    for prefix in (f"line {line}: ", f"line {line} "):
        if line and message.startswith(prefix):
            return message[len(prefix) :]
    return message


@login_required
def case_import(request: HttpRequest, slug: str) -> HttpResponse:
    """Import cases from a JSONL file, all or nothing: every line is checked and gated inside one
    transaction, and one bad line (reported with its number and field) rolls it all back, so a
    file is either imported whole or not at all. The result page is the progress report."""
    access = dataset_access(user=request.user, slug=slug, action=Action.IMPORT)
    context = _import_context(access.dataset)
    if request.method != "POST":
        return render(request, "reviews/import.html", context)
    upload = request.FILES.get("file")
    kind = request.POST.get("kind", "answer")
    if kind in FAMILIES:
        context["kind"] = kind
    if upload is None or kind not in FAMILIES:
        field = "file: choose a JSONL file" if upload is None else "kind: not a case kind"
        context.update(failure=field, failed_form="cases")
        return render(request, "reviews/import.html", context, status=400)
    lines = io.BytesIO(upload.read())
    report = import_all_or_nothing(
        lambda: case_import_lines(
            dataset=access.dataset,
            lines=lines,
            kind=kind,
            batch_size=settings.GROUNDGATE_IMPORT_BATCH_SIZE,
        )
    )
    context["failed_form"] = "cases" if report.errors else ""
    return _import_done(request, context, report, upload.name or "", kind)


@login_required
def trace_import(request: HttpRequest, slug: str) -> HttpResponse:
    """Import a tracing tool's export (groundgate.services.trace_imports, the service the CLI's
    `import_traces` and the API use), all or nothing like the JSONL import: one bad span rolls
    back every trace of the file. Errors name the line or place, the trace and the span."""
    dataset = dataset_for(user=request.user, slug=slug, action=Action.IMPORT)
    if request.method != "POST":
        return redirect(reverse("reviews:import", args=[slug]) + "#traces")
    context = _import_context(dataset)
    context["failed_form"] = "traces"
    upload = request.FILES.get("file")
    fmt = request.POST.get("format", "")
    pattern = request.POST.get("citation_pattern", "").strip()
    if fmt in FORMATS:
        context["fmt"] = fmt
    context["citation_pattern"] = pattern
    failure = ""
    if fmt not in FORMATS:
        failure = f"format: one of {', '.join(FORMATS)}"
    elif upload is None:
        failure = "file: choose a trace export file"
    else:
        try:
            compile_citation_pattern(pattern or None)
        except ValueError as exc:
            failure = f"citation pattern: {exc}"
    if failure or upload is None:
        context["failure"] = failure
        return render(request, "reviews/import.html", context, status=400)
    file = upload.file
    assert file is not None  # an uploaded file always holds its data (upload handlers)
    try:
        report = import_all_or_nothing(
            lambda: trace_file_import(
                dataset=dataset,
                file=file,
                fmt=fmt,
                citation_pattern=pattern or None,
                batch_size=settings.GROUNDGATE_IMPORT_BATCH_SIZE,
            )
        )
    except TraceFileTooDeep as exc:  # refused before any parser reads it: nothing imported
        context["failure"] = f"file: {exc}"
        return render(request, "reviews/import.html", context, status=400)
    if report.errors:
        guess = file_format_guess(file)
        if guess is not None and guess != fmt:
            context["format_hint"] = TRACE_FORMATS[guess]
    else:
        context["failed_form"] = ""
    return _import_done(request, context, report, upload.name or "", "answer")


@login_required
def labelstudio_import_page(request: HttpRequest, slug: str) -> HttpResponse:
    """Label Studio's JSON export back as reviews (reviews/labelstudio_import.py, the service of
    `manage.py import_labelstudio`): each annotation saved or refused on its own, the problems
    naming the task and annotation, a second upload of the same file adding nothing. Annotators
    map to GroundGate users by the email the export carries; the others' reviews are by the
    admin who uploads (the page says whose became whose)."""
    dataset = dataset_for(user=request.user, slug=slug, action=Action.IMPORT)
    if request.method != "POST":
        return redirect(reverse("reviews:import", args=[slug]) + "#labelstudio")
    context = _import_context(dataset)
    upload = request.FILES.get("file")
    failure = ""
    if upload is None:
        failure = "file: choose Label Studio's JSON export"
    else:
        try:
            tasks = labelstudio_export_parse(upload.read())
        except ValueError as exc:
            failure = f"file: {exc}"
    address = request.POST.get("label_studio_url", "").strip()
    context["label_studio_url"] = address
    users: dict[int, LabelStudioUser] = {}
    if address and not failure:
        try:
            users = labelstudio_users_configured(address)
        except LabelStudioError as exc:
            failure = f"Label Studio's users: {exc}"
    if failure or upload is None:
        context.update(failure=failure, failed_form="labelstudio")
        return render(request, "reviews/import.html", context, status=400)
    report = labelstudio_import(dataset=dataset, tasks=tasks, reviewer=request.user, users=users)
    context.update(
        labelstudio=report,
        filename=upload.name or "",
        annotator_lines=report.annotator_lines(request.user.get_username()),
    )
    return render(request, "reviews/import.html", context)


@login_required
def export_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The export's choices; the download itself is the API's streaming export (same filters and
    formats, docs/export-schema.md), which asks the access module again."""
    dataset = dataset_for(user=request.user, slug=slug, action=Action.EXPORT)
    return render(
        request,
        "reviews/export.html",
        {
            "dataset": dataset,
            "formats": [(name, fmt.extension) for name, fmt in EXPORT_FORMATS.items()],
            "labels": Label.choices,
            # The codes the dataset's cases have, with their counts (the queue's maintained sums).
            "codes": queue_counts(dataset=dataset)["code"],
            "action": reverse("api:export", args=[slug]),
        },
    )
