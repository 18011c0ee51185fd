from django.db.models import Count, OuterRef, Subquery

from apps.activity.ids import docket_canonical, docket_public_id, regdoc_canonical
from apps.activity.models import Docket, RegulatoryAgency, RegulatoryDocument
from apps.activity.schemas import (
    AgencyOut,
    DocketListParams,
    DocketOut,
    PageParams,
    RegulatoryDocumentListParams,
    RegulatoryDocumentOut,
    RegulatoryDocumentSummary,
)
from apps.activity.selectors._names import ranked_page
from apps.citations.services import citation_for
from apps.core.errors import NotFound
from apps.core.ids import id_kinds
from apps.core.legislative import legislative_date
from apps.core.pagination import Page, paginate

DOCKET_DOCUMENTS_INLINE = 50
SOURCE = "regulations-dot-gov-dockets"


def _cite(row):
    """Documents are not the plan's top-level model, so name the source explicitly."""
    return citation_for(row).model_copy(update={"source": SOURCE})


def _agency(acronym: str) -> AgencyOut:
    name = RegulatoryAgency.objects.filter(acronym=acronym).values_list("name", flat=True).first()
    return AgencyOut(id=acronym, name=name or "")


def fr_document_id(fr_doc_num: str) -> str | None:
    """``fr:<document number>`` when the Federal Register id kind is registered and accepts it."""
    if not fr_doc_num:
        return None
    kind = next((k for k in id_kinds() if k.name == "fr_document"), None)
    return kind.normalize(f"fr:{fr_doc_num}") if kind else None


def _doc_summary(row: RegulatoryDocument) -> RegulatoryDocumentSummary:
    return RegulatoryDocumentSummary(
        id=row.public_id,
        kind=row.kind,
        document_type=row.document_type,
        title=row.title,
        fr_doc_num=row.fr_doc_num,
        fr_document_id=fr_document_id(row.fr_doc_num),
        posted_at=row.posted_at,
        posted_date=legislative_date(row.posted_at),
        comment_count=row.comment_count,
        is_stub=row.is_stub,
        citation=_cite(row),
    )


def _docket_row(id: str) -> Docket:
    canonical = docket_canonical(id)
    row = Docket.objects.filter(public_id=canonical).first()
    if row is None:
        raise NotFound(
            f"No docket {canonical}. Docket ids look like docket:EPA-HQ-OAR-2003-0129; "
            "GET /v1/dockets?agency=EPA lists them.",
            hint={"id": canonical},
        )
    return row


def docket_get(*, id: str) -> DocketOut:
    """One regulations.gov docket with its agency and (the first 50 of) its documents and comments."""
    row = _docket_row(id)
    docs = RegulatoryDocument.objects.filter(docket_number=row.docket_number).order_by("document_number")
    total = docs.count()
    return DocketOut(
        id=row.public_id,
        docket_number=row.docket_number,
        agency=_agency(row.agency_id),
        docket_type=row.docket_type,
        title=row.title,
        short_title=row.short_title,
        abstract=row.abstract,
        rin=row.rin,
        program=row.program,
        keywords=row.keywords,
        modified_at=row.modified_at,
        is_stub=row.is_stub,
        observed=row.observed,
        document_count=total,
        documents=[_doc_summary(d) for d in docs[:DOCKET_DOCUMENTS_INLINE]],
        citation=citation_for(row),
    )


def docket_documents(*, id: str, params: PageParams) -> Page[RegulatoryDocumentSummary]:
    """Every document and comment of one docket, by document id."""
    row = _docket_row(id)
    qs = RegulatoryDocument.objects.filter(docket_number=row.docket_number).order_by("document_number")
    return paginate(qs, limit=params.limit, cursor=params.cursor, to_schema=_doc_summary)


def _docket_summary_out(row: Docket, score: float | None = None) -> DocketOut:
    return DocketOut(
        id=row.public_id,
        docket_number=row.docket_number,
        agency=AgencyOut(id=row.agency_id, name=getattr(row, "agency_name", None) or ""),
        docket_type=row.docket_type,
        title=row.title,
        short_title=row.short_title,
        abstract=row.abstract,
        rin=row.rin,
        program=row.program,
        keywords=row.keywords,
        modified_at=row.modified_at,
        is_stub=row.is_stub,
        observed=row.observed,
        document_count=row.document_count or 0,
        score=score,
        documents=[],
        citation=citation_for(row),
    )


def docket_list(*, params: DocketListParams) -> Page[DocketOut]:
    """Dockets by agency and type, or with ``q`` ranked by title match (``documents`` is left empty
    here: GET /v1/dockets/{id} has them)."""
    equal: dict = {} if params.include_stubs else {"is_stub": False}
    if params.agency:
        equal["agency_id"] = params.agency.upper()
    if params.docket_type:
        equal["docket_type"] = params.docket_type
    counts = (
        RegulatoryDocument.objects.filter(docket_number=OuterRef("docket_number"))
        .values("docket_number")
        .annotate(n=Count("id"))
        .values("n")
    )
    names = RegulatoryAgency.objects.filter(acronym=OuterRef("agency_id")).values("name")[:1]
    qs = Docket.objects.annotate(document_count=Subquery(counts), agency_name=Subquery(names))
    if params.q:
        return ranked_page(
            queryset=qs,
            fts_table="dockets_fts",
            q=params.q,
            filters=equal,
            limit=params.limit,
            cursor=params.cursor,
            to_schema=_docket_summary_out,
        )
    qs = qs.filter(**equal).order_by("docket_number")
    return paginate(qs, limit=params.limit, cursor=params.cursor, to_schema=_docket_summary_out)


def regulatory_document_get(*, id: str) -> RegulatoryDocumentOut:
    """One regulations.gov document or public comment: type, docket, agency, FR document number, RIN/CFR
    part, posting and comment-period dates, files and comment count."""
    canonical = regdoc_canonical(id)
    row = RegulatoryDocument.objects.filter(public_id=canonical).first()
    if row is None:
        raise NotFound(
            f"No regulations.gov document {canonical}. Ids look like regdoc:FAA-2018-1084-0418; "
            "GET /v1/dockets/{docket}/documents lists a docket's documents.",
            hint={"id": canonical},
        )
    return RegulatoryDocumentOut(
        **_doc_summary(row).model_dump(exclude={"citation"}),
        citation=_cite(row),
        document_number=row.document_number,
        docket_id=docket_public_id(row.docket_number),
        agency=_agency(row.agency_id),
        subtype=row.subtype,
        cfr_part=row.cfr_part,
        subject=row.subject,
        topics=row.topics,
        comment_start_at=row.comment_start_at,
        comment_start_date=legislative_date(row.comment_start_at),
        comment_end_at=row.comment_end_at,
        comment_end_date=legislative_date(row.comment_end_at),
        open_for_comment=row.open_for_comment,
        withdrawn=row.withdrawn,
        modified_at=row.modified_at,
        object_id=row.object_id,
        files=row.file_urls,
        observed=row.observed,
    )


def regulatory_document_queryset(*, params: RegulatoryDocumentListParams):
    """The documents a list request's filters match (unordered); aggregates reuse it."""
    qs = (
        RegulatoryDocument.objects.all()
        if params.include_stubs
        else RegulatoryDocument.objects.filter(is_stub=False)
    )
    if params.docket:
        qs = qs.filter(docket_number=docket_canonical(params.docket).split(":", 1)[1])
    if params.fr_doc_num:
        qs = qs.filter(fr_doc_num=params.fr_doc_num.strip())
    if params.kind:
        qs = qs.filter(kind=params.kind)
    if params.document_type:
        qs = qs.filter(document_type=params.document_type)
    return qs


def regulatory_document_list(*, params: RegulatoryDocumentListParams) -> Page[RegulatoryDocumentSummary]:
    """Documents and comments by docket, Federal Register document number, kind or type."""
    qs = regulatory_document_queryset(params=params).order_by("document_number")
    return paginate(qs, limit=params.limit, cursor=params.cursor, to_schema=_doc_summary)
