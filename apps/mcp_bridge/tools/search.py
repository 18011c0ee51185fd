"""Class B: search (hybrid), lexical_search, semantic_search — apps.search.selectors.search, as GET /v1/search.

The payload is GET /v1/search's ({results, total, total_basis, source_counts, no_match, took_ms, mode,
degraded?}); each hit also carries ``url``
(its citation URL) when the REST hit lacks one, which makes ``search`` meet ChatGPT's contract
(results[{id, title, url}]). Registry sources are refused with ``source_not_searchable`` and
``_meta.hint.use_tool = resolve_entity``.
"""

from datetime import date
from typing import Annotated

from pydantic import Field

from apps.mcp_bridge import conf
from apps.mcp_bridge.tools.base import call, register, structured
from apps.search.ordering import SortParam as SORT


def _query(description: str):
    """The ``query`` argument, described as the tool it belongs to reads it."""
    return Annotated[str, Field(min_length=1, max_length=1000, description=description)]


HYBRID_QUERY = _query(
    'A topic or question in plain words ("child online safety", "Laken Riley Act"): records rank by meaning '
    'and matching words together. "exact phrase" and NOT term bind every hit.'
)
LEXICAL_QUERY = _query(
    'Words to match ("Laken Riley Act", "42 U.S.C. 300f"): records with any of the words rank by BM25, more '
    'and rarer words higher. "exact phrase" (required), term* (prefix, 3+ letters), NEAR(a b, 5), NOT term, '
    "AND / OR."
)
SEMANTIC_QUERY = _query(
    'A concept or paraphrase ("protecting kids online"): passages rank by closeness in meaning, shared words '
    'or not; below a relevance floor is no answer. "exact phrase" and NOT term still bind every hit.'
)

SOURCE = Annotated[
    str | None,
    Field(
        None,
        max_length=500,
        description="One source slug or short name (fr), or several joined by commas. Omit = all.",
    ),
]
SINCE = Annotated[
    date | None, Field(None, description="Only records published on or after this date (YYYY-MM-DD).")
]
UNTIL = Annotated[
    date | None, Field(None, description="Only records published on or before this date (YYYY-MM-DD).")
]
LIMIT = Annotated[int | None, Field(None, ge=1, le=50, description="Hits to return (default 20, max 50).")]
OFFSET = Annotated[int, Field(0, ge=0, le=1000, description="Hits to skip, for the next page.")]
CONGRESS = Annotated[
    int | None, Field(None, ge=1, le=200, description="Only records of this Congress, e.g. 119.")
]
BILL_ID = Annotated[
    str | None,
    Field(None, max_length=40, description="Only records about this bill: hr:119:103, 'H.R. 103-119'."),
]

# The facets (apps/search/facets.py), on ``search`` only and described in a few words: tools/list is near its
# 60,000-byte limit (tests/mcp/test_one_call.py). The payload's ``facets`` lists the values with counts.
AGENCY = Annotated[str | None, Field(None, description="Comma list (see facets).")]
DOCUMENT_TYPE = Annotated[
    str | None, Field(None, description="rule,proposed_rule,notice,presidential_document")
]
CHAMBER = Annotated[str | None, Field(None, description="house,senate")]


def _models():
    from pydantic import create_model

    from apps.search.schemas import SearchHit, SearchPage

    if "url" in SearchHit.model_fields:
        return SearchPage
    hit = create_model(
        "McpSearchHit",
        __base__=SearchHit,
        url=(str, Field(description="Canonical URL to cite for this hit (its citation URL).")),
    )
    return create_model("McpSearchPage", __base__=SearchPage, results=(list[hit], ...))


def install(server) -> list[str]:
    try:
        from apps.search.selectors import search as search_selector
    except ImportError:
        return []
    Page = _models()

    async def run(**kwargs):
        page = await call(search_selector, **kwargs)
        body = page.public() if hasattr(page, "public") else page.model_dump(mode="json", by_alias=True)
        for hit in body["results"]:
            api_url = f"{conf.public_base_url()}/v1/{hit['resource']}/{hit['id']}"
            hit.setdefault("url", hit["citation"].get("url") or api_url)
        return structured(body)

    async def search(
        query: HYBRID_QUERY,
        source: SOURCE = None,
        since: SINCE = None,
        until: UNTIL = None,
        agency: AGENCY = None,
        document_type: DOCUMENT_TYPE = None,
        chamber: CHAMBER = None,
        sort: SORT = "relevance",
        limit: LIMIT = None,
    ) -> Page:
        return await run(
            q=query, source=source, mode="hybrid", since=since, until=until, agency=agency,
            document_type=document_type, chamber=chamber, sort=sort, limit=limit,
        )  # fmt: skip

    async def lexical_search(
        query: LEXICAL_QUERY,
        source: SOURCE = None,
        since: SINCE = None,
        until: UNTIL = None,
        congress: CONGRESS = None,
        bill_id: BILL_ID = None,
        sort: SORT = "relevance",
        limit: LIMIT = None,
        offset: OFFSET = 0,
    ) -> Page:
        return await run(
            q=query, source=source, mode="lexical", since=since, until=until,
            congress=congress, bill_id=bill_id, sort=sort, limit=limit, offset=offset,
        )  # fmt: skip

    async def semantic_search(
        query: SEMANTIC_QUERY,
        source: SOURCE = None,
        since: SINCE = None,
        until: UNTIL = None,
        congress: CONGRESS = None,
        bill_id: BILL_ID = None,
        sort: SORT = "relevance",
        limit: LIMIT = None,
        offset: OFFSET = 0,
    ) -> Page:
        return await run(
            q=query, source=source, mode="semantic", since=since, until=until,
            congress=congress, bill_id=bill_id, sort=sort, limit=limit, offset=offset,
        )  # fmt: skip

    register(server, search, name="search", title="Search everything", description=SEARCH_DOC,
             enums={"source": "search"})  # fmt: skip
    register(server, lexical_search, name="lexical_search", title="Keyword search", description=LEXICAL_DOC,
             enums={"source": "lexical"})  # fmt: skip
    register(server, semantic_search, name="semantic_search", title="Meaning search", description=SEMANTIC_DOC,
             enums={"source": "semantic"})  # fmt: skip
    return ["search", "lexical_search", "semantic_search"]


SEARCH_DOC = """Search every federal-policy text Josh holds — bills and their text, public laws, reports,
rules, the Congressional Record... — by meaning and keywords at once (hybrid: BM25 and vector scores fused).

Start here for any topic or question. Returns results [{id, title, url, snippet, citation, ...}] and total
(records matched; total_basis); pass a hit's id to fetch (full text) or to a typed lookup. total 0 comes with no_match {reason,
suggestions}: say nothing matched, don't guess. Quoted phrases, NEAR, NOT and AND bind every hit.
Searchable sources: {sources:search}. People and committees are not searched here: use resolve_entity."""

LEXICAL_DOC = """Keyword search (BM25 on either engine; title weighted above summary, actions and body).

Prefer it for exact tokens: a bill number or short title, a statute citation, a quoted phrase, a rare term.
Supports "phrases", prefix*, NEAR(a b, 5) and AND / OR / NOT. Filters (since, until, congress, bill_id) apply before
ranking. Same payload as search. Sources: {sources:lexical}."""

SEMANTIC_DOC = """Meaning search over body text chunks (vector similarity; best passage per document).

Prefer it for paraphrases and concepts whose words may not appear verbatim ("protecting kids online",
"drug price negotiation"). Filters apply before scoring; passages below a relevance floor are no
answer. Only sources with body text qualify: {sources:semantic}; others →
isError source_not_searchable_semantically with valid_sources. Same payload as search."""
