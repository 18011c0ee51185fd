"""Lobbying filing schemas."""

from datetime import date
from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, Field

from apps.citations.schemas import Citation
from apps.core.vocabulary import Cursor, Limit


class LobbyistOut(BaseModel):
    activity_seq: int = Field(description="0 = named on the LD-1 registration; else the activity's seq.")
    first_name: str
    last_name: str
    suffix: str
    covered_position: str = Field(description="Former covered legislative/executive branch position, if any.")
    is_new: bool | None = Field(description="LD-2: first reported this period; null on LD-1.")


class LobbyingActivityOut(BaseModel):
    seq: int
    issue_code: str = Field(description="LDA general issue area code, e.g. TAX, HCR, DEF.")
    specific_issues: str = Field(description="LD-2 free text (LD-1 text is the filing's issues_detail).")
    government_entities: str = Field(description="Houses and agencies contacted, as written.")
    foreign_entity_interest: str
    bill_ids: list[str] = Field(
        description="Canonical ids of bills cited in specific_issues, e.g. s:110:373."
    )


class LdaBillMentionOut(BaseModel):
    bill_id: str = Field(description="Canonical bill id; GET /v1/bills/{bill_id}.")
    activity_seq: int = Field(description="0 = LD-1 issues detail; else the activity citing it.")
    issue_code: str


class PartyOut(BaseModel):
    name: str
    description: str
    city: str
    state: str
    country: str


class LdaFilingSummary(BaseModel):
    id: str = Field(
        description="lda:<ld1|ld2>:<SOPR document id>, e.g. lda:ld2:0005b52d-cd4e-4e4a-984f-7ade8e95eaa8."
    )
    form: Literal["LD-1", "LD-2"]
    filing_type: str = Field(
        description="RR/RA (registration/amendment), Q1-Q4, nA (amended), nT (termination)."
    )
    year: int
    quarter: int | None
    registrant_name: str
    client_name: str
    senate_id: str = Field(description="Senate registrant(-client) id, e.g. 5142-797.")
    income: Decimal | None = Field(description="Income reported, US dollars (decimal string).")
    expenses: Decimal | None = Field(description="Expenses reported, US dollars (decimal string).")
    issue_codes: list[str]
    citation: Citation


class LdaFilingHit(LdaFilingSummary):
    score: float | None = Field(description="Name-match score with q (higher = better); null without q.")


class LdaFilingOut(LdaFilingSummary):
    document_id: str = Field(description="SOPR document id (the filing UUID in real downloads).")
    house_id: str
    congress: int = Field(description="Congress in session in the filing year: (year - 1789) // 2 + 1.")
    registrant: PartyOut
    client: PartyOut
    client_self: bool
    is_amendment: bool
    is_termination: bool
    no_activity: bool
    effective_date: date | None
    termination_date: date | None
    signed_on: date | None
    signer: str
    income_under_5000: bool
    expenses_under_5000: bool
    expense_method: str = Field(description="LDA expense reporting method a, b or c; '' if none.")
    issues_detail: str
    activities: list[LobbyingActivityOut]
    lobbyists: list[LobbyistOut]
    bill_mentions: list[LdaBillMentionOut]
    docket_ids: list[str] = Field(
        description="regulations.gov dockets cited in the issue text, e.g. docket:FAA-2009-1144 "
        "(GET /v1/dockets/{id} when that docket is ingested)."
    )
    affiliated_organizations: list[dict]
    foreign_entities: list[dict]
    registration_update: dict


class LdaFilingListParams(BaseModel):
    q: str | None = Field(
        None,
        max_length=200,
        description="Client or registrant name words, ranked: 'patent fairness', 'alston'.",
    )
    year: int | None = Field(
        None, ge=1995, le=2100, description="Report year (LD-2) or effective year (LD-1)."
    )
    quarter: int | None = Field(None, ge=1, le=4)
    form: Literal["LD-1", "LD-2"] | None = None
    client: str | None = Field(
        None, min_length=2, max_length=200, description="Client name contains (any case)."
    )
    registrant: str | None = Field(
        None, min_length=2, max_length=200, description="Registrant (lobbying firm) name contains (any case)."
    )
    issue_code: str | None = Field(None, pattern=r"^[A-Za-z]{3}$", description="LDA issue code, e.g. TAX.")
    bill_id: str | None = Field(
        None, max_length=40, description="Filings citing this bill (any spelling with congress)."
    )
    senate_id: str | None = Field(None, max_length=40, description="Senate registrant(-client) id.")
    docket: str | None = Field(
        None, max_length=120, description="Filings citing this regulations.gov docket."
    )
    limit: Limit = None
    cursor: Cursor = None
