"""The requests the parity test sends to both engines, and what it keeps of each answer.

``python manage.py shell -c "from tests.postgres.probe import main; main()"`` prints the answers as JSON for
the database the settings point at (the SQLite side of tests/postgres/test_parity.py)."""

import json

from django.test import Client

# Flow 1 (ORM lists, one record, aggregates): the whole payload must be identical on both engines.
EXACT = [
    "/v1/bills?limit=50",
    "/v1/bills?congress=119&limit=20",
    "/v1/bills/hjres:119:24",
    "/v1/bills?aggregate=count&group_by=policy_area",
    "/v1/lda-filings?aggregate=sum&sum_field=income&group_by=client&form=LD-2",
    "/v1/saps?limit=20",
]
# Flows 1b-4: ranked; the ids in order are kept and their overlap reported.
RANKED = [
    "/v1/legislators?q=markey",
    "/v1/committees?q=ways means",
    "/v1/search?q=border security&mode=lexical&source=bills",
    '/v1/search?q="health care" veterans&mode=lexical',
    "/v1/search?q=tax* NOT credit&mode=lexical&source=bills",
    "/v1/search?q=immigration enforcement&mode=semantic",
    "/v1/search?q=immigration enforcement&mode=semantic&congress=119&source=bills",
    "/v1/search?q=energy prices&mode=hybrid",
    "/v1/search?q=appropriations&mode=hybrid&since=2025-01-01",
]


VOLATILE = {"ms", "took_ms"}  # how long a request took: the only part of an answer that may differ


def stable(value):
    if isinstance(value, dict):
        return {k: stable(v) for k, v in value.items() if k not in VOLATILE}
    if isinstance(value, list):
        return [stable(v) for v in value]
    return value


def answers() -> dict:
    client = Client()
    out: dict = {"exact": {}, "ranked": {}}
    for url in EXACT:
        response = client.get(url)
        out["exact"][url] = {"status": response.status_code, "body": stable(response.json())}
    for url in RANKED:
        response = client.get(url)
        body = response.json()
        ids = [hit["id"] for hit in body.get("results", [])]
        out["ranked"][url] = {"status": response.status_code, "ids": ids, "total": body.get("total")}
    return out


def main() -> None:
    print("PARITY-JSON " + json.dumps(answers()))
