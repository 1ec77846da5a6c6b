"""Login throttling per account as well as per (account, address): django-axes' handler, plus
a time-boxed account-wide lock that never locks the account's own known addresses.

django-axes locks a (username, address) pair after GROUNDGATE_LOGIN_FAILURE_LIMIT wrong
passwords. Alone, that lets one account be attacked from many addresses: five guesses each. So
the account also counts its failures from every address (those of the last
GROUNDGATE_LOGIN_COOLOFF_MINUTES); past GROUNDGATE_LOGIN_ACCOUNT_FAILURE_LIMIT it is locked for
every address the account has not logged in from (AXES_ACCESS_LOG, the last
GROUNDGATE_LOGIN_KNOWN_ADDRESS_DAYS days). Why it cannot lock the user out for ever
(docs/decisions.md, d116):
- the user's known addresses keep only the per-pair limit, so an attacker elsewhere cannot
  lock them out at all;
- attempts refused during a lock are not counted (AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT
  is off), so the lock ends a cool-off after the failure that started it, however long the
  attack goes on; then it can start again, at most one lock per limit's worth of guesses.
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username
from axes.models import AccessAttempt, AccessLog
from django.conf import settings
from django.db.models import Sum
from django.utils import timezone

if TYPE_CHECKING:
    from django.http import HttpRequest

    class AxesRequest(HttpRequest):
        """A request as django-axes' middleware and handler leave it (axes ships no types)."""

        axes_ip_address: str | None
        axes_locked_out: bool
        axes_credentials: dict[str, Any] | None


def account_failures(*, username: str) -> int:
    """Wrong passwords for `username` from every address within the cool-off."""
    since = timezone.now() - settings.AXES_COOLOFF_TIME
    recent = AccessAttempt.objects.filter(username=username, attempt_time__gte=since)
    return recent.aggregate(total=Sum("failures_since_start"))["total"] or 0


def address_known(*, username: str, address: str | None) -> bool:
    """Whether `username` has logged in from `address` (within the known-address window)."""
    if not address:
        return False
    since = timezone.now() - timedelta(days=settings.GROUNDGATE_LOGIN_KNOWN_ADDRESS_DAYS)
    return bool(
        AccessLog.objects.filter(
            username=username, ip_address=address, attempt_time__gte=since
        ).exists()
    )


def account_locked(*, username: str | None, address: str | None) -> bool:
    """The account-wide lock, for a login of `username` from `address`."""
    if not username:
        return False
    if account_failures(username=username) < settings.GROUNDGATE_LOGIN_ACCOUNT_FAILURE_LIMIT:
        return False
    return not address_known(username=username, address=address)


class AccountThrottleHandler(AxesDatabaseHandler):  # type: ignore[misc]  # axes is untyped
    """axes' database handler (per-pair limit) with the account-wide lock above."""

    def is_locked(self, request: AxesRequest, credentials: dict[str, Any] | None = None) -> bool:
        if super().is_locked(request, credentials):
            return True
        username = get_client_username(request, credentials)
        return account_locked(username=username, address=request.axes_ip_address)

    def user_login_failed(
        self,
        sender: object,
        credentials: dict[str, Any],
        request: AxesRequest | None = None,
        **kwargs: Any,
    ) -> None:
        super().user_login_failed(sender, credentials, request, **kwargs)
        if request is None or getattr(request, "axes_locked_out", False):
            return
        # The failure that reaches the account limit is answered 429 at once, as axes does
        # for the per-pair limit.
        username = get_client_username(request, credentials)
        if account_locked(username=username, address=request.axes_ip_address):
            request.axes_locked_out = True
            request.axes_credentials = credentials
