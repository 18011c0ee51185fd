from datetime import date, datetime

from pydantic import BaseModel, Field


class SourceOut(BaseModel):
    slug: str = Field(description="Source slug: pass it as ?source= to search, or to manage.py ingest.")
    title: str
    publisher: str
    description: str
    shape: str = Field(
        description="'body' (all four flows), 'short-body' (lookup + lexical) or 'registry' "
        "(lookup + name resolution); derived from the live schema."
    )
    resource: str = Field(description="REST collection: GET /v1/<resource>/{id}.")
    id_example: str
    count: int = Field(description="Records ingested.")
    as_of: datetime | None = Field(description="When the last successful ingest of this source finished.")
    last_synced_at: datetime | None = Field(
        description="When `manage.py sync` last brought this source up to date with its upstream (null: never)."
    )
    newest_record_date: date | None = Field(
        description="The latest published/introduced date among its records."
    )
    has_sample: bool = Field(description="Whether Josh ships sample data for this source.")
    sample_note: str
    citation_template: str
    license: str
    searchable: list[str] = Field(description="Search modes this source supports: lexical, semantic.")
