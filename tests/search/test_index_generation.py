"""Every serving process notices a new index generation as soon as chunk rows change, not at the end of an
embed run: a run killed after its first write transaction has already replaced those documents' chunk rows
(new ids), and a process still on its old in-memory index would rank ids that no longer exist, so the
re-embedded documents would vanish from semantic hits until the next complete run."""

import pytest

from apps.search import embedding, queries
from apps.search.embedding import embed_source
from apps.search.encoders import HashingEncoder
from apps.search.semantic import index_for

MODEL = "hashing-v1"


class _KilledAfter(HashingEncoder):
    """The test encoder, interrupted (as a killed run is) once it has answered ``calls`` calls."""

    def __init__(self, calls: int):
        self.calls = calls
        super().__init__()

    def embed(self, texts):
        if self.calls == 0:
            raise KeyboardInterrupt
        self.calls -= 1
        return super().embed(texts)


def _embedded_chunks() -> dict[int, int]:
    return dict(queries.fetchall("SELECT id, doc_id FROM bills_chunks WHERE embedding IS NOT NULL"))


def _token() -> str:
    return queries.fetchall("SELECT token FROM search_index_state WHERE chunk_table = 'bills_chunks'")[0][0]


@pytest.mark.django_db
def test_a_run_killed_after_its_first_write_moves_every_server_to_the_new_generation(
    corpus_db, search_plans, monkeypatch
):
    monkeypatch.setattr(embedding, "GROUP_CHUNKS", 4)  # ~2 documents per write transaction
    for bill in corpus_db["bills"]:
        bill.body += "\nSEC. 9. SUNSET.\nThis Act expires five years after enactment."
        bill.save()
    work = embedding.plan_work(search_plans[0], HashingEncoder())
    assert len(work.groups) > 2
    serving = index_for("bills_chunks", MODEL)  # a server's index, built before the run
    token = _token()
    with pytest.raises(KeyboardInterrupt):
        embed_source(search_plans[0], encoder=_KilledAfter(calls=1), batch=64)
    assert _token() != token  # the first group's transaction carried a new generation
    now = index_for("bills_chunks", MODEL)
    assert now is not serving
    rows = _embedded_chunks()
    assert sorted(now.chunk_ids.tolist()) == sorted(rows)
    first = {d.id for d in work.groups[0]}
    assert first <= set(now.doc_ids.tolist())  # the re-embedded documents are searchable
    # The old index pointed at the first group's replaced rows: ids that exist no more.
    assert set(serving.chunk_ids.tolist()) - set(rows)


@pytest.mark.django_db
def test_a_run_that_changes_nothing_keeps_the_generation(corpus_db, search_plans):
    token = _token()
    assert embed_source(search_plans[0]).embedded == 0
    assert _token() == token
