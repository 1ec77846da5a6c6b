"""Refuse requests whose path or query string contains a NUL character, before any view runs.

No legitimate URL carries one, and PostgreSQL cannot store or compare it: without this guard a
stray %00 in a query parameter becomes a database error (a 500) instead of bad input (a 400).
"""

from __future__ import annotations

from django.http import HttpResponseBadRequest, JsonResponse


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
