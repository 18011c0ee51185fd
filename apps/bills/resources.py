"""The bills app's resources: bills (cosponsors, actions, text versions, body), public laws, Statements of
Administration Policy and topics.

Each is declared once here; its REST routes, browse pages, MCP lookups, ``fetch`` routing and aggregate spec
are derived from the declaration (apps.core.resources).
"""

from typing import Annotated

from pydantic import BaseModel, Field

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
from apps.bills.selectors.bills import bill_queryset
from apps.bills.selectors.laws import public_law_queryset, sap_queryset
from apps.core.aggregates import AggregateSpec
from apps.core.ids import id_kinds
from apps.core.pagination import Page
from apps.core.resources import CURSOR, LIMIT, Child, Resource, Tool, register_resource

BILL = next(kind for kind in id_kinds() if kind.name == "bill")  # the id grammar every source cites


class BodyParams(BaseModel):
    version: str | None = None  # a text version code, e.g. ih; default the latest


BILL_ID = Annotated[
    str,
    Field(
        min_length=2,
        max_length=40,
        description="Bill id hr:119:103 (type:congress:number; types hr, s, hjres, sjres, hconres, sconres, hres, "
        "sres). 'H.R. 103-119', 'hr103-119' and '119-hr-103' work too; the congress is required.",
    ),
]

TEXT_VERSION = Annotated[
    str | None,
    Field(
        None,
        pattern=r"^[A-Za-z]{2,4}$",
        description="Text version code: ih (introduced), rh, rs, eh (engrossed), enr (enrolled)... "
        "Omit for the latest; get_bill lists a bill's text_versions.",
    ),
]

BILL_DOC = """Get one bill by id (hr:119:103): titles, sponsor, cosponsor counts (current, original, withdrawn),
status and latest action,
CRS summary, policy area and subjects, committees, recorded votes (with vote ids), related bills, the law it
became, and its text versions. No bill text here — use get_bill_text or fetch for that.

Prefer it over search whenever the question names a bill number ("H.R. 1", "S. 5 in the 119th")."""

COSPONSORS_DOC = """List a bill's cosponsors: each member (id, name, party, state), whether original, the
sponsorship date and, if withdrawn, when. Also the current, original and withdrawn counts (withdrawn excluded
from count; get_bill has the same totals without the list). Answers "who cosponsored ...?" and party splits. Paginated: {results, pagination, count, ...}."""

ACTIONS_DOC = """List a bill's actions, oldest first and de-duplicated: date, text, type, action code, chamber
and committee. Answers "what happened to this bill and when?". Paginated: {results, pagination}."""

BILL_TEXT_DOC = """Get a bill's legislative text: the latest version by default, or `version` (ih, rs, eh,
enr, ...), as readable text with its section structure, plus the version name, date and citation.

Use it to quote or check what a bill says ("does HR 103 mention child protection?"). Large: call get_bill
first if you only need metadata."""

register_resource(
    Resource(
        name="bills",
        app=__package__,
        singular="bill",
        id_kind=BILL,
        list=selectors.bill_list,
        hit=BillSummary,
        params=BillListParams,
        list_summary="Bills by Congress, type, sponsor, subject, policy area (or counts with ?aggregate=)",
        list_doc="Bills by Congress, type, sponsor, subject and policy area (or counts with ?aggregate=&group_by=).",
        aggregate=AggregateSpec(
            queryset=bill_queryset,
            group_fields={
                "congress": "congress",
                "type": "bill_type",
                "policy_area": "policy_area",
                "sponsor": "sponsor__bioguide_id",
                "sponsor_party": "sponsor_party",
                "sponsor_state": "sponsor_state",
                "origin_chamber": "origin_chamber",
                "status_source": "status_source",
                "subject": "subjects__name",
            },
            multi_valued=frozenset({"subject"}),
            sum_fields={"cosponsor_count": "cosponsor_count"},
            time_fields={"introduced_date": "introduced_date", "latest_action_date": "latest_action_date"},
            examples={
                "congress": 119,
                "type": "hr",
                "policy_area": "Economics and Public Finance",
                "sponsor": "S000033",
                "sponsor_party": "D",
                "sponsor_state": "WA",
                "origin_chamber": "House",
                "status_source": "v3",
                "subject": "Congressional oversight",
                "updated_since": "2025-01-01",
            },
            description="Bills and resolutions (a bill with several subjects counts under each).",
        ),
        get=selectors.bill_get,
        out=BillOut,
        get_summary="One bill (any spelling: hr:119:103, H.R. 103, hr103-119)",
        get_doc="One bill (any spelling: hr:119:103, H.R. 103, hr103-119): sponsor, committees, votes, laws, related bills.",
        id_argument=BILL_ID,
        get_tool=Tool(name="get_bill", title="Get a bill", description=BILL_DOC),
        children=(
            Child(
                path="cosponsors",
                operation="bill_cosponsors",
                selector=selectors.bill_cosponsors,
                params=PageParams,
                response=CosponsorPage,
                summary="Cosponsors; withdrawn ones flagged",
                browse_doc="The bill's cosponsors; withdrawn ones flagged.",
                tool=Tool(
                    name="list_cosponsors",
                    title="List a bill's cosponsors",
                    description=COSPONSORS_DOC,
                    arguments={"limit": LIMIT, "cursor": CURSOR},
                ),
            ),
            Child(
                path="actions",
                operation="bill_actions",
                selector=selectors.bill_actions,
                params=PageParams,
                response=ActionPage,
                summary="Actions, oldest first, de-duplicated",
                browse_doc="The bill's actions, oldest first, de-duplicated.",
                tool=Tool(
                    name="list_bill_actions",
                    title="List a bill's actions",
                    description=ACTIONS_DOC,
                    arguments={"limit": LIMIT, "cursor": CURSOR},
                ),
            ),
            Child(
                path="text",
                operation="bill_text",
                selector=selectors.bill_text_versions,
                params=PageParams,
                response=Page[TextVersionOut],
                summary="The bill's text versions",
                browse_doc="The bill's text versions.",
            ),
            Child(
                path="body",
                operation="bill_body",
                selector=selectors.bill_body,
                params=BodyParams,
                response=BodyOut,
                summary="The bill's latest text (or ?version=ih) with citation",
                browse_doc="The bill's latest text (or ?version=ih) with its citation.",
                flatten=True,
                browse_present="body_version",
                tool=Tool(
                    name="get_bill_text",
                    title="Get a bill's text",
                    description=BILL_TEXT_DOC,
                    arguments={"version": TEXT_VERSION},
                ),
            ),
        ),
    )
)

register_resource(
    Resource(
        name="public-laws",
        app=__package__,
        singular="public_law",
        list=selectors.public_law_list,
        hit=PublicLawSummary,
        params=PublicLawListParams,
        list_summary="Public laws and statute compilations",
        list_doc="Public and private laws and statute compilations.",
        aggregate=AggregateSpec(
            queryset=public_law_queryset,
            group_fields={"congress": "congress", "kind": "kind"},
            time_fields={"enacted_date": "enacted_date"},
            examples={"congress": 115, "kind": "public", "bill": "hjres:113:91"},
            description="Public laws, private laws and statute compilations.",
        ),
        get=selectors.public_law_get,
        out=PublicLawOut,
        get_summary="One public law (pl:119:7) or compilation",
        get_doc="One public law (pl:119:7) or compilation, linked to its bill.",
    )
)

register_resource(
    Resource(
        name="saps",
        app=__package__,
        singular="sap",
        list=selectors.sap_list,
        hit=SapSummary,
        params=SapListParams,
        list_summary="Statements of Administration Policy",
        list_doc="Statements of Administration Policy by Congress, bill, position, administration.",
        aggregate=AggregateSpec(
            queryset=sap_queryset,
            group_fields={
                "congress": "congress",
                "position": "position",
                "administration": "administration",
                "chamber": "chamber",
                "bill": "bills__bill_id",
            },
            multi_valued=frozenset({"bill"}),
            time_fields={"date_issued": "date_issued"},
            examples={
                "congress": 119,
                "position": "supports",
                "administration": "47-Trump",
                "chamber": "House",
                "bill": "hr:118:815",
            },
            description="Statements of Administration Policy.",
        ),
        get=selectors.sap_get,
        out=SapOut,
        get_summary="One Statement of Administration Policy",
        get_doc="One Statement of Administration Policy and the bills it covers.",
    )
)

register_resource(
    Resource(
        name="topics",
        app=__package__,
        singular="topic",
        list=selectors.topic_list,
        hit=TopicSummary,
        params=TopicListParams,
        resolve_source="topic-taxonomy",
        list_summary="Policy areas and legislative subjects",
        list_doc="Policy areas and legislative subjects.",
        get=selectors.topic_get,
        out=TopicOut,
        get_summary="One topic with its bills",
        get_doc="One topic with its bills.",
    )
)
