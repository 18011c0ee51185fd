"""What bills, SAPs and public laws may be counted, summed and bucketed by (see apps.core.aggregates)."""

from apps.bills.schemas import BillListParams, PublicLawListParams, SapListParams
from apps.bills.selectors.bills import bill_queryset
from apps.bills.selectors.laws import public_law_queryset, sap_queryset
from apps.core.aggregates import AggregateSpec, register_aggregate

register_aggregate(
    AggregateSpec(
        resource="bills",
        queryset=bill_queryset,
        params_model=BillListParams,
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
    )
)

register_aggregate(
    AggregateSpec(
        resource="saps",
        queryset=sap_queryset,
        params_model=SapListParams,
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
    )
)

register_aggregate(
    AggregateSpec(
        resource="public-laws",
        queryset=public_law_queryset,
        params_model=PublicLawListParams,
        group_fields={"congress": "congress", "kind": "kind"},
        time_fields={"enacted_date": "enacted_date"},
        examples={"congress": 115, "kind": "public", "bill": "hjres:113:91"},
        description="Public laws, private laws and statute compilations.",
    )
)
