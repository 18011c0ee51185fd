"""`manage.py update` end to end against the replay server (tests/sync/replay.py: the real corpus files at the
upstream URL shapes on 127.0.0.1): a fresh database ends ingested and embedded, a second run is a no-op, a run
stopped in its embed stage resumes without redoing what it finished, a partial run exits 3, a failed one 1,
and offline it fails at the first refused connection instead of retrying."""

import io
import socket
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from apps.bills.models import Bill, CboCostEstimate, CommitteeReport, Topic
from apps.core.plans import get_plan
from apps.core.services.ingest import run_ingest
from apps.documents.models import FrDocument
from apps.search import embedding_run
from apps.search.encoders import get_encoder
from apps.search.queries import fetchall
from apps.search.vector_coverage import vector_coverage
from apps.sync.fetchers import get_fetcher
from apps.sync.http import PoliteClient, UpstreamError
from apps.sync.models import SyncState
from apps.sync.services import sync_source
from apps.sync.update import UpdateHooks, update_source

pytestmark = pytest.mark.django_db
CORPUS = Path(settings.CORPUS_DIR)
FR_FILE = "/bulkdata/FR/2024/02/FR-2024-02-12.xml"


def _update(*sources) -> tuple[int, str]:
    out = io.StringIO()
    try:
        call_command("update", *sources, "--no-progress", stdout=out)
    except CommandError as exc:
        return exc.returncode, out.getvalue() + str(exc)
    return 0, out.getvalue()


def _chunk_ids(slug: str) -> set[int]:
    return {row[0] for row in fetchall(f'SELECT id FROM "{get_plan(slug).search.chunk_table}"')}


def test_update_on_a_fresh_database_fetches_ingests_every_plan_and_embeds(replay, client):
    code, printed = _update("bills")
    assert code == 0, printed
    code, printed = _update("federal-register", "--since", "2024-02-01")  # the bundled issue's day
    assert code == 0, printed
    # Every plan that reads BILLSTATUS got the files, not only bills.
    assert Bill.objects.count() == 20
    assert Topic.objects.exists() and CboCostEstimate.objects.exists() and CommitteeReport.objects.exists()
    assert FrDocument.objects.count() == 96
    cov = vector_coverage(get_plan("federal-register"))
    assert (cov.documents, cov.embedded, cov.stale, cov.complete) == (96, 96, 0, True) and cov.chunks > 96
    health = client.get("/healthz").json()["sources"]["federal-register"]
    assert health["search_index"] == "ok" and health["vectors"]["coverage"] == 1.0
    hits = client.get("/v1/search", {"q": "rule", "mode": "semantic", "source": "federal-register"}).json()
    assert hits["results"]
    for source in ("bills", "federal-register"):
        assert SyncState.objects.get(source=source).pending == {}

    # A second run asks upstream and finds nothing to do: nothing fetched, ingested or embedded.
    served = replay.requests.count(FR_FILE)
    again = update_source(get_fetcher("federal-register"), unreachable={}, hooks=UpdateHooks())
    assert again.status == "ok" and replay.requests.count(FR_FILE) == served
    assert again.stages["fetch"].counts == {
        "fetched": 0,
        "unchanged": again.stages["fetch"].counts["unchanged"],
    }
    assert again.stages["ingest"].counts == {"runs": 0}
    assert again.stages["embed"].counts["embedded"] == 0
    assert again.stages["index"].counts == {"documents": 96, "without_vectors": 0}


class FailsOnce:
    """The configured encoder, but its ``fail_at``-th call raises (a crash or a kill mid-embed): what the
    groups written before it keep is what a resumed run must not redo."""

    def __init__(self, inner, fail_at: int):
        self.inner, self.fail_at, self.calls, self.texts = inner, fail_at, 0, 0
        self.model_id, self.dim = inner.model_id, inner.dim

    def embed(self, texts):
        self.calls += 1
        if self.calls == self.fail_at:
            raise RuntimeError("killed mid-embed")
        self.texts += len(texts)
        return self.inner.embed(texts)


def test_a_run_stopped_in_its_embed_stage_resumes_without_redoing_finished_work(replay, monkeypatch, client):
    monkeypatch.setattr("apps.search.embedding.GROUP_CHUNKS", 200)  # several write transactions
    broken = FailsOnce(get_encoder(), fail_at=8)
    monkeypatch.setattr(embedding_run, "get_encoder", lambda: broken)
    code, printed = _update("federal-register", "--since", "2024-02-01")
    assert code == 1 and "killed mid-embed" in printed
    first = _chunk_ids("federal-register")
    cov = vector_coverage(get_plan("federal-register"))
    assert 0 < cov.embedded < cov.documents == 96 and len(first) == cov.chunks
    health = client.get("/healthz").json()
    assert health["status"] == "degraded"
    assert health["sources"]["federal-register"]["search_index"].startswith("vectors incomplete")
    assert health["sources"]["federal-register"]["vectors"]["missing"] == 96 - cov.embedded

    counting = FailsOnce(get_encoder(), fail_at=0)
    monkeypatch.setattr(embedding_run, "get_encoder", lambda: counting)
    served = replay.requests.count(FR_FILE)
    resumed = update_source(get_fetcher("federal-register"), unreachable={}, hooks=UpdateHooks())
    assert resumed.status == "ok", resumed
    assert replay.requests.count(FR_FILE) == served  # not downloaded again
    assert resumed.stages["fetch"].counts["fetched"] == 0 and resumed.stages["ingest"].counts == {"runs": 0}
    # The documents embedded before the stop keep their chunk rows (a redone document gets new ones) ...
    after = _chunk_ids("federal-register")
    assert first <= after
    # ... and the model saw only the rest: what it encoded now is exactly what was missing.
    embedded = resumed.stages["embed"].counts["embedded"]
    assert embedded == counting.texts > 0
    assert embedded <= len(after - first) < len(after)
    assert vector_coverage(get_plan("federal-register")).complete


def _broken_download() -> None:
    """A download that will not parse, kept as pending by an interrupted sync."""
    folder = Path(settings.DATA_DIR) / "sync" / "bills"
    folder.mkdir(parents=True)
    (folder / "BILLSTATUS-119hr9999.xml").write_text("<billStatus><bill>broken", encoding="utf-8")
    SyncState.objects.create(source="bills", pending={"BILLSTATUS-119hr9999.xml": "v1"})


def test_a_partial_run_exits_3_and_names_the_source(replay):
    """The other files load, the run is partial, and a scheduler sees 3."""
    _broken_download()
    code, printed = _update("bills")
    assert code == 3, printed
    assert "update partial: bills" in printed and Bill.objects.count() == 20
    assert "bills ingest partial: bills partial" in printed


def test_a_partial_sync_exits_3_too(replay):
    _broken_download()
    with pytest.raises(CommandError, match="partial sync: bills") as partial:
        call_command("sync", "bills", stdout=io.StringIO())
    assert partial.value.returncode == 3 and Bill.objects.count() == 20


def _refused_port() -> int:
    with socket.socket() as sock:  # bound and closed: nothing listens there now
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_offline_fails_at_the_first_refused_connection_not_after_retries(settings, tmp_path):
    base = f"http://127.0.0.1:{_refused_port()}"
    settings.DATA_DIR = tmp_path
    settings.SYNC = {
        **settings.SYNC,
        "GOVINFO_BULK_URL": f"{base}/bulkdata",
        "GOVINFO_API_URL": base,
        "FEDERAL_REGISTER_URL": base,
        "RETRIES": 5,
        "MIN_INTERVAL_S": 0.0,
    }
    client = PoliteClient()
    for slug in ("bills", "federal-register"):  # two sources, one host
        with pytest.raises(UpstreamError, match="cannot connect|unreachable earlier"):
            sync_source(get_fetcher(slug), client=client)
    assert client.attempts == 1 and client.waited == []  # one connection tried, no backoff
    assert "ConnectError" in SyncState.objects.get(source="bills").last_error

    code, printed = _update("bills", "federal-register")
    assert code == 1 and "cannot connect" in printed and "update failed: bills, federal-register" in printed


def test_a_source_ingested_by_hand_shows_as_unembedded_until_update_embeds_it(client, corpus):
    """GAO reports have no upstream: after `ingest`, /healthz and /v1/sources say their vectors are missing
    (semantic search would silently miss them); `update gao-reports` embeds them and both say so."""
    run = run_ingest(slug="gao-reports", paths=sorted((corpus / "gao").rglob("gao-*.md"))[:3])
    assert run.status == "success" and run.inserted == 3
    health = client.get("/healthz").json()
    gao = health["sources"]["gao-reports"]
    assert health["status"] == "degraded" and not gao["ok"]
    assert gao["search_index"].startswith("vectors incomplete: 3 of 3 document(s)")
    assert gao["vectors"] == {
        "documents": 3,
        "embedded": 0,
        "stale": 0,
        "chunks": 0,
        "coverage": 0.0,
        "missing": 3,
    }
    listed = client.get("/v1/sources/gao-reports").json()["embedding"]
    assert (listed["documents"], listed["embedded"], listed["coverage"]) == (3, 0, 0.0)

    code, printed = _update("gao-reports")
    assert code == 0, printed
    gao = client.get("/healthz").json()["sources"]["gao-reports"]
    assert gao["search_index"] == "ok" and gao["ok"] and gao["vectors"]["coverage"] == 1.0
    assert client.get("/v1/sources/gao-reports").json()["embedding"]["coverage"] == 1.0
