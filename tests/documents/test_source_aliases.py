"""Source short names (apps.core.source_aliases): ``source=fr,crs`` is ``source=federal-register,crs-reports``
on REST, the explorer and ``/v1/sources/{slug}``, over the real document sample; an unknown name is a 400
listing the valid sources; no alias shadows a slug."""

import pytest

from apps.core.plans import all_plans
from apps.core.source_aliases import ALIASES
from tests.api.helpers import assert_error

pytestmark = pytest.mark.django_db
QUERY = {"q": "security", "mode": "lexical", "limit": 50}


def _ids(client, source: str) -> tuple[list[str], dict]:
    body = client.get("/v1/search", {**QUERY, "source": source}).json()
    return [h["id"] for h in body["results"]], body["source_counts"]


def test_aliases_name_the_same_sources_as_their_slugs(client, documents_sample):
    ids, counts = _ids(client, "fr,crs")
    assert (ids, counts) == _ids(client, "federal-register,crs-reports")
    assert set(counts) == {"federal-register", "crs-reports"} and len(ids) > 0
    assert _ids(client, "FR") == _ids(client, "federal-register")  # one name, any case
    assert _ids(client, "fr,federal-register") == _ids(client, "federal-register")  # each source once


def test_an_unknown_name_is_a_400_listing_the_sources(client, documents_sample):
    error = assert_error(
        client.get("/v1/search", {**QUERY, "source": "fr,zz"}), 400, "invalid_parameter", "source"
    )
    assert "zz" in error["message"] and "federal-register" in error["hint"]["valid_sources"]


def test_sources_carry_their_aliases_and_answer_to_them(client, documents_sample):
    listed = {s["slug"]: s["aliases"] for s in client.get("/v1/sources").json()}
    assert listed["federal-register"] == ["fr"] and listed["ecfr-and-cfr"] == ["cfr", "ecfr"]
    assert client.get("/v1/sources/fr").json()["slug"] == "federal-register"


def test_the_explorer_takes_the_spec_example(client, documents_sample):
    page = client.get("/search", {"q": "security", "mode": "lexical", "source": "fr,crs"})
    assert page.status_code == 200
    html = page.content.decode()
    assert "/v1/search?" in html and "source=federal-register%2Ccrs-reports" in html


def test_no_alias_shadows_a_slug_and_every_alias_names_one():
    slugs = {plan.slug for plan in all_plans()}
    assert set(ALIASES).isdisjoint(slugs)
    assert set(ALIASES.values()) <= slugs
