from apps.citations.services import citation_for
from apps.core.pagination import Page, paginate
from apps.documents.models import CfrSection, FrDocument, UscSection
from apps.documents.schemas import (
    CfrSectionListParams,
    CfrSectionOut,
    CfrSectionSummary,
    UscSectionListParams,
    UscSectionOut,
    UscSectionSummary,
)

from ._common import get_row


def _cfr_summary(row: CfrSection) -> CfrSectionSummary:
    return CfrSectionSummary(
        id=row.cfr_id,
        title=row.title,
        part=row.part,
        section=row.section,
        heading=row.heading,
        citation=citation_for(row),
    )


def cfr_section_get(*, id: str) -> CfrSectionOut:
    """One CFR section (``cfr:1:1.1``; ``1 CFR 1.1`` accepted) with its hierarchy and FR documents citing its part."""
    row = get_row(
        CfrSection, kind="cfr_section", id_field="cfr_id", raw=id, label="CFR section", resource="cfr"
    )
    fr_ids = FrDocument.objects.filter(cfr_parts__title=row.title, cfr_parts__part=row.part).values_list(
        "fr_id", flat=True
    )
    return CfrSectionOut(
        **_cfr_summary(row).model_dump(),
        title_name=row.title_name,
        chapter=row.chapter,
        chapter_heading=row.chapter_heading,
        subchapter=row.subchapter,
        part_heading=row.part_heading,
        subpart=row.subpart,
        body=row.body,
        source_citation=row.source_citation,
        authority=row.authority,
        part_source=row.part_source,
        fr_documents=sorted(set(fr_ids)),
    )


def cfr_section_list(*, params: CfrSectionListParams) -> Page[CfrSectionSummary]:
    """CFR sections in Code order, filtered by title and part."""
    qs = CfrSection.objects.defer("body", "authority", "part_source")
    if params.title is not None:
        qs = qs.filter(title=params.title)
    if params.part:
        qs = qs.filter(part=params.part.strip())
    return paginate(qs, limit=params.limit, cursor=params.cursor, to_schema=_cfr_summary)


def _usc_summary(row: UscSection) -> UscSectionSummary:
    return UscSectionSummary(
        id=row.usc_id,
        title=row.title,
        section=row.section,
        heading=row.heading,
        status=row.status,
        citation=citation_for(row),
    )


def usc_section_get(*, id: str) -> UscSectionOut:
    """One U.S. Code section (``usc:1:112a``; ``1 U.S.C. 112a`` accepted), notes kept apart."""
    row = get_row(
        UscSection,
        kind="usc_section",
        id_field="usc_id",
        raw=id,
        label="U.S. Code section",
        resource="us-code",
    )
    return UscSectionOut(
        **_usc_summary(row).model_dump(),
        identifier=row.identifier,
        chapter=row.chapter,
        chapter_heading=row.chapter_heading,
        chapeau=row.chapeau,
        body=row.body,
        source_credit=row.source_credit,
        notes=row.notes,
        published_at=row.published_at,
    )


def usc_section_list(*, params: UscSectionListParams) -> Page[UscSectionSummary]:
    """U.S. Code sections in Code order."""
    qs = UscSection.objects.defer("body", "notes", "chapeau")
    if params.title is not None:
        qs = qs.filter(title=params.title)
    return paginate(qs, limit=params.limit, cursor=params.cursor, to_schema=_usc_summary)
