"""Class F: dossiers — one record and everything around it, the selectors behind GET /v1/<resource>/{id}/dossier.

Registered only when apps.dossiers is installed.
"""

from typing import Annotated

from pydantic import Field

from apps.mcp_bridge.tools.base import call, register, structured

ID = Annotated[str, Field(min_length=2, max_length=40)]


def install(server) -> list[str]:
    try:
        from apps.dossiers import selectors
        from apps.dossiers.schemas import BillDossier, CommitteeDossier, LegislatorDossier, PublicLawDossier
    except ImportError:
        return []

    async def get_bill_dossier(
        id: Annotated[
            str, Field(min_length=2, max_length=40, description="Bill id, e.g. hr:119:1 or 'H.R. 1-119'.")
        ],
    ) -> BillDossier:
        return structured(await call(selectors.bill_dossier, id=id))

    async def get_legislator_dossier(
        id: Annotated[
            str,
            Field(
                min_length=2,
                max_length=40,
                description="Any member id: bioguide S000033, LIS S429, govtrack:400357...",
            ),
        ],
    ) -> LegislatorDossier:
        return structured(await call(selectors.legislator_dossier, id=id))

    async def get_committee_dossier(
        id: Annotated[str, Field(min_length=2, max_length=12, description="Thomas id, e.g. HSWM or HSWM01.")],
    ) -> CommitteeDossier:
        return structured(await call(selectors.committee_dossier, id=id))

    async def get_public_law_dossier(
        id: Annotated[str, Field(min_length=2, max_length=40, description="Public law id, e.g. pl:119:7.")],
    ) -> PublicLawDossier:
        return structured(await call(selectors.public_law_dossier, id=id))

    tools = [
        (get_bill_dossier, "Everything about a bill", BILL_DOC),
        (get_legislator_dossier, "Everything about a member", LEGISLATOR_DOC),
        (get_committee_dossier, "Everything about a committee", COMMITTEE_DOC),
        (get_public_law_dossier, "Everything about a public law", LAW_DOC),
    ]
    for fn, title, doc in tools:
        register(server, fn, name=fn.__name__, title=title, description=doc)
    return [fn.__name__ for fn, _, _ in tools]


TAIL = """ One call instead of 5-12: sections are bounded, and a truncated section carries `more_url`, the list
endpoint with the rest. Prefer the narrower tools when you need one fact."""
BILL_DOC = (
    "Everything about one bill (hr:119:1): the bill, sponsor, cosponsors with a party split, actions, votes, "
    "CRS / CBO / SAP / committee reports, hearings, related bills." + TAIL
)
LEGISLATOR_DOC = (
    "Everything about one member (bioguide S000033): terms, committees and roles, sponsored and cosponsored "
    "counts, a votes summary, Congressional Record speeches, lobbying mentions." + TAIL
)
COMMITTEE_DOC = (
    "Everything about one committee (HSWM): chair and ranking member, roster, subcommittees, hearings and "
    "the bills referred to it." + TAIL
)
LAW_DOC = "A public law (pl:119:7) with the bill it came from and that bill's key facts." + TAIL
