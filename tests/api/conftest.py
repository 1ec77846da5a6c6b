from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from groundgate.models import Role
from groundgate.services.datasets import dataset_get_or_create, membership_grant


def api_client(username: str, dataset=None, role: str | None = None) -> APIClient:
    user = get_user_model().objects.create_user(username)
    if dataset is not None:
        membership_grant(dataset=dataset, user=user, role=role or Role.REVIEWER)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    client.user = user
    return client


@pytest.fixture
def team(db):
    dataset, _ = dataset_get_or_create(slug="team")
    return dataset


@pytest.fixture
def rag_system(team) -> APIClient:
    """The RAG system's service account: a reviewer-role member that gates answers."""
    return api_client("rag-bot", team, Role.REVIEWER)


@pytest.fixture
def team_admin(team) -> APIClient:
    """Ada, admin of the team dataset."""
    return api_client("ada", team, Role.ADMIN)


@pytest.fixture
def outsider(db) -> APIClient:
    """Otto, a member of no dataset."""
    return api_client("otto")


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
