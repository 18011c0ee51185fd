"""The four dossiers, declared once (apps.core.operations): ``GET /v1/<resource>/{id}/dossier`` and the MCP
``get_<kind>_dossier`` tools derive from these declarations. One record and everything around it, in bounded
sections."""

from typing import Annotated

from pydantic import Field

from apps.core.operations import Operation, register_operation
from apps.core.resources import Tool
from apps.core.vocabulary import ID_MAX_LENGTH
from apps.dossiers import selectors
from apps.dossiers.schemas import BillDossier, CommitteeDossier, LegislatorDossier, PublicLawDossier

TAIL = " One call instead of 5-12; a truncated section carries `more_url` (the rest). Prefer narrower tools for one fact."


def _id(description: str, max_length: int = ID_MAX_LENGTH):
    return Annotated[str, Field(min_length=2, max_length=max_length, description=description)]


def _dossier(resource: str, kind: str, selector, response, summary: str, id_type, example: str, title: str,
             doc: str) -> Operation:  # fmt: skip
    return register_operation(
        Operation(
            name=f"{kind}_dossier",
            app=__package__,
            path=f"/{resource}/{{id}}/dossier",
            selector=selector,
            response=response,
            summary=summary,
            key_argument=id_type,
            tools=(Tool(name=f"get_{kind}_dossier", title=title, description=doc + TAIL),),
            example={"id": example},
        )
    )


_dossier(
    "bills", "bill", selectors.bill_dossier, BillDossier, "Everything about one bill",
    _id("Bill id, e.g. hr:119:1 or 'H.R. 1-119'."), "hjres:119:24", "Everything about a bill",
    "Everything about one bill (hr:119:1): the bill, sponsor, cosponsors with a party split, actions, votes, "
    "CRS / CBO / SAP / committee reports, hearings, related bills.",
)  # fmt: skip
_dossier(
    "legislators", "legislator", selectors.legislator_dossier, LegislatorDossier, "Everything about one member",
    _id("Any member id: bioguide S000033, LIS S429, govtrack:400357..."), "S000033", "Everything about a member",
    "Everything about one member (bioguide S000033): terms, committees and roles, sponsored and cosponsored "
    "counts, a votes summary, Congressional Record speeches, lobbying mentions.",
)  # fmt: skip
_dossier(
    "committees", "committee", selectors.committee_dossier, CommitteeDossier, "Everything about one committee",
    _id("Thomas id, e.g. HSWM or HSWM01.", max_length=12), "HSWM", "Everything about a committee",
    "Everything about one committee (HSWM): chair and ranking member, roster, subcommittees, hearings and "
    "the bills referred to it.",
)  # fmt: skip
_dossier(
    "public-laws", "public_law", selectors.public_law_dossier, PublicLawDossier, "A public law and its bill",
    _id("Public law id, e.g. pl:119:7."), "pl:119:7", "Everything about a public law",
    "A public law (pl:119:7) with the bill it came from and that bill's key facts.",
)  # fmt: skip
