import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "groundgate.settings")
application = get_wsgi_application()

# Start-up done: freeze what it left and widen gen 0 (GROUNDGATE_GC; groundgate/runtime_gc.py).
from django.conf import settings  # noqa: E402

from groundgate.runtime_gc import tune_gc  # noqa: E402

tune_gc(settings.GROUNDGATE_GC_GEN0)
