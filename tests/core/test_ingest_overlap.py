"""Ingest that survives overlap and crashes: one writer at a time (a second ingest is refused, naming who
holds the lock, and writes nothing), runs left ``running`` by a dead process are marked ``aborted`` at the next
start, a source whose latest run died shows "half-applied" in /v1/sources, /healthz and the admin."""

import os
import socket
import subprocess
import sys

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from apps.core.models import IngestRun
from apps.core.services.ingest import run_ingest
from apps.core.services.writer_lock import WriterBusy, writer_lock

pytestmark = pytest.mark.django_db


def _gao(corpus, n=1):
    return sorted((corpus / "gao").glob("gao-*.md"))[:n]


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_second_ingest_is_refused_naming_the_holder_and_writes_nothing(corpus):
    with writer_lock(task="ingest", source="legislators"):
        with pytest.raises(WriterBusy) as refused:
            run_ingest(slug="gao-reports", paths=_gao(corpus))
        with pytest.raises(
            CommandError, match=r"Another ingest is running \(pid \d+ on .*ingest legislators"
        ):
            call_command("ingest", "gao-reports", str(_gao(corpus)[0]), "--no-progress")
    holder = refused.value.hint["holder"]
    assert (holder["pid"], holder["host"], holder["source"]) == (
        os.getpid(),
        socket.gethostname(),
        "legislators",
    )
    assert refused.value.status == 409 and refused.value.code == "ingest_running"
    assert not IngestRun.objects.exists()  # the refused runs wrote nothing, not even a run row
    # the lock is released with its block: the next ingest runs and is recorded
    result = run_ingest(slug="gao-reports", paths=_gao(corpus))
    assert result.status == "success"
    assert IngestRun.objects.get().pid == os.getpid()


def test_a_run_whose_process_died_is_half_applied_then_marked_aborted_at_the_next_start(client, corpus):
    dead = IngestRun.objects.create(
        source="gao-reports", started_at=timezone.now(), pid=_dead_pid(), host=socket.gethostname()
    )
    source = client.get("/v1/sources/gao-reports").json()
    assert source.get("ingest_state") == "half-applied", source
    assert f"Ingest run {dead.pk} stopped before it finished" in source["ingest_note"]
    assert str(dead.pid) not in source["ingest_note"] and socket.gethostname() not in source["ingest_note"]
    assert "re-run `python manage.py ingest gao-reports` to finish" in source["ingest_note"]
    health = client.get("/healthz").json()["sources"]["gao-reports"]
    assert (health["ingest_state"], health["ok"]) == ("half-applied", False)

    run_ingest(slug="crs-reports", paths=sorted((corpus / "crs" / "sidebars").glob("*.md"))[:1])
    dead.refresh_from_db()
    assert dead.status == "aborted" and dead.finished_at is not None
    assert "died before the run finished" in dead.errors[-1]["message"]
    assert "half-applied: re-run to finish" in dead.errors[-1]["message"]
    assert client.get("/v1/sources/gao-reports").json()["ingest_state"] == "half-applied"

    run_ingest(slug="gao-reports", paths=_gao(corpus))
    source = client.get("/v1/sources/gao-reports").json()
    assert (source["ingest_state"], source["ingest_note"]) == ("complete", "Every file loaded.")


def test_a_live_run_shows_as_running(client):
    IngestRun.objects.create(
        source="gao-reports", started_at=timezone.now(), pid=os.getpid(), host=socket.gethostname()
    )
    assert client.get("/v1/sources/gao-reports").json()["ingest_state"] == "running"


def test_a_run_stopped_by_an_exception_is_marked_aborted_and_the_exception_goes_on(corpus):
    def stop(_path):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_ingest(slug="gao-reports", paths=_gao(corpus, 2), on_file=stop)
    run = IngestRun.objects.get()
    assert run.status == "aborted"
    assert run.errors[-1]["message"].startswith("stopped by KeyboardInterrupt")


def test_the_admin_sources_page_says_half_applied(admin_client):
    IngestRun.objects.create(
        source="gao-reports", started_at=timezone.now(), status="aborted", pid=1, host=socket.gethostname()
    )
    html = admin_client.get(reverse("admin:core_ingestrun_sources")).content.decode()
    assert "half-applied, re-run to finish" in html
    assert "re-run `python manage.py ingest gao-reports` to finish" in html


def test_a_record_past_the_size_caps_is_quarantined_with_the_limit_named(corpus, settings):
    path = _gao(corpus)[0]
    body_chars = len(path.read_text(encoding="utf-8"))
    settings.JOSH = {**settings.JOSH, "INGEST_MAX_FIELD_CHARS": 5_000}
    result = run_ingest(slug="gao-reports", paths=[path])
    assert (result.status, result.records) == ("failed", 0)
    (problem,) = result.quarantined
    assert (problem["file"], problem["field"]) == (str(path), "body")
    assert problem["message"].endswith(
        "over the 5,000 limit of one field (JOSH_INGEST_MAX_FIELD_CHARS); split the record or raise the limit"
    )
    assert 5_000 < int(problem["message"].split()[0].replace(",", "")) <= body_chars

    settings.JOSH = {**settings.JOSH, "INGEST_MAX_FIELD_CHARS": 10**9, "INGEST_MAX_RECORD_CHARS": 5_000}
    (problem,) = run_ingest(slug="gao-reports", paths=[path]).quarantined
    assert problem["field"] == "" and "(JOSH_INGEST_MAX_RECORD_CHARS)" in problem["message"]

    settings.JOSH = {**settings.JOSH, "INGEST_MAX_RECORD_CHARS": 10**9}
    assert run_ingest(slug="gao-reports", paths=[path]).status == "success"
