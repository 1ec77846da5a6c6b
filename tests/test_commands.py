"""Management commands, as an operator runs them."""

from __future__ import annotations

import io
import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from groundgate.families import OUTCOMES
from groundgate.models import Case, Dataset, Membership
from reviews.models import QueueEntry
from tests.conftest import DEMO_CASES

pytestmark = pytest.mark.django_db


def test_import_cases_creates_the_dataset_and_prints_a_summary():
    out = io.StringIO()
    call_command("import_cases", str(DEMO_CASES), "--dataset", "team-a", stdout=out)
    total = len(DEMO_CASES.read_text(encoding="utf-8").splitlines())
    assert f"team-a (new dataset): imported {total}, unchanged 0, bad lines 0" in out.getvalue()
    assert "citation_insufficient" in out.getvalue()
    assert Case.objects.filter(dataset__slug="team-a").count() == total


def test_import_cases_reports_bad_lines_and_exits_1(tmp_path):
    path = tmp_path / "cases.jsonl"
    good = DEMO_CASES.read_text(encoding="utf-8").splitlines()[0]
    path.write_text(good + "\n" + json.dumps({"case_id": "x"}) + "\n", encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit) as exit_info:
        call_command("import_cases", str(path), "--dataset", "team-b", stdout=out, stderr=err)
    assert exit_info.value.code == 1
    assert "line 2: answer: required field is missing" in err.getvalue()
    assert "imported 1" in out.getvalue()


def test_import_cases_refuses_a_bad_slug_and_a_missing_file():
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="slug"):
        call_command("import_cases", str(DEMO_CASES), "--dataset", "no spaces")
    with pytest.raises(CommandError, match="cannot read"):
        call_command("import_cases", "/nonexistent.jsonl", "--dataset", "ok")


def test_load_demo_is_idempotent_and_creates_both_logins(settings, tmp_path):
    settings.GROUNDGATE_VAR_DIR = tmp_path  # keep generated demo passwords out of the checkout
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    call_command("load_demo", "--url", "http://127.0.0.1:8123", stdout=out)
    assert Dataset.objects.get(slug="demo").cases.count() >= 30
    assert "already there" in out.getvalue()
    # Words a newcomer reads, not the families' raw status words; the links use the given port.
    # The queue's outcome words and counts (the queue said 26 reject + 11 no evidence where
    # this said "37 rejected").
    assert re.search(
        r"gated, as the queue shows them: \d+ pass, \d+ reject, \d+ no evidence", out.getvalue()
    )
    entries = QueueEntry.objects.filter(dataset__slug="demo")
    for outcome, word in OUTCOMES.items():
        n = entries.filter(outcome=outcome).count()
        assert (f" {n} {word}" in out.getvalue()) == (n > 0), word
    assert "citation_insufficient" not in out.getvalue()
    assert "http://127.0.0.1:8123/d/demo/" in out.getvalue()
    roles = dict(Membership.objects.values_list("user__username", "role"))
    assert roles == {"reviewer": "reviewer", "admin": "admin"}
    stored = json.loads((tmp_path / "demo-logins.json").read_text())
    assert get_user_model().objects.get(username="reviewer").check_password(stored["reviewer"])
    assert f"password {stored['admin']}" in out.getvalue()


def test_gate_dataset_appends_a_run_per_case(demo_dataset):
    out = io.StringIO()
    call_command("gate_dataset", "demo", stdout=out)
    assert f"gated {demo_dataset.cases.count()}" in out.getvalue()
    assert all(c.gate_runs.count() == 2 for c in demo_dataset.cases.all())
