"""End-to-end tests: Debian's Chromium driven by Playwright for Python against a live server."""

from __future__ import annotations

import os

import pytest

from tests.browser import chromium

# Playwright's sync API runs an event loop in this thread; the test itself calls the ORM
# synchronously between browser steps, which is safe here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def browser():
    with chromium() as launched:
        yield launched


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()
