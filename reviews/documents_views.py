"""Page images with highlights and annotated PDFs. Every lookup is scoped to a dataset the user
is a member of; anything else is 404."""

from __future__ import annotations

import math

from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.http.response import HttpResponseBase
from django.utils.http import content_disposition_header

from groundgate.access import case_for, document_for
from groundgate.selectors.cases import case_current_run
from groundgate.services.rendering import (
    PageNotRendered,
    case_annotated_pdf,
    case_page_highlights,
    page_not_rendered_png,
    page_render,
)
from groundgate.services.untrusted import db_id

DEFAULT_ZOOM = 1.5


@login_required
def page_image(
    request: HttpRequest, slug: str, document_id: int, page_index: int
) -> HttpResponseBase:
    document = document_for(user=request.user, slug=slug, document_id=document_id, ready=True)
    if page_index >= (document.page_count or 0):
        raise Http404("no such page")
    try:
        zoom = float(request.GET.get("zoom", DEFAULT_ZOOM))
    except ValueError:
        return HttpResponseBadRequest("zoom: not a number")
    if not math.isfinite(zoom):
        return HttpResponseBadRequest("zoom: not a number")
    highlights = []
    if request.GET.get("case"):
        case_id = db_id(request.GET["case"])
        if case_id is None:
            return HttpResponseBadRequest("case: not a case id")
        case = case_for(user=request.user, slug=slug, case_id=case_id)
        run = case_current_run(case=case)
        pages = case_page_highlights(case=case, findings=run.findings if run else [])
        highlights = pages.get((document.pk, page_index), [])
    try:
        rendered = page_render(
            document=document, page_index=page_index, zoom=zoom, highlights=highlights
        )
        if isinstance(rendered, bytes):  # the render cache could not be written: uncached
            return HttpResponse(rendered, content_type="image/png")
        try:
            image = rendered.open("rb")
        except FileNotFoundError:  # trimmed from the cache by another worker just now
            rendered = page_render(
                document=document, page_index=page_index, zoom=zoom, highlights=highlights
            )
            if isinstance(rendered, bytes):
                return HttpResponse(rendered, content_type="image/png")
            image = rendered.open("rb")
    except ValueError as exc:
        return HttpResponseBadRequest(str(exc))
    except PageNotRendered as exc:
        # The page is past the render limits (a huge image, say): 422 with an image that says
        # so, which the <img> on the case page shows in place of the page.
        response: HttpResponseBase = HttpResponse(
            page_not_rendered_png(exc),
            content_type="image/png",
            status=422,
        )
        # One line of ASCII: a reason quoting MuPDF could hold a line break or any character.
        header = " ".join(exc.reason.split())[:500].encode("ascii", "replace").decode()
        response["X-GroundGate-Error"] = header
        return response
    response = FileResponse(image, content_type="image/png")
    response["Cache-Control"] = "private, max-age=3600"
    return response


@login_required
def case_annotated(request: HttpRequest, slug: str, case_id: int) -> HttpResponse:
    case = case_for(user=request.user, slug=slug, case_id=case_id)
    run = case_current_run(case=case)
    pdf = case_annotated_pdf(case=case, findings=run.findings if run else [])
    response = HttpResponse(pdf, content_type="application/pdf")
    # Built by Django: quotes are escaped and anything outside printable ASCII goes in
    # filename*= (RFC 6266), so a stored id can never add a header or a second filename.
    disposition = content_disposition_header(True, f"{case.external_id}-annotated.pdf")
    assert disposition is not None  # as an attachment, Django always builds the header
    response["Content-Disposition"] = disposition
    return response
