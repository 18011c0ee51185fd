"""Ranked name lookup over the registry's FTS5 name tables (``legislators_fts``, ``committees_fts``).

Registry queries are noisy names ("Sen. Markey MA", "AOC", "ways means health"), not prose, so every word
is optional: the query is each word OR its prefix, and FTS5's bm25 ranks the rows that match the most and
the rarest words first. User text never reaches ``MATCH`` as syntax: it is split into letter/digit runs,
each emitted as a quoted FTS5 string. The statement runs under the configured time limit.
"""

import re
from dataclasses import dataclass

from django.db import connection

from apps.core.conf import knob
from apps.core.db.quoting import quote_ident
from apps.core.db.timelimit import deadline
from apps.core.errors import InvalidParameter
from apps.search import backend

MAX_TOKENS = 12
MIN_PREFIX = 3
_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
_PROGRESS_STEPS = 10_000

# Purpose: rank content rows whose FTS name column matches the quoted-token query.
# Parameters: %(match)s FTS5 query built by name_match_query; %(boost)s score factor for rows whose
# {boost_column} IS NULL (1.0 = none); %(limit)s, %(offset)s; filter values %(f_<i>)s.
# {fts}, {content}, {boost_column}: quoted identifiers from code; {filters}: " AND c.<col> = %(f_i)s"
# fragments built from code; {prefer}: an optional "c.<col> DESC, " tie-break from code; {name_matches}: the
# engine's (id, relevance) rows, NAME_MATCHES_SQL here or pgsearch.NAME_MATCHES_SQL on PostgreSQL.
NAME_MATCHES_SQL = """
    SELECT rowid AS id, -bm25({fts}) AS relevance          -- bm25 is lower-is-better: negate it
    FROM {fts}
    WHERE {fts} MATCH %(match)s
"""
NAME_SEARCH_SQL = """
WITH name_matches AS ({name_matches})
SELECT m.id,
       m.relevance * (CASE WHEN c.{boost_column} IS NULL THEN %(boost)s ELSE 1.0 END) AS score,
       COUNT(*) OVER () AS total
FROM name_matches AS m
JOIN {content} AS c ON c.id = m.id
WHERE 1 = 1{filters}
ORDER BY score DESC, {prefer}m.id                          -- ties: preferred rows first, then stable by id
LIMIT %(limit)s OFFSET %(offset)s
"""


@dataclass(frozen=True)
class NameMatches:
    hits: list[tuple[int, float]]  # (content row id, score: higher = better), best first
    total: int


def name_tokens(q: str) -> list[str]:
    """The words of ``q`` (letters and digits only), lower-cased, de-duplicated, at most MAX_TOKENS."""
    return list(dict.fromkeys(t.lower() for t in _TOKEN.findall(q or "")))[:MAX_TOKENS]


def name_match_query(q: str, *, loose: bool = False) -> str:
    """FTS5 query for noisy name text: ``"markey" OR "markey"*`` per word, words OR-ed (all optional).

    ``loose`` (the retry when nothing matched, e.g. a misspelling such as "Markye") matches each word of
    four or more letters by its first three letters only: ``"mar"*``."""
    tokens = name_tokens(q)
    if not tokens:
        raise InvalidParameter(
            "q", f"q={q!r} has no letters or digits to look up; give a name, e.g. q=Markey."
        )
    parts = []
    for token in tokens:
        if loose and len(token) > MIN_PREFIX:
            parts.append(f'"{token[:MIN_PREFIX]}"*')
            continue
        quoted = f'"{token}"'  # tokens are letters/digits only: nothing to escape, no FTS5 syntax left
        parts.append(f"{quoted} OR {quoted}*" if len(token) >= MIN_PREFIX else quoted)
    return " OR ".join(parts)


def _time_limit():
    return deadline(
        knob("QUERY_TIME_LIMIT_MS"),
        "The name lookup ran past its {ms} ms budget; use fewer words or add a filter.",
        steps=_PROGRESS_STEPS,
    )


def search_names(
    *,
    fts_table: str,
    content_table: str,
    q: str,
    filters: dict[str, object] | None = None,
    prefer_column: str | None = None,
    boost_null: tuple[str, float] | None = None,
    limit: int,
    offset: int = 0,
    loose: bool = False,
) -> NameMatches:
    """Rows of ``content_table`` whose name matches ``q``, best first, with equality ``filters`` applied.

    ``filters`` keys, ``prefer_column`` (tie-break, true first) and ``boost_null`` (``(column, factor)``: rows
    where the column is NULL, e.g. a committee without a parent, score ``factor`` times higher) are column
    names from code (quoted); values are bound. When nothing matches at all, the lookup is retried ``loose``
    (see name_match_query), so a misspelt name still returns its nearest candidates."""
    boost_column, boost = boost_null or ("id", 1.0)
    match = name_match_query(q, loose=loose)  # on PostgreSQL too: the same 400 for a query with no words
    match, matches, relevance = backend.current().name_matches(
        q, match, fts_table, content_table, loose=loose
    )
    params: dict[str, object] = {
        **relevance,
        "match": match,
        "boost": boost,
        "limit": limit,
        "offset": offset,
    }
    fragments = []
    for i, (column, value) in enumerate((filters or {}).items()):
        fragments.append(f" AND c.{quote_ident(column)} = %(f_{i})s")
        params[f"f_{i}"] = value
    sql = NAME_SEARCH_SQL.replace("{name_matches}", matches).format(
        fts=quote_ident(fts_table),
        content=quote_ident(content_table),
        boost_column=quote_ident(boost_column),
        filters="".join(fragments),
        prefer=f"c.{quote_ident(prefer_column)} DESC, " if prefer_column else "",
    )
    with _time_limit(), connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    total = rows[0][2] if rows else 0
    if not rows and offset:
        total = _count(sql, params)
    if total == 0 and not loose and name_match_query(q, loose=True) != name_match_query(q):
        return search_names(
            fts_table=fts_table, content_table=content_table, q=q, filters=filters,
            prefer_column=prefer_column, boost_null=boost_null, limit=limit, offset=offset, loose=True,
        )  # fmt: skip
    return NameMatches(hits=[(row[0], round(row[1], 4)) for row in rows], total=total)


def _count(sql: str, params: dict) -> int:
    """Total matches when the page is past the end (the window count came back with no rows)."""
    with _time_limit(), connection.cursor() as cursor:
        cursor.execute(
            f"SELECT COUNT(*) FROM ({sql.replace('LIMIT %(limit)s OFFSET %(offset)s', '')})", params
        )
        return cursor.fetchone()[0]
