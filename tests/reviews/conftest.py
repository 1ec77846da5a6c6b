from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from groundgate.models import Role
from groundgate.services.datasets import membership_grant


def logged_in(username: str, dataset=None, role: str | None = None) -> Client:
    user = get_user_model().objects.create_user(username, password=f"{username}-pass-123")
    if dataset is not None and role is not None:
        membership_grant(dataset=dataset, user=user, role=role)
    client = Client()
    client.force_login(user)
    client.user = user
    return client


@pytest.fixture
def reviewer(demo_dataset) -> Client:
    """Rita, a reviewer of the demo dataset."""
    return logged_in("rita", demo_dataset, Role.REVIEWER)


@pytest.fixture
def second_reviewer(demo_dataset) -> Client:
    """Sam, another reviewer of the demo dataset."""
    return logged_in("sam", demo_dataset, Role.REVIEWER)


@pytest.fixture
def admin(demo_dataset) -> Client:
    """Ada, an admin of the demo dataset."""
    return logged_in("ada", demo_dataset, Role.ADMIN)


@pytest.fixture
def outsider(demo_dataset) -> Client:
    """Otto, a user who is a member of no dataset."""
    return logged_in("otto")
