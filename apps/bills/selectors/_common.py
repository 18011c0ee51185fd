"""Row -> schema mappers shared by the bill-side selectors."""

from apps.bills.models import Bill, PublicLaw, Sap, Topic
from apps.bills.naming import bill_label
from apps.bills.schemas import (
    BillBrief,
    BillSummary,
    LatestAction,
    MemberRef,
    PublicLawSummary,
    SapSummary,
    TopicSummary,
)
from apps.citations.services import citation_for


def member_ref(legislator, *, name: str, party: str, state: str, district: int | None) -> MemberRef:
    return MemberRef(
        id=legislator.public_id,
        name=name or legislator.official_full,
        party=party or legislator.party,
        state=state or legislator.state,
        district=district,
        is_stub=legislator.is_stub,
    )


def sponsor_ref(bill: Bill) -> MemberRef | None:
    if bill.sponsor is None:
        return None
    return member_ref(
        bill.sponsor,
        name=bill.sponsor_name,
        party=bill.sponsor_party,
        state=bill.sponsor_state,
        district=bill.sponsor_district,
    )


def bill_summary(bill: Bill) -> BillSummary:
    """Needs ``select_related('sponsor')`` and ``prefetch_related('laws')``."""
    return BillSummary(
        id=bill.bill_id,
        label=bill_label(bill.bill_type, bill.number),
        type=bill.bill_type,
        congress=bill.congress,
        number=bill.number,
        title=bill.title,
        origin_chamber=bill.origin_chamber,
        introduced_date=bill.introduced_date,
        update_date=bill.update_date,
        policy_area=bill.policy_area,
        sponsor=sponsor_ref(bill),
        cosponsor_count=bill.cosponsor_count,
        latest_action=LatestAction(date=bill.latest_action_date, text=bill.latest_action_text),
        laws=[law.law_id for law in bill.laws.all()],
        status_source=bill.status_source,
        citation=citation_for(bill),
    )


def bill_brief(bill: Bill) -> BillBrief:
    return BillBrief(
        id=bill.bill_id,
        label=bill_label(bill.bill_type, bill.number),
        title=bill.title,
        introduced_date=bill.introduced_date,
    )


def public_law_summary(law: PublicLaw) -> PublicLawSummary:
    return PublicLawSummary(
        id=law.law_id,
        kind=law.kind,
        congress=law.congress,
        number=law.number,
        title=law.title,
        short_title=law.short_title,
        statutes_citation=law.statutes_citation,
        bill_id=law.bill_id,
        enacted_date=law.enacted_date,
        has_text=bool(law.source_file),
        citation=citation_for(law),
    )


def sap_summary(sap: Sap) -> SapSummary:
    """Needs ``prefetch_related('bills')``."""
    return SapSummary(
        id=sap.sap_id,
        title=sap.title,
        administration=sap.administration,
        congress=sap.congress,
        date_issued=sap.date_issued,
        chamber=sap.chamber,
        position=sap.position,
        rescinded=sap.rescinded,
        bills=[b.bill_id for b in sap.bills.all()],
        has_text=bool(sap.text_file),
        citation=citation_for(sap),
    )


def topic_summary(topic: Topic) -> TopicSummary:
    return TopicSummary(
        id=topic.topic_id,
        kind=topic.kind,
        name=topic.name,
        bill_count=topic.bill_count,
        citation=citation_for(topic),
    )
