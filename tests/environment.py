"""Loaded as a pytest plugin (`-p tests.environment` in pyproject.toml), before pytest-django
imports the settings: the settings refuse to start with DEBUG off and no SECRET_KEY, as in
production, so the tests bring a key of their own (never used anywhere else)."""

from __future__ import annotations

import os

os.environ.setdefault("SECRET_KEY", "groundgate-tests-only-key-" + "t3st" * 10)
