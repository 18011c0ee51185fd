"""Search output schemas, shared by REST (ninja), the browsable API and the MCP tools."""

from typing import Literal

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from apps.citations.schemas import Citation, CitationCheck, EntityCard
from apps.core.vocabulary import BillId, Congress, Limit, Offset, SearchText, Since, Until
from apps.search.facets import DOC as FACET_DOC

# ``sort`` for every surface (REST, MCP, the explorer): apps/search/ordering.py orders by it
Sort = Literal["relevance", "newest", "oldest"]
SORTS: tuple[str, ...] = ("relevance", "newest", "oldest")
SORT_DOC = "newest/oldest: whole result by published date."  # short: MCP tools/list ≤ 60 kB

Mode = Literal["lexical", "semantic", "hybrid"]


class Snippet(BaseModel):
    text: str = Field(description="The matched passage (FTS5 snippet, or the best chunk for a semantic hit).")
    highlights: list[tuple[int, int]] = Field(
        description="[start, end) character ranges in `text` that matched the query terms."
    )
    heading: str = Field("", description="Section heading of the passage, when the body has sections.")


class Explain(BaseModel):
    lexical_rank: int | None = Field(description="1-based rank in the BM25 leg; null when that leg missed.")
    semantic_rank: int | None = Field(
        description="1-based rank in the vector leg; null when that leg missed."
    )
    fusion: Literal["cc", "rrf"] | None = Field(
        None,
        description="Hybrid mode: how the legs were fused — 'cc' (the default: 0.5·lexical_norm + "
        "0.5·semantic_norm) or 'rrf' (Reciprocal Rank Fusion of the ranks); null in the other modes.",
    )
    fused_score: float | None = Field(None, description="Hybrid mode: the fused score, else null.")
    lexical_norm: float | None = Field(
        None,
        description="Hybrid 'cc': BM25 mapped to [0, 1] over the lexical leg's hits (1 = its best); null "
        "when that leg missed.",
    )
    semantic_norm: float | None = Field(
        None,
        description="Hybrid 'cc': cosine mapped to [0, 1] over the vector leg's hits (1 = its best); null "
        "when that leg missed.",
    )
    lexical_score: float | None = Field(
        None, description="BM25 (higher is better), when the lexical leg ran."
    )
    semantic_score: float | None = Field(
        None,
        description="The vector leg's document score, when it ran: 0.5·chunk_cosine + 0.5·document_cosine.",
    )
    chunk_cosine: float | None = Field(
        None, description="Cosine between the query and the record's best chunk (the snippet's passage)."
    )
    document_cosine: float | None = Field(
        None, description="Cosine between the query and the mean of all the record's chunk vectors."
    )
    title_match: bool = Field(
        False, description="Lexical and hybrid: the record's title equals the query, so it was ranked first."
    )


class SearchHit(BaseModel):
    id: str = Field(description="Public id; GET /v1/<resource>/{id} returns the record.")
    source: str = Field(description="Source slug, e.g. 'bills'.")
    resource: str = Field(description="REST collection of the record: /v1/<resource>/{id}.")
    title: str
    snippet: Snippet
    score: float = Field(
        description="Ranking score of the mode used: the fused score (hybrid), BM25 (lexical), the vector leg's "
        "document score (semantic; see explain.semantic_score)."
    )
    explain: Explain
    citation: Citation


class Degraded(BaseModel):
    from_: Mode | None = Field(None, alias="from", description="Mode asked for.")
    to: Mode | None = Field(None, description="Mode some sources were searched with instead.")
    per_source: dict[str, Mode] | None = Field(
        None, description="Mode actually used for each degraded source."
    )
    excluded_sources: list[str] | None = Field(None, description="Sources left out (no vectors to search).")
    semantic: str | None = Field(
        None,
        description="Why the vector leg did not run (the text encoder is missing or failed): the hits are the "
        "lexical leg's alone.",
    )
    stale_vectors: dict[str, int] | None = Field(
        None, description="Per source: hits whose text changed since their vectors (snippets: current text)."
    )
    incomplete_vectors: dict[str, int] | None = Field(
        None, description="Per source: documents without vectors yet, which the vector leg cannot find."
    )
    reason: str = ""

    # "from" everywhere it is written (REST body, spec, MCP): Python only needs the trailing underscore
    model_config = {"populate_by_name": True, "serialize_by_alias": True}

    @model_serializer(mode="wrap")
    def _set_only(self, handler: SerializerFunctionWrapHandler):
        """Only what applies: a null field says nothing the reader needs."""
        return {k: v for k, v in handler(self).items() if v is not None}


TotalBasis = Literal["exact", "lower_bound"]
NoMatchReason = Literal[
    "nothing_searchable",
    "phrase_not_found",
    "no_term_matched",
    "excluded_by_filters",
    "no_record_matches_all",
    "below_relevance_floor",
    "few_words_covered",
]


class Suggestion(BaseModel):
    action: Literal["drop_phrase", "drop_term", "drop_filter", "try_mode"] = Field(
        description="What to change: unquote a phrase, leave out a term, drop a filter, or use another mode."
    )
    message: str = Field(description="The suggestion in words.")
    q: str | None = Field(None, description="The query to send instead, when the change is to the query.")
    parameter: str | None = Field(
        None, description="The parameter to drop or change (drop_filter, try_mode)."
    )
    value: str | None = Field(None, description="try_mode: the mode to try.")


class QueryCoverage(BaseModel):
    best: float = Field(
        description="The highest share of the query's idf mass that one record's words carry."
    )
    required: float = Field(description="The share a record must carry (LEXICAL_QUERY_COVERAGE).")
    present: list[str] = Field(description="The query's words that the best-covering record has.")
    missing: list[str] = Field(description="The query's words it lacks: the weak ones.")


class NoMatch(BaseModel):
    reason: NoMatchReason = Field(
        description="Why nothing matched: no record has the quoted phrase (phrase_not_found) or any query word "
        "(no_term_matched), none passes the filters (excluded_by_filters) or every operator "
        "(no_record_matches_all), none is close in meaning (below_relevance_floor), or none has most of the "
        "words (few_words_covered, see `coverage`)."
    )
    message: str = Field(description="The reason in words.")
    suggestions: list[Suggestion] = Field(
        default_factory=list, description="Changes that would match records."
    )
    coverage: QueryCoverage | None = Field(
        None, description="few_words_covered: how much of the query the best-covering record has."
    )


class SearchPage(BaseModel):
    # tools/list carries these descriptions three times (each search tool's outline), near its 60,000-byte
    # limit (tests/mcp/test_one_call.py): a few words each; docs/SEARCH.md has the long form.
    results: list[SearchHit]
    total: int = Field(
        description="Records matching query and filters in the mode used; see `total_basis`. Pages reach "
        "the first 1,000."
    )
    total_basis: TotalBasis = Field(
        "exact",
        description="exact, or lower_bound: an approximate vector scan may have missed some.",
    )
    source_counts: dict[str, int] = Field(
        default_factory=dict,
        description="`total` per source (the whole result, not the page).",
    )
    no_match: NoMatch | None = Field(None, description="When `total` is 0: why, and what to change.")
    took_ms: float
    mode: Mode
    ignored_terms: list[str] = Field(
        default_factory=list,
        description="Stop words left out (quote a phrase to keep them).",
    )
    approximate: list[str] = Field(
        default_factory=list,
        description="Why ranking may be inexact.",
    )
    vector_coverage: dict[str, float] = Field(
        default_factory=dict,
        description="Per source: share of documents with vectors.",
    )
    degraded: Degraded | None = Field(None, description="Present when a source could not use the mode asked.")
    facets: dict[str, dict[str, int]] = Field(
        default_factory=dict,
        description="Facet: value: records (the whole result).",
    )
    excluded_by_filters: dict[str, list[str]] = Field(
        default_factory=dict, description="Sources left out: filters they lack."
    )

    @model_serializer(mode="wrap")
    def _degraded_when_set(self, handler: SerializerFunctionWrapHandler):
        """``degraded`` only when set: every surface renders the page through this (REST's response schema
        included), so the body is the same wherever it is read."""
        body = handler(self)
        if body.get("degraded", 0) is None:
            del body["degraded"]
        return body

    def public(self) -> dict:
        """The JSON body."""
        return self.model_dump(mode="json", by_alias=True)


class SearchParams(BaseModel):
    """``GET /v1/search``, the MCP search tools, /browse/search and the explorer's search form: one model,
    each field bounded once (apps.core.vocabulary). A new filter is one field here (and its selector
    argument): every surface takes it from this model."""

    q: SearchText = Field(
        description='Words to find: records with any of them are ranked by relevance. "quoted phrases" are '
        "required; term* (≥ 3 chars) is a prefix; NOT term excludes; AND / OR (upper case) make a boolean query. "
        "Phrases, NOT and AND bind every hit in every mode."
    )
    source: str | None = Field(
        None,
        max_length=500,
        description="One source slug or short name (fr), or several joined by commas. Omit = all.",
    )
    mode: Mode = Field("hybrid", description="Ranking: BM25, vectors, or both.")
    since: Since = None
    until: Until = None
    congress: Congress = None
    bill_id: BillId = None
    # the facets (apps.search.facets): comma lists, a record passes with any value chosen
    agency: str | None = Field(None, max_length=2000, description=FACET_DOC["agency"])
    document_type: str | None = Field(None, max_length=200, description=FACET_DOC["document_type"])
    chamber: str | None = Field(None, max_length=40, description=FACET_DOC["chamber"])
    sort: Sort = Field("relevance", description=SORT_DOC)
    limit: Limit = None
    offset: Offset = 0


class SimilarParams(BaseModel):
    limit: Limit = None
    offset: Offset = 0


class SearchAnswer(SearchPage):
    """REST's and browse's search answer: the page, plus the one-box entity cards."""

    entities: list[EntityCard] = Field(
        default_factory=list,
        description='The members, committees and cited record the whole query names ("Sen. Markey", '
        '"Ways and Means", "89 FR 9838"), best first; empty for most searches.',
    )
    citation: CitationCheck | None = Field(
        None, description="Set when the query is a citation; resolved false: Josh holds no such record."
    )
