"""A real Label Studio, started by `make test-labelstudio` (.ci/labelstudio): its address and
API token come from LABEL_STUDIO_URL and LABEL_STUDIO_USER_TOKEN, its login from
LABEL_STUDIO_USERNAME and LABEL_STUDIO_PASSWORD. Without LABEL_STUDIO_URL every test here skips
(as in `make test`)."""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.browser import chromium

URL = os.environ.get("LABEL_STUDIO_URL", "").rstrip("/")
# Screenshots of Label Studio's editor go here when set (a folder).
SHOTS = os.environ.get("LABEL_STUDIO_SHOTS", "")

# Playwright's sync API runs an event loop in this thread; the tests call the ORM between steps.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_collection_modifyitems(items):
    if URL:
        return
    skip = pytest.mark.skip(reason="no Label Studio: `make test-labelstudio` starts one")
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(skip)


class LabelStudio:
    """Label Studio's REST API over HTTP (the legacy `Token` header)."""

    def __init__(self, url: str, token: str):
        self.url, self.token = url, token

    def call(self, method: str, path: str, body: Any = None, timeout: float = 300) -> Any:
        request = urllib.request.Request(
            self.url + path,
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"Token {self.token}", "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=timeout) as response:
            raw = response.read()
        return json.loads(raw) if raw else None


@pytest.fixture(scope="session")
def label_studio() -> LabelStudio:
    return LabelStudio(URL, os.environ["LABEL_STUDIO_USER_TOKEN"])


@pytest.fixture(scope="session")
def browser():
    with chromium() as launched:
        yield launched


@pytest.fixture
def ls_page(browser):
    """A Chromium page signed in to Label Studio as its test user, with its console kept."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.console_lines = []
    page.on("console", lambda message: page.console_lines.append(message.text))
    page.goto(URL + "/user/login/")
    page.fill("input[name=email]", os.environ["LABEL_STUDIO_USERNAME"])
    page.fill("input[name=password]", os.environ["LABEL_STUDIO_PASSWORD"])
    page.click("button[type=submit], input[type=submit]")
    page.wait_for_load_state("networkidle")
    assert "/user/login" not in page.url, "Label Studio refused the test user's login"
    yield page
    context.close()
