"""Validated records parsed from BILLSTATUS (one ``BillStatusRecord`` per file, with its parts)."""

from datetime import date, datetime

from pydantic import BaseModel, ConfigDict


class _Rec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class MemberRec(_Rec):
    bioguide: str
    full_name: str = ""
    first_name: str = ""
    last_name: str = ""
    party: str = ""
    state: str = ""
    district: int | None = None
    by_request: bool = False
    is_original: bool = False
    sponsorship_date: date | None = None
    withdrawn_date: date | None = None


class VoteRec(_Rec):
    vote_id: str
    chamber: str
    congress: int
    session: int | None
    roll_number: int
    voted_at: datetime | None
    url: str
    action_text: str = ""


class ActionRec(_Rec):
    seq: int
    action_date: date | None
    action_time: str
    text: str
    action_type: str
    action_codes: str
    source_systems: str
    committees: list[dict]


class CommitteeRec(_Rec):
    system_code: str
    thomas_id: str
    name: str
    chamber: str
    committee_type: str
    parent_code: str
    activities: list[dict]


class TitleRec(_Rec):
    seq: int
    title_type: str
    title_type_code: str
    title: str
    chamber: str
    version_code: str


class SummaryRec(_Rec):
    version_code: str
    action_date: date | None
    action_desc: str
    update_date: datetime | None
    text: str


class TextVersionRec(_Rec):
    version_code: str
    version_name: str
    date: date | None
    url: str


class RelatedRec(_Rec):
    related_bill_id: str
    title: str
    relationships: list[dict]
    latest_action_date: date | None
    latest_action_text: str


class LawRec(_Rec):
    law_type: str
    number: str
    law_id: str


class CboRec(_Rec):
    url: str
    title: str
    pub_date: date | None
    description: str


class ReportRec(_Rec):
    citation: str
    report_type: str
    congress: int | None
    number: int | None
    part: int | None


class BillStatusRecord(_Rec):
    """Everything one BILLSTATUS file says about one bill, validated."""

    bill_id: str
    bill_type: str
    congress: int
    number: int
    schema_name: str  # "v3" or "legacy-v1"
    source_file: str
    title: str
    origin_chamber: str
    introduced_date: date | None
    update_date: datetime | None
    update_date_including_text: datetime | None
    policy_area: str
    sponsor: MemberRec | None
    cosponsors: list[MemberRec]
    latest_action_date: date | None
    latest_action_text: str
    constitutional_authority: str
    titles: list[TitleRec]
    actions: list[ActionRec]
    votes: list[VoteRec]
    committees: list[CommitteeRec]
    subjects: list[str]
    summaries: list[SummaryRec]
    text_versions: list[TextVersionRec]
    related: list[RelatedRec]
    laws: list[LawRec]
    cbo_estimates: list[CboRec]
    committee_reports: list[ReportRec]
    unidentified_members: list[str]  # sponsors/cosponsors named without a bioguide id (not linkable)

    @property
    def key(self) -> str:
        return self.bill_id
