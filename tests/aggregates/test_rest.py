"""Aggregates on the list endpoints, checked against the corpus files read independently.

Cases:
- bills counted by policy area == the <policyArea> names in the BILLSTATUS sample files;
- LD-2 income summed (total and by client) == the amounts in the LD-2 JSON files;
- issue codes (to-many): an LD-2 filing counts once under each of its general issue areas;
- monthly FR bucket by document type == the RULE/PRORULE/NOTICE/PRESDOCU elements of the issue;
- list filters narrow aggregates (form=LD-2, congress=);
- a too-broad aggregate is refused (budget overridden) and a narrowed one passes;
- invalid group_by / sum_field / bucket_by_time -> 400 naming the parameter with hint.allowed;
- q cannot narrow an aggregate; sum needs sum_field;
- the list itself is unchanged without aggregate params; OpenAPI documents both shapes;
- query_cost and a bounded query count.
"""

import json
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings

from apps.core.aggregates import get_aggregate
from tests.api.helpers import assert_error

CORPUS = Path(settings.CORPUS_DIR)
RESULT_KEYS = {
    "resource", "aggregate", "group_by", "sum_field", "bucket_by_time", "time_interval", "filters", "total",
    "groups", "truncated", "query_cost",
}  # fmt: skip
pytestmark = pytest.mark.django_db


def _ld2_files():
    return [json.loads(p.read_text()) for p in sorted((CORPUS / "lobbying-lda/ld2").glob("*.json"))]


def _policy_areas() -> Counter:
    names = Counter()
    for sub in ("v3", "v3-119th", "legacy-v1"):
        for path in (CORPUS / "bill-status" / sub).glob("BILLSTATUS-*.xml"):
            bill = ET.parse(path).getroot().find("bill")
            # v3 names the policy area; pre-2016 legacy-v1 files call it the primary subject
            name = bill.findtext("policyArea/name") or bill.findtext("primarySubject/name")
            if name:
                names[name.strip()] += 1
    return names


def test_bills_by_policy_area_match_the_billstatus_files(client):
    body = client.get("/v1/bills?aggregate=count&group_by=policy_area").json()
    assert set(body) == RESULT_KEYS
    got = {g["key"]: g["count"] for g in body["groups"] if g["key"]}
    assert got == dict(_policy_areas())
    assert sum(g["count"] for g in body["groups"]) == body["total"]["count"]
    counts = [g["count"] for g in body["groups"]]
    assert counts == sorted(counts, reverse=True)  # largest first
    assert body["query_cost"]["rows_touched"] == body["total"]["count"]
    assert set(body["query_cost"]) == {"rows_touched", "ms", "row_budget", "time_limit_ms"}


def test_lda_income_sum_matches_the_ld2_files(client):
    files = _ld2_files()
    by_client = Counter()
    for f in files:
        if f["income"]["income_amount"] is not None:
            by_client[f["client"]["client_name"]] += f["income"]["income_amount"]
    body = client.get("/v1/lda-filings?aggregate=sum&sum_field=income&group_by=client&form=LD-2").json()
    assert body["filters"] == {"form": "LD-2"}
    assert body["total"] == {"count": len(files), "sum": sum(by_client.values())}
    top = [(g["key"], g["sum"]) for g in body["groups"] if g["sum"] is not None]
    assert top == sorted(by_client.items(), key=lambda kv: (-kv[1], kv[0]))
    assert top[0] == ("Coalition for Patent Fairness", 120000.0)


def test_issue_codes_count_each_filing_once_per_code(client):
    expected = Counter()
    for f in _ld2_files():
        areas = {a["general_issue_area"] for a in f["lobbying_activities"]["lobbying_activities"]}
        expected.update(areas)
    body = client.get("/v1/lda-filings?aggregate=count&group_by=issue_code&form=LD-2").json()
    assert {g["key"]: g["count"] for g in body["groups"]} == dict(expected)
    assert body["total"]["count"] == len(_ld2_files())
    assert body["query_cost"]["rows_touched"] == sum(expected.values())


def test_monthly_fr_volume_by_document_type(client):
    root = ET.parse(CORPUS / "federal-register/FR-2024-02-12.xml").getroot()
    kinds = Counter(el.tag for el in root.iter() if el.tag in {"RULE", "PRORULE", "NOTICE", "PRESDOCU"})
    body = client.get(
        "/v1/federal-register?bucket_by_time=published_at&time_interval=month&group_by=doc_type"
    ).json()
    assert body["aggregate"] == "count" and body["time_interval"] == "month"
    assert [(g["period"], g["key"], g["count"]) for g in body["groups"]] == [
        ("2024-02-01", kind, kinds[kind]) for kind in sorted(kinds)
    ]  # oldest bucket first, then by key


def test_time_interval_defaults_to_month_and_year_buckets(client):
    body = client.get("/v1/saps?bucket_by_time=date_issued&time_interval=year").json()
    periods = [g["period"] for g in body["groups"]]
    assert periods == sorted(periods) and all(p.endswith("-01-01") for p in periods if p)
    assert sum(g["count"] for g in body["groups"]) == body["total"]["count"] == 571
    assert client.get("/v1/saps?bucket_by_time=date_issued").json()["time_interval"] == "month"


def test_too_broad_aggregate_is_refused_then_narrowed(client, settings):
    settings.JOSH = {**settings.JOSH, "AGGREGATE_ROW_BUDGET": 100}
    error = assert_error(client.get("/v1/saps?aggregate=count&group_by=position"), 400, "aggregate_too_broad")
    assert error["hint"]["rows"] == 571 and error["hint"]["row_budget"] == 100
    narrowing = error["hint"]["suggest_narrowing"]
    assert "congress" in narrowing and "limit" not in narrowing and "narrow_with" not in error["hint"]
    narrowed = client.get("/v1/lda-filings?aggregate=count&group_by=year&form=LD-2")
    assert narrowed.status_code == 200
    assert narrowed.json()["query_cost"]["row_budget"] == 100


@pytest.mark.parametrize(
    ("query", "parameter", "kind"),
    [
        ("aggregate=count&group_by=color", "group_by", "group_fields"),
        ("aggregate=sum&sum_field=title", "sum_field", "sum_fields"),
        ("bucket_by_time=title", "bucket_by_time", "time_fields"),
        ("aggregate=sum", "sum_field", "sum_fields"),
    ],
)
def test_undeclared_fields_are_refused_with_the_allowed_list(client, query, parameter, kind):
    error = assert_error(client.get(f"/v1/bills?{query}"), 400, "invalid_parameter", parameter)
    assert error["hint"]["allowed"] == sorted(getattr(get_aggregate("bills"), kind))


def test_bad_interval_and_ranked_q_are_refused(client):
    assert_error(
        client.get("/v1/bills?bucket_by_time=introduced_date&time_interval=decade"),
        400,
        "invalid_parameter",
        "time_interval",
    )
    assert_error(client.get("/v1/lda-filings?aggregate=count&q=patent"), 400, "invalid_parameter", "q")
    assert_error(
        client.get("/v1/bills?aggregate=count&sum_field=cosponsor_count"),
        400,
        "invalid_parameter",
        "aggregate",
    )


def test_group_by_alone_counts_and_sum_field_alone_sums(client):
    counted = client.get("/v1/bills?group_by=congress").json()
    assert counted["aggregate"] == "count"
    assert {g["key"]: g["count"] for g in counted["groups"]} == {114: 11, 117: 7, 119: 2}
    summed = client.get("/v1/bills?sum_field=cosponsor_count&congress=119").json()
    assert summed["aggregate"] == "sum" and summed["filters"] == {"congress": 119}
    assert summed["total"] == {"count": 2, "sum": 12.0}  # H.J.Res. 24 (10) + S.J.Res. 11 (2)


def test_without_aggregate_the_list_is_unchanged(client):
    body = client.get("/v1/bills?limit=2").json()
    assert set(body) == {"results", "pagination"}
    assert len(body["results"]) == 2


def test_openapi_documents_both_shapes(client):
    doc = client.get("/v1/openapi.json").json()
    for path in ("/v1/bills", "/v1/lda-filings", "/v1/federal-register", "/v1/votes", "/v1/legislators"):
        op = doc["paths"][path]["get"]
        names = {p["name"] for p in op["parameters"]}
        assert {"aggregate", "group_by", "sum_field", "bucket_by_time", "time_interval"} <= names
        refs = [s["$ref"] for s in op["responses"]["200"]["content"]["application/json"]["schema"]["anyOf"]]
        assert refs[1] == "#/components/schemas/AggregateResult" and refs[0].startswith(
            "#/components/schemas/Page"
        )


def test_query_count_is_fixed(client, django_assert_num_queries):
    # count, sum total, grouped rows
    with django_assert_num_queries(3):
        client.get("/v1/lda-filings?aggregate=sum&sum_field=expenses&group_by=registrant")
    with django_assert_num_queries(2):
        client.get("/v1/regulatory-documents?aggregate=count&group_by=agency")


def test_registry_lists_aggregate_too(client):
    votes = client.get("/v1/votes?group_by=result&chamber=senate&congress=119").json()
    assert votes["filters"] == {"chamber": "senate", "congress": 119}
    assert sum(g["count"] for g in votes["groups"]) == votes["total"]["count"]
    by_chamber = client.get("/v1/legislators?group_by=chamber&current=true").json()
    assert {g["key"] for g in by_chamber["groups"]} == {"house", "senate"}
    assert_error(client.get("/v1/legislators?group_by=party&q=markey"), 400, "invalid_parameter", "q")
