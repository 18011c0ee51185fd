"""Search and similar, declared once (apps.core.operations): REST ``GET /v1/search`` and
``GET /v1/<resource>/{id}/similar`` for every body-bearing plan, /browse/search, and the MCP tools
``search``, ``lexical_search`` and ``semantic_search`` all derive from these declarations.

The similar routes come from the plans registry (a plan with a chunk table gets one), so no declaration names
a source; whether the source can answer is still decided from the live schema per request.
"""

from typing import Annotated

from pydantic import Field

from apps.core.operations import Operation, register_operation
from apps.core.plans import all_plans
from apps.core.resources import Tool
from apps.core.vocabulary import QUERY_MAX_LENGTH
from apps.search.entities import one_box
from apps.search.schemas import SearchAnswer, SearchPage, SearchParams, SimilarParams
from apps.search.selectors import search, similar


def _query(description: str):
    """The MCP tools' ``query`` (REST's ``q``), described as the tool it belongs to reads it."""
    return Annotated[str, Field(min_length=1, max_length=QUERY_MAX_LENGTH, description=description)]


def _with_entities(page: SearchPage, params: SearchParams) -> SearchAnswer:
    # REST and browse add the one-box entity cards and the citation check; the MCP tools leave the cards to
    # resolve_entity but keep the check (apps.mcp_bridge.tools.search.with_urls)
    return SearchAnswer(**dict(page), **one_box(params.q))


SEARCH_DOC = """Search every federal-policy text Josh holds — bills and their text, public laws, reports,
rules, the Congressional Record... — by meaning and keywords at once (hybrid).

Start here for any topic or question; pass a hit's id to fetch (full text) or to a typed lookup. total 0 comes
with no_match {reason, suggestions}: say nothing matched, don't guess. A citation of no record held comes
with citation.resolved false: say so. Quoted phrases, NEAR, NOT and AND bind every hit.
Searchable sources: {sources:search}. People and committees are not searched here: use resolve_entity."""

LEXICAL_DOC = """Keyword search (BM25; title weighted above summary, actions and body).

Prefer it for exact tokens: a bill number or short title, a statute citation, a quoted phrase, a rare term.
Supports "phrases", prefix*, NEAR(a b, 5) and AND / OR / NOT. Filters apply before ranking. Same payload as search. Sources: {sources:lexical}."""

SEMANTIC_DOC = """Meaning search over body text chunks (vector similarity; best passage per document).

Prefer it for paraphrases and concepts whose words may not appear verbatim ("protecting kids online",
"drug price negotiation"). Filters apply before scoring; passages below a relevance floor are no
answer. Only sources with body text qualify: {sources:semantic}; others →
isError source_not_searchable_semantically with valid_sources. Same payload as search."""

HYBRID_QUERY = _query(
    'A topic or question in plain words ("child online safety"): records rank by meaning and matching words '
    'together. "exact phrase" and NOT term bind every hit.'
)
LEXICAL_QUERY = _query(
    'Words to match ("Laken Riley Act", "42 U.S.C. 300f"): records with any of them rank by BM25, more and '
    'rarer words higher. "exact phrase", term* (3+ letters), NEAR(a b, 5), NOT term, AND / OR.'
)
SEMANTIC_QUERY = _query(
    'A concept or paraphrase ("protecting kids online"): passages rank by closeness in meaning, shared words '
    'or not. "exact phrase" and NOT term still bind every hit.'
)


def _tool(name: str, title: str, mode: str, query, description: str) -> Tool:
    return Tool(
        name=name,
        title=title,
        description=description,
        fixed={"mode": mode},
        rename={"q": "query"},
        retype={"query": query},
        enums={"source": {"hybrid": "search"}.get(mode, mode)},
    )


SEARCH = register_operation(
    Operation(
        name="search_view",
        app=__package__,
        path="/search",
        selector=search,
        params=SearchParams,
        response=SearchAnswer,
        by_alias=True,  # Degraded.from_ is "from" on the wire
        answer=_with_entities,
        summary="Search every corpus: lexical, semantic or hybrid",
        browse_doc="""Search every corpus: lexical (BM25), semantic (vectors) or hybrid; each hit links to its record.

q takes "quoted phrases", term* (3+ chars), OR and NOT (upper case). Filters: source (comma list of
source slugs), since/until (dates), congress, bill_id. sort=newest or oldest: the whole result by date.
Pages with limit and offset.""",
        tools=(
            _tool("search", "Search everything", "hybrid", HYBRID_QUERY, SEARCH_DOC),
            _tool("lexical_search", "Keyword search", "lexical", LEXICAL_QUERY, LEXICAL_DOC),
            _tool("semantic_search", "Meaning search", "semantic", SEMANTIC_QUERY, SEMANTIC_DOC),
        ),
        example={"q": "tax", "source": "bills", "mode": "lexical"},
    )
)

for _plan in all_plans():
    if _plan.search and _plan.search.chunk_table:
        register_operation(
            Operation(
                name=f"similar_{_plan.slug.replace('-', '_')}",
                operation_id=f"similar_{_plan.slug.replace('-', '_')}",
                app=__package__,
                tag="search",
                path=f"/{_plan.resource}/{{id}}/similar",
                selector=similar,
                params=SimilarParams,
                fixed={"slug": _plan.slug},
                response=SearchPage,
                by_alias=True,
                summary=f"{_plan.title}: the most similar records",
            )
        )
