"""The writer lock on PostgreSQL is an advisory lock in the database: it holds across processes (and so across
app servers), names its holder, and goes with a holder killed by SIGKILL. Runs under ``make test-postgres``."""

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection

from apps.core.services.writer_lock import WriterBusy, writer_lock
from tests.conftest import ON_POSTGRES

pytestmark = [
    pytest.mark.skipif(not ON_POSTGRES, reason="PostgreSQL's writer lock (make test-postgres)"),
    pytest.mark.django_db,
]

HOLDER = """
import sys, time, django
django.setup()
from apps.core.services.writer_lock import writer_lock
with writer_lock(task="embed", source="bills"):
    print("held", flush=True)
    time.sleep(600)
"""


def _database_url() -> str:
    db = connection.settings_dict
    return f"postgres://{db['USER']}:{db['PASSWORD'] or ''}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


def _try_lock() -> dict | None:
    """The holder named by a refusal, or None when the lock was free (taken and let go)."""
    try:
        with writer_lock(task="ingest", source="gao-reports"):
            return None
    except WriterBusy as busy:
        return busy.hint["holder"]


def test_another_process_holds_it_is_named_and_its_death_frees_it():
    env = {**os.environ, "JOSH_DATABASE_URL": _database_url(), "DJANGO_SETTINGS_MODULE": "josh.settings"}
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER],
        env=env,
        cwd=Path(__file__).resolve().parents[2],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == "held", child.stderr.read()
        holder = _try_lock()
        assert holder is not None and holder["pid"] == child.pid
        assert (holder["task"], holder["source"]) == ("embed", "bills")
        assert socket.gethostname().startswith(holder["host"]) and holder["since"]
        os.kill(child.pid, signal.SIGKILL)
        child.wait(10)
        # PostgreSQL ends the killed client's session when its socket closes: the lock goes with it
        deadline = time.monotonic() + 10
        while (holder := _try_lock()) is not None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert holder is None
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def test_a_held_lock_refuses_a_second_writer_in_the_same_process_and_is_free_after():
    with writer_lock(task="ingest", source="legislators") as me:
        holder = _try_lock()
    assert holder["pid"] == me["pid"] == os.getpid() and holder["source"] == "legislators"
    assert _try_lock() is None
