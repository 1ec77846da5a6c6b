"""Loaded as a pytest plugin (`-p tests.environment` in pyproject.toml), before pytest-django
imports the settings: the settings refuse to start with DEBUG off and no SECRET_KEY, as in
production, so the tests bring a key of their own (never used anywhere else).

The tests' webhook receivers listen on 127.0.0.1, which production refuses as a webhook target:
the tests allow private targets (the tests of that rule switch it off again), and wait 5 ms,
10 ms, … between the outbox's retries instead of 1 s, 2 s, …; and the gate's per-token
throttle is off (the suite makes many calls with few users; tests/api/test_gate_throttle.py
turns it on)."""

from __future__ import annotations

import os

os.environ.setdefault("SECRET_KEY", "groundgate-tests-only-key-" + "t3st" * 10)
os.environ.setdefault("GROUNDGATE_WEBHOOK_ALLOW_PRIVATE", "1")
os.environ.setdefault("GROUNDGATE_OUTBOX_BACKOFF_MS", "5")
# Uploads and ingest commands do not embed their chunks (a search embeds what it needs); the
# tests of embedding on ingest switch it on.
os.environ.setdefault("GROUNDGATE_EMBED_ON_INGEST", "0")
os.environ.setdefault("GROUNDGATE_GATE_RATE", "")
