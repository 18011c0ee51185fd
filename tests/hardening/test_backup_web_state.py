"""``manage.py backup`` copies the web-state database too (docs/ACCESS.md "Web requests never wait on an
ingest"): an API key issued on the live site is in the copy beside the data's, under ``NAME-web.EXT``.

A real ``manage.py`` subprocess against a temporary two-file SQLite site (never var/)."""

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from django.conf import settings

from tests.migrated import migrated

ROOT = Path(settings.BASE_DIR)


def _env(data_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("JOSH_")}
    env.update(DJANGO_SETTINGS_MODULE="josh.settings", JOSH_DATA_DIR=str(data_dir), JOSH_LOG_LEVEL="ERROR")
    return env


def _manage(data_dir: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=_env(data_dir),
        capture_output=True,
        text=True,
        timeout=180,
    )


def _rows(db: Path, sql: str) -> list[tuple]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def test_backup_writes_the_web_state_copy_beside_the_data_copy(tmp_path, pytestconfig):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    migrated(pytestconfig, data_dir, _env(data_dir))
    issued = _manage(
        data_dir,
        "shell",
        "-c",
        "from apps.access.services import api_key_issue; api_key_issue(name='backup-probe')",
    )
    assert issued.returncode == 0, issued.stderr
    live_web = data_dir / "josh-web.sqlite3"
    assert _rows(live_web, "SELECT name FROM access_apikey") == [("backup-probe",)]

    target = tmp_path / "out" / "copy.sqlite3"
    done = _manage(data_dir, "backup", str(target), "--check")
    assert done.returncode == 0, done.stdout + done.stderr
    web_copy = tmp_path / "out" / "copy-web.sqlite3"
    assert f"backup written: {target}" in done.stdout and f"backup written: {web_copy}" in done.stdout
    assert _rows(web_copy, "SELECT name FROM access_apikey") == [("backup-probe",)]
    assert _rows(target, "SELECT COUNT(*) FROM django_migrations")[0][0] > 0
    assert sorted(p.name for p in target.parent.iterdir()) == ["copy-web.sqlite3", "copy.sqlite3"]

    # Neither copy is overwritten: a second backup to the same name is refused before anything is written.
    again = _manage(data_dir, "backup", str(target))
    assert again.returncode != 0 and "exists" in again.stderr
