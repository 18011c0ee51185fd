"""`manage.py sync` end to end against the replay server (tests/sync/replay.py), one test per upstream:
the sync loads the same records as ingesting the bundled files directly (ingesting them after the sync is
all-noop), a second sync fetches and ingests nothing, ``--since`` filters, and a 429 is waited out."""

from datetime import date
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from apps.bills.models import Bill, CboCostEstimate, CommitteeReport, PublicLaw, Topic
from apps.core.services.ingest import run_ingest
from apps.sync.fetchers import get_fetcher
from apps.sync.http import PoliteClient, UpstreamError, retry_after_seconds
from apps.sync.models import SyncState
from apps.sync.services import sync_source

pytestmark = pytest.mark.django_db
CORPUS = Path(settings.CORPUS_DIR)


def _all_noop(slug: str, paths=None) -> None:
    direct = run_ingest(slug=slug, paths=paths)
    assert direct.records > 0 and direct.noop == direct.records, (slug, direct)


def _throttled_once(result, replay) -> None:
    """The first request was answered 429 + Retry-After: 0: the client waited once and asked again."""
    assert len(result.waited) == 1 and result.waited[0][1] == 0.0
    assert replay.requests[0] == replay.requests[1]


def _synced_one_file(result, replay, slug: str, bundled: Path, requests: list[str]) -> None:
    """A sync that made ``requests`` (after the 429), fetched ``bundled`` byte for byte and loaded its one record:
    the record ingesting the bundled file loads (doing that afterwards is all-noop)."""
    _throttled_once(result, replay)
    assert (result.fetched, replay.requests[1:]) == ([bundled.name], requests)
    assert [(r.source, r.status, r.inserted) for r in result.ingests] == [(slug, "success", 1)]
    assert (Path(settings.DATA_DIR) / "sync" / slug / bundled.name).read_bytes() == bundled.read_bytes()
    _all_noop(slug, [bundled])


def test_bills_sync_loads_what_ingesting_the_files_loads(replay):
    result = sync_source(get_fetcher("bills"))
    names = sorted(p.name for p in (CORPUS / "bill-status").rglob("BILLSTATUS-*.xml"))
    assert sorted(result.fetched) == names and len(names) == 20
    _throttled_once(result, replay)
    assert [(r.source, r.files_total, r.status) for r in result.ingests] == [
        ("bills", 20, "success"),
        ("topic-taxonomy", 20, "success"),
        ("cbo-cost-estimates", 20, "success"),
        ("committee-reports", 20, "success"),
    ]
    assert Bill.objects.count() == 20
    counts = (Topic.objects.count(), CboCostEstimate.objects.count(), CommitteeReport.objects.count())
    for slug in ("bills", "topic-taxonomy"):
        _all_noop(slug)  # the bundled files themselves: nothing left to change
    assert (Topic.objects.count(), CboCostEstimate.objects.count(), CommitteeReport.objects.count()) == counts

    state = SyncState.objects.get(source="bills")
    assert state.last_synced_at is not None and state.pending == {} and len(state.versions) == 20
    assert state.cursor == state.last_synced_at.date().isoformat()

    # From the cursor (today): nothing upstream changed. From the start: every file is at the version ingested.
    assert sync_source(get_fetcher("bills")).fetched == []
    again = sync_source(get_fetcher("bills"), since=date(2000, 1, 1))
    assert (again.fetched, again.unchanged, again.ingests) == ([], 20, [])


def test_bills_since_asks_only_for_files_changed_since(replay):
    result = sync_source(get_fetcher("bills"), since=date(2025, 1, 1))
    assert sorted(result.fetched) == ["BILLSTATUS-119hjres24.xml", "BILLSTATUS-119sjres11.xml"]
    assert sorted(Bill.objects.values_list("bill_id", flat=True)) == ["hjres:119:24", "sjres:119:11"]


def test_an_interrupted_sync_resumes_without_downloading_again(replay):
    """A download recorded as pending (the sync stopped before ingesting) is ingested by the next sync
    and not fetched again."""
    fetcher = get_fetcher("bills")
    state = SyncState.objects.create(source="bills")
    folder = Path(settings.DATA_DIR) / "sync" / "bills"
    folder.mkdir(parents=True)
    name = "BILLSTATUS-119hjres24.xml"
    (folder / name).write_bytes((CORPUS / "bill-status" / "v3-119th" / name).read_bytes())
    state.pending = {name: "2025-05-27T14:12:43Z"}
    state.save()
    result = sync_source(fetcher, since=date(2025, 1, 1))
    assert result.fetched == ["BILLSTATUS-119sjres11.xml"] and result.unchanged == 1
    assert not any(path.endswith(name) for path in replay.requests)
    assert result.ingests[0].files_total == 2 and result.ingests[0].inserted == 2


def test_bill_text_and_public_laws_sync_from_the_published_service(replay):
    texts = sync_source(get_fetcher("bill-text"), since=date(2024, 1, 1))
    _throttled_once(texts, replay)
    bundled = sorted(p.name for p in (CORPUS / "bill-text-uslm").glob("BILLS-*.xml"))
    assert sorted(texts.fetched) == bundled and len(bundled) == 10
    assert [(r.source, r.files_total, r.inserted) for r in texts.ingests] == [("bill-text", 10, 10)]
    _all_noop("bill-text", [CORPUS / "bill-text-uslm" / name for name in bundled])
    laws = sync_source(get_fetcher("public-laws"), since=date(2024, 1, 1))
    assert sorted(laws.fetched) == [
        f"PLAW-{n}.xml" for n in ("113publ44", "113publ67", "114publ4", "115publ11", "115publ6", "115publ7")
    ]
    synced = {
        law.law_id: (law.title, law.enacted_date, law.statutes_citation, law.bill_id, law.body)
        for law in PublicLaw.objects.all()
    }
    run_ingest(slug="public-laws", paths=sorted((CORPUS / "public-laws-uslm").glob("*publ*-uslm.xml")))
    direct = {
        law.law_id: (law.title, law.enacted_date, law.statutes_citation, law.bill_id, law.body)
        for law in PublicLaw.objects.all()
    }
    assert synced == direct and len(direct) == 6  # only the file name each was read from differs
    again = sync_source(get_fetcher("public-laws"), since=date(2024, 1, 1))
    assert (again.fetched, again.unchanged, again.ingests) == ([], 6, [])


def test_federal_register_sync_fetches_each_issue_named_by_the_api(replay):
    result = sync_source(get_fetcher("federal-register"), since=date(2024, 2, 1))
    assert result.fetched == ["FR-2024-02-12.xml"]
    _throttled_once(result, replay)
    assert replay.requests.count("/api/v1/documents.json") == 2  # 96 documents, 1000 a page (+ the 429)
    assert [(r.source, r.records, r.inserted) for r in result.ingests] == [("federal-register", 96, 96)]
    _all_noop("federal-register")
    assert sync_source(get_fetcher("federal-register"), since=date(2024, 2, 1)).ingests == []
    assert sync_source(get_fetcher("federal-register"), since=date(2024, 2, 13)).fetched == []


def test_legislators_sync_fetches_the_yaml_files_and_then_only_asks(replay):
    result = sync_source(get_fetcher("legislators"))
    _throttled_once(result, replay)
    assert len(result.fetched) == 5
    assert [r.source for r in result.ingests] == [
        "legislators",
        "committees",
        "committee-memberships",
        "legislators-social-media",
    ]
    assert all(r.status == "success" and r.inserted > 0 for r in result.ingests)
    for slug in ("legislators", "committees", "committee-memberships", "legislators-social-media"):
        _all_noop(slug)
    again = sync_source(get_fetcher("legislators"))
    assert (again.fetched, again.unchanged, again.ingests) == ([], 5, [])  # five 304s


def test_ecfr_sync_fetches_titles_amended_since(replay):
    result = sync_source(get_fetcher("ecfr-and-cfr"))
    _throttled_once(result, replay)
    assert result.fetched == ["ECFR-title1.xml"]  # title 35 is reserved
    assert result.ingests[0].inserted > 0
    _all_noop("ecfr-and-cfr")
    assert sync_source(get_fetcher("ecfr-and-cfr"), since=date(2023, 1, 1)).fetched == []
    assert sync_source(get_fetcher("ecfr-and-cfr"), since=date(2022, 1, 1)).unchanged == 1


def test_regulations_gov_sync_pages_through_documents_with_a_key(replay, settings):
    result = sync_source(get_fetcher("regulations-dot-gov-dockets"), since=date(2023, 1, 11))
    _throttled_once(result, replay)
    assert len(result.fetched) == 2
    assert result.ingests[0].status == "success" and result.ingests[0].inserted > 0
    direct = [
        CORPUS / "regulations-gov" / f"regulations_dot_gov_v4_documents_updated_within.{n}.json"
        for n in ("01", "03")
    ]
    _all_noop("regulations-dot-gov-dockets", direct)
    assert sync_source(get_fetcher("regulations-dot-gov-dockets"), since=date(2023, 1, 11)).ingests == []

    settings.SYNC = {**settings.SYNC, "REGULATIONS_GOV_API_KEY": ""}
    skipped = sync_source(get_fetcher("regulations-dot-gov-dockets"))
    assert "REGULATIONS_GOV_API_KEY" in skipped.skipped and skipped.fetched == []


def test_sync_command_and_freshness_in_sources_and_admin(replay, client, admin_client):
    call_command("sync", "ecfr-and-cfr", "--since", "2022-01-01")
    state = SyncState.objects.get(source="ecfr-and-cfr")
    body = {s["slug"]: s for s in client.get("/v1/sources").json()}
    assert body["ecfr-and-cfr"]["last_synced_at"].startswith(state.last_synced_at.date().isoformat())
    assert body["bills"]["last_synced_at"] is None
    newest = body["ecfr-and-cfr"]["newest_record_date"]
    assert newest is not None and body["bills"]["newest_record_date"] is None  # no bills ingested
    page = admin_client.get("/admin/core/ingestrun/sources/").content.decode()
    assert (
        f"<td>{state.last_synced_at:%Y-%m-%d %H:%M:%S}</td><td>{date.fromisoformat(newest):%b. %-d, %Y}"
        in page
    )
    with pytest.raises(Exception, match="No upstream to sync for 'gao-reports'"):
        call_command("sync", "gao-reports")
    with pytest.raises(Exception, match="give a date as YYYY-MM-DD"):
        call_command("sync", "bills", "--since", "yesterday")


def test_polite_client_reads_retry_after_and_names_what_failed(replay):
    assert retry_after_seconds("120") == 120.0
    assert retry_after_seconds("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0  # a date already past: no wait
    assert retry_after_seconds("soon") is None and retry_after_seconds(None) is None
    replay.throttle_next = False
    with PoliteClient(retries=1) as client:
        assert client.get(f"{replay.base}/bulkdata/json/BILLSTATUS/1/hr", missing_ok=True).json() == {
            "files": []
        }
        assert client.get(f"{replay.base}/nowhere", missing_ok=True) is None
        with pytest.raises(UpstreamError, match="/nowhere: HTTP 404"):
            client.get(f"{replay.base}/nowhere")


def test_votes_sync_lists_each_session_year_and_fetches_its_votes(replay):
    result = sync_source(get_fetcher("roll-call-votes"), since=date(2022, 1, 1))
    _throttled_once(result, replay)
    folders = [CORPUS / "votes" / "117" / "2022", CORPUS / "votes" / "119" / "2025"]
    files = sorted(p for folder in folders for p in folder.glob("*.json"))
    assert sorted(result.fetched) == sorted(
        f"{p.stem}-{p.parent.parent.name}.{p.parent.name}.json" for p in files
    )
    assert [(r.source, r.files_total, r.inserted) for r in result.ingests] == [
        ("roll-call-votes", len(files), len(files))
    ]
    assert not any("/2021" in path for path in replay.requests)  # a session year before --since: not asked
    assert "/votes-api/contents/data/114/votes" in replay.requests  # a congress upstream lacks: skipped
    _all_noop("roll-call-votes", files)
    again = sync_source(get_fetcher("roll-call-votes"), since=date(2022, 1, 1))
    assert (again.fetched, again.unchanged, again.ingests) == ([], len(files), [])


def test_us_code_sync_fetches_each_title_zip_of_the_current_release_point(replay):
    result = sync_source(get_fetcher("us-code"))
    _throttled_once(result, replay)
    assert result.fetched == ["xml_usc01.zip"]
    [ingest] = result.ingests
    assert (ingest.source, ingest.files_total, ingest.status) == ("us-code", 1, "success")
    assert ingest.inserted == ingest.records == 39  # title 1's sections, read from the zip in place
    _all_noop("us-code")
    again = sync_source(get_fetcher("us-code"))
    assert (again.fetched, again.unchanged, again.ingests) == ([], 1, [])
    replay.release_point = "118-30"  # a new release point: the title is fetched again, its sections unchanged
    newer = sync_source(get_fetcher("us-code"))
    assert newer.fetched == ["xml_usc01.zip"] and newer.ingests[0].noop == ingest.records
    state = SyncState.objects.get(source="us-code")
    assert state.versions == {"xml_usc01.zip": "118-30"}


def test_executive_orders_sync_fetches_the_index_and_then_only_asks(replay):
    result = sync_source(get_fetcher("executive-orders"))
    _throttled_once(result, replay)
    assert result.fetched == ["executive_orders.csv"]
    [ingest] = result.ingests
    assert (ingest.source, ingest.status, ingest.inserted) == ("executive-orders", "success", ingest.records)
    direct = run_ingest(slug="executive-orders")  # the bundled file itself: the same records, all unchanged
    assert direct.records == direct.noop == ingest.records > 0
    again = sync_source(get_fetcher("executive-orders"))
    assert (again.fetched, again.unchanged, again.ingests) == ([], 1, [])  # a 304


def test_congressional_record_sync_pages_through_each_days_granules(replay):
    result = sync_source(get_fetcher("congressional-record"), since=date(2024, 1, 1))
    _throttled_once(result, replay)
    day = CORPUS / "congressional-record" / "CREC-2005-07-20"
    granules = sorted(p.name for p in day.glob("*.htm"))
    assert sorted(result.fetched) == granules and len(granules) == 93
    assert replay.requests.count("/packages/CREC-2005-07-20/granules") == 2  # 50 a page
    [ingest] = result.ingests
    assert (ingest.source, ingest.files_total, ingest.status) == ("congressional-record", 93, "success")
    assert ingest.inserted == ingest.records > 0
    _all_noop("congressional-record")
    again = sync_source(get_fetcher("congressional-record"), since=date(2024, 1, 1))
    assert (again.fetched, again.unchanged, again.ingests) == ([], 93, [])
