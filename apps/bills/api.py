"""REST v1 for bills, bill text, public laws, SAPs and topics (parse -> call -> return)."""

from ninja import Query, Router

from apps.bills import selectors
from apps.bills.schemas import (
    ActionPage,
    BillListParams,
    BillOut,
    BillSummary,
    BodyOut,
    CosponsorPage,
    PageParams,
    PublicLawListParams,
    PublicLawOut,
    PublicLawSummary,
    SapListParams,
    SapOut,
    SapSummary,
    TextVersionOut,
    TopicListParams,
    TopicOut,
    TopicSummary,
)
from apps.core.aggregate_query import aggregate_or_list
from apps.core.aggregates import AggregateParams, AggregateResult
from apps.core.pagination import Page

router = Router(tags=["bills"])


@router.get(
    "/bills",
    response=Page[BillSummary] | AggregateResult,
    summary="Bills by Congress, type, sponsor, subject, policy area (or counts with ?aggregate=)",
)
def list_bills(request, params: Query[BillListParams], agg: Query[AggregateParams]):
    return aggregate_or_list("bills", params, agg, selectors.bill_list)


@router.get(
    "/bills/{id}", response=BillOut, summary="One bill (any spelling: hr:119:103, H.R. 103, hr103-119)"
)
def get_bill(request, id: str):
    return selectors.bill_get(id=id)


@router.get("/bills/{id}/cosponsors", response=CosponsorPage, summary="Cosponsors; withdrawn ones flagged")
def bill_cosponsors(request, id: str, params: Query[PageParams]):
    return selectors.bill_cosponsors(id=id, params=params)


@router.get("/bills/{id}/actions", response=ActionPage, summary="Actions, oldest first, de-duplicated")
def bill_actions(request, id: str, params: Query[PageParams]):
    return selectors.bill_actions(id=id, params=params)


@router.get("/bills/{id}/text", response=Page[TextVersionOut], summary="The bill's text versions")
def bill_text(request, id: str, params: Query[PageParams]):
    return selectors.bill_text_versions(id=id, params=params)


@router.get(
    "/bills/{id}/body", response=BodyOut, summary="The bill's latest text (or ?version=ih) with citation"
)
def bill_body(request, id: str, version: str | None = None):
    return selectors.bill_body(id=id, version=version)


@router.get(
    "/public-laws",
    response=Page[PublicLawSummary] | AggregateResult,
    summary="Public laws and statute compilations",
)
def list_public_laws(request, params: Query[PublicLawListParams], agg: Query[AggregateParams]):
    return aggregate_or_list("public-laws", params, agg, selectors.public_law_list)


@router.get("/public-laws/{id}", response=PublicLawOut, summary="One public law (pl:119:7) or compilation")
def get_public_law(request, id: str):
    return selectors.public_law_get(id=id)


@router.get(
    "/saps", response=Page[SapSummary] | AggregateResult, summary="Statements of Administration Policy"
)
def list_saps(request, params: Query[SapListParams], agg: Query[AggregateParams]):
    return aggregate_or_list("saps", params, agg, selectors.sap_list)


@router.get("/saps/{id}", response=SapOut, summary="One Statement of Administration Policy")
def get_sap(request, id: str):
    return selectors.sap_get(id=id)


@router.get("/topics", response=Page[TopicSummary], summary="Policy areas and legislative subjects")
def list_topics(request, params: Query[TopicListParams]):
    return selectors.topic_list(params=params)


@router.get("/topics/{id}", response=TopicOut, summary="One topic with its bills")
def get_topic(request, id: str):
    return selectors.topic_get(id=id)
