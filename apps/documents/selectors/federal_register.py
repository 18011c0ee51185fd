import re

from django.db.models import Q

from apps.citations.services import citation_for
from apps.core.errors import InvalidParameter, NotFound
from apps.core.pagination import Page, paginate
from apps.documents.models import ExecutiveOrder, FrDocument
from apps.documents.schemas import (
    CfrPartOut,
    ExecutiveOrderListParams,
    ExecutiveOrderOut,
    FrDocumentListParams,
    FrDocumentOut,
    FrDocumentSummary,
)

from ._common import dated, get_row

_FR_SUMMARY_FIELDS: tuple[str, ...] = (
    "id",
    "fr_id",
    "document_number",
    "doc_type",
    "title",
    "agency",
    "sub_agency",
    "volume",
)
_FR_SUMMARY_FIELDS += ("start_page", "published_at", "citation_string", "source_url", "retrieved_at")


def _fr_summary(row: FrDocument) -> FrDocumentSummary:
    return FrDocumentSummary(
        id=row.fr_id,
        document_number=row.document_number,
        doc_type=row.doc_type,
        title=row.title,
        agency=row.agency,
        sub_agency=row.sub_agency,
        fr_citation=f"{row.volume} FR {row.start_page}",
        published_at=row.published_at,
        citation=citation_for(row),
    )


_FR_CITATION_RE = re.compile(r"^\s*(\d{1,3})\s+FR\s+(\d{1,6})\s*$", re.I)


def _by_citation(raw: str) -> FrDocument | None:
    """``89 FR 9742`` -> the ingested document printed on that page (the latest one starting on or before it)."""
    m = _FR_CITATION_RE.match(raw or "")
    if not m:
        return None
    volume, page = int(m.group(1)), int(m.group(2))
    row = (
        FrDocument.objects.filter(volume=volume, start_page__lte=page, end_page__gte=page)
        .order_by("-start_page", "document_number")
        .first()
    )
    if row is None:
        raise NotFound(
            f"No ingested Federal Register document is printed on {volume} FR {page}. "
            "GET /v1/federal-register lists the ingested documents.",
            hint={"citation": f"{volume} FR {page}", "list": "/v1/federal-register"},
        )
    return row


def fr_document_get(*, id: str) -> FrDocumentOut:
    """One Federal Register document (``fr:2024-02930``; the document number or a page citation such as
    ``89 FR 9742`` is accepted) with dockets, CFR parts and full text."""
    row = _by_citation(id) or get_row(
        FrDocument, kind="fr_document", id_field="fr_id", raw=id, label="Federal Register document",
        resource="federal-register",
    )  # fmt: skip
    eo = (
        ExecutiveOrder.objects.filter(document_number=row.document_number)
        .values_list("eo_id", flat=True)
        .first()
    )
    return FrDocumentOut(
        **_fr_summary(row).model_dump(),
        action=row.action,
        summary=row.summary,
        dates_text=row.dates_text,
        effective_on=row.effective_on,
        comments_close_on=row.comments_close_on,
        rins=row.rins,
        docket_ids=row.docket_ids,
        depdoc=row.depdoc,
        cfr_references=row.cfr_references,
        cfr_parts=[
            CfrPartOut(
                title=p.title,
                part=p.part,
                citation=p.citation,
                sections_url=f"/v1/cfr?title={p.title}&part={p.part}",
            )
            for p in row.cfr_parts.order_by("title", "id")
        ],
        volume=row.volume,
        issue_number=row.issue_number,
        start_page=row.start_page,
        end_page=row.end_page,
        executive_order=eo,
        body=row.body,
    )


def fr_document_queryset(*, params: FrDocumentListParams):
    """The documents a list request's filters match (in list order, distinct); aggregates reuse it."""
    qs = dated(FrDocument.objects.only(*_FR_SUMMARY_FIELDS), params)
    if params.doc_type:
        qs = qs.filter(doc_type=params.doc_type)
    if params.agency:
        qs = qs.filter(Q(agency__icontains=params.agency) | Q(sub_agency__icontains=params.agency))
    if params.docket_id:
        qs = qs.filter(dockets__docket_id__iexact=params.docket_id.strip())
    if params.cfr_part and params.cfr_title is None:
        raise InvalidParameter(
            "cfr_part",
            "cfr_part needs cfr_title: a part number repeats across CFR titles (add e.g. cfr_title=40).",
            requires="cfr_title",
        )
    if params.cfr_title is not None:
        part = {"cfr_parts__part": params.cfr_part.strip()} if params.cfr_part else {}
        # one filter() call: the title and the part must be the same cited part
        qs = qs.filter(cfr_parts__title=params.cfr_title, **part)
    if params.rin:
        qs = qs.filter(rins__icontains=params.rin.strip())
    return qs.distinct()


def fr_document_list(*, params: FrDocumentListParams) -> Page[FrDocumentSummary]:
    """FR documents, newest issue first, in page order; filter by type, agency, docket, CFR part, RIN."""
    qs = fr_document_queryset(params=params)
    return paginate(qs, limit=params.limit, cursor=params.cursor, to_schema=_fr_summary)


def _eo_out(row: ExecutiveOrder, ingested: set[str]) -> ExecutiveOrderOut:
    return ExecutiveOrderOut(
        id=row.eo_id,
        number=row.number,
        fr_citation=row.fr_citation,
        signing_date=row.signing_date,
        document_number=row.document_number,
        fr_document_id=row.fr_document_id or None,
        fr_document_ingested=row.fr_document_id in ingested,
        notes=row.notes,
        citation=citation_for(row),
    )


def _ingested(fr_ids) -> set[str]:
    return set(FrDocument.objects.filter(fr_id__in=[i for i in fr_ids if i]).values_list("fr_id", flat=True))


def executive_order_get(*, id: str) -> ExecutiveOrderOut:
    """One executive order (``eo:12890``; ``EO 12890`` accepted) with its FR citation and document link."""
    row = get_row(
        ExecutiveOrder, kind="executive_order", id_field="eo_id", raw=id, label="executive order",
        resource="executive-orders",
    )  # fmt: skip
    return _eo_out(row, _ingested([row.fr_document_id]))


def executive_order_list(*, params: ExecutiveOrderListParams) -> Page[ExecutiveOrderOut]:
    """Executive orders, highest number first."""
    qs = ExecutiveOrder.objects.all()
    if params.signed_since:
        qs = qs.filter(signing_date__gte=params.signed_since)
    if params.signed_until:
        qs = qs.filter(signing_date__lte=params.signed_until)
    page = paginate(qs, limit=params.limit, cursor=params.cursor, to_schema=lambda row: row)
    ingested = _ingested([row.fr_document_id for row in page.results])
    return Page(results=[_eo_out(row, ingested) for row in page.results], pagination=page.pagination)
