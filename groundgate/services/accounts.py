"""Demo accounts for `make run`.

Passwords are generated on first use and kept in settings.GROUNDGATE_VAR_DIR (var/, which git
ignores), so the repository holds no credentials and the logins stay stable across runs.
"""

from __future__ import annotations

import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from rest_framework.authtoken.models import Token

from groundgate.models import Dataset, Role
from groundgate.services.datasets import membership_grant


@dataclass(frozen=True)
class Login:
    username: str
    password: str
    role: str
    token: str = ""


def _logins_file() -> Path:
    return Path(settings.GROUNDGATE_VAR_DIR) / "demo-logins.json"


def _password_for(username: str) -> str:
    """DEMO_PASSWORD if set, else the one generated earlier for this user, else a new one."""
    if os.environ.get("DEMO_PASSWORD"):
        return os.environ["DEMO_PASSWORD"]
    path = _logins_file()
    stored: dict[str, str] = json.loads(path.read_text()) if path.exists() else {}
    if username not in stored:
        stored[username] = secrets.token_urlsafe(9)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(stored, indent=2))
        path.chmod(0o600)
    return stored[username]


@transaction.atomic
def demo_users_ensure(*, dataset: Dataset) -> list[Login]:
    """A demo reviewer and a demo admin, members of `dataset`; passwords (re)set every time."""
    User = get_user_model()
    logins = []
    for username, role in (("reviewer", Role.REVIEWER), ("admin", Role.ADMIN)):
        user, _ = User.objects.get_or_create(username=username)
        password = _password_for(username)
        user.set_password(password)
        # The demo admin may also use Django's admin site.
        user.is_staff = user.is_superuser = role == Role.ADMIN
        user.save()
        membership_grant(dataset=dataset, user=user, role=role)
        token, _ = Token.objects.get_or_create(user=user)
        logins.append(Login(username, password, str(role), token.key))
    return logins
