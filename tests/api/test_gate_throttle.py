"""The gate service's per-token throttle: past GROUNDGATE_GATE_RATE a token gets 429 with
Retry-After, on the token fast path and on GateView alike (same status, body and Retry-After),
counted per token: another token is not slowed down."""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache

from groundgate.models import Role
from tests.api.conftest import api_client
from tests.engine.family_samples import PASSING

pytestmark = pytest.mark.django_db

URL = "/api/v1/gate/answer?dataset=team"


@pytest.fixture(autouse=True)
def three_per_minute(settings):
    settings.GROUNDGATE_GATE_RATE = "3/min"
    cache.clear()
    yield
    cache.clear()


def post(client, case_id: str):
    body = json.dumps(PASSING["answer"] | {"case_id": case_id})
    return client.post(URL, data=body, content_type="application/json")


def test_a_token_past_its_rate_gets_429_and_another_token_does_not(team):
    bot = api_client("bot", team, Role.REVIEWER)
    assert [post(bot, f"t{i}").status_code for i in range(3)] == [201, 201, 201]
    refused = post(bot, "t3")
    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= 60
    assert "throttled" in refused.json()["detail"].lower()
    other = api_client("other-bot", team, Role.REVIEWER)
    assert post(other, "t4").status_code == 201


def test_an_empty_rate_turns_the_throttle_off(settings, team):
    settings.GROUNDGATE_GATE_RATE = ""
    bot = api_client("bot", team, Role.REVIEWER)
    assert {post(bot, f"u{i}").status_code for i in range(5)} == {201}
