"""The Celery application. Tasks live in groundgate/tasks.py and stay thin."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "groundgate.settings")

app = Celery("groundgate")
# All CELERY_* settings come from the one settings module.
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["groundgate"])
