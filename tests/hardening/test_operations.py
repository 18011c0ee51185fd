"""Operations: the open /healthz names no process or host; a production server refuses to start while a
superuser keeps a known default password; a killed copy_to_sqlite's partial files are removed by the next."""

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from django.utils import timezone

from apps.core.db.transfer import remove_stale_partials
from apps.core.models import IngestRun
from tests.migrated import migrated

ROOT = Path(__file__).resolve().parents[2]
DEAD_PID = 2**22 + 13  # above the default pid_max: no process has it


@pytest.mark.django_db
def test_healthz_names_no_pid_or_host(client):
    IngestRun.objects.create(
        source="gao-reports", started_at=timezone.now(), pid=DEAD_PID, host=socket.gethostname()
    )
    body = client.get("/healthz").json()
    entry = body["sources"]["gao-reports"]
    assert entry["ingest_state"] == "half-applied" and not entry["ok"]
    assert (
        entry["note"].startswith("Ingest run ")
        and "re-run `python manage.py ingest gao-reports`" in entry["note"]
    )
    text = client.get("/healthz").content.decode()
    assert str(DEAD_PID) not in text and socket.gethostname() not in text and '"pid' not in text


def test_a_killed_copys_partial_files_are_removed_and_a_live_ones_kept(tmp_path):
    target = tmp_path / "josh.sqlite3"
    dead = [tmp_path / f".josh.sqlite3.partial-{DEAD_PID}{s}" for s in ("", "-wal", "-shm")]
    live = tmp_path / f".josh.sqlite3.partial-{os.getpid()}"
    for path in (*dead, live):
        path.write_bytes(b"x")
    assert sorted(remove_stale_partials(target)) == sorted(dead)
    assert sorted(p.name for p in tmp_path.iterdir()) == [live.name]


# admin/admin made, then the demo (not production) server's startup in the same child: it serves anyway.
# (One child for both: each Python child pays django.setup(), ~1.5 s of CPU.)
SETUP_THEN_DEMO = """
import django; django.setup()
from django.contrib.auth import get_user_model
get_user_model().objects.create_superuser("admin", "a@example.org", "admin")
import josh.asgi
print("demo serving")
"""
RESET = """
import django; django.setup()
from django.contrib.auth import get_user_model
user = get_user_model().objects.get(username="admin")
user.set_password("a-real-password-nobody-guesses")
user.save()
"""


@pytest.mark.slow
def test_a_production_server_refuses_to_start_with_admin_admin(tmp_path, pytestconfig):
    env = {k: v for k, v in os.environ.items() if not k.startswith("JOSH_")}
    env.update(
        DJANGO_SETTINGS_MODULE="josh.settings",
        JOSH_DATA_DIR=str(tmp_path),
        JOSH_HEAVY_LANE_PROCESSES="0",
        JOSH_LOG_LEVEL="WARNING",
    )

    def run(code: str, **extra) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, env={**env, **extra}, capture_output=True, text=True
        )

    migrated(pytestconfig, tmp_path, env)
    demo = run(SETUP_THEN_DEMO)
    assert demo.returncode == 0 and "demo serving" in demo.stdout, demo.stderr[-2000:]
    production = {
        "JOSH_PRODUCTION": "1",
        "JOSH_SECRET_KEY": "k" * 20 + "x7Qz-pL9_vR2sT4uW6yA8bC0dE1fG3hJ5mN",
        "JOSH_ALLOWED_HOSTS": "josh.example.org",
    }
    refused = run("import josh.asgi", **production)
    assert refused.returncode != 0
    assert (
        "JOSH_PRODUCTION=1 refuses to serve: Superuser 'admin' has a known default password" in refused.stderr
    )
    assert run(RESET).returncode == 0
    started = run("import josh.asgi; print('serving')", **production)
    assert started.returncode == 0 and "serving" in started.stdout, started.stderr[-2000:]
