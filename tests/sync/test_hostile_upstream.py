"""`sync` against a hostile upstream (bench/hostile_server.py on 127.0.0.1): the listing is untrusted input.
Names that are paths are refused and recorded, and nothing is written outside the source's folder."""

import gzip
import io
import json
import time
from datetime import date
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.management import CommandError, call_command

from apps.core.models import IngestRun
from apps.sync.fetchers import get_fetcher
from apps.sync.fetchers.legislators import FILES
from apps.sync.http import UpstreamError
from apps.sync.models import SyncState
from apps.sync.names import confined, unsafe_reason
from apps.sync.services import sync_source
from bench.hostile_files import deep_yaml
from bench.hostile_server import Hostile

pytestmark = pytest.mark.django_db
CORPUS = Path(django_settings.CORPUS_DIR)
REAL = "BILLSTATUS-119hjres24.xml"
JSON = {"Content-Type": "application/json"}


@pytest.fixture
def hostile(settings, tmp_path):
    with Hostile() as server:
        settings.DATA_DIR = tmp_path / "data"
        settings.SYNC = {
            **settings.SYNC,
            **{key: server.base for key in settings.SYNC if key.endswith("_URL")},
            "CONGRESSES": [119],
            "MIN_INTERVAL_S": 0.0,
            "RETRIES": 0,
            "GOVINFO_API_KEY": "secret-govinfo-key",
        }
        yield server


def _listing(server: Hostile, names: list[str]) -> None:
    """The BILLSTATUS listing of 119/hr naming ``names``, each linked to a real file's bytes."""
    real = (CORPUS / "bill-status" / "v3-119th" / REAL).read_bytes()
    files = []
    for i, name in enumerate(names):
        files.append({"justFileName": name, "link": f"{server.base}/f/{i}", "folder": False})
        server.routes[f"/f/{i}"] = (200, {}, real)
    server.routes["/json/BILLSTATUS/119/hr"] = (200, JSON, json.dumps({"files": files}).encode())


def test_a_listing_naming_paths_writes_nothing_outside_the_sync_folder(hostile, tmp_path):
    outside = tmp_path / "abs" / "x.xml"
    names = ["../x.xml", "../../x.xml", str(outside), "..\\x.xml", ".hidden.xml", "a/../../x.xml", REAL]
    _listing(hostile, names)
    result = sync_source(get_fetcher("bills"))

    assert result.fetched == [REAL]
    assert [name for name, _ in result.refused] == names[:-1]
    assert (
        not (tmp_path / "x.xml").exists()
        and not outside.exists()
        and not (tmp_path / "data" / "x.xml").exists()
    )
    folder = tmp_path / "data" / "sync" / "bills"
    assert sorted(p.name for p in folder.iterdir()) == [REAL]
    # The refused links were never even asked for: only the listings and the one real file.
    assert [p for p in hostile.paths() if p.startswith("/f/")] == [f"/f/{len(names) - 1}"]
    state = SyncState.objects.get(source="bills")
    assert state.last_error.startswith("refused 6 upstream file name(s): '../x.xml': a path, not a file name")
    assert list(state.versions) == [REAL]
    assert [(r.source, r.status, r.inserted) for r in result.ingests][0] == ("bills", "success", 1)


def test_vote_and_package_ids_that_are_paths_are_refused(hostile, settings, tmp_path):
    hostile.routes["/contents/data/119/votes"] = (
        200,
        JSON,
        json.dumps([{"name": "2025", "type": "dir", "sha": "y1"}]).encode(),
    )
    tree = [
        {"path": "../../../evil", "type": "tree", "sha": "v1"},
        {"path": "/etc/evil", "type": "tree", "sha": "v2"},
    ]
    hostile.routes["/git/trees/y1"] = (200, JSON, json.dumps({"tree": tree}).encode())
    votes = sync_source(get_fetcher("roll-call-votes"))
    assert [name for name, _ in votes.refused] == ["../../../evil-119.2025.json", "/etc/evil-119.2025.json"]
    assert votes.fetched == [] and not any("evil" in p for p in hostile.paths())

    published = {"packages": [{"packageId": "../../../../tmp/pwn", "lastModified": "2025-01-01"}]}
    hostile.routes["/published/2025-01-01"] = (200, JSON, json.dumps(published).encode())
    texts = sync_source(get_fetcher("bill-text"), since=date(2025, 1, 1))
    assert texts.refused == [("../../../../tmp/pwn.xml", "a path, not a file name")]
    assert not (tmp_path / "pwn.xml").exists()


def test_a_name_is_one_plain_file_name_resolved_inside_the_folder(tmp_path):
    assert [unsafe_reason(n) == "" for n in ("FR-2024-01-02.xml", "xml_usc05.zip", "h1-119.2025.json")] == [
        True,
        True,
        True,
    ]
    for bad in ("", ".", "..", "a/b.xml", "C:\\x.xml", "x.xml\x00.txt", "x.xml.part", "-" * 300):
        assert unsafe_reason(bad), bad
    (tmp_path / "elsewhere").mkdir()
    folder = tmp_path / "sync"
    folder.mkdir()
    (folder / "planted.xml").symlink_to(tmp_path / "elsewhere" / "planted.xml")
    with pytest.raises(ValueError, match="outside"):
        confined(folder, "planted.xml")
    assert confined(folder, "ok.xml") == folder.resolve() / "ok.xml"


# ---- the HTTP client: caps, deadline, hosts, credentials ------------------------------------------------


@pytest.fixture
def other(hostile):
    """A second upstream on another origin (another port), which the source is not configured to reach."""
    with Hostile() as server:
        yield server


def _endless(chunk: bytes = b"x" * 65536):
    while True:
        yield chunk


def _error_of(fetcher_slug: str, **kwargs) -> str:
    with pytest.raises(UpstreamError) as caught:
        sync_source(get_fetcher(fetcher_slug), **kwargs)
    assert SyncState.objects.get(source=fetcher_slug).last_error == caught.value.message
    return caught.value.message


def test_a_body_past_the_cap_is_refused_while_streaming_and_nothing_is_kept(hostile, settings, tmp_path):
    settings.SYNC = {**settings.SYNC, "MAX_FILE_BYTES": 2**20}
    hostile.routes["/data/executive_orders.csv"] = (200, {}, _endless())  # no Content-Length: read to the cap
    message = _error_of("executive-orders")
    assert "answer over the 1,048,576-byte cap (JOSH_SYNC_MAX_FILE_BYTES): stopped reading at" in message
    assert list((tmp_path / "data" / "sync" / "executive-orders").iterdir()) == []  # no .part left behind

    hostile.routes["/data/executive_orders.csv"] = (200, {"Content-Length": str(2**31)}, b"")
    assert "it declares 2,147,483,648 bytes" in _error_of("executive-orders")


def test_a_gzip_bomb_is_refused_at_the_decoded_cap(hostile, settings):
    settings.SYNC = {**settings.SYNC, "MAX_RESPONSE_BYTES": 2**20}
    bomb = gzip.compress(b" " * (64 * 2**20), compresslevel=9)  # 64 KB that decode to 64 MiB
    assert len(bomb) < 2**20
    hostile.routes["/api/versioner/v1/titles.json"] = (200, {**JSON, "Content-Encoding": "gzip"}, bomb)
    message = _error_of("ecfr-and-cfr")
    assert "answer over the 1,048,576-byte cap (JOSH_SYNC_MAX_RESPONSE_BYTES): stopped reading at" in message
    stopped_at = int(message.rsplit(" ", 1)[1].replace(",", ""))
    assert stopped_at <= 2 * 2**20  # decoded a MiB at a time: never far past the cap

    hostile.routes["/api/versioner/v1/titles.json"] = (200, {**JSON, "Content-Encoding": "br"}, b"\x0b\x01")
    assert "an answer in an encoding not asked for ('br')" in _error_of("ecfr-and-cfr")


def test_a_slow_drip_ends_at_the_deadline(hostile, settings):
    settings.SYNC = {**settings.SYNC, "DEADLINE_S": 1.0, "TIMEOUT_S": 30.0}

    def drip():
        yield b'{"titles": ['
        while True:
            time.sleep(0.05)  # always within the read timeout, so only the total deadline can stop it
            yield b" "

    hostile.routes["/api/versioner/v1/titles.json"] = lambda: (200, JSON, drip())
    assert "no complete answer within the 1 s deadline (JOSH_SYNC_DEADLINE_S)" in _error_of("ecfr-and-cfr")


def test_redirects_stay_on_allowed_hosts_and_never_loop(hostile, other, settings):
    hostile.routes["/data/executive_orders.csv"] = (302, {"Location": f"{other.base}/steal"}, b"")
    message = _error_of("executive-orders")
    assert f"it redirects to {other.base}/steal, on a host this source may not reach" in message
    assert other.seen == []

    hostile.routes["/data/executive_orders.csv"] = (302, {"Location": "/data/executive_orders.csv"}, b"")
    assert "more than 5 redirects (a loop?)" in _error_of("executive-orders")
    assert hostile.paths().count("/data/executive_orders.csv") == 1 + 1 + 5


def test_credentials_go_only_to_their_own_host(hostile, other, settings):
    """GovInfo's X-Api-Key: not along a nextPage naming another host, nor a redirect to one, even one the
    source is allowed to reach."""
    first = {"packages": [], "nextPage": f"{other.base}/published/2025-01-01?offsetMark=2"}
    hostile.routes["/published/2025-01-01"] = (200, JSON, json.dumps(first).encode())
    message = _error_of("bill-text", since=date(2025, 1, 1))
    assert "is on a host this source may not reach" in message and other.seen == []

    settings.SYNC = {**settings.SYNC, "EXTRA_HOSTS": [f"bill-text={other.base}"]}
    redirect = {"packages": [], "nextPage": f"{hostile.base}/hop"}
    hostile.routes["/published/2025-01-01"] = (200, JSON, json.dumps(redirect).encode())
    hostile.routes["/hop"] = (307, {"Location": f"{other.base}/last"}, b"")
    other.routes["/last"] = (
        200,
        JSON,
        json.dumps({"packages": [], "nextPage": f"{other.base}/last2"}).encode(),
    )
    other.routes["/last2"] = (200, JSON, b'{"packages": []}')
    result = sync_source(get_fetcher("bill-text"), since=date(2025, 1, 1))
    assert result.fetched == [] and other.paths() == ["/last", "/last2"]
    assert [(p.split("?")[0], h.get("x-api-key")) for p, h in hostile.seen] == [
        ("/published/2025-01-01", "secret-govinfo-key"),
        ("/published/2025-01-01", "secret-govinfo-key"),
        ("/hop", "secret-govinfo-key"),  # the same origin: the key goes
    ]
    assert [h.get("x-api-key") for _, h in other.seen] == [None, None]


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ((200, {"Content-Type": "text/html"}, b"<html>Maintenance</html>"), "not the JSON expected"),
        ((200, JSON, b'["a", "list"]'), "cannot read (AttributeError: 'list' object has no attribute 'get')"),
        ((200, JSON, b'{"titles": [{"number": {"x": 1}}]}'), "ecfr-and-cfr: refused 1 upstream file name"),
    ],
)
def test_a_malformed_listing_is_this_sources_recorded_failure(hostile, answer, expected):
    hostile.routes["/api/versioner/v1/titles.json"] = answer
    if expected.startswith("ecfr-and-cfr: refused"):  # an odd name inside a good shape: refused, not fatal
        result = sync_source(get_fetcher("ecfr-and-cfr"))
        assert result.refused and SyncState.objects.get(source="ecfr-and-cfr").last_error.startswith(
            "refused 1"
        )
        return
    assert expected in _error_of("ecfr-and-cfr")


def test_sync_all_records_each_broken_source_and_goes_on(hostile, settings):
    """Every upstream broken a different way, one healthy: each failure is named in the output and on its
    SyncState, and the healthy source still syncs."""
    hostile.routes["/api/versioner/v1/titles.json"] = (
        200,
        {"Content-Type": "text/html"},
        b"<html>login</html>",
    )
    hostile.routes["/api/v1/documents.json"] = (200, JSON, b'{"results": [{"publication_date": 7}]}')
    hostile.routes["/filings/"] = (302, {"Location": "/filings/"}, b"")
    csv = (CORPUS / "federal-register" / "executive_orders.csv").read_bytes()
    hostile.routes["/data/executive_orders.csv"] = (200, {"ETag": '"v1"'}, csv)
    out = io.StringIO()
    with pytest.raises(CommandError, match="could not sync: .*ecfr-and-cfr"):
        call_command("sync", "all", stdout=out)
    text = out.getvalue()
    assert "executive-orders since the beginning: 1 files fetched" in text
    errors = dict(SyncState.objects.exclude(last_error="").values_list("source", "last_error"))
    assert "not the JSON expected" in errors["ecfr-and-cfr"]
    assert "TypeError" in errors["federal-register"]
    assert "more than 5 redirects" in errors["lda-filings"]
    for slug, error in errors.items():
        assert f"{slug} failed: {error}" in " ".join(text.split()), slug
    assert SyncState.objects.get(source="executive-orders").last_synced_at is not None


def test_a_poisoned_legislators_file_is_a_recorded_failure_and_later_syncs_go_on(hostile, tmp_path):
    """A deeply nested legislators-current.yaml used to kill the process in libyaml before the pending file
    was cleared, so every later sync read it again and died again."""
    poison = deep_yaml(tmp_path / "poison.yaml", levels=200_000).read_bytes()
    for name in FILES:
        body = (
            poison
            if name == "legislators-current.yaml"
            else (CORPUS / "congress-legislators" / name).read_bytes()
        )
        hostile.routes[f"/{name}"] = (200, {}, body)
    first = sync_source(get_fetcher("legislators"))
    assert sorted(first.fetched) == sorted(FILES)
    by_plan = {r.source: r for r in first.ingests}
    assert by_plan["legislators"].status == "failed"
    assert "nested deeper than 64 levels" in by_plan["legislators"].errors[0]["message"]
    assert by_plan["committees"].status == "success" and by_plan["committees"].inserted > 0
    state = SyncState.objects.get(source="legislators")
    assert state.pending == {} and state.last_synced_at is not None

    again = sync_source(get_fetcher("legislators"))  # the same bytes: neither ingested nor fatal again
    assert (again.fetched, again.unchanged, again.ingests) == ([], len(FILES), [])
    assert IngestRun.objects.filter(source="legislators").count() == 1
