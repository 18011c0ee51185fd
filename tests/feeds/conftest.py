"""The CRS sample, ingested once for the package inside an outer transaction rolled back at the end (each test
nests as a savepoint), and a new In Focus report to ingest on top of it, as the upstream would publish one."""

from pathlib import Path

import pytest

from apps.core.services.ingest import run_ingest
from tests.corpus import ingested

SAMPLE = (
    Path(__file__).resolve().parents[2] / "corpus" / "crs" / "in-focus" / "IF10753v6-energy-star-program.md"
)
QUERY = {"q": "energy star", "mode": "lexical", "source": "crs-reports"}
NEW_ID = "crs:IF99901"
NEW_TITLE = "ENERGY STAR Program: Proposed Changes for 2027"


@pytest.fixture(scope="package")
def crs_sample(django_db_setup, django_db_blocker):
    with ingested(django_db_blocker, ["crs-reports"]) as results:
        yield results


@pytest.fixture
def ingest_new_report(tmp_path):
    """Ingest, through the real CRS plan, a new report matching QUERY, published after every sample record."""

    def ingest():
        text = SAMPLE.read_text(encoding="utf-8")
        text = text.replace("# ENERGY STAR Program", f"# {NEW_TITLE}").replace("IF10753", "IF99901")
        text = text.replace("04/20/2026", "11/20/2026")
        path = tmp_path / "IF99901v1-energy-star-program-proposed-changes.md"
        path.write_text(text, encoding="utf-8")
        result = run_ingest(slug="crs-reports", paths=[path])
        assert result.inserted == 1 and not result.errors, result
        return result

    return ingest
