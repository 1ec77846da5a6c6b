"""Behind a reverse proxy (GROUNDGATE_BEHIND_PROXY names it), the login throttle counts the
client's address from X-Forwarded-For, not the proxy's: five wrong passwords from one client do
not lock the account for everyone behind the same proxy. A client that does not come through
the proxy cannot choose its address with the header. Bad values of the setting refuse to start."""

from __future__ import annotations

import ipaddress

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ImproperlyConfigured
from django.test import Client

from groundgate.envconfig import env_proxies

pytestmark = pytest.mark.django_db
PASSWORD = "lees-right-password-1"
PROXY = "127.0.0.1"


def login(password: str, *, via: str, forwarded_for: str | None = None) -> int:
    extra = {"HTTP_X_FORWARDED_FOR": forwarded_for} if forwarded_for else {}
    response = Client().post(
        "/login/", {"username": "lee", "password": password}, REMOTE_ADDR=via, **extra
    )
    return response.status_code


@pytest.fixture
def lee(settings):
    settings.AXES_FAILURE_LIMIT = 5
    settings.GROUNDGATE_TRUSTED_PROXIES = (ipaddress.ip_network(PROXY),)
    return get_user_model().objects.create_user("lee", password=PASSWORD)


def test_one_clients_wrong_passwords_do_not_lock_the_others_behind_the_proxy(lee):
    statuses = [login("guess", via=PROXY, forwarded_for="203.0.113.7") for _ in range(6)]
    assert statuses[-1] == 429  # that client is locked
    # Lee, behind the same proxy, from another address: not locked.
    assert login(PASSWORD, via=PROXY, forwarded_for="198.51.100.20") == 302
    # The proxy's hop is the last one; earlier ones are the client's claims, not believed.
    assert login(PASSWORD, via=PROXY, forwarded_for="10.9.9.9, 203.0.113.7") == 429


def test_without_the_setting_everyone_behind_the_proxy_shares_one_address(lee, settings):
    settings.GROUNDGATE_TRUSTED_PROXIES = ()
    for _ in range(6):
        login("guess", via=PROXY, forwarded_for="203.0.113.7")
    assert login(PASSWORD, via=PROXY, forwarded_for="198.51.100.20") == 429  # the old fault


def test_a_client_not_coming_through_the_proxy_cannot_choose_its_address(lee):
    for n in range(6):  # a fresh forged address each time: still one client
        login("guess", via="192.0.2.50", forwarded_for=f"10.66.0.{n}")
    assert login(PASSWORD, via="192.0.2.50", forwarded_for="10.0.0.1") == 429


@pytest.mark.parametrize(
    ("raw", "message"),
    [("1", "not on/off"), ("true", "not on/off"), ("proxy.local", "'proxy.local' is not one")],
)
def test_bad_values_refuse_to_start(monkeypatch, raw, message):
    monkeypatch.setenv("GROUNDGATE_BEHIND_PROXY", raw)
    with pytest.raises(ImproperlyConfigured, match=message):
        env_proxies("GROUNDGATE_BEHIND_PROXY")


def test_good_values(monkeypatch):
    monkeypatch.setenv("GROUNDGATE_BEHIND_PROXY", "127.0.0.1, 10.0.0.0/8, fd00::/8")
    assert [str(n) for n in env_proxies("GROUNDGATE_BEHIND_PROXY")] == [
        "127.0.0.1/32",
        "10.0.0.0/8",
        "fd00::/8",
    ]
    for off in ("", "0", "off"):
        monkeypatch.setenv("GROUNDGATE_BEHIND_PROXY", off)
        assert env_proxies("GROUNDGATE_BEHIND_PROXY") == ()
