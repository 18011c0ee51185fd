from datetime import date, datetime
from typing import Literal

from pydantic import BaseModel, Field, model_serializer


class CorrectionNote(BaseModel):
    """The provenance of one corrected value: when a curator set it, why, and what the upstream source says."""

    at: datetime = Field(description="When the value now served was set (created, revised or reinstated).")
    reason: str = Field(
        description="The curator's reason: what was wrong and where the right value comes from."
    )
    upstream_value: str | None = Field(
        description="What the upstream source file says for this field (null: no value), as text."
    )


class Citation(BaseModel):
    """How to cite a record: carried by every record response and every search hit."""

    citation_string: str = Field(
        description='Human-readable citation, e.g. "CRS Report R48914, <title> (2025-01-02)".'
    )
    url: str = Field(description="Canonical public URL of the record at its publisher (always http(s)).")
    published_at: date | None = Field(
        description="The publisher's date for the record (which date, per source: docs/CITATIONS.md)."
    )
    source: str = Field(description="Josh source slug, e.g. 'bills'.")
    retrieved_at: datetime = Field(description="When Josh last ingested the record.")
    in_corpus: bool = Field(
        True,
        description="False for a stub: a record Josh knows only because another record names it (its "
        "source file was not ingested); the url is the publisher's page for the full record.",
    )
    corrected: bool = Field(
        False, description="A curator corrected this record (present only when true); see corrected_fields."
    )
    corrected_fields: list[str] = Field(
        default_factory=list, description="The fields a curator corrected (present only when corrected)."
    )
    corrections: dict[str, CorrectionNote] = Field(
        default_factory=dict,
        description="Each corrected field's provenance, keyed by field: {at, reason, upstream_value} (present "
        "only when corrected; the same block on REST, MCP and CSV, as citation.corrections.<field>.<key>).",
    )

    @model_serializer(mode="wrap")
    def _corrections_only_when_corrected(self, handler):
        data = handler(self)
        if not self.corrected:
            data.pop("corrected", None)
            data.pop("corrected_fields", None)
            data.pop("corrections", None)
        return data


class EntityCard(BaseModel):
    """A record the whole query names: a member, a committee, or the record a citation cites ("one box")."""

    kind: Literal["legislator", "committee", "citation"] = Field(
        description="legislator / committee: the query is that member's or committee's name (or nickname, "
        "with or without Sen./Rep.); citation: the query is a citation of the record."
    )
    resource: str = Field(description="The record's collection: GET /v1/<resource>/{id} returns it.")
    id: str = Field(description="The record's public id.")
    name: str = Field(description="The member's or committee's name, or the record's title.")
    detail: str = Field(description='One line saying what it is, e.g. "Senator, D-MA" or "89 FR 9741-9743".')
    matched: str = Field(description="What the query was read as: the name, or the citation as printed.")


class CitationCheck(BaseModel):
    """What a search made of a query that is, as a whole, a citation: whether Josh holds the record it names.
    A citation of nothing held ("89 FR 99999") is flagged rather than answered silently with word matches."""

    text: str = Field(description='The citation as printed: "89 FR 9838", "Pub. L. 117-58".')
    kind: str = Field(description="Its form: fr_page, committee_report, bill, public-law, usc_section, ...")
    resolved: bool = Field(
        description="true: Josh holds the record (entities has its card); false: it does not."
    )
    hint: str | None = Field(
        None,
        description="When not resolved: that no such record is loaded, and that the hits match only words.",
    )
