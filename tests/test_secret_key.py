"""A weak SECRET_KEY refuses to start with DEBUG off (Django's own measure of weak: under 50
characters, under 5 different ones, or a startproject development key); DEBUG on allows it."""

from __future__ import annotations

import secrets

import pytest

from groundgate.envconfig import secret_key_weakness
from tests.hostile.test_hardening import manage


@pytest.mark.parametrize(
    ("key", "reason"),
    [
        ("abc", "3 characters"),
        ("ab" * 30, "fewer than 5 different characters"),
        ("django-insecure-" + "x1y2z3" * 10, "development key"),
    ],
)
def test_weak_keys_are_named(key, reason):
    assert reason in (secret_key_weakness(key) or "")


def test_a_weak_key_refuses_to_start_with_debug_off():
    refused = manage("check", SECRET_KEY="changeme", DEBUG="0")
    assert refused.returncode != 0
    assert "SECRET_KEY is too weak to run with DEBUG off: it has 8 characters" in refused.stderr
    assert manage("check", SECRET_KEY="changeme", DEBUG="1").returncode == 0
    assert manage("check", SECRET_KEY=secrets.token_urlsafe(50), DEBUG="0").returncode == 0
    assert secret_key_weakness(secrets.token_urlsafe(50)) is None
