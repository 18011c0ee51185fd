from django.db.models import Prefetch

from apps.activity.ids import docket_canonical, docket_public_id, lda_lookup
from apps.activity.models import LobbyingActivity, LobbyingDocketMention, LobbyingFiling
from apps.activity.schemas import (
    LdaBillMentionOut,
    LdaFilingHit,
    LdaFilingListParams,
    LdaFilingOut,
    LobbyingActivityOut,
    LobbyistOut,
    PartyOut,
)
from apps.activity.selectors._names import no_other_filters, ranked_page
from apps.citations.services import citation_for
from apps.core.bill_mentions import citing
from apps.core.errors import JoshError, NotFound
from apps.core.ids import bill_id_param
from apps.core.pagination import Page, paginate

_ACTIVITIES = Prefetch("activities", queryset=LobbyingActivity.objects.order_by("seq"))


def _summary(row: LobbyingFiling) -> dict:
    return {
        "id": row.public_id,
        "form": row.form,
        "filing_type": row.filing_type,
        "year": row.year,
        "quarter": row.quarter,
        "registrant_name": row.registrant_name,
        "client_name": row.client_name,
        "senate_id": row.senate_id,
        "income": row.income,
        "expenses": row.expenses,
        "issue_codes": list(dict.fromkeys(a.issue_code for a in row.activities.all())),
        "citation": citation_for(row),
    }


def _filing_row(id: str) -> LobbyingFiling:
    field, value = lda_lookup(id)
    qs = LobbyingFiling.objects.prefetch_related(_ACTIVITIES, "lobbyists", "bill_mentions", "docket_mentions")
    if field == "public_id":
        row = qs.filter(public_id=value).first()
    else:
        rows = list(qs.filter(document_id__iexact=value)[:2])
        if len(rows) > 1:
            raise JoshError(
                f"Document id {value!r} names more than one filing; use one of: "
                + ", ".join(r.public_id for r in rows),
                code="ambiguous_id",
                hint={"candidates": [r.public_id for r in rows]},
            )
        row = rows[0] if rows else None
    if row is None:
        raise NotFound(
            f"No lobbying filing {id!r}. Ids look like lda:ld2:<SOPR document id>; "
            "use GET /v1/lda-filings?client=<name> to find one.",
            hint={"id": id},
        )
    return row


def lda_filing_get(*, id: str) -> LdaFilingOut:
    """One LD-1/LD-2 filing with its activities, lobbyists and the bills its issue text cites."""
    row = _filing_row(id)
    mentions = list(row.bill_mentions.all())
    return LdaFilingOut(
        **_summary(row),
        document_id=row.document_id,
        house_id=row.house_id,
        congress=row.congress,
        registrant=PartyOut(
            name=row.registrant_name,
            description=row.registrant_description,
            city=row.registrant_city,
            state=row.registrant_state,
            country=row.registrant_country,
        ),
        client=PartyOut(
            name=row.client_name,
            description=row.client_description,
            city="",
            state=row.client_state,
            country=row.client_country,
        ),
        client_self=row.client_self,
        is_amendment=row.is_amendment,
        is_termination=row.is_termination,
        no_activity=row.no_activity,
        effective_date=row.effective_date,
        termination_date=row.termination_date,
        signed_on=row.signed_on,
        signer=row.signer,
        income_under_5000=row.income_under_5000,
        expenses_under_5000=row.expenses_under_5000,
        expense_method=row.expense_method,
        issues_detail=row.issues_detail,
        activities=[
            LobbyingActivityOut(
                seq=a.seq,
                issue_code=a.issue_code,
                specific_issues=a.specific_issues,
                government_entities=a.government_entities,
                foreign_entity_interest=a.foreign_entity_interest,
                bill_ids=[m.bill_id for m in mentions if m.activity_seq == a.seq],
            )
            for a in row.activities.all()
        ],
        lobbyists=[
            LobbyistOut(
                activity_seq=p.activity_seq,
                first_name=p.first_name,
                last_name=p.last_name,
                suffix=p.suffix,
                covered_position=p.covered_position,
                is_new=p.is_new,
            )
            for p in row.lobbyists.all()
        ],
        bill_mentions=[
            LdaBillMentionOut(bill_id=m.bill_id, activity_seq=m.activity_seq, issue_code=m.issue_code)
            for m in mentions
        ],
        docket_ids=list(dict.fromkeys(docket_public_id(m.docket_number) for m in row.docket_mentions.all())),
        affiliated_organizations=row.affiliated_organizations,
        foreign_entities=row.foreign_entities,
        registration_update=row.registration_update,
    )


def lda_filing_list(*, params: LdaFilingListParams) -> Page[LdaFilingHit]:
    """Filings, newest period first, filtered by year, quarter, form, client / registrant name (contains),
    issue code, cited bill or Senate id; or, with ``q``, ranked by client/registrant name match."""
    equal = _equal(params)
    if params.q:
        no_other_filters(
            client=params.client,
            registrant=params.registrant,
            issue_code=params.issue_code,
            bill_id=params.bill_id,
        )
        return ranked_page(
            queryset=LobbyingFiling.objects.prefetch_related(_ACTIVITIES),
            fts_table="lda_filings_fts",
            q=params.q,
            filters=equal,
            limit=params.limit,
            cursor=params.cursor,
            to_schema=lambda row, score: LdaFilingHit(**_summary(row), score=score),
        )
    qs = lda_filing_queryset(params=params).order_by("-year", "-quarter", "public_id")
    return paginate(
        qs.prefetch_related(_ACTIVITIES),
        limit=params.limit,
        cursor=params.cursor,
        to_schema=lambda r: LdaFilingHit(**_summary(r), score=None),
    )


def _equal(params: LdaFilingListParams) -> dict:
    pairs = (
        ("year", params.year),
        ("quarter", params.quarter),
        ("form", params.form),
        ("senate_id", params.senate_id),
    )
    return {k: v for k, v in pairs if v is not None}


def lda_filing_queryset(*, params: LdaFilingListParams):
    """The filings a list request's filters match, ``q`` aside (unordered); aggregates reuse it."""
    qs = LobbyingFiling.objects.filter(**_equal(params))
    if params.client:
        qs = qs.filter(client_name__icontains=params.client)
    if params.registrant:
        qs = qs.filter(registrant_name__icontains=params.registrant)
    if params.issue_code:
        qs = qs.filter(
            pk__in=LobbyingActivity.objects.filter(issue_code=params.issue_code.upper()).values("filing")
        )
    if params.bill_id:
        qs = qs.filter(**citing("lda-filings", bill_id_param(params.bill_id)))
    if params.docket:
        number = docket_canonical(params.docket).split(":", 1)[1]
        qs = qs.filter(pk__in=LobbyingDocketMention.objects.filter(docket_number=number).values("filing"))
    return qs
