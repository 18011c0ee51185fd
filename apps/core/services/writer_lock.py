"""One writer at a time: ``ingest`` and ``embed`` hold an OS file lock that sits beside the database file.

SQLite lets one transaction write at a time; two ingests that overlap wait on each other's batches until one
gives up with a raw "database is locked" and leaves no run record. The lock makes the rule explicit: the
second writer is refused at once with who holds it (pid, host, source, since), before it writes anything.

The kernel drops a ``flock`` when its process dies, ``kill -9`` included, so a lock is never left stale; and
whoever holds it knows that no other writer is alive, which is how the runner marks dead runs ``aborted``.
An in-memory database (the tests) is private to its process, so its lock file is per process too.
"""

import fcntl
import json
import os
import re
import socket
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.db import connection
from django.utils import timezone

from apps.core.db import timelimit
from apps.core.errors import JoshError


class WriterBusy(JoshError):
    """Another ingest or embed holds the writer lock."""

    status = 409
    type = "conflict"
    code = "ingest_running"


def lock_path() -> Path:
    if connection.vendor != "sqlite":
        # A server database has no file to sit beside: the lock lives in the data dir, one per database. It
        # holds on this machine only: with several app servers run ingest and embed from one (docs/DEPLOY.md).
        db = connection.settings_dict
        key = re.sub(r"[^A-Za-z0-9_.-]", "_", f"{db['HOST'] or 'local'}-{db['PORT'] or ''}-{db['NAME']}")
        return Path(settings.DATA_DIR) / f"josh-{key}.writer.lock"
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
    file says about this holder (pid, host, task, source, since)."""
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
            raise WriterBusy(
                f"Another ingest is running ({holder_text(holder)}); wait for it to finish, then retry.",
                hint={"holder": holder, "lock_file": str(path)},
            ) from None
        me = {
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "task": task,
            "source": source,
            "since": timezone.now().isoformat(timespec="seconds"),
        }
        handle.seek(0)
        handle.truncate()
        handle.write(json.dumps(me))
        handle.flush()
        try:
            # A write job, not a public query: free of any request budget open on this thread (one it runs
            # inline under, or one a streamed response nobody read to the end left behind).
            with timelimit.unlimited():
                yield me
        finally:
            handle.seek(0)
            handle.truncate()
            handle.flush()
            fcntl.flock(handle, fcntl.LOCK_UN)
    finally:
        handle.close()


def process_alive(pid: int | None, host: str) -> bool:
    """Whether process ``pid`` still runs. Only a process of this host can be checked: another host's is
    assumed alive (never marked dead by guesswork)."""
    if not pid:
        return False
    if host and host != socket.gethostname():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
