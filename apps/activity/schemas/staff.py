"""Staff directory schemas."""

from pydantic import BaseModel, Field

from apps.citations.schemas import Citation


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
