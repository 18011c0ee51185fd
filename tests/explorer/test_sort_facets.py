"""The search page's order and facets over the sample corpus: newest first lists the /v1 newest-first page,
source facets add and remove sources (a comma list, as REST takes), year facets count the whole result and
narrow since/until, and the URL of each state reproduces it."""

import pytest

pytestmark = pytest.mark.django_db
Q = "energy"


def _ids(response) -> list[str]:
    return [h["hit"].id for h in response.context["hits"]]


def test_newest_first_is_the_api_newest_first_page(client):
    page = client.get("/search", {"q": Q, "sort": "newest"})
    assert page.status_code == 200 and page.context["form"].sort == "newest"
    api = client.get("/v1/search", {"q": Q, "sort": "newest", "limit": 20}).json()
    assert _ids(page) == [h["id"] for h in api["results"]]
    days = [h["hit"].citation.published_at for h in page.context["hits"] if h["hit"].citation.published_at]
    assert days == sorted(days, reverse=True)
    assert "sort=newest" in page.context["api_url"] and "sort=newest" in page.context["page_links"]["next"]
    assert "sort=newest" in page.context["csv_url"]  # the whole-result export lists the same order
    assert '<option value="newest" selected>Newest first</option>' in page.content.decode()


def test_source_facets_add_and_remove_sources(client):
    first = client.get("/search", {"q": Q})
    facets = first.context["facets"]
    a, b = facets[0], facets[1]
    assert not a["current"] and not b["current"]
    one = client.get(a["url"])
    chosen_a = one.context["form"].sources
    assert len(chosen_a) == 1
    b_url = next(f["url"] for f in one.context["facets"] if f["title"] == b["title"])
    two = client.get(b_url)
    chosen = two.context["form"].sources
    assert len(chosen) == 2 and chosen[0] == chosen_a[0]
    assert two.context["outcome"].page.total == a["count"] + b["count"]  # counts over the whole result
    assert [f["title"] for f in two.context["facets"] if f["current"]] == sorted(
        [a["title"], b["title"]], key=[f["title"] for f in facets].index
    )
    back = client.get(next(f["url"] for f in two.context["facets"] if f["title"] == b["title"]))
    assert back.context["form"].sources == chosen_a  # the same link takes it out again


def test_year_facets_count_the_whole_result_and_narrow_the_dates(client):
    page = client.get("/search", {"q": Q})
    years = page.context["years"]
    assert years and [y["year"] for y in years] == sorted((y["year"] for y in years), reverse=True)
    total = page.context["outcome"].page.total
    assert sum(y["count"] for y in years) <= total  # undated records are in no year
    year = max(years, key=lambda y: y["count"])
    narrowed = client.get(year["url"])
    form = narrowed.context["form"]
    assert (form.since.isoformat(), form.until.isoformat()) == (
        f"{year['year']}-01-01",
        f"{year['year']}-12-31",
    )
    assert narrowed.context["outcome"].page.total == year["count"]
    assert [y["current"] for y in narrowed.context["years"]] == [True]


def test_an_unknown_sort_is_a_400_page_naming_it(client):
    response = client.get("/search", {"q": Q, "sort": "latest"})
    assert response.status_code == 400 and "sort" in response.context["error"]["message"]


def _group(response, name: str) -> dict:
    return next(g for g in response.context["facet_groups"] if g["name"] == name)


def test_agency_facets_add_a_second_agency_and_count_the_whole_result(client):
    first = client.get("/search", {"q": "safety", "source": "fr"})
    agencies = _group(first, "agency")["items"]
    a, b = agencies[0], agencies[1]
    assert (
        a["count"] >= b["count"] and sum(i["count"] for i in agencies) <= first.context["outcome"].page.total
    )
    one = client.get(a["url"])
    assert one.context["outcome"].page.total == a["count"]
    # the chosen agency's facet still lists the others, so a second one can be added
    b_url = next(i["url"] for i in _group(one, "agency")["items"] if i["label"] == b["label"])
    two = client.get(b_url)
    assert two.context["outcome"].page.total == a["count"] + b["count"]
    assert [i["label"] for i in _group(two, "agency")["items"] if i["current"]] == [a["label"], b["label"]]
    assert "agency=" in two.context["api_url"] and "agency=" in two.context["csv_url"]
    html = two.content.decode()
    assert html.count('type="hidden" name="agency"') == 1  # a new search from the box keeps them


def test_an_unknown_document_type_is_a_400_page_naming_the_allowed_ones(client):
    response = client.get("/search", {"q": "safety", "document_type": "memo"})
    assert response.status_code == 400
    text = response.content.decode()
    assert "document_type must be one of rule, proposed_rule, notice, presidential_document" in text


def test_a_chosen_facet_value_is_taken_out_whatever_its_spelling_in_the_url():
    from apps.explorer.search import SearchForm

    form = SearchForm(q="water", agency="epa,DOT", document_type="Proposed rule")
    assert "agency=DOT" in form.facet_toggled("agency", "EPA") and "epa" not in form.facet_toggled(
        "agency", "EPA"
    )
    assert "document_type" not in form.facet_toggled("document_type", "proposed_rule")
    assert "agency=epa%2CDOT%2CFAA" in form.facet_toggled("agency", "FAA")
