"""One box for everything: the records a search query names as a whole, shown above its document hits.

A query names a member ("Elizabeth Warren", "AOC", "Sen. Markey"), a committee ("Ways and Means Committee",
"Senate Judiciary") or a record by its citation ("89 FR 9838", "Pub. L. 117-103", "S. Rept. 114-123"). Name
matching reuses the resolvers behind ``/v1/legislators?q=`` and ``/v1/committees?q=`` (every word optional,
ranked); a candidate becomes a card only when the query is its name, so a topic search ("walk-in freezer
efficiency") that merely shares a word with a member or committee gets no card. Citations are parsed by
apps.citations.parse and mapped to the record Josh holds; a citation of a record Josh lacks gets no card.
"""

import re

from apps.citations.parse import BILL, COMMITTEE_REPORT, FR_PAGE, Cite, parse_citation
from apps.citations.schemas import EntityCard
from apps.core.errors import JoshError
from apps.core.resources import all_resources
from apps.registry.models import Committee, Legislator
from apps.registry.names import initials
from apps.registry.schemas import CommitteeListParams, LegislatorListParams
from apps.registry.selectors import committee_list, legislator_list

from .citations import bill_for_report, fr_document_at

MAX_MEMBERS = 3
MAX_COMMITTEES = 2
CANDIDATES = 10  # ranked name matches checked per registry
MAX_QUERY_CHARS = 200  # the resolvers' own limit; a longer query is prose, not a name
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# Words a reader puts around a member's name that are not the name.
HONORIFICS = frozenset(
    "sen senator senators rep reps representative congressman congresswoman member mr mrs ms dr hon "
    "honorable the".split()
)
# Words a reader puts around a committee's name ("the Ways and Means Committee").
COMMITTEE_FILLER = frozenset("committee committees subcommittee cmte on the of and for".split())
# Words that say the reader means a committee, so a partial name ("Senate Finance") is enough.
COMMITTEE_SIGNALS = frozenset("committee committees cmte subcommittee house senate joint".split())
CHAMBER_TITLES = {"senate": "Senator", "house": "Representative"}


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text or "")]


def find_entities(q: str) -> list[EntityCard]:
    """The members, committees and cited record that ``q`` names, best first: a citation's record, then
    members, then committees. Empty for a query that is not a name or citation (most searches)."""
    q = " ".join((q or "").split())
    if not q or len(q) > MAX_QUERY_CHARS or not _words(q):
        return []
    if (cite := parse_citation(q)) is not None:
        card = citation_card(cite)
        return [card] if card else []
    return member_cards(q) + committee_cards(q)


def citation_card(cite: Cite) -> EntityCard | None:
    """The record ``cite`` names, when Josh holds it."""
    if cite.kind == FR_PAGE:
        doc = fr_document_at(cite.parts["volume"], cite.parts["page"])
        if doc is None:
            return None
        span = f"{doc.volume} FR {doc.start_page}" + (
            f"-{doc.end_page}" if doc.end_page != doc.start_page else ""
        )
        return EntityCard(
            kind="citation",
            resource="federal-register",
            id=doc.fr_id,
            name=doc.title,
            detail=f"Federal Register document {doc.document_number}, {span}",
            matched=cite.label,
        )
    if cite.kind == COMMITTEE_REPORT:
        report = bill_for_report(**cite.parts)
        if report is None:
            return None
        # Josh holds the report as a reference row of its bill (no page of its own): the card opens the bill.
        return EntityCard(
            kind="citation",
            resource="bills",
            id=report.bill.bill_id,
            name=report.bill.title,
            detail=f"{report.citation}: the committee's report on this bill",
            matched=cite.label,
        )
    record = _record(cite)
    if record is None:
        return None
    detail = record.citation.citation_string if getattr(record, "citation", None) else cite.label
    if cite.kind == BILL and cite.id is None:
        detail = f"{detail} (the latest Congress with {cite.label})"
    return EntityCard(
        kind="citation",
        resource=cite.resource,
        id=record.id,
        name=_record_name(record) or cite.label,
        detail=detail,
        matched=cite.label,
    )


def _record(cite: Cite):
    """The record behind ``GET /v1/<resource>/{id}`` for ``cite`` (a bill without a Congress: the latest)."""
    getters = {r.name: r.get for r in all_resources() if r.get is not None}
    getter = getters.get(cite.resource or "")
    if getter is None:
        return None
    try:
        return getter(id=cite.id or cite.label)
    except JoshError:
        return None


def _record_name(record) -> str | None:
    """The record's own title: a Code or CFR section's heading (their ``title`` is the title number)."""
    for attr in ("heading", "title", "name"):
        value = getattr(record, attr, None)
        if isinstance(value, str) and value:
            return value
    return None


def member_cards(q: str) -> list[EntityCard]:
    """Members whose name the query is: every word is one of the member's name forms (or Sen./Rep.), and
    one of them is the surname or the initials ("AOC"), so "Elizabeth" alone or "Massachusetts" is not."""
    words = [w for w in _words(q) if w not in HONORIFICS]
    if not words:
        return []
    hits = legislator_list(params=LegislatorListParams(q=q, limit=CANDIDATES)).results
    rows = {r.bioguide_id: r for r in Legislator.objects.filter(bioguide_id__in=[h.id for h in hits])}
    cards = []
    for hit in hits:
        row = rows.get(hit.id)
        if row is None or not _names_member(words, row):
            continue
        cards.append(
            EntityCard(
                kind="legislator",
                resource="legislators",
                id=hit.id,
                name=hit.name,
                detail=_member_detail(hit),
                matched=q,
            )
        )
    return cards[:MAX_MEMBERS]


def _names_member(words: list[str], row: Legislator) -> bool:
    forms = set(_words(row.search_name))
    anchors = set(_words(row.last_name))
    for acronym in (
        initials(row.nickname or row.first_name, row.last_name),
        initials(row.first_name, row.last_name),
    ):
        if len(acronym) >= 3:  # "EW" is too short to stand for a member on its own
            anchors.add(acronym.lower())
    return set(words) <= forms and bool(anchors & set(words))


def _member_detail(hit) -> str:
    title = CHAMBER_TITLES.get(hit.chamber, "Member")
    place = hit.state + (f"-{hit.district}" if hit.district else "")
    party = (hit.party[:1] + "-") if hit.party else ""
    return f"{title}, {party}{place}" + ("" if hit.is_current else " (former)")


def committee_cards(q: str) -> list[EntityCard]:
    """Committees the query names: every word is in the committee's own name (or its chamber or code), and
    the query gives at least half of the name's distinctive words ("Ways and Means" for the Committee on Ways
    and Means), so one shared word ("energy") is not a committee's name."""
    words = [w for w in _words(q) if w not in COMMITTEE_FILLER]
    if not words:
        return []
    signalled = bool(set(_words(q)) & COMMITTEE_SIGNALS)
    hits = committee_list(params=CommitteeListParams(q=q, limit=CANDIDATES)).results
    rows = {r.thomas_id: r for r in Committee.objects.filter(thomas_id__in=[h.id for h in hits])}
    cards = []
    for hit in hits:
        row = rows.get(hit.id)
        if row is None or not _names_committee(words, row, signalled=signalled):
            continue
        kind = "Subcommittee" if hit.parent_id else "Committee"
        chamber = hit.chamber.capitalize() if hit.chamber else ""
        detail = f"{chamber} {kind.lower()}".strip().capitalize() + ("" if hit.is_current else " (former)")
        cards.append(
            EntityCard(
                kind="committee", resource="committees", id=hit.id, name=hit.name, detail=detail, matched=q
            )
        )
    return cards[:MAX_COMMITTEES]


def _names_committee(words: list[str], row: Committee, *, signalled: bool) -> bool:
    own = [w for w in _words(row.name) if w not in COMMITTEE_FILLER]
    distinctive = {w for w in own if w not in ("house", "senate", "joint")}
    given = set(words)
    if not distinctive or not given <= {*own, row.chamber.lower(), row.thomas_id.lower()}:
        return False
    if signalled:  # "Senate Finance", "Ways and Means Committee": the reader means a committee
        return 2 * len(given & distinctive) >= len(distinctive)
    # A bare topic word ("energy", "health") is a committee's name only when it is the whole name of a
    # sitting full committee ("Judiciary", "Finance"), not a word of one or a subcommittee's "Health".
    return distinctive <= given and row.parent_id is None and row.is_current
