"""Facets on GET /v1/search: ``agency``, ``document_type`` and ``chamber`` are multi-select filters applied
before ranking in every mode, counted over the whole filtered result (``facets``); a source that does not
carry a facet asked for is left out and named (``excluded_by_filters``); an unknown value is a 400."""

from datetime import date

import pytest

from apps.core.plans import registered_plan
from tests.search.conftest import RETRIEVED

pytestmark = pytest.mark.django_db

EPA, DOT = "ENVIRONMENTAL PROTECTION AGENCY", "DEPARTMENT OF TRANSPORTATION"
# (document number, type, agency, title, body, published)
FR = [
    ("2025-00101", "RULE", EPA, "Drinking Water Standards for Lead", "Final rule on lead in drinking water "
     "systems and water service lines.", date(2025, 1, 10)),
    ("2025-00102", "PRORULE", EPA, "Water Quality Criteria for Rivers", "Proposed water quality criteria for "
     "rivers and lakes.", date(2025, 2, 10)),
    ("2025-00103", "NOTICE", EPA, "Water Program Grant Availability", "Notice of grants for water programs.",
     date(2025, 3, 10)),
    ("2025-00104", "RULE", DOT, "Highway Water Drainage Design", "Final rule on drainage of water from "
     "federal-aid highways.", date(2025, 4, 10)),
    ("2025-00105", "NOTICE", DOT, "Bridge Inspection Meeting", "Notice of a public meeting on bridge "
     "inspection.", date(2025, 5, 10)),
    ("2024-00106", "RULE", EPA, "Water Reuse Permits", "Final rule on permits for water reuse.",
     date(2024, 6, 10)),
]  # fmt: skip


@pytest.fixture
def fr_db(corpus_db):
    from apps.bills.models import Bill
    from apps.documents.models import FrDocument
    from apps.search.embedding import embed_source

    for i, (number, kind, agency, title, body, day) in enumerate(FR):
        FrDocument.objects.create(
            fr_id=f"fr:{number}",
            document_number=number,
            doc_type=kind,
            title=title,
            agency=agency,
            body=body,
            volume=90,
            start_page=1000 + 10 * i,
            end_page=1005 + 10 * i,
            citation_string=f"90 FR {1000 + 10 * i}",
            source_url=f"https://www.federalregister.gov/d/{number}",
            published_at=day,
            retrieved_at=RETRIEVED,
        )
    Bill.objects.filter(bill_type="hr").update(origin_chamber="House")
    Bill.objects.filter(bill_type="s").update(origin_chamber="Senate")
    embed_source(registered_plan("federal-register"))
    return corpus_db


@pytest.fixture
def get(client, fr_db):
    def call(**params):
        response = client.get("/v1/search", params)
        assert response.status_code == 200, response.content
        return response.json()

    return call


def ids(body) -> list[str]:
    return [h["id"] for h in body["results"]]


def test_agency_and_document_type_narrow_before_ranking_and_count_the_whole_result(get):
    everything = get(q="water", source="fr", mode="lexical")
    assert everything["total"] == 5  # every FR document with "water"
    assert everything["facets"] == {
        "agency": {EPA: 4, DOT: 1},
        "document_type": {"rule": 3, "notice": 1, "proposed_rule": 1},
    }
    body = get(
        q="water", source="fr", mode="lexical", agency="environmental protection agency", document_type="rule"
    )
    assert body["total"] == 2
    # the two EPA rules in the unfiltered ranking's order (BM25 statistics are the corpus's, not the filter's):
    # "water" in the shorter title first
    assert ids(body) == ["fr:2024-00106", "fr:2025-00101"]
    assert ids(body) == [i for i in ids(everything) if i in ids(body)]
    assert body["facets"] == {"agency": {EPA: 2}, "document_type": {"rule": 2}}
    assert body["source_counts"] == {"federal-register": 2}


def test_a_multi_select_passes_any_value_chosen_and_newest_first_orders_it(get):
    body = get(q="water", source="fr", mode="lexical", document_type="rule,notice", sort="newest")
    assert ids(body) == ["fr:2025-00104", "fr:2025-00103", "fr:2025-00101", "fr:2024-00106"]
    assert body["facets"]["document_type"] == {"rule": 3, "notice": 1}


@pytest.mark.parametrize("mode", ["semantic", "hybrid"])
def test_the_vector_leg_is_filtered_before_scoring(get, mode):
    body = get(q="water rules", source="fr", mode=mode, agency=DOT, limit=50)
    assert body["total"] >= 1
    assert set(ids(body)) <= {"fr:2025-00104", "fr:2025-00105"}  # only the Department of Transportation's
    assert set(body["facets"]["agency"]) == {DOT}
    assert sum(body["facets"]["agency"].values()) == body["total"]


def test_a_source_without_the_facet_is_left_out_and_named(get):
    body = get(q="water", mode="lexical", agency=EPA)
    assert {h["source"] for h in body["results"]} == {"federal-register"}
    assert body["total"] == 4 and body["source_counts"] == {"federal-register": 4}
    excluded = body["excluded_by_filters"]
    assert {"bills", "statements-of-administration-policy", "congressional-record"} <= set(excluded)
    assert set(map(tuple, excluded.values())) == {("agency",)}
    assert "federal-register" not in excluded


def test_chamber_filters_bills_by_their_origin_chamber(get):
    senate = get(q="act", source="bills", mode="lexical", chamber="Senate", sort="oldest")
    assert ids(senate) == ["s:118:106", "s:119:103"] and senate["facets"] == {"chamber": {"senate": 2}}
    house = get(q="act", source="bills", mode="lexical", chamber="house")
    assert house["total"] == 6 and not {"s:118:106", "s:119:103"} & set(ids(house))
    assert house["facets"] == {"chamber": {"house": 6}}
    assert get(q="act", source="bills", mode="lexical")["facets"]["chamber"] == {"house": 6, "senate": 2}
    both = get(q="act", source="bills", mode="lexical", chamber="house,senate")
    assert both["total"] == 8


@pytest.mark.parametrize(
    ("name", "value", "allowed"),
    [
        ("document_type", "regulation", ["rule", "proposed_rule", "notice", "presidential_document"]),
        ("chamber", "both", ["house", "senate"]),
        ("agency", "Ministry of Magic", [DOT, EPA]),
    ],
)
def test_an_unknown_value_is_a_400_naming_the_allowed_ones(client, fr_db, name, value, allowed):
    response = client.get("/v1/search", {"q": "water", name: value})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_parameter"
    assert name in error["message"] and value in error["message"]
    assert all(a in error["message"] for a in allowed)


def test_counts_past_the_vector_legs_ranked_depth_are_said_to_be_partial(get, settings):
    """Semantic: ``total`` counts every record past the floor, the facets only the ranked ones (the first
    HYBRID_DEPTH per source). With a depth of 2, the answer says how far the counts reach."""
    full = get(q="water rules", source="fr", mode="semantic", limit=2)
    settings.JOSH = {**settings.JOSH, "HYBRID_DEPTH": 2}
    shallow = get(q="water rules", source="fr", mode="semantic", limit=2)
    assert shallow["total"] == full["total"] > 2
    counted = sum(shallow["facets"]["agency"].values())
    assert counted == 2 < shallow["total"]
    assert f"facets, dates and newest/oldest order cover 2 of the {shallow['total']} records" in " ".join(
        shallow["approximate"]
    )
    assert not any("facets, dates" in note for note in full["approximate"])
