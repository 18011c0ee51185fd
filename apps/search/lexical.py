"""The lexical leg: sanitized FTS5 BM25 per source, with the cost of very common terms bounded.

FTS5 scores every match (no top-k pruning), so before running a query we look up each term's document
frequency in an ``fts5vocab`` table and (1) drop terms that are in most documents from AND groups that have a
rarer term, and (2) when the postings left to score are still very many and no filter is set, rank only the
newest ``LEXICAL_SCAN_CAP`` matches. Everything runs under the progress-handler time limit.
"""

import hashlib
import re
from dataclasses import dataclass, field

from apps.search import queries
from apps.search.conf import knob
from apps.search.ddl import quote_ident
from apps.search.filters import SearchFilters, content_filters
from apps.search.sanitize import FtsQuery, Group, Term

_TOKENIZE = re.compile(r"tokenize\s*=\s*'([^']*)'", re.IGNORECASE)


@dataclass
class LexicalPlan:
    match: str | None  # the FTS5 query to run, None when nothing is left
    dropped: list[str] = field(default_factory=list)  # terms left out as too common
    capped: bool = False  # ranked only the newest ``scan_cap`` matches
    scan_cap: int | None = None


def _tokenizer(fts_table: str) -> str:
    rows = queries.fetchall("SELECT sql FROM sqlite_master WHERE name = ?", (fts_table,))
    m = _TOKENIZE.search(rows[0][0] if rows else "")
    return m.group(1) if m else "unicode61"


def _query_tokens(texts: list[str], tokenize: str) -> list[list[str]]:
    """Tokenize with the FTS table's own tokenizer (stemming included) via a contentless temp FTS5 table."""
    name = "josh_qtok_" + hashlib.sha1(tokenize.encode()).hexdigest()[:10]
    table, vocab = quote_ident(name), quote_ident(name + "_i")
    cursor = queries.raw_connection().cursor()
    try:
        cursor.execute(
            f"CREATE VIRTUAL TABLE IF NOT EXISTS temp.{table} USING fts5(t, content='', "
            f"tokenize='{tokenize.replace(chr(39), '')}')"
        )
        cursor.execute(
            f"CREATE VIRTUAL TABLE IF NOT EXISTS temp.{vocab} USING fts5vocab(temp, {table}, instance)"
        )
        cursor.executemany(f"INSERT INTO temp.{table}(rowid, t) VALUES (?, ?)", list(enumerate(texts)))
        rows = cursor.execute(f"SELECT doc, term FROM temp.{vocab} ORDER BY doc, offset").fetchall()
        cursor.execute(f"INSERT INTO temp.{table}({table}) VALUES ('delete-all')")
    finally:
        cursor.close()
    out: list[list[str]] = [[] for _ in texts]
    for doc, term in rows:
        out[doc].append(term)
    return out


def _vocab(fts_table: str) -> str:
    name = quote_ident(f"{fts_table}_josh_vocab")
    queries.fetchall(
        f"CREATE VIRTUAL TABLE IF NOT EXISTS temp.{name} USING fts5vocab(main, {quote_ident(fts_table)}, row)"
    )
    return f"temp.{name}"


def doc_count(fts_table: str) -> int:
    return queries.fetchall(f"SELECT count(*) FROM {quote_ident(fts_table + '_docsize')}")[0][0]


def _doc_freq(vocab: str, term: Term, tokens: list[str]) -> int:
    """Postings FTS5 reads for ``term``: the sum over its tokens (a prefix sums the terms it expands to)."""
    total = 0
    for i, token in enumerate(tokens):
        if term.prefix and i == len(tokens) - 1:
            rows = queries.fetchall(
                f"SELECT total(doc) FROM (SELECT doc FROM {vocab} WHERE term >= ? AND term < ? LIMIT 5000)",
                (token, token + "\U0010ffff"),
            )
        else:
            rows = queries.fetchall(f"SELECT doc FROM {vocab} WHERE term = ?", (token,))
        total += int(rows[0][0]) if rows and rows[0][0] else 0
    return total


def plan_query(fts_table: str, parsed: FtsQuery, *, filtered: bool) -> LexicalPlan:
    """Decide what to run for ``parsed`` on ``fts_table`` from the live term statistics."""
    terms = parsed.terms()
    tokens = _query_tokens([t.text for t in terms], _tokenizer(fts_table))
    vocab = _vocab(fts_table)
    df = {id(t): _doc_freq(vocab, t, toks) for t, toks in zip(terms, tokens, strict=True)}
    n_docs = max(doc_count(fts_table), 1)
    dropped: list[str] = []
    groups = []
    for group in parsed.groups:
        keep = _drop_common(group.include, df, n_docs)
        dropped += [t.text for t in group.include if t not in keep]
        groups.append(Group(include=keep, exclude=group.exclude))
    plan_terms = [t for g in groups for t in g.include]
    postings = sum(df[id(t)] for t in plan_terms)
    capped = postings > knob("LEXICAL_EXACT_POSTINGS")
    cap = knob("LEXICAL_FILTERED_SCAN_CAP" if filtered else "LEXICAL_SCAN_CAP") if capped else None
    return LexicalPlan(match=FtsQuery(groups).fts(), dropped=dropped, capped=capped, scan_cap=cap)


def _drop_common(include: list[Term], df: dict[int, int], n_docs: int) -> list[Term]:
    if len(include) < 2:
        return include
    ratio, min_df = knob("LEXICAL_DROP_RATIO"), knob("LEXICAL_DROP_MIN_DF")
    common = [t for t in include if not t.phrase and df[id(t)] >= min_df and df[id(t)] / n_docs > ratio]
    keep = [t for t in include if t not in common]
    if not keep:  # every term is common: keep the rarest so the query still means something
        keep = [min(include, key=lambda t: df[id(t)])]
    return keep


@dataclass(frozen=True)
class LexicalHit:
    source: str
    doc_id: int
    bm25: float
    tier: int = 0  # 0: every term matched; 1: the relaxed any-term query (hybrid only)


def relaxed(parsed: FtsQuery) -> FtsQuery | None:
    """Any-term form of a plain AND query ("a b c" -> a OR b OR c), for the hybrid leg's recall."""
    if len(parsed.groups) != 1 or parsed.groups[0].exclude or len(parsed.groups[0].include) < 2:
        return None
    return FtsQuery([Group(include=[t]) for t in parsed.groups[0].include])


def rank_source(
    source: str, spec, match: str, filters: SearchFilters, *, depth: int, scan_cap: int | None, tier: int = 0
):
    fragments, params = content_filters(spec, filters)
    weights = ", ".join(f":w{i}" for i in range(len(spec.weights)))
    sql = queries.render(
        "lexical" if fragments else "lexical_unfiltered",
        idents={"fts": spec.fts_table, "content": spec.content_table},
        raw={
            "weights": weights,
            "filters": "".join(f" AND {f}" for f in fragments),
            "scan_cap": "ORDER BY rowid DESC LIMIT :scan_cap" if scan_cap else "",
        },
    )
    params.update({f"w{i}": float(w) for i, w in enumerate(spec.weights)})
    params.update({"q": match, "depth": depth})
    if scan_cap:
        params["scan_cap"] = scan_cap
    return [LexicalHit(source, doc_id, bm25, tier) for doc_id, bm25 in queries.fetchall(sql, params)]


def snippet(spec, match: str, doc_id: int) -> str | None:
    sql = queries.render("snippet", idents={"fts": spec.fts_table})
    rows = queries.fetchall(sql, {"q": match, "doc_id": doc_id})
    return rows[0][0] if rows and rows[0][0] else None
