"""Staff directory schemas."""

from typing import Literal

from pydantic import BaseModel, Field

from apps.citations.schemas import Citation
from apps.core.vocabulary import Cursor, Limit


class StaffOut(BaseModel):
    id: str = Field(description="staff:<chamber>-<office key>-<name>, e.g. staff:house-s000033-jane-doe.")
    name: str
    title: str
    office: str
    chamber: str
    member_bioguide: str
    committee_id: str
    email: str
    phone: str
    citation: Citation


class StaffHit(StaffOut):
    score: float | None = Field(description="Name-match score with q (higher = better); null without q.")


class StaffListParams(BaseModel):
    q: str | None = Field(None, max_length=200, description="Staffer name words, ranked: 'jane doe'.")
    chamber: Literal["house", "senate", "joint"] | None = None
    member_bioguide: str | None = Field(
        None,
        max_length=60,
        description="Staff of this member's office: the member id — bioguide (S000033) or any other id of "
        "the legislator crosswalk (Senate LIS S313, govtrack, FEC, ...). Not a name: find the id with "
        "GET /v1/legislators?q=<name>.",
    )
    committee_id: str | None = Field(
        None, pattern=r"^[A-Za-z]{4}(\d{2})?$", description="Staff of this committee."
    )
    limit: Limit = None
    cursor: Cursor = None
