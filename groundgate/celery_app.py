"""The Celery application. Tasks live in groundgate/tasks.py and stay thin."""

import os

from celery import Celery
from celery.signals import worker_process_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "groundgate.settings")

app = Celery("groundgate")
# All CELERY_* settings come from the one settings module.
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["groundgate"])


@worker_process_init.connect
def _start_pdf_child(**_kwargs: object) -> None:
    """Each worker process starts the isolated child for its first PDF now (documents/standby.py):
    otherwise the first upload a worker takes waits ~0.2 s for Python and PyMuPDF to start.
    A waiting child never saw a file; it ends with the worker."""
    from django.conf import settings

    from groundgate.documents.standby import child_prepare_next
    from groundgate.runtime_gc import tune_gc

    child_prepare_next()
    # Start-up done: freeze what it left and widen gen 0 (GROUNDGATE_GC; runtime_gc.py).
    tune_gc(settings.GROUNDGATE_GC_GEN0)
