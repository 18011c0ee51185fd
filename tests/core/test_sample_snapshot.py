"""The ingested-sample snapshot (tests/sample_snapshot.py): a key input changed is a new key, and a restore
leaves the rows, the search index and the results the ingest left."""

import os
import time
import tomllib
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from apps.activity.models import Hearing
from apps.bills.models import Bill
from apps.core.models import IngestRun
from apps.core.services.ingest import run_ingest
from apps.documents.models import GaoReport
from apps.search.selectors import search
from tests import sample_snapshot
from tests.sample_snapshot import ADAPTER_APPS, ADAPTER_MODULES, restored_or_saved, snapshot_key

SOURCE = "gao-reports"  # a small body-bearing source: rows, an FTS index and an ingest run
SOURCES = [SOURCE, "hearings"]  # hearings: a TIME column (Django's connection converts it on read)
TREE = {
    "apps/core/migrations/0001_initial.py": "operations = []\n",
    "apps/core/services/ingest.py": "def run_ingest(): ...\n",
    "apps/bills/models/bill.py": "class Bill: ...\n",
    "apps/bills/plans/bills.py": "PLAN = 1\n",
    "apps/bills/parsing/billstatus.py": "def parse(): ...\n",
    "apps/bills/api.py": "router = None\n",
    "apps/bills/admin.py": "site = None\n",
    "apps/bills/management/commands/x.py": "class Command: ...\n",
    "apps/explorer/views.py": "def page(): ...\n",
    "apps/mcp_bridge/tools/search.py": "def tool(): ...\n",
    "josh/settings.py": "DEBUG = False\n",
    "requirements.txt": "django==5.2\n",
    "tests/corpus.py": "def ingested(): ...\n",
    "tests/sample_snapshot.py": "KEY = 1\n",
    "corpus/bills/BILLSTATUS-119hr1.xml": "<bill/>\n",
}


@pytest.fixture
def tree(tmp_path) -> Path:
    for name, text in TREE.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    return tmp_path


def key(base: Path, slugs=("bills",), paths=None, vendor="sqlite") -> str:
    return snapshot_key(slugs, paths or {}, vendor=vendor, base=base, corpus=base / "corpus")


@pytest.mark.parametrize(
    "changed",
    [
        "apps/core/migrations/0001_initial.py",
        "apps/core/services/ingest.py",
        "apps/bills/models/bill.py",
        "apps/bills/plans/bills.py",
        "apps/bills/parsing/billstatus.py",
        "josh/settings.py",
        "requirements.txt",
        "tests/corpus.py",
        "tests/sample_snapshot.py",
        "corpus/bills/BILLSTATUS-119hr1.xml",
    ],
)
def test_a_changed_input_is_a_new_key(tree, changed):
    before = key(tree)
    (tree / changed).write_text((tree / changed).read_text() + "# changed\n")
    assert key(tree) != before


def test_a_new_or_removed_file_is_a_new_key(tree):
    before = key(tree)
    (tree / "corpus/bills/BILLSTATUS-119hr2.xml").write_text("<bill/>\n")
    added = key(tree)
    (tree / "apps/bills/parsing/billstatus.py").unlink()
    assert len({before, added, key(tree)}) == 3


def test_the_sources_the_paths_and_the_engine_are_in_the_key(tree):
    keys = {
        key(tree),
        key(tree, slugs=("bills", "public-laws")),
        key(tree, paths={"bills": [tree / "corpus/bills/BILLSTATUS-119hr1.xml"]}),
        key(tree, vendor="postgresql"),
    }
    assert len(keys) == 4


@pytest.mark.parametrize(
    "unchanged",
    [
        "apps/bills/api.py",
        "apps/bills/admin.py",
        "apps/bills/management/commands/x.py",
        "apps/explorer/views.py",
        "apps/mcp_bridge/tools/search.py",
    ],
)
def test_an_adapter_the_ingest_cannot_import_keeps_the_key(tree, unchanged):
    before = key(tree)
    (tree / unchanged).write_text("# edited\n")
    assert key(tree) == before


def test_what_the_key_leaves_out_is_above_the_ingest_in_the_layer_contracts():
    """The key may skip a module only because lint-imports keeps the ingest from importing it."""
    config = tomllib.loads((Path(settings.BASE_DIR) / "pyproject.toml").read_text())["tool"]["importlinter"]
    stack = next(c for c in config["contracts"] if c["type"] == "layers" and "containers" not in c)
    layers = [[name.strip() for name in layer.replace(":", "|").split("|")] for layer in stack["layers"]]
    domain = next(i for i, layer in enumerate(layers) if "apps.bills" in layer)
    for app in ADAPTER_APPS:
        module = app.strip("/").replace("/", ".")
        assert any(module in layer for layer in layers[:domain]), module
    inside = next(c for c in config["contracts"] if c["type"] == "layers" and "containers" in c)
    top = {name.strip(" ()") for name in inside["layers"][0].split(":")}
    assert {m.removesuffix(".py") for m in ADAPTER_MODULES} | {"management"} <= top


def _state() -> dict:
    hits = search(q="federal agencies", source=SOURCE, limit=10, mode="lexical")
    return {
        "reports": list(GaoReport.objects.order_by("pk").values_list("pk", "gao_id", "title", "highlights")),
        "runs": list(IngestRun.objects.order_by("pk").values_list("pk", "source", "inserted")),
        "bills": Bill.objects.count(),
        "hearings": list(Hearing.objects.order_by("pk").values_list("pk", "start_time", "title")),
        "hits": [(hit.id, hit.score) for hit in hits.results],  # the FTS index rebuilt: same order, same BM25
    }


@pytest.mark.django_db(transaction=True)
def test_a_restore_leaves_what_the_ingest_left(tmp_path, monkeypatch):
    monkeypatch.setattr(sample_snapshot, "cache_dir", tmp_path)
    ingests = []

    def ingest():
        ingests.append(1)
        return {slug: run_ingest(slug=slug) for slug in SOURCES}

    seen = []
    for _ in range(2):
        with restored_or_saved(SOURCES, {}, ingest) as results:
            seen.append((results, _state()))
            connection.set_rollback(True)
        assert GaoReport.objects.count() == 0  # rolled back with the outer transaction, as in tests/corpus.py

    assert len(ingests) == 1  # the second run read the snapshot
    (first, ingested_state), (second, restored_state) = seen
    assert second == first
    assert ingested_state["reports"] and ingested_state["hits"]
    assert any(start for _, start, _ in ingested_state["hearings"])
    assert restored_state == ingested_state
    [snapshot] = tmp_path.iterdir()
    assert snapshot.name.startswith(f"{connection.vendor}-") and snapshot.name.endswith(key_of(SOURCES))


def key_of(slugs: list[str]) -> str:
    return snapshot_key(slugs, {}, vendor=connection.vendor)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's statement_timeout")
@pytest.mark.django_db
def test_a_fixtures_bulk_work_runs_without_the_statement_timeout_and_the_tests_keep_it():
    def shown() -> str:
        with connection.cursor() as cursor:
            cursor.execute("SHOW statement_timeout")
            return cursor.fetchone()[0]

    own = shown()
    assert own not in ("0", "0ms")  # the tests run under the timeout the settings give the connection
    with sample_snapshot.without_statement_timeout():
        assert shown() == "0"
    assert shown() == own


@pytest.mark.skipif(connection.vendor != "sqlite", reason="a served process's SQLite data directory")
def test_a_served_data_dir_is_loaded_once_then_copied_until_an_input_changes(tmp_path):
    loads = []

    def load_into(data_dir):
        def load():
            loads.append(data_dir)
            (data_dir / "josh.sqlite3").write_bytes(b"rows of load %d" % len(loads))

        return load

    def fill(name: str, script: str) -> tuple[bool, bytes]:
        data_dir = tmp_path / name
        data_dir.mkdir()
        copied = sample_snapshot.loaded_data_dir(
            data_dir, load_into(data_dir), slugs=[SOURCE], script=script, folder=tmp_path / "cache"
        )
        return copied, (data_dir / "josh.sqlite3").read_bytes()

    def saved() -> dict[bytes, Path]:
        return {(p / "josh.sqlite3").read_bytes(): p for p in (tmp_path / "cache").iterdir()}

    assert fill("first", "load v1") == (False, b"rows of load 1")
    assert fill("second", "load v1") == (True, b"rows of load 1")  # the first load's copy; no load ran
    assert fill("third", "load v2") == (False, b"rows of load 2")  # a changed input loads again
    assert fill("fourth", "load v3") == (False, b"rows of load 3")
    assert len(loads) == 3 and len(saved()) == 3  # other inputs' copies stay (another checkout's code)
    for age, rows in enumerate([b"rows of load 3", b"rows of load 2", b"rows of load 1"], start=1):
        os.utime(saved()[rows], (time.time() - 100 * age,) * 2)  # last used: load 1 longest ago
    assert fill("fifth", "load v2") == (True, b"rows of load 2")  # a use makes load 2's copy the newest
    assert fill("sixth", "load v4") == (False, b"rows of load 4")
    # Past KEEP_PER_FAMILY the least recently used goes: load 1's.
    assert sorted(saved()) == [b"rows of load 2", b"rows of load 3", b"rows of load 4"]
    assert (
        sample_snapshot.loaded_data_dir(tmp_path, lambda: loads.append(0), slugs=[], script="", folder=None)
        is False
    )
    assert loads[-1] == 0  # no cache: just load


def test_the_cache_is_per_user_unless_the_setting_is_empty(request, settings, tmp_path):
    settings.TEST_CACHE_DIR = str(tmp_path / "josh-tests")
    shared = sample_snapshot.cache_folder(request.config, "josh-sample")
    assert shared == tmp_path / "josh-tests" / "josh-sample" and shared.is_dir()  # any clone finds it
    settings.TEST_CACHE_DIR = ""
    local = sample_snapshot.cache_folder(request.config, "josh-sample")
    assert local == request.config.cache.mkdir("josh-sample")  # the checkout's .pytest_cache/d/
