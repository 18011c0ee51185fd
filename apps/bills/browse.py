"""Browsable pages for bills (cosponsors, actions, text, body), public laws, SAPs and topics."""

from pydantic import BaseModel, Field

from apps.bills import selectors
from apps.bills.schemas import (
    BillListParams,
    PageParams,
    PublicLawListParams,
    SapListParams,
    TopicListParams,
)
from apps.browse.views import BrowseChild, BrowseDetail, BrowseList, browse


@browse
class BillList(BrowseList):
    """Bills by Congress, type, sponsor, subject and policy area (or counts with ?aggregate=&group_by=)."""

    resource, selector, params, aggregate = "bills", selectors.bill_list, BillListParams, True


@browse
class BillDetail(BrowseDetail):
    """One bill (any spelling: hr:119:103, H.R. 103, hr103-119): sponsor, committees, votes, laws, related bills."""

    resource, selector = "bills", selectors.bill_get


@browse
class BillCosponsors(BrowseChild):
    """The bill's cosponsors; withdrawn ones flagged."""

    resource, child, selector, params = "bills", "cosponsors", selectors.bill_cosponsors, PageParams


@browse
class BillActions(BrowseChild):
    """The bill's actions, oldest first, de-duplicated."""

    resource, child, selector, params = "bills", "actions", selectors.bill_actions, PageParams


@browse
class BillText(BrowseChild):
    """The bill's text versions."""

    resource, child, selector, params = "bills", "text", selectors.bill_text_versions, PageParams


class BodyParams(BaseModel):
    version: str | None = Field(
        None, max_length=20, description="A text version code, e.g. ih; default latest."
    )


@browse
class BillBody(BrowseChild):
    """The bill's latest text (or ?version=ih) with its citation."""

    resource, child, params, present = "bills", "body", BodyParams, "body_version"

    def call(self, params, *, id):
        return selectors.bill_body(id=id, version=params.version)


@browse
class PublicLawList(BrowseList):
    """Public and private laws and statute compilations."""

    resource, selector, params, aggregate = (
        "public-laws",
        selectors.public_law_list,
        PublicLawListParams,
        True,
    )


@browse
class PublicLawDetail(BrowseDetail):
    """One public law (pl:119:7) or compilation, linked to its bill."""

    resource, selector = "public-laws", selectors.public_law_get


@browse
class SapList(BrowseList):
    """Statements of Administration Policy by Congress, bill, position, administration."""

    resource, selector, params, aggregate = "saps", selectors.sap_list, SapListParams, True


@browse
class SapDetail(BrowseDetail):
    """One Statement of Administration Policy and the bills it covers."""

    resource, selector = "saps", selectors.sap_get


@browse
class TopicList(BrowseList):
    """Policy areas and legislative subjects."""

    resource, selector, params = "topics", selectors.topic_list, TopicListParams


@browse
class TopicDetail(BrowseDetail):
    """One topic with its bills."""

    resource, selector = "topics", selectors.topic_get
