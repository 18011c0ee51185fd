"""One ranked list from the two legs: a score fusion plus two rules that keep strong hits on top.

The default fusion is a convex combination of the legs' min–max normalised scores (``cc``: score =
(1 - w)·lexical_norm + w·semantic_norm, w = 0.5): a record one leg scores near its best keeps most of that
even when the other leg missed it. Reciprocal Rank Fusion (``rrf``: Σ w_leg / (k + rank_leg)) is kept as an
option; it rewards records both legs put anywhere, so a vector-only second place can fall below records both
legs rank in their middle. The eval's dev split chose ``cc`` (docs/SEARCH.md). Two rules, applied after the
fusion, make hybrid at least as good as each leg at its best:

1. **exact title** — a record whose title (or one of its " – "/": " separated parts) equals the query,
   ignoring case and punctuation, is what a person typing a title wants: it goes first.
2. **leg leaders** — the record each leg ranks first is in the top 3.

Both are visible per hit in ``explain`` (``title_match``, the leg ranks) and neither reorders anything else.
"""

import re
from dataclasses import dataclass

from apps.search.conf import knob

LEADER_SLOT = 3


@dataclass
class Ranked:
    source: str
    doc_id: int
    score: float
    lexical_rank: int | None = None
    semantic_rank: int | None = None
    fused: float | None = None
    lexical_norm: float | None = None
    semantic_norm: float | None = None
    lexical_score: float | None = None
    semantic_score: float | None = None
    chunk_cosine: float | None = None
    document_cosine: float | None = None
    chunk_id: int | None = None
    title_match: bool = False

    @property
    def key(self) -> tuple[str, int]:
        return (self.source, self.doc_id)


def merge(lex_hits: list, sem_hits: list) -> list[Ranked]:
    """Each leg's hits as one ``Ranked`` per record, in lexical order then semantic-only order."""
    ranked: dict[tuple[str, int], Ranked] = {}
    for rank, h in enumerate(lex_hits, 1):
        ranked[(h.source, h.doc_id)] = Ranked(
            h.source, h.doc_id, -h.bm25, lexical_rank=rank, lexical_score=-h.bm25
        )
    for rank, h in enumerate(sem_hits, 1):
        r = ranked.setdefault((h.source, h.doc_id), Ranked(h.source, h.doc_id, h.cosine))
        r.semantic_rank, r.semantic_score, r.chunk_id = rank, h.cosine, h.chunk_id
        r.chunk_cosine, r.document_cosine = h.chunk_cosine, h.doc_cosine
    return list(ranked.values())


FUSIONS = ("cc", "rrf")


def fuse(items: list[Ranked], method: str, *, k: int) -> list[Ranked]:
    """Hybrid order by ``method`` (one of ``FUSIONS``), ties broken by the lexical then the semantic rank."""
    if method == "rrf":
        rrf(items, k)
    else:
        convex(items, knob("CC_W_SEMANTIC"))
    return sorted(items, key=lambda r: (-r.fused, r.lexical_rank or 10**9, r.semantic_rank or 10**9))


def rrf(items: list[Ranked], k: int) -> None:
    w_lex, w_sem = knob("RRF_W_LEXICAL"), knob("RRF_W_SEMANTIC")
    for r in items:
        r.fused = (w_lex / (k + r.lexical_rank) if r.lexical_rank else 0.0) + (
            w_sem / (k + r.semantic_rank) if r.semantic_rank else 0.0
        )
        r.score = r.fused


def convex(items: list[Ranked], w_sem: float) -> None:
    """Each leg's scores mapped to [0, 1] over the hits it returned (best 1, worst 0; a leg with one hit or
    equal scores gives 1), a leg's miss counts 0, then mixed ``1 - w_sem`` : ``w_sem``. Min–max over the
    returned list keeps the two scales comparable without a fitted constant: BM25 is unbounded and its range
    moves with the query, cosines crowd into a narrow band."""
    lex = _minmax([(r, r.lexical_score) for r in items if r.lexical_rank])
    sem = _minmax([(r, r.semantic_score) for r in items if r.semantic_rank])
    for r in items:
        r.lexical_norm, r.semantic_norm = lex.get(id(r)), sem.get(id(r))
        r.fused = (1 - w_sem) * (r.lexical_norm or 0.0) + w_sem * (r.semantic_norm or 0.0)
        r.score = r.fused


def _minmax(scored: list[tuple[Ranked, float]]) -> dict[int, float]:
    if not scored:
        return {}
    lo, hi = min(s for _, s in scored), max(s for _, s in scored)
    return {id(r): (s - lo) / (hi - lo) if hi > lo else 1.0 for r, s in scored}


def keep_leaders(items: list[Ranked]) -> list[Ranked]:
    """Move each leg's first-ranked record up into the top ``LEADER_SLOT`` when RRF left it lower. Leaders take
    the lowest of those slots not held by another leader or an exact-title record; what they displace follows
    right after, in its order."""
    leaders = []
    for leg in ("lexical_rank", "semantic_rank"):
        leader = next((r for r in items if getattr(r, leg) == 1), None)
        if leader is not None and all(leader is not x for x in leaders):
            leaders.append(leader)
    position = {id(r): i for i, r in enumerate(items)}
    missing = [r for r in leaders if position[id(r)] >= LEADER_SLOT]
    if not missing:
        return list(items)
    rest = [r for r in items if all(r is not m for m in missing)]
    head = rest[:LEADER_SLOT]
    unprotected = [r for r in reversed(head) if not _protected(r)]
    missing = missing[: len(unprotected)]
    dropped = {id(r) for r in unprotected[: len(missing)]}
    new_head = [r for r in head if id(r) not in dropped] + missing
    placed = {id(r) for r in new_head}
    return new_head + [r for r in items if id(r) not in placed]


def _protected(r: Ranked) -> bool:
    return r.title_match or r.lexical_rank == 1 or r.semantic_rank == 1


_SEPARATORS = re.compile(r"\s+[–—-]\s+|:\s+|;\s+")
_NOT_WORD = re.compile(r"[\W_]+", re.UNICODE)


def normalise_title(text: str) -> str:
    return _NOT_WORD.sub(" ", (text or "").lower()).strip()


def title_forms(title: str) -> set[str]:
    """The whole title and each separated part, normalised: 'H.J. Res. 58 – Disapproving the Rule …' can
    be asked for as 'disapproving the rule …'."""
    forms = {normalise_title(title)}
    forms |= {normalise_title(part) for part in _SEPARATORS.split(title or "")}
    return {f for f in forms if f}


def pin_titles(items: list[Ranked], query: str, titles: dict[tuple[str, int], str]) -> list[Ranked]:
    """Records whose title equals the query first (in their fused order), then everything else."""
    wanted = normalise_title(query)
    if not wanted:
        return items
    for r in items:
        r.title_match = r.key in titles and wanted in title_forms(titles[r.key])
    return [r for r in items if r.title_match] + [r for r in items if not r.title_match]


def title_candidates(items: list[Ranked], depth: int = 10) -> list[Ranked]:
    """The records worth a title check: each leg's top ``depth`` (an exact title ranks high in one)."""
    return [
        r
        for r in items
        if (r.lexical_rank and r.lexical_rank <= depth) or (r.semantic_rank and r.semantic_rank <= depth)
    ]
