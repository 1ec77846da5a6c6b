"""The gate service's per-token throttle: GROUNDGATE_GATE_RATE requests (`N/s`, `N/min`,
`N/hour`, `N/day`) per API token (a token is one user's: the count is kept per user), on
POST /api/v1/gate/{kind} and its batch, by GateView and the token fast path alike; past it, 429
with Retry-After. Counted in Django's cache: per process with the default local-memory cache, so
a deployment of several processes sets CACHES to a shared cache (Redis, the database) for one
count per token (docs/api.md, "Limits")."""

from __future__ import annotations

from django.conf import settings
from rest_framework.throttling import UserRateThrottle


class GateRateThrottle(UserRateThrottle):
    scope = "gate"

    def get_rate(self) -> str | None:
        # Read per request (not DRF's THROTTLE_RATES at import), so settings changes apply.
        return settings.GROUNDGATE_GATE_RATE or None
