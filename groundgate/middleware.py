"""Refuse bad requests before any view runs.

RejectNulMiddleware: a path or query string that contains a NUL character.

No legitimate URL carries one, and PostgreSQL cannot store or compare it: without this guard a
stray %00 in a query parameter becomes a database error (a 500) instead of bad input (a 400).
"""

from __future__ import annotations

from django.conf import settings
from django.db import OperationalError
from django.http import HttpResponse, HttpResponseBadRequest, JsonResponse
from django.urls import Resolver404, resolve


class RejectNulMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path or any(
            "\x00" in key or any("\x00" in v for v in values) for key, values in request.GET.lists()
        ):
            message = "the URL contains a NUL character (%00)"
            if request.path.startswith("/api/"):
                return JsonResponse(
                    {"detail": message, "errors": [{"field": "(url)", "message": message}]},
                    status=400,
                )
            return HttpResponseBadRequest(message)
        return self.get_response(request)


class RequestBodyLimitMiddleware:
    """413 for a request body over its limit, before any view, parser or other middleware reads
    it (CSRF reads a form body; DRF's raw parsers read any size).

    The limit is GROUNDGATE_MAX_REQUEST_BYTES; a view may allow more by naming another setting in
    `max_body_setting` (the PDF upload: GROUNDGATE_MAX_UPLOAD_BYTES, plus room for the multipart
    envelope). A body without Content-Length is never read by Django's WSGI handler, so the
    declared length is what counts."""

    ENVELOPE = 64 * 1024

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        limit, setting = settings.GROUNDGATE_MAX_REQUEST_BYTES, "GROUNDGATE_MAX_REQUEST_BYTES"
        if length > limit:
            view_setting = self._view_setting(request)
            if view_setting:
                limit, setting = getattr(settings, view_setting) + self.ENVELOPE, view_setting
        if length <= limit:
            return self.get_response(request)
        message = f"the request body is {length} bytes; at most {limit} are accepted ({setting})"
        if request.path.startswith("/api/"):
            response = JsonResponse(
                {"detail": message, "errors": [{"field": "(body)", "message": message}]},
                status=413,
            )
        else:
            response = HttpResponse(message, status=413, content_type="text/plain; charset=utf-8")
        self._discard(request, length, response)
        return response

    DRAIN_MAX = 64 * 1024 * 1024

    def _discard(self, request, length: int, response) -> None:
        """Read and drop a moderately oversized body (at most DRAIN_MAX bytes, in small pieces,
        never kept) so the client, still sending, reads the 413 instead of a reset connection;
        a larger one is not worth reading: the connection is closed on it."""
        if length > self.DRAIN_MAX:
            response["Connection"] = "close"
            return
        stream = request.META.get("wsgi.input")
        left = length
        try:
            while left > 0 and stream is not None:
                piece = stream.read(min(left, 64 * 1024))
                if not piece:
                    break
                left -= len(piece)
        except OSError:
            response["Connection"] = "close"

    @staticmethod
    def _view_setting(request) -> str | None:
        try:
            match = resolve(request.path_info)
        except Resolver404:
            return None
        # A class-based view names it on its class; a function view on itself.
        view = (
            getattr(match.func, "cls", None)
            or getattr(match.func, "view_class", None)
            or match.func
        )
        return getattr(view, "max_body_setting", None)


def database_busy(exc: BaseException) -> bool:
    """SQLite's "database is locked" once the busy timeout has run out: a contended write, not a
    bug. (With IMMEDIATE transactions and the 20 s timeout it takes a writer stuck for 20 s.)"""
    return isinstance(exc, OperationalError) and "database is locked" in str(exc)


BUSY_MESSAGE = "the database is busy with other writes; nothing was saved, try again"


class DatabaseBusyMiddleware:
    """A write that could not get the database lock in time answers 409 (nothing was saved),
    never a 500. The API's exception handler does the same for DRF views."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not database_busy(exception):
            return None
        if request.path.startswith("/api/"):
            return JsonResponse({"detail": BUSY_MESSAGE}, status=409)
        return HttpResponse(BUSY_MESSAGE, status=409, content_type="text/plain; charset=utf-8")
