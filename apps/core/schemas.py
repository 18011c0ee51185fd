from datetime import date, datetime

from pydantic import BaseModel, Field


class EmbeddingOut(BaseModel):
    documents: int = Field(description="Documents of the source.")
    embedded: int = Field(description="Documents with vectors (semantic search finds only these).")
    coverage: float = Field(description="embedded / documents, 0 to 1.")
    stale: int = Field(
        description="Documents whose text changed after their vectors were computed: semantic hits on them "
        "quote the old text until `manage.py embed` runs."
    )
    note: str


class SourceOut(BaseModel):
    slug: str = Field(description="Source slug: pass it as ?source= to search, or to manage.py ingest.")
    aliases: list[str] = Field(description="Short names that stand for the slug in ?source= (fr, crs...).")
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
    ingest_state: str = Field(
        description="The latest ingest run: 'complete', 'partial' (some files or records failed), 'failed', "
        "'running', 'half-applied' (it stopped before finishing: re-run to finish) or 'never'."
    )
    ingest_note: str = Field(description="What the state means for this source, and what to do about it.")
    embedding: EmbeddingOut | None = Field(
        description="Vector coverage and staleness (body-bearing sources only; null otherwise)."
    )


class ErrorDetail(BaseModel):
    type: str = Field(description="Error family: invalid_request, not_found, authentication_error, ...")
    code: str = Field(description="Stable machine code to branch on, e.g. unknown_parameter, query_timeout.")
    message: str = Field(description="What went wrong and how to recover; echoed values are clipped.")
    request_id: str = Field(description="Echoed as X-Request-Id; quote it when reporting a problem.")
    hint: dict = Field(
        default_factory=dict, description="Details to fix the request: the parameter, allowed values, ..."
    )


class ErrorEnvelope(BaseModel):
    """The one error envelope of every surface (apps.core.errors.error_body)."""

    error: ErrorDetail
