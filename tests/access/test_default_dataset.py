"""A caller who is a member of exactly one dataset may leave `?dataset=` out of the API calls that
take it; the access module then checks their role there for the action, as it does for a named
dataset (OTLP intake needs an admin, gating any member)."""

from __future__ import annotations

import pytest

from groundgate.models import Role
from groundgate.services.datasets import dataset_get_or_create
from tests.api.conftest import api_client

pytestmark = pytest.mark.django_db

EMPTY_TRACE = b'{"resourceSpans": []}'


def post_traces(client, path: str = "/v1/traces", **headers):
    return client.generic(
        "POST", path, EMPTY_TRACE, content_type="application/json", headers=headers
    )


def test_the_one_dataset_of_a_reviewer_is_not_open_to_otlp_intake():
    dataset, _ = dataset_get_or_create(slug="solo")
    rita = api_client("rita", dataset, Role.REVIEWER)
    for path, headers in [
        ("/v1/traces", {}),
        ("/v1/traces?dataset=solo", {}),
        ("/v1/traces", {"groundgate-dataset": "solo"}),
    ]:
        answer = post_traces(rita, path, **headers)
        assert answer.status_code == 403, (path, headers, answer.content[:200])
        assert b"admin role" in answer.content


def test_the_one_dataset_of_an_admin_takes_otlp_intake_without_naming_it():
    dataset, _ = dataset_get_or_create(slug="solo")
    ada = api_client("ada", dataset, Role.ADMIN)
    assert post_traces(ada).status_code == 200
    assert post_traces(ada, **{"groundgate-dataset": "solo"}).status_code == 200
    assert post_traces(ada, **{"groundgate-dataset": "other"}).status_code == 404


def test_a_member_of_two_datasets_must_name_one():
    first, _ = dataset_get_or_create(slug="one")
    second, _ = dataset_get_or_create(slug="two")
    ada = api_client("ada", first, Role.ADMIN)
    from groundgate.services.datasets import membership_grant

    membership_grant(dataset=second, user=ada.user, role=Role.ADMIN)
    assert post_traces(ada).status_code == 400
