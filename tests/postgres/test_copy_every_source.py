"""``copy_to_sqlite`` over every source's sample (hearings' ``time`` columns, LDA's JSON, chunks, vectors,
the web state's inet and timestamps): every table the copy writes matches PostgreSQL row for row (counts and
checksums, verified by the copy itself, and the row counts again here), and the ``.partial`` files a killed
earlier copy left are removed. Runs only on PostgreSQL (``make test-postgres``)."""

import pytest
from django.conf import settings
from django.db import connection

from apps.activity.models import Hearing
from apps.core.db.transfer import copy_to_sqlite, open_sqlite
from apps.core.plans import all_plans
from apps.core.services.ingest import run_ingest

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
        reason="copies PostgreSQL into SQLite: run with make test-postgres",
    ),
]

DEAD_PID = 2**22 + 11  # above the default pid_max: no process has it


@pytest.mark.django_db(transaction=True)
def test_copy_to_sqlite_round_trips_every_source(tmp_path):
    sampled = [plan for plan in all_plans() if plan.has_sample]
    for plan in sampled:
        run_ingest(slug=plan.slug)
    assert Hearing.objects.exclude(start_time=None).exists()  # the column that could not be bound
    target = tmp_path / "back.sqlite3"
    leftovers = [tmp_path / f".back.sqlite3.partial-{DEAD_PID}{suffix}" for suffix in ("", "-wal", "-shm")]
    for leftover in leftovers:
        leftover.write_bytes(b"left by a copy killed with -9")

    copied = copy_to_sqlite(target)

    assert copied and all(t.ok for t in copied), [t.table for t in copied if not t.ok]
    assert not any(leftover.exists() for leftover in leftovers)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["back.sqlite3"]
    by_table = {t.table: t.rows for t in copied}
    db = open_sqlite(target)
    try:
        for plan in sampled:
            table = plan.model_class()._meta.db_table
            with connection.cursor() as cursor:
                cursor.execute(f'SELECT count(*) FROM "{table}"')
                on_postgres = cursor.fetchone()[0]
            on_sqlite = db.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0]
            assert on_sqlite == on_postgres == by_table[table] > 0, plan.slug
        start_times = db.execute(
            "SELECT start_time FROM activity_hearing WHERE start_time IS NOT NULL ORDER BY id"
        ).fetchall()
    finally:
        db.close()
    expected = Hearing.objects.exclude(start_time=None).order_by("id").values_list("start_time", flat=True)
    assert [t for (t,) in start_times] == [t.isoformat() for t in expected]
