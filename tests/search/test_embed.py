"""manage.py embed / embed_source: incremental by content hash and model id, vec0 mirror in step."""

import pytest
from django.core.management import call_command

from apps.search import embedding, queries
from apps.search.embedding import embed_source, embeddable_plans
from apps.search.encoders import HashingEncoder
from apps.search.semantic import index_for


def _chunks():
    return queries.fetchall("SELECT doc_id, seq, model_id, length(embedding), length(bits) FROM bills_chunks")


@pytest.mark.sqlite_only("the sqlite-vec vec0 mirror")
@pytest.mark.django_db
def test_embed_fills_chunks_and_the_vec0_mirror(corpus_db):
    rows = _chunks()
    bills = corpus_db["bills"]
    assert {r[0] for r in rows} == {b.id for b in bills}
    assert {r[2:] for r in rows} == {("hashing-v1", 384 * 4, 48)}
    # the header chunk (title + summary) plus the body, short enough for one chunk
    assert sorted(r[1] for r in rows if r[0] == bills[0].id) == [0, 1]
    vec = queries.fetchall("SELECT count(*) FROM bills_chunks_vec0")[0][0]
    assert vec == len(rows)
    same = queries.fetchall(
        "SELECT count(*) FROM bills_chunks c JOIN bills_chunks_vec0 v ON v.chunk_id = c.id "
        "WHERE vec_to_json(v.embedding) = vec_to_json(vec_bit(c.bits)) "
        "AND c.bits = vec_quantize_binary(c.embedding)"
    )[0][0]
    assert same == len(rows)


@pytest.mark.django_db
def test_second_run_embeds_nothing(corpus_db, search_plans):
    stats = embed_source(search_plans[0])
    assert (stats.embedded, stats.changed_docs, stats.deleted_documents) == (0, [], 0)


@pytest.mark.sqlite_only("the sqlite-vec vec0 mirror")
@pytest.mark.django_db
def test_changed_and_vanished_documents(corpus_db, search_plans):
    kids, water = corpus_db["bills"][0], corpus_db["bills"][1]
    kids.body += "\nSEC. 3. EFFECTIVE DATE.\nThis Act takes effect 180 days after enactment."
    kids.save()
    water.delete()
    before = index_for("bills_chunks", "hashing-v1")
    stats = embed_source(search_plans[0])
    assert stats.changed_docs == [kids.id]
    assert stats.embedded == 1  # only the new section; the unchanged chunks reuse their vectors
    assert stats.deleted_documents == 1
    assert water.id not in {r[0] for r in _chunks()}
    assert queries.fetchall("SELECT count(*) FROM bills_chunks_vec0")[0][0] == len(_chunks())
    after = index_for("bills_chunks", "hashing-v1")
    assert after is not before and len(after) == len(_chunks())


@pytest.mark.django_db
def test_embed_command(corpus_db, capsys):
    call_command("embed", "--source", "bills", "--batch", "4")
    out = capsys.readouterr().out
    assert "bills: 8 docs" in out and "embedded 0" in out
    assert "bills" in [p.slug for p in embeddable_plans()]


@pytest.mark.django_db
def test_changed_text_marks_its_vectors_stale_until_embed_runs(corpus_db, search_plans, api_client):
    plan, bills = search_plans[0], corpus_db["bills"]

    def embedding():
        return api_client.get(f"/v1/sources/{plan.slug}").json()["embedding"]

    n = len(bills)
    fresh = {"documents": n, "embedded": n, "coverage": 1.0, "stale": 0, "note": "Vectors are up to date."}
    assert embedding() == fresh
    bills[0].save()  # written again with the same text: nothing to re-embed
    assert embedding() == fresh
    bills[0].body += "\nSEC. 3. EFFECTIVE DATE.\nThis Act takes effect 180 days after enactment."
    bills[0].save()
    bills[1].delete()
    stale = embedding()
    assert (stale["documents"], stale["embedded"], stale["stale"]) == (n - 1, n - 1, 1)
    assert stale["note"] == (
        f"1 document(s) have no vectors of their current text: run `python manage.py embed --source {plan.slug}`."
    )
    embed_source(plan)
    assert embedding() == {**fresh, "documents": n - 1, "embedded": n - 1}


class _StopsAfter(HashingEncoder):
    """The test encoder, interrupted (as by Ctrl-C) once it has answered ``calls`` calls."""

    def __init__(self, calls: int):
        self.calls = calls

    def embed(self, texts):
        if self.calls == 0:
            raise KeyboardInterrupt
        self.calls -= 1
        return super().embed(texts)


@pytest.mark.django_db
def test_an_interrupted_run_keeps_its_finished_groups_and_the_next_run_resumes(
    corpus_db, search_plans, monkeypatch
):
    monkeypatch.setattr(embedding, "GROUP_CHUNKS", 4)  # ~2 documents per write transaction
    for bill in corpus_db["bills"]:
        bill.body += "\nSEC. 9. SUNSET.\nThis Act expires five years after enactment."
        bill.save()
    work = embedding.plan_work(search_plans[0], HashingEncoder())
    assert len(work.groups) > 2 and work.to_encode > 0
    with pytest.raises(KeyboardInterrupt):
        embed_source(search_plans[0], encoder=_StopsAfter(calls=1), batch=64)
    left = embedding.plan_work(search_plans[0], HashingEncoder())
    # The first group was written before the interruption: what is left is every other group, and only that.
    assert [d.id for d in left.todo] == [d.id for group in work.groups[1:] for d in group]
    assert 0 < left.to_encode < work.to_encode
    resumed = embed_source(search_plans[0], batch=64)
    assert (sorted(resumed.changed_docs), resumed.embedded) == (
        sorted(d.id for d in left.todo),
        left.to_encode,
    )
    assert embed_source(search_plans[0]).embedded == 0
