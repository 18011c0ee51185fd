"""What the MCP search tools (declared with ``GET /v1/search`` in apps/search/resources.py) add to its answer.

The payload is GET /v1/search's ({results, total, total_basis, source_counts, no_match, took_ms, mode,
degraded?, citation}) without the one-box ``entities`` (resolve_entity answers those); each hit also carries ``url``
(its citation URL) when the REST hit lacks one, which makes ``search`` meet ChatGPT's contract
(results[{id, title, url}]). Registry sources are refused with ``source_not_searchable`` and
``_meta.hint.use_tool = resolve_entity``.
"""

from pydantic import Field, create_model

from apps.citations.schemas import CitationCheck
from apps.core.resources import as_json
from apps.mcp_bridge import conf
from apps.search.entities import citation_for
from apps.search.schemas import SearchHit, SearchPage, SearchParams


def _page_model():
    hit = SearchHit
    if "url" not in SearchHit.model_fields:
        hit = create_model(
            "McpSearchHit",
            __base__=SearchHit,
            url=(str, Field(description="Canonical URL to cite for this hit (its citation URL).")),
        )
    return create_model(
        "McpSearchPage",
        __base__=SearchPage,
        results=(list[hit], ...),
        citation=(CitationCheck | None, None),  # its field names are its description in the outline
    )


McpSearchPage = _page_model()


def with_urls(page: SearchPage, params: SearchParams) -> dict:
    """The REST body (encoded as REST encodes it: ``as_json``), each hit with its ``url``, and the citation
    check ("89 FR 99999" is flagged as a citation of no record held, not answered silently)."""
    body = as_json(page)
    for hit in body["results"]:
        api_url = f"{conf.public_base_url()}/v1/{hit['resource']}/{hit['id']}"
        hit.setdefault("url", hit["citation"].get("url") or api_url)
    body["citation"] = citation_for(params.q)
    return body
