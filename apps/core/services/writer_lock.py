"""One writer at a time: ``ingest`` and ``embed`` hold the writer lock for the database they write.

SQLite lets one transaction write at a time; two ingests that overlap wait on each other's batches until one
gives up with a raw "database is locked" and leaves no run record. The lock makes the rule explicit: the
second writer is refused at once with who holds it (pid, host, source, since), before it writes anything.

* **SQLite**: an OS file lock (``flock``) on a file beside the database file. An in-memory database (the
  tests) is private to its process, so its lock file is per process too.
* **PostgreSQL**: an advisory lock in the database itself, so it holds across every app server that writes
  to it (a file lock would hold on one machine only, and two machines' ingests would each mark the other's
  live run ``aborted``). It is a transaction-level lock on a connection of its own, kept in an open
  transaction for the whole run: a session lock would stay with a pooled server connection behind PgBouncer's
  transaction pooling, which this one cannot. The holder is read back from ``pg_stat_activity`` (the lock's
  connection names it in ``application_name``).

Either lock goes with its process, ``kill -9`` included (the kernel drops the flock; PostgreSQL ends the
session of a closed connection), so a lock is never left stale; and whoever holds it knows that no other
writer is alive, which is how the runner marks dead runs ``aborted``.
"""

import fcntl
import json
import os
import re
import socket
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from django.db import connection
from django.utils import timezone

from apps.core.db import timelimit
from apps.core.db.engine import current
from apps.core.errors import JoshError
from apps.core.processes import pid_alive


class WriterBusy(JoshError):
    """Another ingest or embed holds the writer lock."""

    status = 409
    type = "conflict"
    code = "ingest_running"


def lock_path() -> Path:
    """The SQLite lock's file: beside the database file."""
    name = str(connection.settings_dict["NAME"])
    if name.startswith("file:") or ":memory:" in name or "mode=memory" in name:
        return Path(tempfile.gettempdir()) / f"josh-writer-{os.getpid()}.lock"
    return Path(name).with_name(Path(name).name + ".writer.lock")


def holder_text(holder: dict) -> str:
    return (
        f"pid {holder.get('pid', '?')} on {holder.get('host', '?')}, {holder.get('task', 'ingest')} "
        f"{holder.get('source', '?')}, since {holder.get('since', '?')}"
    )


@contextmanager
def writer_lock(*, task: str, source: str) -> Iterator[dict]:
    """Hold the writer lock for the block, or raise ``WriterBusy`` naming the holder. Yields what the lock
    says about this holder (pid, host, task, source, since)."""
    me = {
        "pid": os.getpid(),
        "host": socket.gethostname(),
        "task": task,
        "source": source,
        "since": timezone.now().isoformat(timespec="seconds"),
    }
    hold = LOCKS[current().writer_lock].hold
    held = False
    try:
        with hold(me):
            held = True
            # A write job, not a public query: free of any request budget open on this thread (one it runs
            # inline under, or one a streamed response nobody read to the end left behind).
            with timelimit.unlimited():
                yield me
    finally:
        if held:
            _run_release_hooks()


# Called by the holder once it has let go of the lock: writes that waited for the writer to be free
# (curators' queued changes, apps.curation.queue) are applied by whoever held it. After the release, not
# before: a change queued while a hook ran would otherwise wait for the next writer. Registered by the apps.
_RELEASE_HOOKS: list = []


def on_release(hook) -> None:
    if hook not in _RELEASE_HOOKS:
        _RELEASE_HOOKS.append(hook)


def _run_release_hooks() -> None:
    import logging

    for hook in _RELEASE_HOOKS:
        try:
            hook()
        except Exception:  # a hook's failure must not turn a finished run into a failed one
            logging.getLogger("josh.ingest").exception("writer-lock release hook %s failed", hook)


def current_holder() -> dict | None:
    """Who holds the writer lock now (pid, host, task, source, since), or None; a look that never takes the
    lock, so it never refuses an ingest starting at the same moment."""
    return LOCKS[current().writer_lock].holder()


def _advisory_current() -> dict | None:
    connection.ensure_connection()
    raw = connection.connection  # the driver's, as the lock's own: a look, not one of the caller's queries
    # pg_stat_activity is a snapshot kept for the whole transaction: inside one opened before the lock was
    # taken it would not show the holder.
    with raw.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(HOLDER_SQL, [ADVISORY_KEY])
        row = cursor.fetchone()
    return (_advisory_holder_row(row) or {"task": "ingest"}) if row else None


def _file_current() -> dict | None:
    try:
        holder = json.loads(lock_path().read_text() or "{}")
    except (OSError, ValueError):
        return None
    if not holder or not process_alive(holder.get("pid"), holder.get("host", "")):
        return None  # released (emptied) or left by a process that died (the kernel dropped its flock)
    return holder


def _busy(holder: dict, where: dict) -> WriterBusy:
    return WriterBusy(
        f"Another ingest is running ({holder_text(holder)}); wait for it to finish, then retry.",
        hint={"holder": holder, **where},
    )


@contextmanager
def _file_lock(me: dict) -> Iterator[None]:
    path = lock_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = open(path, "a+")  # noqa: SIM115 (held open for the whole block: closing it drops the lock)
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            try:
                holder = json.loads(handle.read() or "{}")
            except ValueError:
                holder = {}
            raise _busy(holder, {"lock_file": str(path)}) from None
        handle.seek(0)
        handle.truncate()
        handle.write(json.dumps(me))
        handle.flush()
        try:
            yield
        finally:
            handle.seek(0)
            handle.truncate()
            handle.flush()
            fcntl.flock(handle, fcntl.LOCK_UN)
    finally:
        handle.close()


# The advisory lock's key (one per database: PostgreSQL scopes advisory locks to the current database); a
# 32-bit value, so pg_locks shows it as classid 0, objid ADVISORY_KEY, objsubid 1.
ADVISORY_KEY = 0x4A4F5348  # "JOSH"
_APP_NAME = re.compile(r"^josh (?P<task>\S+) (?P<source>\S+) pid (?P<pid>\d+) on (?P<host>.*)$")
HOLDER_SQL = """
    SELECT a.application_name, a.xact_start
    FROM pg_locks AS l JOIN pg_stat_activity AS a ON a.pid = l.pid
    WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 0 AND l.objid = %s AND l.objsubid = 1
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
"""


@contextmanager
def _advisory_lock(me: dict) -> Iterator[None]:
    raw = connection.get_new_connection(connection.get_connection_params())
    try:
        raw.autocommit = True
        with raw.cursor() as cursor:
            # application_name holds at most 63 bytes: the host goes last, so only it can be cut short
            name = f"josh {me['task']} {me['source']} pid {me['pid']} on {me['host']}"
            cursor.execute(
                "SELECT set_config('application_name', %s, false)",
                [name.encode()[:63].decode(errors="ignore")],
            )
            # the transaction sits idle for the whole run: a server-wide idle timeout (managed services set
            # one) must not end it, and with it the lock, under a live writer
            cursor.execute("SET idle_in_transaction_session_timeout = 0")
            cursor.execute("BEGIN")
            cursor.execute("SELECT pg_try_advisory_xact_lock(%s)", [ADVISORY_KEY])
            if not cursor.fetchone()[0]:
                cursor.execute("ROLLBACK")
                raise _busy(_advisory_holder(cursor), {"lock": f"PostgreSQL advisory lock {ADVISORY_KEY}"})
        try:
            yield
        finally:
            with raw.cursor() as cursor:
                cursor.execute("COMMIT")  # ends the transaction: the lock goes with it
    finally:
        raw.close()


def _advisory_holder(cursor) -> dict:
    cursor.execute(HOLDER_SQL, [ADVISORY_KEY])
    row = cursor.fetchone()
    if row is None:
        return {}  # released between the try and this read
    return _advisory_holder_row(row)


def _advisory_holder_row(row) -> dict:
    found = _APP_NAME.match(row[0] or "")
    holder = {k: (int(v) if k == "pid" else v) for k, v in found.groupdict().items()} if found else {}
    if row[1] is not None:
        holder["since"] = row[1].isoformat(timespec="seconds")
    return holder


def process_alive(pid: int | None, host: str) -> bool:
    """Whether process ``pid`` still runs. Only a process of this host can be checked: another host's is
    assumed alive (never marked dead by guesswork)."""
    if not pid:
        return False
    if host and host != socket.gethostname():
        return True
    return pid_alive(pid)


class _Lock(NamedTuple):
    hold: Callable  # me -> a context manager that holds the lock or raises WriterBusy
    holder: Callable[[], dict | None]  # who holds it now, without taking it


# The two locks, by the name an engine gives its own (Engine.writer_lock, apps.core.db.engine).
LOCKS = {"file": _Lock(_file_lock, _file_current), "advisory": _Lock(_advisory_lock, _advisory_current)}
