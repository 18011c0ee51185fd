"""Class A: typed lookups by id — the same selectors as GET /v1/legislators/{id}, /v1/committees/{id}, ...

A declared resource's tools (``Resource.get_tool`` and its children's, apps.core.resources) are built from
the declaration; the bill tools below are still written by hand. They read plain tables only (never FTS or
vectors; tests/mcp/test_lookups.py asserts it from the SQL).
"""

import inspect
from typing import Annotated, Any

from pydantic import BaseModel, Field

from apps.core.resources import CURSOR, LIMIT, Tool, all_resources
from apps.mcp_bridge.tools.base import call, register, structured


def _tool(id_argument: Any, tool: Tool, selector, params: type[BaseModel] | None, response: Any):
    """``async ([id,] **arguments) -> response``: the arguments build ``params`` (or pass through without
    it). ``id_argument`` is the type of ``id``; None for a list tool, which takes no id."""

    async def run(**arguments):
        ids = {"id": arguments.pop("id")} if id_argument is not None else {}
        if params is not None:
            arguments = {"params": params(**arguments)}
        return structured(await call(selector, **ids, **arguments))

    keyword = inspect.Parameter.POSITIONAL_OR_KEYWORD
    signature = [inspect.Parameter("id", keyword, annotation=id_argument)] if id_argument is not None else []
    signature += [
        inspect.Parameter(n, keyword, default=None, annotation=t) for n, t in tool.arguments.items()
    ]
    run.__signature__ = inspect.Signature(signature, return_annotation=response)
    run.__name__ = run.__qualname__ = tool.name
    return run


def _declared(server) -> list[str]:
    """The tools every declared resource names (apps.core.resources): list, get, then its children's."""
    names = []
    for resource in all_resources():
        for tool, selector, params, response, takes_id in resource.tools():
            fn = _tool(resource.id_argument if takes_id else None, tool, selector, params, response)
            register(server, fn, name=tool.name, title=tool.title, description=tool.description)
            names.append(tool.name)
    return names


def _bills(server) -> list[str]:
    try:
        from apps.bills import selectors
        from apps.bills.schemas import ActionPage, BillOut, BodyOut, CosponsorPage, PageParams
    except ImportError:
        return []

    async def get_bill(id: BILL_ID) -> BillOut:
        return structured(await call(selectors.bill_get, id=id))

    async def list_cosponsors(id: BILL_ID, limit: LIMIT = None, cursor: CURSOR = None) -> CosponsorPage:
        return structured(
            await call(selectors.bill_cosponsors, id=id, params=PageParams(limit=limit, cursor=cursor))
        )

    async def list_bill_actions(id: BILL_ID, limit: LIMIT = None, cursor: CURSOR = None) -> ActionPage:
        return structured(
            await call(selectors.bill_actions, id=id, params=PageParams(limit=limit, cursor=cursor))
        )

    async def get_bill_text(
        id: BILL_ID,
        version: Annotated[
            str | None,
            Field(
                None,
                pattern=r"^[A-Za-z]{2,4}$",
                description="Text version code: ih (introduced), rh, rs, eh (engrossed), enr (enrolled)... "
                "Omit for the latest; get_bill lists a bill's text_versions.",
            ),
        ] = None,
    ) -> BodyOut:
        return structured(await call(selectors.bill_body, id=id, version=version))

    tools = [
        (get_bill, "Get a bill", BILL_DOC),
        (list_cosponsors, "List a bill's cosponsors", COSPONSORS_DOC),
        (list_bill_actions, "List a bill's actions", ACTIONS_DOC),
        (get_bill_text, "Get a bill's text", BILL_TEXT_DOC),
    ]
    for fn, title, doc in tools:
        register(server, fn, name=fn.__name__, title=title, description=doc)
    return [fn.__name__ for fn, _, _ in tools]


BILL_ID = Annotated[
    str,
    Field(
        min_length=2,
        max_length=40,
        description="Bill id hr:119:103 (type:congress:number; types hr, s, hjres, sjres, hconres, sconres, hres, "
        "sres). 'H.R. 103-119', 'hr103-119' and '119-hr-103' work too; the congress is required.",
    ),
]

BILL_DOC = """Get one bill by id (hr:119:103): titles, sponsor, cosponsor counts (current, original, withdrawn),
status and latest action,
CRS summary, policy area and subjects, committees, recorded votes (with vote ids), related bills, the law it
became, and its text versions. No bill text here — use get_bill_text or fetch for that.

Prefer it over search whenever the question names a bill number ("H.R. 1", "S. 5 in the 119th")."""

COSPONSORS_DOC = """List a bill's cosponsors: each member (id, name, party, state), whether original, the
sponsorship date and, if withdrawn, when. Also the current, original and withdrawn counts (withdrawn excluded
from count; get_bill has the same totals without the list). Answers "who cosponsored ...?" and party splits. Paginated: {results, pagination, count, ...}."""

ACTIONS_DOC = """List a bill's actions, oldest first and de-duplicated: date, text, type, action code, chamber
and committee. Answers "what happened to this bill and when?". Paginated: {results, pagination}."""

BILL_TEXT_DOC = """Get a bill's legislative text: the latest version by default, or `version` (ih, rs, eh,
enr, ...), as readable text with its section structure, plus the version name, date and citation.

Use it to quote or check what a bill says ("does HR 103 mention child protection?"). Large: call get_bill
first if you only need metadata."""


def install(server) -> list[str]:
    return _declared(server) + _bills(server)
