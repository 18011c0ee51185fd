"""The CRS sample, ingested once for the package inside an outer transaction rolled back at the end (each test
nests as a savepoint), and a new In Focus report to ingest on top of it, as the upstream would publish one."""

from itertools import count
from pathlib import Path

import pytest

from apps.core.services.ingest import run_ingest
from apps.search import lexical
from tests.corpus import ingested

SAMPLE = (
    Path(__file__).resolve().parents[2] / "corpus" / "crs" / "in-focus" / "IF10753v6-energy-star-program.md"
)
QUERY = {"q": "energy star", "mode": "lexical", "source": "crs-reports"}
NEW_TITLE = "ENERGY STAR Program: Proposed Changes for 2027"


@pytest.fixture(scope="package")
def crs_sample(django_db_setup, django_db_blocker):
    with ingested(django_db_blocker, ["crs-reports"]) as results:
        yield results


_numbers = count(99901)  # a new report number per ingest: no test depends on another's rollback


@pytest.fixture(autouse=True)
def _fresh_lexical_caches():
    """PostgreSQL's lexical caches are keyed by the content table's write counter and the writing transaction's
    id (apps/search/pgsearch.py). Every test here runs in the package's one outer transaction, so after a
    test's ingest is rolled back the next test's ingest brings the counter back to the same value under the
    same id, and the cache would answer with the rolled-back test's numbers (its new record missing)."""
    yield
    lexical.clear_head_cache()


@pytest.fixture
def ingest_new_report(tmp_path):
    """Ingest, through the real CRS plan, a new report matching QUERY, published after every sample record;
    return its id."""

    def ingest() -> str:
        number = f"IF{next(_numbers)}"
        text = SAMPLE.read_text(encoding="utf-8")
        text = text.replace("# ENERGY STAR Program", f"# {NEW_TITLE}").replace("IF10753", number)
        text = text.replace("04/20/2026", "11/20/2026")
        path = tmp_path / f"{number}v1-energy-star-program-proposed-changes.md"
        path.write_text(text, encoding="utf-8")
        result = run_ingest(slug="crs-reports", paths=[path])
        assert result.inserted == 1 and not result.errors, result
        return f"crs:{number}"

    return ingest
