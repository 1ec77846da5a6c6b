"""Logging filters (settings.LOGGING)."""

from __future__ import annotations

import logging


class RefusalOneLine(logging.Filter):
    """A refused request (403: a role that may not do something, a non-member) is an answer, not
    an error: Django logs it on `django.request` with the PermissionDenied's traceback, ~20 lines
    per refusal that read like a crash. Keep the one line ("Forbidden (Permission denied): /d/demo/
    relabel") and drop the traceback; every other record passes unchanged."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", None) == 403:
            record.exc_info = None
            record.exc_text = None
        return True
