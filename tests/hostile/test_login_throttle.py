"""Login throttling per account as well as per (account, address), time-boxed, sparing the
account's known addresses (groundgate/login_throttle.py; docs/decisions.md, d116).

The actors: Lee, a reviewer who logs in from home (10.0.0.1); Mallory, who guesses Lee's
password from many addresses (10.66.0.x), one or two guesses each to stay under the per-address
limit."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.test import Client

pytestmark = pytest.mark.django_db
PASSWORD = "lees-right-password-1"
HOME, HOTEL = "10.0.0.1", "10.0.0.9"


def login(password: str, address: str):
    return Client().post("/login/", {"username": "lee", "password": password}, REMOTE_ADDR=address)


@pytest.fixture
def lee(settings):
    settings.AXES_FAILURE_LIMIT = 5
    settings.GROUNDGATE_LOGIN_ACCOUNT_FAILURE_LIMIT = 20
    user = get_user_model().objects.create_user("lee", password=PASSWORD)
    assert login(PASSWORD, HOME).status_code == 302  # Lee's home address is now known
    return user


def mallory_guesses(count: int, *, first: int = 0) -> list[int]:
    """Mallory's wrong guesses, two per address: never five from one address."""
    return [login("guess", f"10.66.0.{(first + n) // 2}").status_code for n in range(count)]


def test_one_account_attacked_from_many_addresses_locks(lee):
    statuses = mallory_guesses(20)
    assert statuses[:19] == [200] * 19  # the login form again, with its error
    assert statuses[19] == 429  # the 20th wrong password for the account locks it
    # Now even the right password is refused from an address Lee never logged in from:
    # Mallory cannot keep guessing from fresh addresses, and Lee at a hotel must wait.
    assert login(PASSWORD, "10.66.0.200").status_code == 429
    assert login(PASSWORD, HOTEL).status_code == 429


def test_the_attack_never_locks_lee_out_of_home(lee):
    mallory_guesses(30)
    assert login(PASSWORD, HOME).status_code == 302


def test_the_account_lock_ends_after_the_cool_off_however_long_the_attack_goes_on(lee, settings):
    mallory_guesses(20)
    refused = mallory_guesses(40, first=100)  # Mallory keeps trying during the lock
    assert set(refused) == {429}
    # Refused attempts were not counted: the lock still dates from the 20th failure.
    assert sum(a.failures_since_start for a in AccessAttempt.objects.filter(username="lee")) == 20
    # The cool-off passes (the recorded failures age past it).
    AccessAttempt.objects.update(
        attempt_time=AccessAttempt.objects.first().attempt_time - settings.AXES_COOLOFF_TIME
    )
    assert login(PASSWORD, HOTEL).status_code == 302


def test_the_account_limit_is_configuration(lee, settings):
    settings.GROUNDGATE_LOGIN_ACCOUNT_FAILURE_LIMIT = 3
    assert mallory_guesses(3) == [200, 200, 429]
    assert login(PASSWORD, HOTEL).status_code == 429
