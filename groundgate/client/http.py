"""GroundGate's REST API from Python: a small, typed, synchronous client (standard library only).

    from groundgate.client import GroundGate

    gg = GroundGate("http://127.0.0.1:8000", token="…", dataset="my-team")
    result = gg.gate({"case_id": "q-17", "question": "…", "raw_chunks": […], "answer": {…}})
    result.passed, result.status, result.finding_codes, result.case_url

Every error answer of the API becomes an exception that says what happened (GroundGateError and
its kinds below), with the API's field errors kept; a server that cannot be reached is a
GroundGateUnreachable. No retries are made: a 429 carries `retry_after` for the caller to honour.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

USER_AGENT = "groundgate-client/1"
ERROR_BODY_LIMIT = 64 * 1024


class GroundGateError(Exception):
    """An error answer of the API: `status` (HTTP), `detail` and the field `errors` it gave."""

    def __init__(self, status: int, detail: str, errors: Sequence[Mapping[str, str]] = ()):
        self.status, self.detail, self.errors = status, detail, list(errors)
        lines = [f"HTTP {status}: {detail}"]
        lines += [f"  {e.get('field', '?')}: {e.get('message', '')}" for e in self.errors[:20]]
        if len(self.errors) > 20:
            lines.append(f"  ... and {len(self.errors) - 20} more")
        super().__init__("\n".join(lines))


class GroundGateUnreachable(GroundGateError):
    """No HTTP answer at all (refused connection, DNS, timeout); `status` is 0."""


class BadRequest(GroundGateError):
    """400: the case (or request) is not valid; `errors` name each field and why."""


class AuthenticationFailed(GroundGateError):
    """401: no token, or a wrong or inactive one."""


class PermissionDenied(GroundGateError):
    """403: the token's user may not do this in this dataset."""


class NotFound(GroundGateError):
    """404: no such dataset or case, or one the token's user is not a member of."""


class Conflict(GroundGateError):
    """409: the case id was submitted before with other content (nothing was changed)."""


class TooLarge(GroundGateError):
    """413: the body or the batch is over the server's limits."""


class RateLimited(GroundGateError):
    """429: too many requests for this token; `retry_after` seconds (None if not said)."""

    retry_after: float | None = None


class ServerError(GroundGateError):
    """5xx: the server failed; the request may be retried later."""


_BY_STATUS: dict[int, type[GroundGateError]] = {
    400: BadRequest,
    401: AuthenticationFailed,
    403: PermissionDenied,
    404: NotFound,
    409: Conflict,
    413: TooLarge,
    429: RateLimited,
}


@dataclass(frozen=True)
class GateResult:
    """One gated, stored case: the verdict (exactly the CLI's JSON), whether the case is new
    (201) or was seen before with the same content (200), and the link to its case page."""

    verdict: dict[str, Any]
    created: bool
    case_url: str | None

    @property
    def status(self) -> str:
        return str(self.verdict.get("status", ""))

    @property
    def passed(self) -> bool:
        return self.status == "ok"

    @property
    def findings(self) -> list[dict[str, Any]]:
        return list(self.verdict.get("findings") or [])

    @property
    def finding_codes(self) -> list[str]:
        return [f["code"] for f in self.findings]


@dataclass(frozen=True)
class BatchItem:
    """One case of a batch: its index, HTTP-like status (201, 200, 400, 409), verdict or errors."""

    index: int
    status: int
    verdict: dict[str, Any] | None
    errors: list[dict[str, str]] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return self.verdict is not None and self.verdict.get("status") == "ok"


class GroundGate:
    """A client of one GroundGate server, with an API token (the admin site's Tokens, or
    `manage.py drf_create_token USER`) and, optionally, the dataset most calls are about."""

    def __init__(
        self, base_url: str, token: str, dataset: str | None = None, *, timeout: float = 30.0
    ):
        if not base_url.startswith(("http://", "https://")):
            raise ValueError(f"base_url must start with http:// or https://, got {base_url!r}")
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.dataset = dataset
        self.timeout = timeout

    # -- gating -----------------------------------------------------------------------------

    def gate(
        self, case: Mapping[str, Any], *, kind: str = "answer", dataset: str | None = None
    ) -> GateResult:
        """Gate one case and store it in the dataset (POST /api/v1/gate/{kind})."""
        status, headers, body = self._call(
            "POST", f"/api/v1/gate/{kind}", params=self._dataset_param(dataset), json_body=case
        )
        return GateResult(
            verdict=json.loads(body), created=status == 201, case_url=headers.get("Location")
        )

    def gate_batch(
        self,
        cases: Iterable[Mapping[str, Any]],
        *,
        kind: str = "answer",
        dataset: str | None = None,
    ) -> list[BatchItem]:
        """Gate up to the server's batch limit (default 100) of cases in one request."""
        _, _, body = self._call(
            "POST",
            f"/api/v1/gate/{kind}/batch",
            params=self._dataset_param(dataset),
            json_body={"cases": list(cases)},
        )
        return [
            BatchItem(r["index"], r["status"], r.get("verdict"), r.get("errors") or [])
            for r in json.loads(body)["results"]
        ]

    # -- reading ----------------------------------------------------------------------------

    def case(self, case_id: int, *, dataset: str | None = None) -> dict[str, Any]:
        """One stored case with its review state (GET …/cases/{id}/)."""
        case: dict[str, Any] = self._get_json(
            f"/api/v1/datasets/{self._slug(dataset)}/cases/{case_id}/"
        )
        return case

    def cases(self, *, dataset: str | None = None, **filters: str) -> Iterator[dict[str, Any]]:
        """Every case of the dataset matching `filters` (the API's query parameters), page by
        page as they are read."""
        path: str | None = f"/api/v1/datasets/{self._slug(dataset)}/cases/"
        params: dict[str, str] | None = dict(filters)
        while path:
            page = self._get_json(path, params)
            yield from page["results"]
            following = page.get("next")
            path, params = (self._relative(following), None) if following else (None, None)

    def datasets(self) -> list[dict[str, Any]]:
        """The datasets the token's user is a member of."""
        page = self._get_json("/api/v1/datasets/")
        return list(page["results"]) if isinstance(page, dict) else list(page)

    # -- plumbing ---------------------------------------------------------------------------

    def _slug(self, dataset: str | None) -> str:
        slug = dataset or self.dataset
        if not slug:
            raise ValueError("no dataset: pass dataset= here or to GroundGate(...)")
        return urllib.parse.quote(slug, safe="")

    def _dataset_param(self, dataset: str | None) -> dict[str, str]:
        slug = dataset or self.dataset
        return {"dataset": slug} if slug else {}

    def _relative(self, url: str) -> str:
        parts = urllib.parse.urlsplit(url)
        return parts.path + ("?" + parts.query if parts.query else "")

    def _get_json(self, path: str, params: Mapping[str, str] | None = None) -> Any:
        return json.loads(self._call("GET", path, params=params)[2])

    def _call(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, str] | None = None,
        json_body: Any = None,
    ) -> tuple[int, dict[str, str], bytes]:
        url = self.base_url + path
        if params:
            url += ("&" if "?" in url else "?") + urllib.parse.urlencode(params)
        data = None
        headers = {
            "Authorization": f"Token {self.token}",
            "Accept": "application/json",
            "User-Agent": USER_AGENT,
        }
        if json_body is not None:
            data = json.dumps(json_body, ensure_ascii=False).encode()
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.status, dict(response.headers.items()), response.read()
        except urllib.error.HTTPError as exc:
            raise _error(exc.code, dict(exc.headers.items()), exc.read(ERROR_BODY_LIMIT)) from None
        except (urllib.error.URLError, OSError) as exc:
            reason = getattr(exc, "reason", exc)
            raise GroundGateUnreachable(0, f"{method} {url}: {reason}") from None


def _error(status: int, headers: Mapping[str, str], body: bytes) -> GroundGateError:
    detail, errors = "", []
    try:
        parsed = json.loads(body)
    except ValueError:
        parsed = None
    if isinstance(parsed, dict):
        detail = str(parsed.get("detail") or "")
        errors = [e for e in parsed.get("errors") or [] if isinstance(e, dict)]
    if not detail:
        detail = body[:300].decode("utf-8", "replace").strip() or "no detail given"
    kind = _BY_STATUS.get(status, ServerError if status >= 500 else GroundGateError)
    error = kind(status, detail, errors)
    if isinstance(error, RateLimited):
        retry = {k.lower(): v for k, v in headers.items()}.get("retry-after")
        try:
            error.retry_after = float(retry) if retry is not None else None
        except ValueError:
            error.retry_after = None
    return error
