"""The same requests on both engines over the same corpus: a SQLite substrate built from the sample corpus,
copied into PostgreSQL with ``copy_to_postgres``'s code, then asked the requests of ``probe.py`` on each.
Then the way back: PostgreSQL copied into a new SQLite file (``copy_to_sqlite``) holds the very rows of the
original file, and answers the same requests the same way.

Flow 1 and the aggregates must answer identically; for the ranked flows the overlap of the top 10 is printed
(``-s`` shows the table) and held to what the two engines share by construction: the same vectors give the
same semantic top hit, and lexical queries the same records in the same order (the same BM25). Runs only on PostgreSQL (``make
test-postgres``): the SQLite side is built in a subprocess."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from apps.core.db.backup import integrity_errors
from apps.core.db.transfer import copy_from_sqlite, copy_to_sqlite, open_sqlite, plan, postgres_columns
from tests.postgres import probe

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
        reason="compares SQLite with PostgreSQL: run with make test-postgres",
    ),
]

SOURCES = ["legislators", "committees", "bills", "statements-of-administration-policy", "lda-filings"]


def _manage(data_dir: Path, *args: str, database: Path | None = None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "JOSH_DATABASE_URL"}
    env.update({"JOSH_DATA_DIR": str(data_dir), "DJANGO_SETTINGS_MODULE": "josh.settings_test"})
    if database:
        env["JOSH_DATABASE"] = str(database)
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=settings.BASE_DIR, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


@pytest.fixture(scope="module")
def sqlite_side(tmp_path_factory):
    data = tmp_path_factory.mktemp("parity")
    _manage(data, "migrate", "-v0")
    for slug in SOURCES:
        _manage(data, "ingest", slug, "--no-progress")
    _manage(data, "embed")
    return data / "josh.sqlite3", _probe(data)


def _probe(data: Path, database: Path | None = None) -> dict:
    """probe.py's answers from a SQLite database (the data dir's own unless ``database`` is given)."""
    out = _manage(data, "shell", "-c", "from tests.postgres.probe import main; main()", database=database)
    line = next(x for x in out.splitlines() if x.startswith("PARITY-JSON "))
    return json.loads(line.removeprefix("PARITY-JSON "))


def _overlap(a: list[str], b: list[str], k: int = 10) -> float:
    top_a, top_b = set(a[:k]), set(b[:k])
    return len(top_a & top_b) / max(len(top_a | top_b), 1)


@pytest.mark.django_db(transaction=True)
def test_both_engines_answer_the_same_requests(sqlite_side):
    path, on_sqlite = sqlite_side
    copied = copy_from_sqlite(path)
    assert all(t.ok for t in copied), [t.table for t in copied if not t.ok]
    assert connection.vendor == "postgresql"
    on_postgres = json.loads(json.dumps(probe.answers()))

    for url in probe.EXACT:
        mine, theirs = on_sqlite["exact"][url], on_postgres["exact"][url]
        assert mine["status"] == theirs["status"] == 200, url
        assert theirs["body"] == mine["body"], url

    print("\nranked requests: top-10 overlap (Jaccard) SQLite vs PostgreSQL")
    for url in probe.RANKED:
        mine, theirs = on_sqlite["ranked"][url], on_postgres["ranked"][url]
        assert mine["status"] == theirs["status"] == 200, url
        assert mine["ids"] and theirs["ids"], url
        print(
            f"  {_overlap(mine['ids'], theirs['ids']):.2f}  totals {mine['total']}/{theirs['total']}  {url}"
        )
        if "mode=semantic" in url:
            assert mine["ids"][0] == theirs["ids"][0], url
        if "mode=lexical" in url:  # FTS5's BM25 on both engines (apps.search.pgbm25): the very same ranking
            assert mine["ids"] == theirs["ids"] and mine["total"] == theirs["total"], url


def _rows(path: Path, table: str, columns: list[str], json_columns: set[str]) -> list[tuple]:
    """Every row of ``table`` in id order, JSON values parsed (jsonb keeps no key order or escapes)."""
    db = open_sqlite(path)
    try:
        cols = ", ".join(f'"{c}"' for c in columns)
        order = '"id"' if "id" in columns else cols
        rows = db.execute(f'SELECT {cols} FROM "{table}" ORDER BY {order}').fetchall()
    finally:
        db.close()
    parse = [i for i, c in enumerate(columns) if c in json_columns]
    return [
        tuple(json.loads(v) if i in parse and v is not None else v for i, v in enumerate(r)) for r in rows
    ]


def _derived(path: Path) -> dict[str, int]:
    """Rows of each vec0 mirror and of each FTS5 index's per-document table (``<fts>_docsize``)."""
    db = open_sqlite(path)
    try:
        names = [
            n
            for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            if n.endswith("_vec0") or n.endswith("_docsize")
        ]
        return {n: db.execute(f'SELECT count(*) FROM "{n}"').fetchone()[0] for n in names}
    finally:
        db.close()


@pytest.mark.django_db(transaction=True)
def test_sqlite_to_postgres_and_back_keeps_every_row_and_every_answer(sqlite_side, tmp_path):
    path, on_sqlite = sqlite_side
    assert all(t.ok for t in copy_from_sqlite(path))
    back = tmp_path / "back.sqlite3"
    copied = copy_to_sqlite(back)
    assert copied and all(t.ok for t in copied), [t.table for t in copied if not t.ok]
    by_table = {t.table: t for t in copied}
    assert by_table["bills_bill"].rows > 0 and by_table["bills_chunks"].rows > 0

    types = postgres_columns()
    tables = plan(path)
    assert [t for t, _ in tables] == sorted(by_table)
    for table, columns in tables:
        json_columns = {c for c in columns if types[table][c] in {"json", "jsonb"}}
        assert _rows(back, table, columns, json_columns) == _rows(path, table, columns, json_columns), table

    # The derived indexes are rebuilt whole: FTS5 matches its content (integrity-check), vec0 every vector.
    assert integrity_errors(back) == []
    derived = _derived(back)
    assert derived == _derived(path) and derived["bills_chunks_vec0"] > 0 and derived["bills_fts_docsize"] > 0

    # The copy serves: every request answers as on the original file (same rows, same FTS5 and vec0 indexes).
    on_copy = _probe(tmp_path, database=back)
    assert on_copy == on_sqlite
