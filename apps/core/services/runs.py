"""Each source's latest ingest run and what it means: the state /v1/sources, /healthz and the admin show."""

from django.db.models import Max

from apps.core.models import IngestRun
from apps.core.services.writer_lock import process_alive


def ingest_state(run: IngestRun | None) -> tuple[str, str]:
    """(state, note) of a source from its latest run. A run still ``running`` whose process is gone counts as
    half-applied at once, before the next ingest marks it ``aborted``. The note is public (/v1/sources,
    /healthz): it names the run, never the process id or host name (the admin's run pages show those)."""
    if run is None:
        return "never", "Never ingested."
    command = f"python manage.py ingest {run.source}"
    dead = run.status == IngestRun.Status.RUNNING and not process_alive(run.pid, run.host)
    if run.status == IngestRun.Status.ABORTED or dead:
        return "half-applied", (
            f"Ingest run {run.pk} stopped before it finished, so some "
            f"files are loaded and others not: re-run `{command}` to finish."
        )
    if run.status == IngestRun.Status.RUNNING:
        return "running", f"Ingest run {run.pk} is running."
    notes = {
        IngestRun.Status.SUCCESS: "Every file loaded.",
        IngestRun.Status.PARTIAL: f"Some files or records failed (run {run.pk}: `{command} --show-errors`).",
        IngestRun.Status.FAILED: f"Nothing loaded in run {run.pk}: see `{command} --show-errors`.",
    }
    state = "complete" if run.status == IngestRun.Status.SUCCESS else str(run.status)
    return state, notes.get(run.status, "")


def latest_runs() -> dict[str, IngestRun]:
    """Each source's latest real (not dry) run."""
    latest_ids = IngestRun.objects.filter(dry_run=False).values("source").annotate(last=Max("pk"))
    runs = IngestRun.objects.filter(pk__in=[row["last"] for row in latest_ids])
    return {run.source: run for run in runs}
