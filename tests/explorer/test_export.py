"""CSV export (apps.core.export) on every REST list, search and aggregate, the browsable API, and the
explorer's list pages with their export links and charts — over the real samples."""

import csv
import io
import re

import pytest

from apps.core.export import filename_for, flatten
from apps.explorer import charts
from apps.explorer.lists import list_views

pytestmark = pytest.mark.django_db

QUERY = "walk-in freezer efficiency"


def csv_rows(response) -> list[dict]:
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    body = b"".join(response.streaming_content) if response.streaming else response.content
    return list(csv.DictReader(io.StringIO(body.decode())))


def test_every_rest_list_answers_csv_with_the_same_rows_as_its_json(client):
    resources = sorted(list_views())
    assert len(resources) >= 20 and {"bills", "votes", "legislators", "federal-register"} <= set(resources)
    for resource in resources:
        page = client.get(f"/v1/{resource}", {"limit": 50}).json()
        rows = csv_rows(client.get(f"/v1/{resource}", {"limit": 50, "format": "csv"}))
        key = "id" if not page["results"] or "id" in page["results"][0] else next(iter(page["results"][0]))
        assert [r[key] for r in rows] == [str(x[key]) for x in page["results"]], resource
        assert len(rows) == min(50, page["pagination"]["total"]), resource


def test_a_bill_list_row_is_flattened_with_its_citation_and_paged_by_link(client):
    params = {"congress": 119, "limit": 1}
    page = client.get("/v1/bills", params).json()
    response = client.get("/v1/bills", {**params, "format": "csv"})
    assert response["Content-Disposition"] == 'attachment; filename="josh-bills.csv"'
    assert response["X-Total-Count"] == str(page["pagination"]["total"]) == "2"
    assert response["Link"] == (
        f"<http://testserver/v1/bills?congress=119&limit=1&format=csv&cursor={page['pagination']['next_cursor']}>;"
        ' rel="next"'
    )
    [row] = csv_rows(response)
    bill = page["results"][0]
    assert row["id"] == bill["id"] == "hjres:119:24"
    assert row["sponsor.id"] == "B000740" and row["sponsor.party"] == "R"
    assert row["citation.citation_string"] == bill["citation"]["citation_string"]
    assert row["citation.url"] == bill["citation"]["url"]
    assert row["title"] == bill["title"]


def test_accept_text_csv_negotiates_and_json_stays_the_default(client):
    rows = csv_rows(client.get("/v1/votes", {"limit": 5}, HTTP_ACCEPT="text/csv"))
    votes = client.get("/v1/votes", {"limit": 5}, HTTP_ACCEPT="*/*")
    assert votes["Content-Type"].startswith("application/json") and "Accept" in votes["Vary"]
    assert [r["id"] for r in rows] == [v["id"] for v in votes.json()["results"]]
    json_pref = client.get("/v1/votes", {"limit": 5}, HTTP_ACCEPT="application/json, text/csv;q=0.5")
    assert json_pref["Content-Type"].startswith("application/json")
    assert client.get("/v1/votes", {"limit": 5, "format": "json"}, HTTP_ACCEPT="text/csv").json()["results"]


def test_search_csv_has_the_same_hits_in_the_same_order_as_the_json(client):
    for params in ({"q": QUERY}, {"q": "energy", "mode": "lexical", "limit": 7, "offset": 3}):
        page = client.get("/v1/search", params).json()
        response = client.get("/v1/search", {**params, "format": "csv"})
        rows = csv_rows(response)
        assert [r["id"] for r in rows] == [h["id"] for h in page["results"]], params
        assert [r["citation.citation_string"] for r in rows] == [
            h["citation"]["citation_string"] for h in page["results"]
        ]
        assert rows[0]["snippet.text"] == page["results"][0]["snippet"]["text"]
    assert response["Link"].startswith("<http://testserver/v1/search?q=energy&mode=lexical&limit=7&offset=10")


def test_aggregate_csv_names_the_group_column_and_matches_the_json(client):
    agg = client.get("/v1/bills", {"group_by": "sponsor_party"}).json()
    rows = csv_rows(client.get("/v1/bills", {"group_by": "sponsor_party", "format": "csv"}))
    assert list(rows[0]) == ["sponsor_party", "count"]
    assert [(r["sponsor_party"], int(r["count"])) for r in rows] == [
        (g["key"] or "", g["count"]) for g in agg["groups"]
    ]
    series = csv_rows(
        client.get(
            "/v1/federal-register",
            {"bucket_by_time": "published_at", "time_interval": "year", "format": "csv"},
        )
    )
    assert list(series[0]) == ["period", "count"]
    total = client.get("/v1/federal-register", {"limit": 1}).json()["pagination"]["total"]
    assert sum(int(r["count"]) for r in series) == total


def test_csv_on_one_record_or_an_unknown_format_is_a_400_naming_format(client):
    one = client.get("/v1/bills/hjres:119:24", {"format": "csv"})
    assert one.status_code == 400 and one.json()["error"]["hint"]["parameter"] == "format"
    assert "lists, search and aggregates" in one.json()["error"]["message"]
    # Accept is a preference: a single record still answers JSON
    assert client.get("/v1/bills/hjres:119:24", HTTP_ACCEPT="text/csv").json()["id"] == "hjres:119:24"
    bad = client.get("/v1/bills", {"format": "xml"})
    assert bad.status_code == 400 and bad.json()["error"]["hint"] == {
        "parameter": "format",
        "allowed": ["json", "csv"],
    }
    broken = client.get("/v1/bills", {"congress": "abc", "format": "csv"})
    assert broken.status_code == 400 and broken["Content-Type"].startswith("application/json")


def test_the_browsable_api_answers_format_csv(client):
    rows = csv_rows(client.get("/browse/bills", {"congress": 119, "format": "csv"}))
    assert [r["id"] for r in rows] == ["hjres:119:24", "sjres:119:11"]
    bad = client.get("/browse/bills", {"congress": "abc", "format": "csv"})
    assert bad.status_code == 400 and bad["Content-Type"] == "application/json"


def test_flatten_and_filename():
    row = {"id": "x", "a": {"b": 1, "c": {"d": None}}, "tags": ["p", "q"], "pairs": [[0, 4]], "ok": True}
    assert flatten(row) == {
        "id": "x",
        "a.b": "1",
        "a.c.d": "",
        "tags": "p; q",
        "pairs": "[[0,4]]",
        "ok": "true",
    }
    assert filename_for("/v1/bills/hr:119:1/actions") == "josh-bills-hr-119-1-actions.csv"


# ---------------------------------------------------------------------------------------------------------
# Explorer list pages
# ---------------------------------------------------------------------------------------------------------


def test_every_list_page_renders_a_table_with_export_links(client):
    for resource in sorted(list_views()):
        response = client.get(f"/{resource}")
        assert response.status_code == 200, resource
        html = response.content.decode()
        page = response.context["page"]
        assert f'href="/v1/{resource}?limit=250&amp;format=csv&amp;export=all"' in html, resource
        assert f'href="/v1/{resource}"' in html, resource
        api = client.get(f"/v1/{resource}").json()
        assert page.total == api["pagination"]["total"] and page.shown == len(api["results"]), resource
        assert html.count("<h1") == 1


def test_bill_list_page_filters_links_and_charts(client):
    response = client.get("/bills", {"congress": 119})
    page = response.context["page"]
    html = response.content.decode()
    assert [row[0]["url"] for row in page.rows] == ["/bills/hjres:119:24", "/bills/sjres:119:11"]
    assert page.csv_url == "/v1/bills?congress=119&limit=250&format=csv&export=all"
    bar, line = page.charts
    assert (
        bar.rows == [("R", 2)] and bar.csv_url == "/v1/bills?congress=119&group_by=sponsor_party&format=csv"
    )
    assert line.rows == [("2025", 2)]
    assert 'id="chart-sponsor_party" class="chart"' in html
    assert 'role="img" aria-labelledby="chart-sponsor_party-t chart-sponsor_party-d"' in html
    assert '<title id="chart-sponsor_party-t">Bills by sponsor party</title>' in html
    assert "The numbers as a table" in html and '<th scope="row">R</th><td>2</td>' in html
    # another group field, from the chart's own links
    by_type = client.get("/bills", {"congress": 119, "chart": "type"}).context["page"].charts[0]
    assert sorted(by_type.rows) == [("hjres", 1), ("sjres", 1)]


def test_chart_counts_equal_the_aggregate_json(client):
    page = client.get("/legislators").context["page"]
    assert page.chart_note == ""
    bar = page.charts[0]
    agg = client.get(bar.json_url).json()
    assert (
        bar.rows
        == [("(none)" if g["key"] in (None, "") else str(g["key"]), g["count"]) for g in agg["groups"]][
            : len(bar.rows)
        ]
    )


def test_a_bad_filter_on_a_list_page_is_a_400_page(client):
    response = client.get("/bills", {"congress": "abc"})
    assert response.status_code == 400 and "congress" in response.content.decode()


def test_charts_are_accessible_svg():
    """pygal draws them; each is an image named by its title, described, with no script and no tooltip
    leftovers, and the bars proportional to the values."""
    bar = charts.bar_chart("c1", "Bills by party", [("R", 10), ("D <x>", 5)])
    assert (
        bar.desc == "2 bars; the largest is R with 10 records. The table after the chart lists every value."
    )
    assert bar.svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    assert 'role="img" aria-labelledby="c1-t c1-d"' in bar.svg
    assert '<title id="c1-t">Bills by party</title><desc id="c1-d">2 bars;' in bar.svg
    assert "D &lt;x&gt;" in bar.svg and "<x>" not in bar.svg
    assert "<script" not in bar.svg and "<!--" not in bar.svg and "tooltip-box" not in bar.svg
    widths = [float(w) for w in re.findall(r'width="([\d.]+)"[^>]*class="rect reactive', bar.svg)]
    assert len(widths) == 2 and max(widths) == pytest.approx(2 * min(widths))  # R's is twice D's
    line = charts.line_chart("c2", "Per year", [("2019", 1), ("2020", 3), ("2021", 2)])
    assert line.svg.count('class="dot reactive') == 3 and 'class="line reactive nofill"' in line.svg
    assert charts.bar_chart("c3", "Empty", []).desc == "No records."


def test_column_chart_bars_are_links_to_their_period_for_the_pointer():
    col = charts.column_chart(
        "a", "Per year", [("2024", 2, "/search?q=x&since=2024-01-01"), ("2025", 6, "/y")]
    )
    links = re.findall(r'<a xlink:href="([^"]+)" tabindex="-1"><title>([^<]+)</title>', col.svg)
    assert links == [("/search?q=x&amp;since=2024-01-01", "2024: 2 records"), ("/y", "2025: 6 records")]
    assert "target=" not in col.svg  # pygal's default opens a new window


# ---------------------------------------------------------------------------------------------------------
# The whole result: ?format=csv&export=all (apps.core.export_all)
# ---------------------------------------------------------------------------------------------------------


def json_ids(client, path: str, params: dict) -> list[str]:
    """Every id of a list or search, paged through its JSON as a client would."""
    ids, params = [], dict(params)
    while True:
        body = client.get(path, params).json()
        ids += [r["id"] for r in body["results"]]
        if "pagination" in body:
            if not body["pagination"]["next_cursor"]:
                return ids
            params["cursor"] = body["pagination"]["next_cursor"]
        else:
            params["offset"] = int(params.get("offset", 0)) + len(body["results"])
            if not body["results"] or params["offset"] >= body["total"]:
                return ids


def test_export_all_streams_every_page_of_a_list(client):
    ids = json_ids(client, "/v1/votes", {"limit": 7})
    response = client.get("/v1/votes", {"limit": 7, "format": "csv", "export": "all"})
    rows = csv_rows(response)
    assert [r["id"] for r in rows] == ids and len(ids) > 7 * 3
    assert response["X-Export-Rows"] == response["X-Total-Count"] == str(len(ids))
    assert response["X-Export-Truncated"] == "false" and not response.has_header("Link")


def test_export_all_of_a_search_is_every_hit_in_rank_order(client):
    params = {"q": QUERY, "mode": "lexical", "limit": 50}
    ids = json_ids(client, "/v1/search", params)
    rows = csv_rows(client.get("/v1/search", {**params, "format": "csv", "export": "all"}))
    assert [r["id"] for r in rows] == ids and len(ids) > 50


def test_export_all_stops_at_the_cap_and_says_where_to_go_on(client, settings):
    settings.EXPORT_CAP_ROWS = 5
    ids = json_ids(client, "/v1/votes", {"limit": 2})
    response = client.get("/v1/votes", {"limit": 2, "format": "csv", "export": "all"})
    rows = csv_rows(response)
    # the export ends with the page that reached the cap: 3 pages of 2
    assert [r["id"] for r in rows] == ids[:6]
    assert (response["X-Export-Rows"], response["X-Export-Cap"], response["X-Export-Truncated"]) == (
        "6",
        "5",
        "true",
    )
    link = response["Link"].removeprefix("<").split(">;")[0]
    rest = csv_rows(client.get(link.removeprefix("http://testserver")))
    assert [r["id"] for r in rest] == ids[6:12]


def test_export_all_holds_a_column_only_a_later_page_has(client):
    """A corrected record carries citation.corrections.* columns; on page 3 it still gets them."""
    from django.contrib.contenttypes.models import ContentType

    from apps.bills.models import Bill
    from apps.curation import services

    ids = json_ids(client, "/v1/bills", {"limit": 2})
    third = Bill.objects.get(bill_id=ids[4])
    services.correct(
        content_type=ContentType.objects.get_for_model(Bill),
        object_id=str(third.pk),
        field="title",
        value="A corrected title",
        reason="The enrolled text's title.",
    )
    rows = csv_rows(client.get("/v1/bills", {"limit": 2, "format": "csv", "export": "all"}))
    assert [r["id"] for r in rows] == ids
    assert rows[4]["title"] == "A corrected title"
    assert rows[4]["citation.corrections.title.reason"] == "The enrolled text's title."
    assert rows[0]["citation.corrections.title.reason"] == ""


def test_export_all_needs_csv_and_takes_one_value(client):
    wrong = client.get("/v1/votes", {"export": "all"})
    assert wrong.status_code == 400 and wrong.json()["error"]["hint"]["parameter"] == "export"
    assert "format=csv" in wrong.json()["error"]["message"]
    other = client.get("/v1/votes", {"export": "everything", "format": "csv"})
    assert other.status_code == 400 and other.json()["error"]["hint"] == {
        "parameter": "export",
        "allowed": ["all"],
    }


def test_a_bare_list_of_records_answers_csv_too(client):
    sources = client.get("/v1/sources").json()
    rows = csv_rows(client.get("/v1/sources", {"format": "csv"}))
    assert [r["slug"] for r in rows] == [s["slug"] for s in sources] and len(rows) >= 20


def test_the_openapi_document_offers_csv_where_the_answer_is_rows(client):
    spec = client.get("/v1/openapi.json").json()
    for path in ("/v1/bills", "/v1/search", "/v1/sources", "/v1/bills/{id}/actions"):
        op = spec["paths"][path]["get"]
        params = {p["name"]: p for p in op["parameters"]}
        assert params["format"]["schema"]["enum"] == ["json", "csv"], path
        assert params["export"]["schema"]["enum"] == ["all"] and "example" not in params["export"], path
        assert "text/csv" in op["responses"]["200"]["content"], path
    one = spec["paths"]["/v1/bills/{id}"]["get"]
    assert "format" not in {p["name"] for p in one["parameters"]}
    assert list(one["responses"]["200"]["content"]) == ["application/json"]
