"""The ``bulletins`` source: a searchable record that cites bills, declared in one plan.

With the model and its migration (FTS over title and body), this plan's ``SearchSpec`` is all search needs:
``/v1/search?source=bulletins`` (lexical; the hybrid default searches it lexically), the ``bill_id`` filter
(``bill_column``), the three MCP search tools, the explorer's search page and its source facet. Its records
open at ``/v1/bulletins/{id}`` (tests/fixture_app/resources.py). tests/core/test_searchable_source.py
counts the files it took.
"""

import json
from datetime import UTC, date, datetime

from pydantic import BaseModel

from apps.citations.rules import CitationRule, register_rule
from apps.core.inputs import as_input
from apps.core.plans import Outcome, SearchSpec, SourcePlan, register
from apps.core.upsert import upsert
from tests.fixture_app.models import Bulletin


class BulletinRecord(BaseModel):
    bulletin_id: str
    title: str
    body: str
    bill_id: str
    published_at: date

    @property
    def key(self) -> str:
        return self.bulletin_id


def parse_bulletins(path):
    """A JSON list of bulletins."""
    for row in json.loads(as_input(path).read_bytes()):
        yield BulletinRecord(**row)


def load_bulletin(record: BulletinRecord, ctx) -> Outcome:
    values = record.model_dump(exclude={"bulletin_id"}) | {
        "citation_string": f"Bulletin {record.bulletin_id}",
        "source_url": f"https://example.gov/bulletins/{record.bulletin_id}",
    }
    stamp = {"retrieved_at": datetime.now(UTC)}
    return upsert(Bulletin, lookup={"bulletin_id": record.bulletin_id}, values=values, stamp=stamp)[1]


register_rule(
    "fixture_app.Bulletin",
    CitationRule(url=r"https://example\.gov/bulletins/\S+", date="the bulletin's publication date"),
)
register(
    SourcePlan(
        slug="bulletins",
        title="Bulletins (test fixture)",
        publisher="The test suite",
        description="A searchable source that cites bills, declared in tests/fixture_app.",
        model="fixture_app.Bulletin",
        resource="bulletins",
        parse=parse_bulletins,
        load=load_bulletin,
        file_glob="*.json",
        has_sample=False,
        sample_note="A test fixture: its tests write their own rows.",
        id_example="bulletin:1",
        search=SearchSpec(
            fts_table="bulletins_fts",
            content_table="fixture_app_bulletin",
            public_id_column="bulletin_id",
            columns=("title", "body"),
            weights=(5.0, 1.0),
            bill_column="bill_id",
        ),
    )
)
