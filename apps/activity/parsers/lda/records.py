"""Validated LD-1 / LD-2 records (what the parser yields and the loader writes)."""

from datetime import date
from decimal import Decimal

from pydantic import BaseModel, ConfigDict


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class LdaActivity(_Frozen):
    seq: int
    issue_code: str
    specific_issues: str = ""
    government_entities: str = ""
    foreign_entity_interest: str = ""


class LdaLobbyist(_Frozen):
    activity_seq: int
    seq: int
    first_name: str
    last_name: str
    suffix: str = ""
    covered_position: str = ""
    is_new: bool | None = None


class LdaBillMention(_Frozen):
    activity_seq: int
    bill_id: str
    issue_code: str = ""


class LdaDocketMention(_Frozen):
    activity_seq: int
    docket_number: str


class LdaFilingRecord(_Frozen):
    public_id: str
    document_id: str
    form: str
    filing_type: str
    senate_id: str
    house_id: str
    registrant_name: str
    registrant_description: str
    registrant_city: str
    registrant_state: str
    registrant_country: str
    client_name: str
    client_description: str
    client_state: str
    client_country: str
    client_self: bool
    year: int
    quarter: int | None
    congress: int
    is_amendment: bool
    is_termination: bool
    no_activity: bool
    effective_date: date | None
    termination_date: date | None
    signed_on: date | None
    signer: str
    income: Decimal | None
    income_under_5000: bool
    expenses: Decimal | None
    expenses_under_5000: bool
    expense_method: str
    issues_detail: str
    affiliated_organizations: list[dict]
    foreign_entities: list[dict]
    registration_update: dict
    activities: list[LdaActivity]
    lobbyists: list[LdaLobbyist]
    bill_mentions: list[LdaBillMention]
    docket_mentions: list[LdaDocketMention]
    citation_string: str
    source_url: str

    @property
    def key(self) -> str:
        return self.public_id
