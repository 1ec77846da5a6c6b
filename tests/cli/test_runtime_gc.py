"""GROUNDGATE_GC: the collector tuning of the product's processes (groundgate/runtime_gc.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from django.core.exceptions import ImproperlyConfigured

from groundgate import envconfig
from groundgate.runtime_gc import GEN0_THRESHOLD, gc_setting
from tests.conftest import DEMO_CASES


def test_setting_values():
    assert gc_setting({}) == GEN0_THRESHOLD
    assert gc_setting({"GROUNDGATE_GC": ""}) == GEN0_THRESHOLD
    assert gc_setting({"GROUNDGATE_GC": " On "}) == GEN0_THRESHOLD
    assert gc_setting({"GROUNDGATE_GC": "off"}) is None
    assert gc_setting({"GROUNDGATE_GC": "20000"}) == 20000


@pytest.mark.parametrize("raw", ["maybe", "1.5", "99", "-700", "0", "10000001", "true"])
def test_setting_refuses_bad_values_naming_the_variable(raw, monkeypatch):
    with pytest.raises(ValueError, match="GROUNDGATE_GC"):
        gc_setting({"GROUNDGATE_GC": raw})
    monkeypatch.setenv("GROUNDGATE_GC", raw)
    with pytest.raises(ImproperlyConfigured, match="GROUNDGATE_GC"):
        envconfig.env_gc()


def gate_and_report(setting: str | None) -> subprocess.CompletedProcess[str]:
    """The CLI's gate command run in a fresh process; its collector state printed after."""
    code = (
        "import gc, json, sys\n"
        "from groundgate import cli\n"
        f"code = cli.main(['gate', 'answer', '--jsonl', {str(DEMO_CASES)!r}])\n"
        "sys.stdout.flush()\n"
        "print(json.dumps([code, gc.get_threshold(), gc.get_freeze_count()]), file=sys.stderr)\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in {"DJANGO_SETTINGS_MODULE"}}
    env.pop("GROUNDGATE_GC", None)
    if setting is not None:
        env["GROUNDGATE_GC"] = setting
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)


def test_cli_applies_the_setting():
    default = gate_and_report(None)
    code, threshold, frozen = json.loads(default.stderr.splitlines()[-1])
    assert code in (0, 1) and threshold[0] == GEN0_THRESHOLD  # 1: some demo cases fail
    assert frozen > 10_000
    code, threshold, frozen = json.loads(gate_and_report("20000").stderr.splitlines()[-1])
    assert threshold[0] == 20000 and frozen > 10_000
    off = gate_and_report("off")
    code, threshold, frozen = json.loads(off.stderr.splitlines()[-1])
    assert threshold == [700, 10, 10] and frozen == 0
    assert off.stdout == default.stdout  # the verdicts do not depend on the collector


def test_cli_refuses_a_bad_setting():
    result = gate_and_report("lots")
    code, threshold, frozen = json.loads(result.stderr.splitlines()[-1])
    assert code == 2 and "GROUNDGATE_GC" in result.stderr and result.stdout == ""
    assert threshold == [700, 10, 10] and frozen == 0


def test_web_process_applies_the_setting():
    code = "import gc, groundgate.wsgi; print(gc.get_threshold()[0], gc.get_freeze_count() > 0)"
    env = {k: v for k, v in os.environ.items() if k not in {"GROUNDGATE_GC"}}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert result.stdout.split() == [str(GEN0_THRESHOLD), "True"], result.stderr
    env["GROUNDGATE_GC"] = "off"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert result.stdout.split() == ["700", "False"], result.stderr
