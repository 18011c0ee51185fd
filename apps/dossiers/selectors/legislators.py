"""Legislator dossier."""

from collections import Counter, defaultdict

from django.db.models import Count, Q

from apps.bills.models import Bill
from apps.bills.selectors._common import bill_brief
from apps.core.bill_mentions import citing
from apps.documents.models import CrecSpeakerTurn
from apps.dossiers.schemas import LegislatorDossier, Speeches, SpeechRef, VotesRecord, VotingRecordRow
from apps.dossiers.selectors._common import from_page, linked, list_url, section, section_limit
from apps.registry import selectors as registry
from apps.registry.models import Term, VotePosition
from apps.registry.schemas import MemberVotesParams
from apps.registry.selectors.legislators import legislator_row

_BRIEF = ("bill_id", "bill_type", "number", "title", "introduced_date", "congress")
# Extensions of Remarks are House members' statements.
_CHAMBERS = {"rep": ("house", "extensions"), "sen": ("senate",)}
SPEECH_METHOD = (
    "The Record prints speakers by surname only. A turn is tied to this member when its surname matches, "
    "it was spoken in a chamber the member sat in on that day, and no other member with that surname sat "
    "in that chamber on that day."
)


def legislator_dossier(*, id: str) -> LegislatorDossier:
    """One member of Congress: terms, committee seats and roles, bills sponsored and cosponsored, a summary
    of their roll-call votes, their speeches in the Congressional Record (where they can be told apart from
    namesakes) and lobbying filings citing bills they sponsored. Lists are cut; ``more_url`` pages on."""
    member = registry.legislator_get(id=id)
    pk = legislator_row(member.id).pk
    sponsored = Bill.objects.filter(sponsor__bioguide_id=member.bioguide_id) if member.bioguide_id else None
    sponsored = sponsored if sponsored is not None else Bill.objects.none()
    cosponsored = Bill.objects.filter(cosponsors__legislator__bioguide_id=member.bioguide_id).distinct()
    if not member.bioguide_id:
        cosponsored = Bill.objects.none()
    newest = ("-congress", "-introduced_date", "bill_type", "number")
    return LegislatorDossier(
        id=member.id,
        legislator=member,
        sponsored=section(
            sponsored.only(*_BRIEF).order_by(*newest),
            to_item=bill_brief,
            more_url=list_url("bills", sponsor=member.bioguide_id),
        ),
        cosponsored=section(cosponsored.only(*_BRIEF).order_by(*newest), to_item=bill_brief, more_url=None),
        votes=_votes(member.id, pk),
        speeches=_speeches(member, pk),
        lobbying=linked(
            "lda-filings",
            citing("lda-filings", sponsored.values("bill_id")),
            more_url=None,
        ),
    )


def _votes(member_id: str, pk: int) -> VotesRecord:
    positions = VotePosition.objects.filter(legislator_id=pk)
    by_position = {
        row["normalized"]: row["n"]
        for row in positions.values("normalized").annotate(n=Count("id")).order_by("-n", "normalized")
    }
    page = registry.legislator_votes(id=member_id, params=MemberVotesParams(limit=section_limit()))
    return VotesRecord(
        total=sum(by_position.values()),
        by_position=by_position,
        by_congress=voting_record(pk),
        recent=from_page(page, more_url=f"/v1/legislators/{member_id}/votes"),
    )


def voting_record(pk: int) -> list[VotingRecordRow]:
    """The member's missed votes and party-line votes per Congress and chamber, in two queries: the member's
    positions, then every yea/nay of the member's party on those roll calls. A vote is party-line when the
    member voted as most of the *other* members of their party did (so a member is never compared with
    themselves: an independent with no other member of that label has no party-line figure); a roll call
    where those others split evenly, or cast no yea or nay, counts in neither."""
    mine = list(
        VotePosition.objects.filter(legislator_id=pk).values_list(
            "vote_id", "normalized", "party", "vote__congress", "vote__chamber"
        )
    )
    party_of = {vote: party for vote, _n, party, _c, _ch in mine if party}
    sides: dict[tuple[int, str], Counter] = defaultdict(Counter)
    cast = VotePosition.objects.filter(vote_id__in=list(party_of), normalized__in=("yes", "no"))
    for vote, party, normalized, n in (
        cast.values_list("vote_id", "party", "normalized").annotate(n=Count("id")).order_by()
    ):
        sides[(vote, party)][normalized] = n
    rows: dict[tuple[int, str], dict] = {}
    for vote, normalized, party, congress, chamber in mine:
        row = rows.setdefault(
            (congress, chamber), {"parties": Counter(), "votes": 0, "missed": 0, "line": 0, "base": 0}
        )
        row["votes"] += 1
        row["parties"][party] += 1
        row["missed"] += normalized == "not_voting"
        others = sides.get((vote, party), Counter()).copy()
        others[normalized] -= 1  # the member's own vote (counted in sides when it was a yea or a nay)
        if normalized in ("yes", "no") and others["yes"] != others["no"]:
            row["base"] += 1
            row["line"] += normalized == ("yes" if others["yes"] > others["no"] else "no")
    return [
        VotingRecordRow(
            congress=congress,
            chamber=chamber,
            party=row["parties"].most_common(1)[0][0],
            votes=row["votes"],
            missed=row["missed"],
            missed_pct=round(100 * row["missed"] / row["votes"], 1),
            party_line=row["line"],
            party_line_base=row["base"],
            party_line_pct=round(100 * row["line"] / row["base"], 1) if row["base"] else None,
        )
        for (congress, chamber), row in sorted(rows.items(), key=lambda kv: (-kv[0][0], kv[0][1]))
    ]


def _speeches(member, pk: int) -> Speeches:
    surname = (member.last_name or "").strip()
    own = [(t.type, t.start, t.end, t.state) for t in member.terms]
    if not surname or not own:
        return _unlinked("No surname or terms to match on.")
    rivals = list(
        Term.objects.filter(legislator__last_name__iexact=surname)
        .exclude(legislator_id=pk)
        .values_list("term_type", "start", "end", "state")
    )
    chambers = Q()
    for term_type, start, end, _state in own:
        window = Q(granule__chamber__in=_CHAMBERS.get(term_type, ()), granule__published_at__gte=start)
        chambers |= window & (Q(granule__published_at__lte=end) if end else Q())
    turns = (
        CrecSpeakerTurn.objects.filter(chambers, speaker_name__iexact=surname)
        .values("granule__crec_id", "granule__title", "granule__published_at", "granule__chamber", "speaker")
        .annotate(turns=Count("id"))
        .order_by("-granule__published_at", "granule__crec_id")
    )
    rows = [r for r in turns[:500] if not _namesake_sat(rivals, r)]
    items = section(rows, to_item=_speech, more_url=list_url("congressional-record", speaker=surname.upper()))
    if not rows:
        return _unlinked("No Record turn could be tied to this member.")
    return Speeches(linked=True, method=SPEECH_METHOD, items=items)


def _namesake_sat(rivals, row) -> bool:
    day, chamber = row["granule__published_at"], row["granule__chamber"]
    return any(
        chamber in _CHAMBERS.get(t, ()) and start <= day and (end is None or day <= end)
        for t, start, end, _state in rivals
    )


def _speech(row) -> SpeechRef:
    return SpeechRef(
        granule_id=row["granule__crec_id"],
        title=row["granule__title"],
        date=row["granule__published_at"],
        chamber=row["granule__chamber"],
        speaker=row["speaker"],
        turns=row["turns"],
    )


def _unlinked(why: str) -> Speeches:
    return Speeches(
        linked=False,
        method=f"not linked: {why} {SPEECH_METHOD}",
        items=section([], to_item=_speech, more_url=None),
    )
