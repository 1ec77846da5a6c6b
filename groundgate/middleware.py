"""Refuse bad requests before any view runs; the Content-Security-Policy header, built once.

RejectNulMiddleware: a path or query string that contains a NUL character.

No legitimate URL carries one, and PostgreSQL cannot store or compare it: without this guard a
stray %00 in a query parameter becomes a database error (a 500) instead of bad input (a 400).
"""

from __future__ import annotations

import functools
import ipaddress
from collections.abc import Callable

from csp import middleware as csp_middleware
from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed
from django.db import OperationalError
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.http.response import HttpResponseBase
from django.urls import Resolver404, resolve

from groundgate.envconfig import ProxyNetwork


def client_address(request: HttpRequest) -> str | None:
    """The client's address: REMOTE_ADDR, or, when that is a trusted proxy
    (GROUNDGATE_BEHIND_PROXY), the nearest X-Forwarded-For hop that is not one. Only hops the
    trusted proxies appended are believed, so a client cannot choose the address it is counted
    under (the login throttle: django-axes' AXES_CLIENT_IP_CALLABLE)."""
    remote: str | None = request.META.get("REMOTE_ADDR")
    trusted: tuple[ProxyNetwork, ...] = settings.GROUNDGATE_TRUSTED_PROXIES
    if not trusted or not _is_trusted(remote, trusted):
        return remote
    header: str = request.META.get("HTTP_X_FORWARDED_FOR", "")
    hops = [hop.strip() for hop in header.split(",")]
    for hop in reversed(hops):
        if not hop:
            continue
        try:
            ipaddress.ip_address(hop)
        except ValueError:
            return remote  # garbage in the header: the proxy's own address, as if none
        if not _is_trusted(hop, trusted):
            return hop
    return remote


def _is_trusted(address: str | None, trusted: tuple[ProxyNetwork, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return False
    return any(ip in network for network in trusted)


class RejectNulMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
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

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        declared = request.META.get("CONTENT_LENGTH")
        if not declared and "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower():
            # Django reads a body by its Content-Length only: a chunked one would be read as
            # empty (an import of nothing answering 200). Refused, so no data is lost silently.
            message = (
                "a request body sent with Transfer-Encoding: chunked is not read; "
                "send it with a Content-Length"
            )
            return self._refusal(request, 411, message)
        try:
            length = int(declared or 0)
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
        response = self._refusal(request, 413, message)
        self._discard(request, length, response)
        return response

    @staticmethod
    def _refusal(request: HttpRequest, status: int, message: str) -> HttpResponse:
        if request.path.startswith("/api/"):
            return JsonResponse(
                {"detail": message, "errors": [{"field": "(body)", "message": message}]},
                status=status,
            )
        return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")

    DRAIN_MAX = 64 * 1024 * 1024

    def _discard(self, request: HttpRequest, length: int, response: HttpResponseBase) -> None:
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
    def _view_setting(request: HttpRequest) -> str | None:
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

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not database_busy(exception):
            return None
        if request.path.startswith("/api/"):
            return JsonResponse({"detail": BUSY_MESSAGE}, status=409)
        return HttpResponse(BUSY_MESSAGE, status=409, content_type="text/plain; charset=utf-8")


class ApiJsonErrorsMiddleware:
    """An error page Django renders as HTML on an API path (an address no endpoint has: 404)
    becomes the API's JSON error shape, so a client always parses the same thing."""

    DETAIL = {404: "not found: no API endpoint at this address", 405: "method not allowed"}

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if (
            response.status_code >= 400
            and request.path.startswith("/api/")
            and response.get("Content-Type", "").startswith("text/html")
        ):
            detail = self.DETAIL.get(response.status_code, "internal error")
            if response.status_code < 500 and response.status_code not in self.DETAIL:
                detail = "bad request"
            return JsonResponse({"detail": detail}, status=response.status_code)
        return response


class StoredFileMiddleware:
    """A disk that fails under a page: a full disk answers 507 (nothing was stored), a document
    whose stored file is gone answers 410 (groundgate.services.stored_files); never a 500. The
    API's exception handler does the same for DRF views."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        from django.template.loader import render_to_string

        from groundgate.services.stored_files import DocumentFileMissing, StorageFull

        if not isinstance(exception, StorageFull | DocumentFileMissing):
            return None
        status = 507 if isinstance(exception, StorageFull) else 410
        if request.path.startswith("/api/"):
            return JsonResponse({"detail": exception.message}, status=status)
        context = {"status": status, "message": exception.message}
        return HttpResponse(
            render_to_string("stored_file_error.html", context, request), status=status
        )


class CSPMiddleware(csp_middleware.CSPMiddleware):
    """django-csp's middleware, with the two policy headers built once rather than on every
    response: building them (a dataclass copied with asdict, then each directive joined) was
    ~5% of a gate request's CPU. A response that brings policy parts of its own (django-csp's
    view decorators), a request that used a nonce, and DEBUG's error pages go django-csp's own
    way; the settings are re-read when a test overrides them. The headers are the same."""

    _PARTS = (
        "_csp_config",
        "_csp_update",
        "_csp_replace",
        "_csp_config_ro",
        "_csp_update_ro",
        "_csp_replace_ro",
    )
    _HEADERS = (
        (False, HEADER, "CONTENT_SECURITY_POLICY", "_csp_exempt"),
        (True, HEADER_REPORT_ONLY, "CONTENT_SECURITY_POLICY_REPORT_ONLY", "_csp_exempt_ro"),
    )

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if (
            getattr(request, "_csp_nonce", None) is not None
            or settings.DEBUG
            or any(getattr(response, name, None) is not None for name in self._PARTS)
        ):
            return super().process_response(request, response)
        for report_only, header, setting, exempt in self._HEADERS:
            policy = _csp_policy(report_only)
            if not policy or header in response or getattr(response, exempt, False) is not False:
                continue
            prefixes = (getattr(settings, setting, None) or {}).get("EXCLUDE_URL_PREFIXES") or ()
            if not request.path_info.startswith(tuple(prefixes)):
                response[header] = policy
        # As django-csp does: a nonce asked for after the header was written is an error.
        # (django-csp's own attribute of the request, which Django's stubs do not declare)
        setattr(  # noqa: B010
            request, "csp_nonce", csp_middleware.CheckableLazyObject(self._csp_nonce_post_response)
        )
        return response


@functools.cache
def _csp_policy(report_only: bool) -> str:
    return build_policy(report_only=report_only)


@receiver(setting_changed)
def _csp_settings_changed(*, setting: str, **kwargs: object) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        _csp_policy.cache_clear()
