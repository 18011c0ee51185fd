"""Django database backend: SQLite through the pysqlite3 wheel, with sqlite-vec loaded on every connection.

The stdlib sqlite3 on this Python cannot load extensions, so Django's stock backend cannot be used as is.
Each override below closes one trap listed in docs/SQLITE.md §2 (and has a test in
tests/core/test_db_backend.py):

* ``Database`` is pysqlite3, so Django translates driver errors (IntegrityError...) into its own classes;
* converters and adapters are registered on pysqlite3 (Django registers them on the stdlib module only);
* ``get_new_connection`` is reimplemented because the parent calls the stdlib ``connect``;
* the cursor class subclasses ``pysqlite3.Cursor`` (Django's subclasses the stdlib one and fails).
"""

import datetime
import decimal

import sqlite_vec
from django.db.backends.sqlite3 import base as sqlite_base
from django.db.backends.sqlite3._functions import register as register_functions
from django.utils.asyncio import async_unsafe
from django.utils.dateparse import parse_date, parse_datetime, parse_time

from apps.core.db.routers import safe_request

try:
    from pysqlite3 import dbapi2 as Database
except ImportError:  # pragma: no cover - only on platforms without a pysqlite3 wheel
    import sqlite3 as Database

    if not hasattr(Database.Connection, "enable_load_extension"):
        raise

Database.register_converter("bool", b"1".__eq__)
Database.register_converter("date", sqlite_base.decoder(parse_date))
Database.register_converter("time", sqlite_base.decoder(parse_time))
Database.register_converter("datetime", sqlite_base.decoder(parse_datetime))
Database.register_converter("timestamp", sqlite_base.decoder(parse_datetime))
Database.register_adapter(decimal.Decimal, str)
Database.register_adapter(datetime.date, sqlite_base.adapt_date)
Database.register_adapter(datetime.datetime, sqlite_base.adapt_datetime)


class CursorWrapper(Database.Cursor):
    """Django's SQLiteCursorWrapper, rebased on the pysqlite3 cursor: converts %s / %(name)s to ? / :name."""

    def execute(self, query, params=None):
        if params is None:
            return Database.Cursor.execute(self, query)
        param_names = list(params) if isinstance(params, dict) else None
        return Database.Cursor.execute(self, self.convert_query(query, param_names=param_names), params)

    def executemany(self, query, param_list):
        # Peek at the first params to choose the placeholder style without consuming a generator.
        param_list = list(param_list)
        param_names = list(param_list[0]) if param_list and isinstance(param_list[0], dict) else None
        return Database.Cursor.executemany(
            self, self.convert_query(query, param_names=param_names), param_list
        )

    def convert_query(self, query, *, param_names=None):
        if param_names is None:
            return sqlite_base.FORMAT_QMARK_REGEX.sub("?", query).replace("%%", "%")
        return query % {name: f":{name}" for name in param_names}


class DatabaseWrapper(sqlite_base.DatabaseWrapper):
    Database = Database

    @async_unsafe
    def get_new_connection(self, conn_params):
        conn = Database.connect(**conn_params)
        register_functions(conn)
        conn.execute("PRAGMA foreign_keys = ON")
        # The legacy_alter_table pragma must be off so that table renames keep foreign keys pointing right.
        conn.execute("PRAGMA legacy_alter_table = OFF")
        conn.enable_load_extension(True)
        sqlite_vec.load(conn)
        conn.enable_load_extension(False)
        for statement in self.init_commands:
            if statement := statement.strip():
                conn.execute(statement)
        return conn

    def _start_transaction_under_autocommit(self):
        # A GET/HEAD request's transaction only reads: BEGIN (deferred) takes no write lock, so it does not
        # wait for an ingest's batch the way BEGIN IMMEDIATE would (apps/core/db/routers.py, docs/ACCESS.md).
        if self.transaction_mode and self.alias == "default" and safe_request():
            self.cursor().execute("BEGIN")
        else:
            super()._start_transaction_under_autocommit()

    def create_cursor(self, name=None):
        return self.connection.cursor(factory=CursorWrapper)
