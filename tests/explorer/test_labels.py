"""List pages label their filters and columns in words (apps.explorer.labels), never with a raw field name
("Policy_area", "Limit"), and a field's declared title wins over its name."""

import re

import pytest
from pydantic import BaseModel, Field

from apps.explorer.labels import column_label, field_label
from apps.explorer.lists import list_views

pytestmark = pytest.mark.django_db


def labels(html: str, pattern: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", m).strip() for m in re.findall(pattern, html, re.S)]


def test_every_list_page_labels_its_filters_and_columns_in_words(client):
    for resource, view in list_views().items():
        html = client.get(f"/{resource}").content.decode()
        filters = labels(html, r'<label for="f-[^"]+">(.*?)</label>')
        columns = labels(html, r'<table class="list">.*?<thead>(.*?)</thead>')
        columns = labels(columns[0], r"<th[^>]*>(.*?)</th>") if columns else []
        assert bool(filters) == bool(view.params), resource
        for label in filters + columns:
            assert "_" not in label and "." not in label and label[:1].isupper(), (resource, label)
        assert "Limit" not in filters and "Cursor" not in filters, resource


def test_the_bill_list_reads_as_a_person_would_write_it(client):
    html = client.get("/bills").content.decode()
    filters = labels(html, r'<label for="f-[^"]+">(.*?)</label>')
    assert filters == [
        "Page size",
        "Congress",
        "Type",
        "Sponsor",
        "Subject",
        "Policy area",
        "Updated since",
        "Introduced since",
        "Introduced until",
    ]
    assert '<label for="f-policy_area">Policy area</label>' in html  # the field keeps its name as the input's
    assert '<th scope="col">ID</th>' in html and "Policy_area" not in html


class Sponsor(BaseModel):
    bioguide_id: str
    name: str


class Hit(BaseModel):
    cfr_title: int
    is_current: bool
    q: str = Field(title="Member name")
    sponsor: Sponsor | None = None


@pytest.mark.parametrize(
    ("column", "label"),
    [
        ("cfr_title", "CFR title"),
        ("is_current", "Current"),
        ("q", "Member name"),  # a declared title wins
        ("sponsor.name", "Sponsor name"),
        ("sponsor.bioguide_id", "Sponsor Bioguide ID"),
        ("limit", "Page size"),
    ],
)
def test_a_column_label_comes_from_the_declaration(column, label):
    assert column_label(Hit, column) == label


def test_a_field_without_a_model_is_read_as_words():
    assert field_label(None, "fr_doc_num") == "FR document number"
