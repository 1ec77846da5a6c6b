"""Celery without a broker, and the task the outbox publishes by name."""

from __future__ import annotations

from django.conf import settings

from groundgate.services.outbox import RUN_TASK
from groundgate.tasks import outbox_run_task


def test_without_a_broker_celery_is_eager():
    assert settings.CELERY_TASK_ALWAYS_EAGER is True


def test_the_outbox_publishes_its_task_by_its_registered_name():
    # services/outbox.py sends RUN_TASK by name (the services never import the tasks module):
    # a renamed task would leave every published row unrun, so the name is pinned here.
    assert outbox_run_task.name == RUN_TASK
