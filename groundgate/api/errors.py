"""One error shape for the API: {"detail": ..., "errors": [{"field": path, "message": ...}]}.

Bad input is never a 500: validation errors are 400 with field paths; unexpected exceptions
are logged and returned as a plain 500 without internals.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.exceptions import (
    PermissionDenied,
    RequestDataTooBig,
    SuspiciousOperation,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.http import Http404
from pydantic import ValidationError as PydanticValidationError
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from groundgate.engine.errors import describe
from groundgate.middleware import BUSY_MESSAGE, database_busy
from groundgate.services.stored_files import DocumentFileMissing, StorageFull

if TYPE_CHECKING:
    from _typeshed import SupportsRead

log = logging.getLogger(__name__)


class UnsupportedFile(exceptions.APIException):
    status_code = status.HTTP_415_UNSUPPORTED_MEDIA_TYPE
    default_detail = "unsupported file type"


class TooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "request too large"


def field_path(prefix: str, path: str) -> str:
    """An error's field under `prefix` ("retrieval_bundle", "results[0].similarity" ->
    "retrieval_bundle.results[0].similarity"); the root of the input is the prefix itself."""
    return f"{prefix}.{path}" if prefix and path != "(root)" else prefix or path


def pydantic_errors(exc: PydanticValidationError, prefix: str = "") -> list[dict[str, str]]:
    return [
        {"field": field_path(prefix, path), "message": message}
        for path, message in describe(exc, limit=50)
    ]


def bad_request(errors: list[dict[str, str]], detail: str = "invalid input") -> Response:
    return Response({"detail": detail, "errors": errors}, status=status.HTTP_400_BAD_REQUEST)


def conflict(errors: list[dict[str, str]]) -> Response:
    """409: the id is already stored with other content; the first error's message is the
    detail."""
    return Response({"detail": errors[0]["message"], "errors": errors}, status=409)


def _flatten(data: object, prefix: str = "") -> list[dict[str, str]]:
    if isinstance(data, dict):
        out: list[dict[str, str]] = []
        for key, value in data.items():
            path = f"{prefix}.{key}" if prefix else str(key)
            out += _flatten(value, "" if key == "non_field_errors" else path)
        return out
    if isinstance(data, list):
        if all(isinstance(item, (str, exceptions.ErrorDetail)) for item in data):
            return [{"field": prefix or "(root)", "message": str(item)} for item in data]
        out = []
        for i, item in enumerate(data):
            out += _flatten(item, f"{prefix}[{i}]")
        return out
    return [{"field": prefix or "(root)", "message": str(data)}]


def read_limited(stream: SupportsRead[bytes]) -> bytes:
    """A raw body parser's read: at most GROUNDGATE_MAX_REQUEST_BYTES (the middleware has already
    refused a longer declared body; this holds even if a server hands over more)."""
    limit = settings.GROUNDGATE_MAX_REQUEST_BYTES
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise TooLarge(f"the request body is over {limit} bytes (GROUNDGATE_MAX_REQUEST_BYTES)")
    return data


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response:
    if isinstance(exc, PydanticValidationError):
        return bad_request(pydantic_errors(exc))
    # Django's own guards on form and multipart bodies: bad input, never a 500.
    if isinstance(exc, RequestDataTooBig):
        exc = TooLarge(
            "the form body is over GROUNDGATE_MAX_REQUEST_BYTES "
            f"({settings.DATA_UPLOAD_MAX_MEMORY_SIZE} bytes)"
        )
    elif isinstance(exc, (TooManyFieldsSent, TooManyFilesSent)):
        exc = TooLarge(str(exc))
    elif isinstance(exc, SuspiciousOperation):
        exc = exceptions.ParseError(str(exc) or "bad request")
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or None)
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or None)
    if database_busy(exc):
        return Response({"detail": BUSY_MESSAGE}, status=status.HTTP_409_CONFLICT)
    if isinstance(exc, StorageFull):
        return Response({"detail": exc.message}, status=status.HTTP_507_INSUFFICIENT_STORAGE)
    if isinstance(exc, DocumentFileMissing):
        return Response({"detail": exc.message}, status=status.HTTP_410_GONE)
    response = drf_exception_handler(exc, context)
    if response is None:
        log.exception("unhandled API error", exc_info=exc)
        return Response({"detail": "internal error"}, status=500)
    if isinstance(exc, exceptions.ValidationError):
        response.data = {"detail": "invalid input", "errors": _flatten(exc.detail)}
    elif isinstance(response.data, dict) and "detail" in response.data:
        response.data = {"detail": str(response.data["detail"])}
    return response
