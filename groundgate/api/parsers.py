"""The API's parsers. BoundedJSONParser: DRF's JSON parser, after one check of the nesting depth
with the gate's own limit (GROUNDGATE_CASE_MAX_DEPTH), so a deeply nested body is a 400 naming the
limit on every endpoint, never a RecursionError (a 500) in the parser or in what reads the data
after it. RawBodyParser: the body as bytes, read within the size limit (errors.read_limited), for
the views that parse it themselves (the gate's JSON, JSON lines, OTLP)."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import IO, Any

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import BaseParser, JSONParser

from groundgate.api.errors import read_limited
from groundgate.engine.limits import depth_message, json_too_deep


class BoundedJSONParser(JSONParser):
    def parse(
        self,
        stream: IO[Any] | None,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        data = stream.read() if stream is not None else b""
        limits = settings.GROUNDGATE_CASE_LIMITS
        if json_too_deep(data, limits.max_depth):
            raise ParseError(f"JSON parse error - {depth_message(limits)}")
        return super().parse(io.BytesIO(data), media_type, parser_context)


class RawBodyParser(BaseParser):
    """The body as bytes, unparsed: the view (or the engine) parses it in one pass. Subclasses
    name the media type they accept."""

    media_type = "*/*"

    # The stubs want a mapping; the view reads the bytes itself.
    def parse(  # type: ignore[override]
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> bytes:
        # DRF calls no parser for a request without a body; b"" if one ever does.
        return read_limited(stream) if stream is not None else b""
