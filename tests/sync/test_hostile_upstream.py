"""`sync` against a hostile upstream (tests/sync/hostile.py on 127.0.0.1): the listing is untrusted input.
Names that are paths are refused and recorded, and nothing is written outside the source's folder."""

import json
from pathlib import Path

import pytest
from django.conf import settings as django_settings

from apps.sync.fetchers import get_fetcher
from apps.sync.models import SyncState
from apps.sync.names import confined, unsafe_reason
from apps.sync.services import sync_source
from tests.sync.hostile import Hostile

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
    from datetime import date

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
