"""Search selectors: ``search`` (lexical | semantic | hybrid) and ``similar``; shared by REST and MCP."""

import logging
import time
from functools import lru_cache

import numpy as np

from apps.access.costs import charge
from apps.core import lane
from apps.core.errors import InvalidParameter, InvalidQuery, JoshError, NotFound, SourceNotSearchable
from apps.core.pagination import parse_limit
from apps.core.plans import registered_plan
from apps.search import (
    admission,
    constraints,
    corpus_bm25,
    counting,
    coverage,
    eligibility,
    encoders,
    facets,
    fusion,
    hydrate,
    lexical,
    no_match,
    ordering,
    parallel,
    queries,
    semantic,
    staleness,
    vector_coverage,
)
from apps.search.conf import knob, semantic_floor
from apps.search.encoders import get_encoder
from apps.search.filters import SearchFilters, applicable, make_filters, record_filters, unanswered
from apps.search.fusion import Ranked
from apps.search.sanitize import parse_query
from apps.search.schemas import Degraded, Explain, Mode, QueryCoverage, SearchHit, SearchPage, Snippet

MODES = ("lexical", "semantic", "hybrid")
logger = logging.getLogger("josh.search")


@lru_cache(maxsize=512)
def _query_vector(encoder_name: str, q: str) -> np.ndarray:
    return get_encoder(encoder_name).embed([q])[0]


def query_vector(q: str) -> np.ndarray:
    return _query_vector(knob("ENCODER"), q)


WARM_QUERY = "federal program"


def warm() -> None:
    """Load the encoder and every semantic index once, before the first search needs them (a heavy-lane
    worker calls this as it starts: apps/core/lane.py), then run one hybrid search through every source: the
    first real one also reads each table's pages into the cache (PostgreSQL's above all) and fills the
    lexical head caches, which took the first user's search past its budget."""
    model_id = get_encoder().model_id
    for target in eligibility.select(None, "semantic").semantic:
        semantic.index_for(target.spec.chunk_table, model_id)
    _search_with_sources(q=WARM_QUERY, mode="hybrid", limit=1)


def _lexical_leg(targets, parsed, filters: SearchFilters, depth: int) -> tuple[list, dict]:
    """BM25 hits of every target (each source in FTS5's exact order), best first across sources."""
    results, matches = [], {}
    for target in targets:
        if not applicable(target.spec, filters):
            continue
        found = lexical.rank_source(target.slug, target.spec, parsed, filters, depth=depth)
        if found.match:
            matches[target.slug] = found.match
        results.append(found)
    return corpus_bm25.across_sources(results, parsed, depth), matches


def _record_doc_ids(spec, filters: SearchFilters) -> np.ndarray | None:
    """The records passing the filters on their own columns (a bill, the facets): the vector leg's pre-filter
    (its index holds only dates and congresses), so those filters too apply before any vector is scored."""
    if not filters.by_record:
        return None
    fragments, params = record_filters(spec, filters)
    sql = queries.render(
        "record_ids",
        idents={"content": spec.content_table},
        raw={"filters": "".join(f" AND {f}" for f in fragments)},
    )
    return np.array(sorted(r[0] for r in queries.fetchall(sql, params)), dtype=np.int64)


ENCODER_STARTING = (
    "the text encoder is still loading in this process while its search workers start: lexical results "
    "only, retry in a few seconds"
)


def encoder_model() -> tuple[str, str | None]:
    """(the encoder's model id, None) or, when the encoder is missing or fails to load, ("", why). A process
    standing in for search workers that are still starting (apps/core/lane.py) does not load the model inside a
    request (seconds on a busy host: the request came back 503): it loads it beside, and answers lexically
    until then, saying so."""
    if lane.state() == "starting" and not encoders.loaded():
        encoders.load_in_background()
        return "", ENCODER_STARTING
    try:
        return get_encoder().model_id, None
    except JoshError:
        raise  # a time limit is the request's, not the encoder's
    except Exception as exc:  # a missing package or model file, a bad setting
        return "", _unavailable(exc)


def encode(q: str) -> tuple[np.ndarray | None, str, str | None]:
    """(query vector, model id, None) or, when the encoder is missing or fails, (None, "", why): the search
    then answers from the lexical leg and says so (``degraded.semantic``), never a 500."""
    model_id, broken = encoder_model()
    if broken:
        return None, "", broken
    try:
        return query_vector(q), model_id, None
    except JoshError:
        raise
    except Exception as exc:  # a runtime failure of the model
        return None, "", _unavailable(exc)


def _unavailable(exc: Exception) -> str:
    logger.warning("search: the encoder failed, answering lexically: %s", exc)
    return f"the text encoder is unavailable ({type(exc).__name__}: {str(exc)[:200]})"


def _semantic_leg(targets, qvec, model_id: str, parsed, filters: SearchFilters, depth: int, leg) -> list:
    """The vector leg over ``targets``: only records the query's operators allow (apps/search/constraints.py)
    and only passages past the relevance floor; ``leg`` collects the counts and the approximation notes."""
    constraint = constraints.of(parsed)
    floor = semantic_floor(model_id)
    hits = []
    for target in targets:
        if not applicable(target.spec, filters):
            continue
        doc_ids, banned = _record_doc_ids(target.spec, filters), None
        if constraint.allowed:
            allowed = leg.admitted.get(target.slug)
            if allowed is None:
                allowed = constraints.admitted(target.spec, parsed, filters)
            doc_ids = allowed if doc_ids is None else np.intersect1d(doc_ids, allowed)
            if doc_ids.size == 0:
                leg.semantic[target.slug] = semantic.Counted(0, True)
                continue
        elif constraint.banned:
            banned = constraints.excluded(target.spec, constraint.banned)
        found = semantic.search_table(
            target.slug,
            target.spec.chunk_table,
            model_id,
            qvec,
            filters,
            depth=depth,
            doc_ids=doc_ids,
            banned=banned,
            approximate=leg.approximate,
            floor=floor,
            counted=leg.semantic,
        )
        leg.semantic_ids[target.slug] = np.array([h.doc_id for h in found], dtype=np.int64)
        hits += found
    hits.sort(key=lambda h: (-h.cosine, h.source, h.doc_id))
    return hits[:depth]


def _encoded_leg(q: str, targets, parsed, filters: SearchFilters, depth: int):
    """The whole vector leg (the query's encoding included) for a worker thread: (hits, its own counts, why the
    encoder failed or None). Its counts are its own ``Legs``: the lexical leg fills the request's meanwhile."""
    qvec, model_id, broken = encode(q)
    own = counting.Legs()
    if qvec is None:
        return [], own, broken
    return _semantic_leg(targets, qvec, model_id, parsed, filters, depth, own), own, None


def _joined(result, leg) -> tuple[list, str | None]:
    hits, own, broken = result
    leg.semantic.update(own.semantic)
    leg.semantic_ids.update(own.semantic_ids)
    leg.approximate += [note for note in own.approximate if note not in leg.approximate]
    return hits, broken


def fuse(lex_hits: list, sem_hits: list, mode: str, q: str = "") -> list[Ranked]:
    """One ranked list: a single leg as it ranked, or hybrid (the legs' scores fused, then the exact-title and
    leg-leader rules; apps/search/fusion.py). Lexical mode keeps FTS5's order except that an exact title goes
    first."""
    items = fusion.merge(lex_hits, sem_hits)
    if mode == "hybrid":
        items = fusion.fuse(items, knob("HYBRID_FUSION"), k=knob("RRF_K"))
    if mode != "semantic" and knob("HYBRID_TITLE_MATCH"):
        items = fusion.pin_titles(items, q, _titles(fusion.title_candidates(items)))
    if mode == "hybrid" and knob("HYBRID_KEEP_LEADERS"):
        items = fusion.keep_leaders(items)
    return items


def _titles(items: list[Ranked]) -> dict[tuple[str, int], str]:
    out = {}
    for source in {r.source for r in items}:
        rows = hydrate.records(
            registered_plan(source).searched, [r.doc_id for r in items if r.source == source]
        )
        out.update({(source, doc_id): row[2] or "" for doc_id, row in rows.items()})
    return out


def _snippet(r: Ranked, plan, matches: dict[str, str], q: str, passages: dict) -> Snippet:
    if r.lexical_rank and r.source in matches:
        if snip := hydrate.lexical_snippet(plan.search, matches[r.source], r.doc_id):
            return snip
    if passage := passages.get((r.source, r.chunk_id)):
        return hydrate.passage_snippet(passage[2], q, heading=passage[1])
    return Snippet(text="", highlights=[])


def _current_snippet(r: Ranked, plan, matches: dict[str, str]) -> Snippet:
    """A record whose text changed after its chunks were embedded (a correction, a re-ingest): never a quote
    of the old passage. The lexical index follows the text at once, so its snippet is current; otherwise the
    hit shows its (current) title."""
    if r.source in matches:
        if snip := hydrate.lexical_snippet(plan.search, matches[r.source], r.doc_id):
            return snip
    return Snippet(text="", highlights=[])


def _page_rows(page: list[Ranked]) -> tuple[dict, dict, dict]:
    """Content rows, best-chunk passages and the records whose vectors are stale, of a page: one query per
    source for each."""
    rows: dict[str, dict[int, tuple]] = {}
    passages: dict[tuple[str, int], tuple] = {}
    stale: dict[str, set[int]] = {}
    for source in {r.source for r in page}:
        spec = registered_plan(source).searched
        rows[source] = hydrate.records(spec, [r.doc_id for r in page if r.source == source])
        chunk_ids = [r.chunk_id for r in page if r.source == source and r.chunk_id is not None]
        if chunk_ids and spec.chunk_table:  # a passage hit comes only from a source with chunks
            found = hydrate.chunk_passages(spec.chunk_table, chunk_ids)
            passages.update({(source, cid): row for cid, row in found.items()})
            stale[source] = staleness.stale_ids(
                spec.chunk_table, [r.doc_id for r in page if r.source == source and r.chunk_id is not None]
            )
    return rows, passages, stale


def hits_for(
    page: list[Ranked], matches: dict[str, str], q: str, stale_hits: dict[str, int] | None = None
) -> list[SearchHit]:
    """The page's hits, hydrated; ``stale_hits`` (when given) counts per source the hits whose vectors are
    older than their text (their snippet comes from the current text instead)."""
    rows, passages, stale = _page_rows(page)
    out = []
    for r in page:
        plan, row = registered_plan(r.source), rows[r.source].get(r.doc_id)
        if row is None:  # the record was deleted after its chunks were embedded
            continue
        if r.doc_id in stale.get(r.source, ()):
            snip = _current_snippet(r, plan, matches)
            if stale_hits is not None:
                stale_hits[r.source] = stale_hits.get(r.source, 0) + 1
        else:
            snip = _snippet(r, plan, matches, q, passages)
        if not snip.text:
            snip = Snippet(text=row[2] or "", highlights=[])
        explain = Explain(
            lexical_rank=r.lexical_rank,
            semantic_rank=r.semantic_rank,
            fusion=knob("HYBRID_FUSION") if r.fused is not None else None,
            fused_score=r.fused,
            lexical_norm=r.lexical_norm,
            semantic_norm=r.semantic_norm,
            lexical_score=r.lexical_score,
            semantic_score=r.semantic_score,
            chunk_cosine=r.chunk_cosine,
            document_cosine=r.document_cosine,
            title_match=r.title_match,
        )
        out.append(
            SearchHit(
                id=row[1],
                source=r.source,
                resource=plan.resource,
                title=row[2] or row[1],
                snippet=snip,
                score=round(r.score, 6),
                explain=explain,
                citation=hydrate.citation(plan, row),
            )
        )
    return out


def _check_paging(mode: str, limit: int | None, offset: int) -> int:
    if mode not in MODES:
        raise InvalidParameter(
            "mode", f"mode must be one of {', '.join(MODES)}; got '{mode}'.", allowed=MODES
        )
    if not 0 <= offset <= knob("MAX_OFFSET"):
        raise InvalidParameter("offset", f"offset must be between 0 and {knob('MAX_OFFSET')}; got {offset}.")
    return parse_limit(limit)


def search(**params) -> SearchPage:
    """Search every eligible source (or the comma list ``source``): lexical BM25, semantic vectors, or both
    fused (``hybrid``, the default). Filters apply before ranking. Each hit cites its record. Takes the keyword
    arguments of ``_search_with_sources``."""
    return search_with_sources(**params)[0]


def search_with_sources(**params) -> tuple[SearchPage, list[str]]:
    """``search``, plus the source of each of the first ``window`` ranked records (for facets). Only the page
    is hydrated (snippets, citations): counting sources over a window costs no snippet. Runs in the heavy lane
    (apps/core/lane.py): a search never competes with a lookup for this process's GIL. The caller's rate budget
    is charged a search's cost first (apps.access.costs)."""
    charge("search")
    page, sources, _ = lane.run(_search_with_sources, **params)
    return page, sources


def search_with_years(**params) -> tuple[SearchPage, dict[int, int]]:
    """``search``, plus how many records of the whole result were published in each year (the date facet;
    undated records are in no year)."""
    charge("search")
    page, _, months = lane.run(_search_with_sources, years=True, **params)
    return page, ordering.years_of(months)


def search_with_months(**params) -> tuple[SearchPage, dict[str, int]]:
    """``search``, plus how many records of the whole result were published in each month ("YYYY-MM",
    newest first; the activity chart's counts, which a year facet sums)."""
    charge("search")
    page, _, months = lane.run(_search_with_sources, years=True, **params)
    return page, months


def _search_with_sources(
    *,
    q: str,
    source: str | None = None,
    mode: Mode = "hybrid",
    since=None,
    until=None,
    congress: int | None = None,
    bill_id: str | None = None,
    agency=None,
    document_type=None,
    chamber=None,
    limit: int | None = None,
    offset: int = 0,
    window: int = 0,
    sort: str | None = None,
    years: bool = False,
) -> tuple[SearchPage, list[str], dict[str, int]]:
    started = time.perf_counter()
    size = _check_paging(mode, limit, offset)
    sort = ordering.check(sort)
    if not (q or "").strip():
        raise InvalidQuery("q is empty: pass the words to search for, e.g. q=child online safety.")
    filters = make_filters(
        since=since,
        until=until,
        congress=congress,
        bill_id=bill_id,
        agency=agency,
        document_type=document_type,
        chamber=chamber,
    )
    selection = eligibility.select(source, mode)
    parsed = parse_query(q, stop_words=bool(knob("LEXICAL_STOP_WORDS")))
    depth = max(knob("HYBRID_DEPTH"), offset + size, window)
    lex_hits: list = []
    matches: dict = {}
    sem_hits: list = []
    leg, weak = counting.Legs(), None
    used = mode
    targets = {t.slug: t for t in selection.lexical + selection.semantic}.values()
    coverage_by_source, degraded = vector_coverage.for_search(targets, mode, selection.degraded)
    with admission.admitted(), queries.time_limit():
        if parsed is not None:
            vector_leg = None
            if mode == "hybrid" and selection.lexical and selection.semantic and parallel.possible():
                vector_leg = parallel.submit(
                    queries.timeout_message(), _encoded_leg, q, selection.semantic, parsed, filters, depth
                )
                qvec, model_id, broken = None, "", None
            else:
                qvec, model_id, broken = encode(q) if selection.semantic else (None, "", None)
            lexical_targets = selection.lexical
            if broken:  # no vectors to compare: the lexical leg answers, on every source asked
                lexical_targets = selection.lexical or selection.semantic
                used, degraded = "lexical", _degraded(degraded, mode, broken)
            if lexical_targets:
                lex_hits, matches = _lexical_leg(lexical_targets, parsed, filters, depth)
                leg.admitted = _admitted(lexical_targets, parsed, filters)
            if vector_leg is not None:  # the vector leg ran meanwhile in a worker thread
                sem_hits, broken = _joined(vector_leg.result(), leg)
                if broken:  # the lexical leg already ran on every source asked (hybrid has them all)
                    used, degraded = "lexical", _degraded(degraded, mode, broken)
            if qvec is not None:
                sem_hits = _semantic_leg(selection.semantic, qvec, model_id, parsed, filters, depth, leg)
            if used == "hybrid" and lex_hits and knob("HYBRID_LEXICAL_COVERAGE"):
                lex_hits = _covered_only(lexical_targets, parsed, filters, lex_hits, sem_hits, leg)
            if used == "lexical" and mode == "lexical" and lex_hits:
                weak = _uncovered(lexical_targets, parsed, filters, q)
                if weak is not None:  # an off-topic question matched by stray words: no answer
                    lex_hits, matches, leg.admitted = [], {}, {}
        ranked = fuse(lex_hits, sem_hits, used, q)
        members = leg.members(used)  # the records total counts, for the date order, the months and the facets
        if sort != "relevance":  # the whole admitted result by date, not only its ranked head
            ranked = ordering.by_date(ranked, members, newest=sort == "newest")
        counted = ordering.result_keys(ranked, members)
        by_month = ordering.month_counts(counted) if years else {}
        facet_counts = facets.counts(counted)
        stale_hits: dict[str, int] = {}
        results = hits_for(ranked[offset : offset + size], matches, q, stale_hits)
        if stale_hits:
            degraded = _stale(degraded, stale_hits)
        total, basis, per_source = leg.total(used)
        leg.approximate += _partial_counts(len(counted), total, depth)
        missing = None
        if total == 0:
            missing = no_match.explain(q, parsed, mode, source, selection, filters, weak)
    took = round((time.perf_counter() - started) * 1000, 2)
    page = SearchPage(
        results=results,
        total=max(total, len(ranked)),
        total_basis=basis,
        source_counts=per_source,
        no_match=missing,
        took_ms=took,
        mode=mode,
        ignored_terms=parsed.ignored if parsed else [],
        approximate=leg.approximate,
        vector_coverage=coverage_by_source,
        degraded=degraded,
        facets=facet_counts,
        excluded_by_filters={t.slug: lacks for t in targets if (lacks := unanswered(t.spec, filters))},
    )
    return page, [r.source for r in ranked[:window]], by_month


def _partial_counts(counted: int, total: int, depth: int) -> list[str]:
    """The note when the facets, the dates and a date order reach fewer records than ``total`` counts: the
    vector leg ranks (and so lists) the first ``depth`` records past its floor per source, and counts the rest."""
    if counted >= total:
        return []
    return [
        f"facets, dates and newest/oldest order cover {counted:,} of the {total:,} records: the vector leg "
        f"ranks the first {depth:,} records past its floor per source"
    ]


def _covered_only(targets, parsed, filters: SearchFilters, lex_hits: list, sem_hits: list, leg) -> list:
    """Hybrid: the lexical hits that are past the vector leg's floor or cover enough of the query's words
    (apps/search/coverage.py); the lexical count becomes the covered records'."""
    covered = coverage.covered(targets, parsed, filters, knob("HYBRID_LEXICAL_COVERAGE"))
    for source, ids in covered.items():
        leg.admitted[source] = np.intersect1d(ids, leg.admitted.get(source, ids))
    near = {(h.source, h.doc_id) for h in sem_hits}
    return [
        h
        for h in lex_hits
        if (h.source, h.doc_id) in near or np.isin(h.doc_id, leg.admitted.get(h.source, [])).item()
    ]


def _uncovered(targets, parsed, filters: SearchFilters, q: str) -> QueryCoverage | None:
    """Lexical mode, an any-term query of two or more words: how little of it the best-covering record has,
    when that is under ``LEXICAL_QUERY_COVERAGE`` and no passage is past the vector leg's floor (the query
    means nothing in the corpus); None when the lexical answer stands (apps/search/coverage.py)."""
    need = knob("LEXICAL_QUERY_COVERAGE")
    if not need or not coverage.applies(parsed) or parsed.exclude:  # NOT is the user's constraint too
        return None
    measured = coverage.shares(targets, parsed, filters)
    best, source, doc_id = measured.best()
    if best >= need - 1e-12:
        return None
    body = [t for t in targets if t.shape == "body"]
    qvec, model_id, broken = encode(q) if body else (None, "", None)
    if qvec is None or not semantic_floor(model_id):  # no evidence that the query is off-topic
        return None
    if _semantic_leg(body, qvec, model_id, parsed, filters, 1, counting.Legs()):
        return None
    has = measured.words_of(source, doc_id)
    return QueryCoverage(
        best=round(best, 3),
        required=need,
        present=[t.text for t, h in zip(measured.terms, has, strict=True) if h],
        missing=[t.text for t, h in zip(measured.terms, has, strict=True) if not h],
    )


def _admitted(targets, parsed, filters: SearchFilters) -> dict[str, np.ndarray]:
    """Every record of each source the lexical query admits (no depth cap): the lexical count."""
    return {
        t.slug: constraints.admitted(t.spec, parsed, filters) for t in targets if applicable(t.spec, filters)
    }


def _stale(current: Degraded | None, stale_hits: dict[str, int]) -> Degraded:
    base = current.model_copy() if current is not None else Degraded()
    base.stale_vectors = dict(sorted(stale_hits.items()))
    note = (
        f"{sum(stale_hits.values())} hit(s) changed after their vectors were made (a correction or a re-ingest; "
        "`manage.py embed` brings them up to date): ranked by the old vectors, snippets from the current text"
    )
    base.reason = f"{base.reason}; {note}" if base.reason else note
    return base


def _degraded(current: Degraded | None, mode: Mode, why: str) -> Degraded:
    base = current.model_copy() if current is not None else Degraded()
    base.from_, base.to, base.semantic = mode, "lexical", why
    base.reason = "the vector leg could not run; these are the lexical leg's hits" + (
        f"; {current.reason}" if current is not None and current.reason else ""
    )
    return base


def similar(*, slug: str, id: str, limit: int | None = None, offset: int = 0) -> SearchPage:
    """Records of the same source nearest to record ``id``, by the mean of its own chunk vectors (in the heavy
    lane, as searches are, and at a search's cost)."""
    charge("search")
    return lane.run(_similar, slug=slug, id=id, limit=limit, offset=offset)


def _similar(*, slug: str, id: str, limit: int | None, offset: int) -> SearchPage:
    started = time.perf_counter()
    size = _check_paging("semantic", limit, offset)
    target = {t.slug: t for t in eligibility.select(slug, "hybrid").semantic}.get(slug)
    if target is None:
        raise SourceNotSearchable(
            f"{slug} has no body vectors, so similar records cannot be computed.",
            code=eligibility.SEMANTIC_CODE,
            hint={"valid_sources": [t.slug for t in eligibility.select(None, "semantic").semantic]},
        )
    model_id, broken = encoder_model()
    if broken:  # nothing to rank by but the vectors of this encoder's model: no lexical answer to give
        raise JoshError(f"Similar records need {broken}.", code="encoder_unavailable", status=503)
    plan, chunk_table = target.plan, target.plan.searched.chunk_table
    if chunk_table is None:  # a semantic target has body vectors (eligibility), so never: a broken plan
        raise LookupError(f"{slug} is a semantic target without a chunk table")
    doc_id, qvec = _record_vector(plan, id, model_id)
    counted: dict[str, semantic.Counted] = {}
    hits = semantic.search_table(
        slug,
        chunk_table,
        model_id,
        qvec,
        SearchFilters(),
        depth=offset + size,
        exclude_doc=doc_id,
        counted=counted,
    )
    ranked = fuse([], hits, "semantic")
    stale_hits: dict[str, int] = {}
    results = hits_for(ranked[offset : offset + size], {}, "", stale_hits)
    took = round((time.perf_counter() - started) * 1000, 2)
    degraded = _stale(None, stale_hits) if stale_hits else None
    # Not len(ranked): that is the depth asked for, so a first page said "20 in all, exact" and the next page,
    # and a whole-result export (which stops at total), never came.
    seen = counted.get(slug, semantic.Counted(len(ranked), True))
    return SearchPage(
        results=results,
        total=max(seen.above, len(ranked)),
        total_basis="exact" if seen.complete else "lower_bound",
        took_ms=took,
        mode="semantic",
        degraded=degraded,
    )


def _record_vector(plan, raw_id: str, model_id: str) -> tuple[int, np.ndarray]:
    spec = plan.search
    sql = queries.render(
        "record_doc_id", idents={"content": spec.content_table, "id_col": spec.public_id_column}
    )
    rows = queries.fetchall(sql, {"public_id": _canonical(plan, raw_id)})
    if not rows:
        raise NotFound(
            f"No {plan.slug} record '{raw_id}'. Search for it with GET /v1/search?source={plan.slug}."
        )
    doc_id = rows[0][0]
    cache = semantic.centroid_cache(spec.chunk_table, model_id)
    vectors = semantic.document_vectors(spec.chunk_table, model_id, [doc_id], cache)
    if doc_id not in vectors:
        raise NotFound(
            f"{raw_id} has no embedded text yet; run `python manage.py embed --source {plan.slug}`.",
            code="record_not_embedded",
        )
    return doc_id, vectors[doc_id]


def _canonical(plan, raw_id: str) -> str:
    from apps.core.ids import id_kinds

    for kind in id_kinds():
        if kind.resource == plan.resource and (canonical := kind.normalize(raw_id.strip())):
            return canonical
    return raw_id.strip()
