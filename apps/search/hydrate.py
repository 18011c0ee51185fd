"""Turn ranked (source, document) pairs into hits: public id, title, snippet with highlights, citation."""

import re
from datetime import UTC

from django.utils.dateparse import parse_datetime

from apps.citations.schemas import Citation
from apps.core.overrides import corrected_fields_of, provenance_of
from apps.search import lexical, queries
from apps.search.schemas import Snippet

SNIPPET_CHARS = 320


def marked_snippet(raw: str) -> Snippet:
    """FTS5 snippet text with \\x02..\\x03 markers → clean text plus highlight ranges."""
    text, highlights, start = [], [], None
    pos = 0
    for piece in re.split("([\x02\x03])", raw):
        if piece == "\x02":
            start = pos
        elif piece == "\x03":
            if start is not None:
                highlights.append((start, pos))
            start = None
        else:
            text.append(piece)
            pos += len(piece)
    return Snippet(text="".join(text), highlights=highlights)


def _stems(q: str) -> list[str]:
    words = {w.lower() for w in re.findall(r"\w+", q) if len(w) >= 3 and w not in ("AND", "OR", "NOT")}
    return sorted({w[: max(4, len(w) - 3)] if len(w) > 5 else w for w in words}, key=len, reverse=True)


def passage_snippet(text: str, q: str, heading: str = "") -> Snippet:
    """A window of a chunk around the first query word, with the query words highlighted."""
    stems = _stems(q)
    pattern = (
        re.compile(r"\b(?:" + "|".join(re.escape(s) for s in stems) + r")\w*", re.IGNORECASE)
        if stems
        else None
    )
    first = pattern.search(text) if pattern else None
    begin = max(0, (first.start() if first else 0) - SNIPPET_CHARS // 3)
    if begin:
        begin = text.find(" ", begin) + 1 or begin
    window = text[begin : begin + SNIPPET_CHARS]
    if begin + SNIPPET_CHARS < len(text):
        window = window[: window.rfind(" ")] if " " in window else window
        window += "…"
    if begin:
        window = "…" + window
    highlights = [(m.start(), m.end()) for m in pattern.finditer(window)] if pattern else []
    return Snippet(text=window, highlights=highlights, heading=heading)


def records(spec, doc_ids: list[int]) -> dict[int, tuple]:
    sql = queries.render(
        "hydrate",
        idents={
            "content": spec.content_table,
            "id_col": spec.public_id_column,
            "title_col": spec.title_column,
        },
    )
    return {row[0]: row for row in queries.fetchall(sql, {"ids": queries.ids_param(doc_ids)})}


def citation(plan, row: tuple) -> Citation:
    """A hit's citation from its content row (``hydrate.sql``), flagged ``corrected`` as the record's own is."""
    pk, _, _, citation_string, url, published_at, retrieved_at = row
    model = plan.model_class()
    fields = corrected_fields_of(model, pk)
    return Citation(
        citation_string=citation_string,
        url=url or "",
        published_at=published_at or None,
        source=plan.slug,
        retrieved_at=_aware(retrieved_at),
        in_corpus=not _is_stub(model, pk),
        corrected=bool(fields),
        corrected_fields=fields,
        corrections=provenance_of(model, pk) if fields else {},
    )


def _is_stub(model, pk) -> bool:
    """A record known only because another names it (only some record types have stubs: a lookup for those)."""
    has = any(f.name == "is_stub" for f in model._meta.concrete_fields)
    return has and model.objects.filter(pk=pk, is_stub=True).exists()


def _aware(value):
    parsed = parse_datetime(str(value)) if value else None
    if parsed is not None and parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)  # Django stores UTC without an offset in SQLite
    return parsed


def chunk_passages(table: str, chunk_ids: list[int]) -> dict[int, tuple]:
    sql = queries.render("chunk_text", idents={"chunks": table})
    return {row[0]: row for row in queries.fetchall(sql, {"ids": queries.ids_param(chunk_ids)})}


def lexical_snippet(spec, match: str, doc_id: int) -> Snippet | None:
    raw = lexical.snippet(spec, match, doc_id)
    return marked_snippet(raw) if raw else None
