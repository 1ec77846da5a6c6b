"""The request of a @login_required view as the type checker sees it: its user is signed in (a
User, never the AnonymousUser), the typed request django-stubs documents for such views. Only
the annotations change: at run time Django hands the view its ordinary HttpRequest."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest


class AuthenticatedHttpRequest(HttpRequest):
    user: User
