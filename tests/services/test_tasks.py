"""Celery tasks run eagerly without a broker and are enqueued only after commit."""

from __future__ import annotations

import pytest
from django.conf import settings

from groundgate.models import Case
from groundgate.services.gating import case_gate_enqueue, dataset_regate_enqueue

pytestmark = pytest.mark.django_db


def test_without_a_broker_celery_is_eager():
    assert settings.CELERY_TASK_ALWAYS_EAGER is True


def test_enqueued_gating_runs_on_commit(demo_dataset, django_capture_on_commit_callbacks):
    case = Case.objects.get(external_id="demo-en-01")
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        case_gate_enqueue(case=case)
    assert case.gate_runs.count() == 1  # nothing happened before commit
    for callback in callbacks:
        callback()
    assert case.gate_runs.count() == 2


def test_dataset_regate_task(demo_dataset, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        dataset_regate_enqueue(dataset=demo_dataset)
    assert all(c.gate_runs.count() == 2 for c in demo_dataset.cases.all())
