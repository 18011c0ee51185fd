"""The same requests on both engines over the same corpus: a SQLite substrate built from the sample corpus,
copied into PostgreSQL with ``copy_to_postgres``'s code, then asked the requests of ``probe.py`` on each.

Flow 1 and the aggregates must answer identically; for the ranked flows the overlap of the top 10 is printed
(``-s`` shows the table) and held to what the two engines share by construction: the same vectors give the
same semantic top hit, and every lexical query finds something on both. Runs only on PostgreSQL (``make
test-postgres``): the SQLite side is built in a subprocess."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from apps.core.db.transfer import copy_from_sqlite
from tests.postgres import probe

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
        reason="compares SQLite with PostgreSQL: run with make test-postgres",
    ),
]

SOURCES = ["legislators", "committees", "bills", "statements-of-administration-policy", "lda-filings"]


def _manage(data_dir: Path, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if k != "JOSH_DATABASE_URL"}
    env.update({"JOSH_DATA_DIR": str(data_dir), "DJANGO_SETTINGS_MODULE": "josh.settings_test"})
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
    out = _manage(data, "shell", "-c", "from tests.postgres.probe import main; main()")
    line = next(x for x in out.splitlines() if x.startswith("PARITY-JSON "))
    return data / "josh.sqlite3", json.loads(line.removeprefix("PARITY-JSON "))


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
