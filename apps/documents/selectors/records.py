from apps.citations.services import citation_for
from apps.core.pagination import Page, paginate
from apps.documents.models import CrecGranule, HearingTranscript
from apps.documents.schemas import (
    CrecGranuleListParams,
    CrecGranuleOut,
    CrecGranuleSummary,
    HearingTranscriptListParams,
    HearingTranscriptOut,
    HearingTranscriptSummary,
    SpeakerTurnOut,
)

from ._common import dated, get_row, mentioning, mentions_of


def _crec_summary(row: CrecGranule) -> CrecGranuleSummary:
    return CrecGranuleSummary(
        id=row.crec_id,
        granule_id=row.granule_id,
        chamber=row.chamber,
        published_at=row.published_at,
        volume=row.volume,
        number=row.number,
        pages=row.pages,
        title=row.title,
        citation=citation_for(row),
    )


def crec_granule_get(*, id: str) -> CrecGranuleOut:
    """One Congressional Record granule with its speaker turns (who said what) and the bills it cites."""
    row = get_row(
        CrecGranule, kind="crec_granule", id_field="crec_id", raw=id, label="Congressional Record granule",
        resource="congressional-record",
    )  # fmt: skip
    turns = row.turns.order_by("order").values(*SpeakerTurnOut.model_fields)
    return CrecGranuleOut(
        **_crec_summary(row).model_dump(),
        congress=row.congress,
        body=row.body,
        speaker_turns=[SpeakerTurnOut(**t) for t in turns],
        bills_mentioned=mentions_of(row.crec_id),
    )


def crec_granule_list(*, params: CrecGranuleListParams) -> Page[CrecGranuleSummary]:
    """Granules, newest first, by chamber, date, speaker or cited bill."""
    qs = dated(CrecGranule.objects.defer("body"), params)
    if params.chamber:
        qs = qs.filter(chamber=params.chamber)
    if params.speaker:
        qs = qs.filter(turns__speaker_name__iexact=params.speaker.strip()).distinct()
    qs = mentioning(qs, "congressional-record", params.bill_id)
    return paginate(qs, limit=params.limit, cursor=params.cursor, to_schema=_crec_summary)


def _hearing_summary(row: HearingTranscript) -> HearingTranscriptSummary:
    return HearingTranscriptSummary(
        id=row.chrg_id,
        package_id=row.package_id,
        congress=row.congress,
        chamber=row.chamber,
        title=row.title,
        committee=row.committee,
        held_on=row.held_on,
        citation=citation_for(row),
    )


def hearing_transcript_get(*, id: str) -> HearingTranscriptOut:
    """One printed hearing transcript (``chrg:CHRG-118hhrg12345``)."""
    row = get_row(
        HearingTranscript, kind="hearing_transcript", id_field="chrg_id", raw=id, label="hearing transcript",
        resource="hearing-transcripts",
    )  # fmt: skip
    return HearingTranscriptOut(**_hearing_summary(row).model_dump(), body=row.body, speakers=row.speakers)


def hearing_transcript_list(*, params: HearingTranscriptListParams) -> Page[HearingTranscriptSummary]:
    """Hearing transcripts, newest first."""
    qs = dated(HearingTranscript.objects.defer("body"), params)
    if params.congress is not None:
        qs = qs.filter(congress=params.congress)
    if params.chamber:
        qs = qs.filter(chamber=params.chamber)
    return paginate(qs, limit=params.limit, cursor=params.cursor, to_schema=_hearing_summary)
