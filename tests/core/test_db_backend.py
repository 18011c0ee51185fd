"""The pysqlite3 backend: each trap in docs/SQLITE.md §2 has a test here."""

import datetime
import decimal

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from apps.core.db.base import CursorWrapper, Database
from apps.core.models import IngestRun
from apps.registry.models import Committee, Legislator

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite_only("the pysqlite3 + sqlite-vec backend itself")]


def _one(sql, params=()):
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()


def test_driver_is_pysqlite3_with_a_modern_sqlite():
    assert Database.__name__ == "pysqlite3.dbapi2"
    assert connection.Database is Database
    major, minor = (int(x) for x in _one("SELECT sqlite_version()")[0].split(".")[:2])
    assert (major, minor) >= (3, 45)


def test_sqlite_vec_and_fts5_are_loaded_on_every_connection():
    assert _one("SELECT vec_version()")[0].startswith("v0.1")
    assert _one("SELECT sqlite_compileoption_used('ENABLE_FTS5')")[0] == 1
    connection.close()
    assert _one("SELECT vec_version()")[0].startswith("v0.1")  # a fresh connection loads it too


def test_cursor_is_our_pysqlite3_subclass_and_converts_placeholders():
    with connection.cursor() as cursor:
        assert isinstance(cursor.cursor, CursorWrapper)
        cursor.execute("SELECT %s + %s", [2, 3])
        assert cursor.fetchone() == (5,)
        cursor.execute("SELECT %(a)s || %(b)s", {"a": "x", "b": "y"})
        assert cursor.fetchone() == ("xy",)
        cursor.executemany("SELECT %s", [])  # an empty batch is fine


def test_integrity_error_is_djangos_class():
    Legislator.objects.create(bioguide_id="Z000001", retrieved_at=datetime.datetime.now(datetime.UTC))
    with pytest.raises(IntegrityError), transaction.atomic():
        Legislator.objects.create(bioguide_id="Z000001", retrieved_at=datetime.datetime.now(datetime.UTC))


def test_get_or_create_recovers_from_a_unique_race():
    now = datetime.datetime.now(datetime.UTC)
    first, created = Committee.objects.get_or_create(
        thomas_id="HSZZ", defaults={"name": "Z", "chamber": "house", "retrieved_at": now}
    )
    again, created_again = Committee.objects.get_or_create(
        thomas_id="HSZZ", defaults={"name": "Z", "chamber": "house", "retrieved_at": now}
    )
    assert created and not created_again and first.pk == again.pk


def test_dates_datetimes_and_decimals_round_trip():
    now = datetime.datetime(2025, 4, 3, 15, 1, tzinfo=datetime.UTC)
    leg = Legislator.objects.create(
        bioguide_id="Z000002",
        birthday=datetime.date(1958, 10, 13),
        retrieved_at=now,
        published_at=datetime.date(2025, 1, 3),
    )
    leg.refresh_from_db()
    assert leg.birthday == datetime.date(1958, 10, 13)
    assert leg.retrieved_at == now
    assert _one("SELECT %s", [decimal.Decimal("1.25")]) == ("1.25",)


def test_bool_converter_and_json_fields():
    run = IngestRun.objects.create(
        source="x",
        started_at=datetime.datetime.now(datetime.UTC),
        dry_run=True,
        errors=[{"file": "a", "record": "b", "message": "c"}],
    )
    run.refresh_from_db()
    assert run.dry_run is True
    assert run.errors[0]["record"] == "b"


def test_bulk_create_and_large_in_lists():
    now = datetime.datetime.now(datetime.UTC)
    Legislator.objects.bulk_create(
        [Legislator(bioguide_id=f"Y{i:06d}", retrieved_at=now) for i in range(3000)]
    )
    ids = [f"Y{i:06d}" for i in range(3000)]
    assert Legislator.objects.filter(bioguide_id__in=ids).count() == 3000


def test_pragmas_from_init_command_apply():
    assert _one("PRAGMA foreign_keys")[0] == 1
    assert _one("PRAGMA synchronous")[0] == 1  # NORMAL
    assert _one("PRAGMA busy_timeout")[0] >= 5000


def test_debug_query_logging_works_with_params(settings):
    with CaptureQueriesContext(connection) as ctx:
        Legislator.objects.filter(bioguide_id="S000033").exists()
    assert "S000033" in ctx.captured_queries[-1]["sql"]


def test_transaction_mode_is_immediate():
    assert connection.settings_dict["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


def test_fts_triggers_keep_the_index_in_sync_and_survive_a_table_remake():
    from apps.core.db.introspect import missing_fts_triggers
    from apps.search.ddl import ensure_fts_triggers

    now = datetime.datetime.now(datetime.UTC)
    leg = Legislator.objects.create(
        bioguide_id="Z000003", search_name="Alexandria Ocasio-Cortez", retrieved_at=now
    )
    assert _one("SELECT count(*) FROM legislators_fts WHERE legislators_fts MATCH %s", ['"ocasio"'])[0] == 1
    leg.search_name = "Ed Markey"
    leg.save(update_fields=["search_name"])
    assert _one("SELECT count(*) FROM legislators_fts WHERE legislators_fts MATCH %s", ['"ocasio"'])[0] == 0
    # Simulate Django's table remake (CREATE new; INSERT...SELECT; DROP; RENAME): the triggers vanish.
    with connection.cursor() as cursor:
        for name in ("legislators_fts_ai", "legislators_fts_ad", "legislators_fts_au"):
            cursor.execute(f'DROP TRIGGER "{name}"')
    assert ("legislators_fts", "legislators_fts_ai") in missing_fts_triggers()
    assert ensure_fts_triggers() == 3
    leg.delete()
    assert _one("SELECT count(*) FROM legislators_fts WHERE legislators_fts MATCH %s", ['"markey"'])[0] == 0
    _one("INSERT INTO legislators_fts(legislators_fts, rank) VALUES ('integrity-check', 1)")


@pytest.mark.django_db(transaction=True)
def test_real_alter_field_migration_drops_triggers_and_post_migrate_restores_them():
    """Django's schema editor remakes the table on AlterField; our post_migrate hook puts triggers back."""
    from django.db import models as m

    from apps.core.db.introspect import missing_fts_triggers
    from apps.search.ddl import ensure_fts_triggers

    field = Legislator._meta.get_field("search_name")
    new_field = m.TextField(blank=True, null=True)
    new_field.set_attributes_from_name("search_name")
    with connection.schema_editor(atomic=True) as editor:
        editor.alter_field(Legislator, field, new_field)
    assert missing_fts_triggers()  # the trap is real
    ensure_fts_triggers()
    assert not missing_fts_triggers()
    with connection.schema_editor(atomic=True) as editor:
        editor.alter_field(Legislator, new_field, field)
    ensure_fts_triggers()
