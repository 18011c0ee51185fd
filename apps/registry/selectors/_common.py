"""Row -> schema mappers shared by the registry selectors."""

from collections.abc import Callable, Sequence

from apps.citations.services import citation_for
from apps.core.legislative import legislative_date
from apps.core.pagination import Page, Pagination, decode_cursor, encode_cursor, parse_limit
from apps.registry.models import Committee, Legislator, RollCallVote
from apps.registry.schemas import CommitteeSummary, LegislatorSummary, VoteSummary


def legislator_summary(row: Legislator) -> LegislatorSummary:
    return LegislatorSummary(
        id=row.public_id,
        bioguide_id=row.bioguide_id,
        lis_id=row.lis_id,
        name=row.official_full or f"{row.first_name} {row.last_name}".strip(),
        party=row.party,
        caucus=row.caucus,
        state=row.state,
        district=row.district,
        chamber=row.chamber,
        is_current=row.is_current,
        is_stub=row.is_stub,
    )


def committee_summary(row: Committee, *, parent_thomas_id: str | None) -> CommitteeSummary:
    return CommitteeSummary(
        id=row.thomas_id,
        name=row.name,
        chamber=row.chamber,
        is_current=row.is_current,
        parent_id=parent_thomas_id,
    )


def vote_summary(row: RollCallVote) -> VoteSummary:
    return VoteSummary(
        id=row.vote_id,
        upstream_id=row.upstream_id,
        chamber=row.chamber,
        congress=row.congress,
        session_year=row.session_year,
        number=row.number,
        voted_at=row.voted_at,
        legislative_date=legislative_date(row.voted_at),
        category=row.category,
        question=row.question,
        result=row.result,
        bill_id=row.bill_id or None,
        totals=row.totals,
        citation=citation_for(row),
    )


def ranked_page(
    hits: Sequence[tuple[int, float]], total: int, rows: dict, *, limit: int, offset: int, to_schema: Callable
) -> Page:
    """A Page from name-search hits (already one page, best first) and their rows by id."""
    results = [to_schema(rows[pk], score) for pk, score in hits if pk in rows]
    next_cursor = encode_cursor(offset + limit) if offset + limit < total else None
    return Page(results=results, pagination=Pagination(limit=limit, total=total, next_cursor=next_cursor))


def page_window(limit: int | None, cursor: str | None) -> tuple[int, int]:
    return parse_limit(limit), decode_cursor(cursor)
