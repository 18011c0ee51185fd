"""Where SQLite and PostgreSQL differ, the difference is a method of an engine object (issue 31): the engine is
read in apps.core.db.engine alone, the search app picks its backend in apps.search.backend alone, and each
engine has every method and every implementation the modules that dispatch on it look up."""

import ast
import inspect
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection, transaction

from apps.core.db import engine, introspect
from apps.core.db.engine import ENGINES, POSTGRESQL, SQLITE, Engine, WrongEngine, current, psycopg_sql
from apps.core.services import writer_lock
from apps.search import backend
from apps.search.backend import SearchBackend
from apps.search.backend_postgres import PostgresSearch
from apps.search.backend_sqlite import SQLiteSearch

ROOT = Path(settings.BASE_DIR)
ENGINE_MODULE = ROOT / "apps" / "core" / "db" / "engine.py"


def _engine_reads(path: Path) -> list[str]:
    """``x.vendor`` reads and calls of a function named ``postgres`` in one module, as 'line: text'."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Attribute) and node.attr == "vendor":
            found.append(f"{node.lineno}: .vendor")
        elif isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name == "postgres":
                found.append(f"{node.lineno}: postgres()")
    return sorted(found, key=lambda read: int(read.split(":")[0]))


def test_only_the_engine_module_reads_the_vendor():
    modules = sorted((ROOT / "apps").rglob("*.py")) + sorted((ROOT / "josh").rglob("*.py"))
    assert len(modules) > 100
    offenders = {
        str(path.relative_to(ROOT)): reads
        for path in modules
        if path != ENGINE_MODULE and (reads := _engine_reads(path))
    }
    assert offenders == {}
    assert [read.split(": ")[1] for read in _engine_reads(ENGINE_MODULE)] == [".vendor"]  # in current()


def test_the_scan_finds_both_kinds_of_read(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("if connection.vendor == 'sqlite':\n    pass\nif engine.postgres():\n    pass\n")
    assert _engine_reads(probe) == ["1: .vendor", "3: postgres()"]


def test_current_is_the_configured_engine():
    expected = POSTGRESQL if settings.DATABASES["default"]["ENGINE"].endswith("postgresql") else SQLITE
    assert current() is expected
    assert current(connection) is expected
    assert set(ENGINES) == {"sqlite", "postgresql"}
    assert all(ENGINES[name].name == name for name in ENGINES)


def test_an_unknown_vendor_is_refused():
    class Other:
        vendor = "mysql"

    with pytest.raises(NotImplementedError, match="not mysql"):
        current(Other())


def test_each_engine_implements_every_engine_method():
    """What the base class leaves abstract, both engines define; every attribute it declares, both set."""
    abstract = {
        name
        for name, f in vars(Engine).items()
        if inspect.isfunction(f) and "raise NotImplementedError" in inspect.getsource(f)
    }
    assert abstract == {"day", "id_list", "lock_wait", "lock_wait_reset"}
    for implementation in ENGINES.values():
        assert abstract <= set(vars(type(implementation))), implementation.name
        assert set(Engine.__annotations__) <= set(vars(type(implementation))), implementation.name


def test_the_day_of_a_date_column():
    assert SQLITE.day('c."published_at"') == 'substr(c."published_at", 1, 10)'
    assert POSTGRESQL.day('c."published_at"') == 'CAST(c."published_at" AS date)'


@pytest.mark.django_db
def test_the_day_expression_runs_on_this_engine():
    """A datetime stored late on the 4th is on or before the 4th, and after the 3rd, on the connected engine."""
    stamp = "'2025-03-04 23:30:00'"
    day = current().day(f"CAST({stamp} AS TEXT)" if current() is SQLITE else f"CAST({stamp} AS timestamp)")
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {day} <= %s, {day} > %s", ["2025-03-04", "2025-03-03"])
        assert [bool(v) for v in cursor.fetchone()] == [True, True]


def test_bind_converts_named_and_positional_parameters_for_psycopg():
    sql = "SELECT x::date FROM t WHERE a = :a AND b = ? AND c LIKE '5%' -- :gone\n"
    assert SQLITE.bind(sql) == sql
    assert (
        POSTGRESQL.bind(sql)
        == psycopg_sql(sql)
        == "SELECT x::date FROM t WHERE a = %(a)s AND b = %s AND c LIKE '5%%' \n"
    )


def test_a_list_of_ids_is_one_parameter():
    assert SQLITE.id_list(iter([3, 1, 2])) == "[3, 1, 2]"
    assert POSTGRESQL.id_list((3, 1, 2)) == [3, 1, 2]


@pytest.mark.django_db
def test_the_lock_wait_statements():
    assert SQLITE.lock_wait(250) == ("PRAGMA busy_timeout = 250", [])
    assert POSTGRESQL.lock_wait(250) == ("SELECT set_config('lock_timeout', %s, false)", ["250ms"])
    own_ms = int(connection.settings_dict["OPTIONS"].get("timeout", 5) * 1000)
    assert SQLITE.lock_wait_reset(connection) == f"PRAGMA busy_timeout = {own_ms}"
    assert POSTGRESQL.lock_wait_reset(connection) == "RESET lock_timeout"
    with transaction.atomic():
        transaction.set_rollback(True)
        # a failed transaction takes no statement: PostgreSQL's rollback resets the setting itself
        assert POSTGRESQL.lock_wait_reset(connection) is None
        assert SQLITE.lock_wait_reset(connection) == f"PRAGMA busy_timeout = {own_ms}"


def test_the_one_engine_guard():
    POSTGRESQL.require(POSTGRESQL, "unused")
    with pytest.raises(WrongEngine, match="^copy_to_sqlite reads from PostgreSQL"):
        SQLITE.require(POSTGRESQL, "copy_to_sqlite reads from PostgreSQL: set JOSH_DATABASE_URL")
    assert issubclass(WrongEngine, RuntimeError)  # what transfer's callers catch


def test_server_side_time_limits_and_sql_folders():
    assert (SQLITE.server_side_time_limits, POSTGRESQL.server_side_time_limits) == (False, True)
    assert SQLITE.sql_folder is None
    assert (ROOT / "apps" / "search" / "sql" / POSTGRESQL.sql_folder).is_dir()


def test_every_engine_has_its_writer_lock_and_catalog():
    assert {e.writer_lock for e in ENGINES.values()} == set(writer_lock.LOCKS) == {"file", "advisory"}
    assert set(introspect._CATALOGS) == set(ENGINES)


def test_every_engine_has_a_search_backend_with_every_operation():
    assert set(backend._BACKENDS) == set(ENGINES)
    assert type(backend.current()) is (PostgresSearch if current() is POSTGRESQL else SQLiteSearch)
    operations = {n for n, f in vars(SearchBackend).items() if inspect.isfunction(f) and n[0] != "_"}
    assert len(operations) >= 13
    for implementation in (SQLiteSearch, PostgresSearch):
        missing = {n for n in operations if not inspect.isfunction(getattr(implementation, n, None))}
        assert missing == set(), implementation
        for name in operations:  # the protocol's parameter names: callers pass some by keyword
            expected = list(inspect.signature(getattr(SearchBackend, name)).parameters)
            assert list(inspect.signature(getattr(implementation, name)).parameters) == expected, name
    assert SQLiteSearch.knob_prefix == "" and PostgresSearch.knob_prefix == "PG_"


def test_the_engine_module_names_no_other_app():
    """The core layer's engine knows nothing of search: the search backend builds on it, not the reverse."""
    imported = {
        node.module
        for node in ast.walk(ast.parse(ENGINE_MODULE.read_text()))
        if isinstance(node, ast.ImportFrom) and node.module
    }
    assert not {m for m in imported if m.startswith("apps.")}
    assert engine.current is current
