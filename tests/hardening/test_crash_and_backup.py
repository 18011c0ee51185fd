"""kill -9 an ingest mid-run; the database survives whole, and a re-run finishes with the right counts.
``manage.py backup`` copies the database consistently while an ingest writes and readers read.

These run real ``manage.py`` subprocesses against a temporary file database (never var/).
"""

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from django.conf import settings

from apps.core.db.backup import integrity_errors
from apps.core.services.ingest import FILES_PER_TRANSACTION
from tests.migrated import ingested as ingested_data_dir
from tests.migrated import migrated as migrated_data_dir

ROOT = Path(settings.BASE_DIR)
ALL_VOTE_FILES = sorted((Path(settings.CORPUS_DIR) / "votes").rglob("*.json"))
# The kill tests ingest real vote files, one whole batch and part of the next: enough for both kill points
# (inside the first batch, and inside the second once the first committed). The runner treats every batch the
# same way, so the later batches of the full sample (267 files) only cost the re-run seconds of CPU.
KILL_FILES = ALL_VOTE_FILES[: FILES_PER_TRANSACTION + 10]


def _env(data_dir: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("JOSH_")}
    env.update(
        DJANGO_SETTINGS_MODULE="josh.settings",
        JOSH_DATA_DIR=str(data_dir),
        JOSH_ENCODER="hashing",
        JOSH_LOG_LEVEL="ERROR",
    )
    return env


def _manage(data_dir: Path, *args: str, timeout: int = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=_env(data_dir),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def _count(db: Path, sql: str) -> int:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10)
    try:
        return conn.execute(sql).fetchone()[0]
    except sqlite3.OperationalError:
        return -1  # table not there yet
    finally:
        conn.close()


@pytest.fixture(scope="module")
def migrated_template(tmp_path_factory, pytestconfig):
    data_dir = tmp_path_factory.mktemp("crash-template")
    migrated_data_dir(pytestconfig, data_dir, _env(data_dir))
    return data_dir


@pytest.fixture(scope="module")
def votes_template(tmp_path_factory, pytestconfig):
    """A migrated data folder with every sample vote ingested: the backup test's database before its writer
    starts. The ingest is the test's setting, not its subject, so a later run copies the folder back
    (``loaded_data_dir``, keyed by everything the rows depend on)."""
    data_dir = tmp_path_factory.mktemp("crash-votes")
    ingested_data_dir(pytestconfig, data_dir, _env(data_dir), "roll-call-votes")
    return data_dir


@pytest.fixture
def migrated(migrated_template, tmp_path):
    """A fresh migrated database per test (a copy of the template: migrating takes seconds)."""
    data_dir = tmp_path / "data"
    shutil.copytree(migrated_template, data_dir)
    return data_dir


# The ingest, run by the real runner in a child process, stops on the runner's own per-file hook after
# ``argv[1]`` files and says so; the test then kills it there. No polling, no sleeps: the kill point is exact.
_INGEST_UNTIL_PAUSED = """
import sys, threading
import django

django.setup()
from apps.core.services.ingest import run_ingest

pause_after, paths, loaded = int(sys.argv[1]), sys.argv[2:], [0]


def on_file(path):
    loaded[0] += 1
    if loaded[0] == pause_after:
        print("paused", flush=True)
        threading.Event().wait()  # until SIGKILL


run_ingest(slug="roll-call-votes", paths=paths, on_file=on_file)
print("finished", flush=True)
"""


def _kill_mid_run(data_dir: Path, *, after_files: int) -> None:
    """Start an ingest, SIGKILL it once ``after_files`` files are loaded (inside their batch's transaction)."""
    proc = subprocess.Popen(
        [sys.executable, "-c", _INGEST_UNTIL_PAUSED, str(after_files), *map(str, KILL_FILES)],
        cwd=ROOT,
        env=_env(data_dir),
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stdout.readline().strip() == "paused"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        assert proc.returncode == -signal.SIGKILL
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


@pytest.mark.parametrize(
    ("after_files", "committed"),
    [
        # inside the first transaction: nothing of it survives
        (1, 0),
        # the first batch committed, the second half-written: exactly the first survives
        (FILES_PER_TRANSACTION + 1, FILES_PER_TRANSACTION),
    ],
)
def test_kill_9_mid_ingest_leaves_a_whole_database(migrated, after_files, committed):
    assert len(KILL_FILES) > FILES_PER_TRANSACTION + 1
    db = migrated / "josh.sqlite3"
    _kill_mid_run(migrated, after_files=after_files)
    assert _count(db, "SELECT COUNT(*) FROM registry_rollcallvote") == committed  # whole batches only
    assert _count(db, "SELECT COUNT(*) FROM core_ingestrun WHERE status = 'running'") == 1  # the killed run
    assert integrity_errors(db) == []

    rerun = _manage(migrated, "ingest", "roll-call-votes", *map(str, KILL_FILES), "--no-progress")
    assert rerun.returncode == 0, rerun.stdout + rerun.stderr
    assert "success" in rerun.stdout
    assert _count(db, "SELECT COUNT(*) FROM registry_rollcallvote") == len(KILL_FILES)
    assert _count(db, "SELECT records FROM core_ingestrun ORDER BY id DESC LIMIT 1") == len(KILL_FILES)
    assert integrity_errors(db) == []


def test_backup_while_an_ingest_writes_and_readers_read(votes_template, tmp_path):
    migrated = tmp_path / "data"
    shutil.copytree(votes_template, migrated)
    db = migrated / "josh.sqlite3"
    assert _count(db, "SELECT COUNT(*) FROM registry_rollcallvote") == len(ALL_VOTE_FILES)
    votes = _count(db, "SELECT COUNT(*) FROM registry_rollcallvote")
    stop, read_errors, reads = threading.Event(), [], [0]

    def reader():
        while not stop.is_set():
            try:
                _count(db, "SELECT COUNT(*) FROM registry_legislator")
                reads[0] += 1
            except sqlite3.Error as exc:  # pragma: no cover - the assertion reports it
                read_errors.append(str(exc))
            time.sleep(0.01)

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    writer = subprocess.Popen(
        [sys.executable, "manage.py", "ingest", "legislators", "--no-progress"],
        cwd=ROOT,
        env=_env(migrated),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        target = tmp_path / "copy.sqlite3"
        done = _manage(migrated, "backup", str(target), "--check")
        assert done.returncode == 0, done.stdout + done.stderr
        assert "integrity_check ok" in done.stdout
        assert writer.wait(120) == 0, writer.stderr.read()
    finally:
        stop.set()
        thread.join(5)
        if writer.poll() is None:
            writer.kill()
    assert read_errors == [] and reads[0] > 0
    copy_votes = _count(target, "SELECT COUNT(*) FROM registry_rollcallvote")
    assert copy_votes == votes
    legislators = _count(target, "SELECT COUNT(*) FROM registry_legislator")
    assert legislators >= 0  # some committed state: before, or after, the legislators run
    assert integrity_errors(target) == []
    assert not list(tmp_path.glob(".copy.sqlite3.partial-*"))
    again = _manage(migrated, "backup", str(target))
    assert again.returncode != 0 and "exists" in again.stderr
