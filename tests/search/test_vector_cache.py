"""The bundled vector cache: exported from the chunk tables, reused by `embed` only for the same text and model,
and (slow) the shipped file still agrees with the real model."""

import numpy as np
import pytest

from apps.search import queries, vector_cache
from apps.search.embedding import embed_source
from apps.search.encoders import HashingEncoder

pytestmark = pytest.mark.sqlite_only("checks the sqlite-vec vec0 mirror")


class RenamedEncoder(HashingEncoder):
    model_id = "hashing-v1-renamed"


@pytest.fixture
def cache_dir(settings, tmp_path):
    settings.JOSH = {**settings.JOSH, "VECTOR_CACHE_DIR": str(tmp_path)}
    return tmp_path


def _forget_vectors(spec):
    queries.fetchall(f'DELETE FROM "{spec.chunk_table}_vec0"')
    queries.fetchall(f'DELETE FROM "{spec.chunk_table}"')


@pytest.mark.django_db
def test_export_then_a_fresh_embed_takes_every_vector_from_the_cache(corpus_db, search_plans, cache_dir):
    plan = search_plans[0]
    spec = plan.search
    before = dict(queries.fetchall(f'SELECT content_hash, embedding FROM "{spec.chunk_table}"'))
    path, count = vector_cache.export("hashing-v1", [spec.chunk_table])
    assert path == cache_dir / "hashing-v1.npz" and count == len(before)

    _forget_vectors(spec)
    stats = embed_source(plan)
    assert (stats.embedded, stats.cached) == (0, stats.chunks) and stats.chunks == len(before)
    after = dict(queries.fetchall(f'SELECT content_hash, embedding FROM "{spec.chunk_table}"'))
    assert after == before  # byte-identical vectors
    bits = queries.fetchall(f'SELECT count(*) FROM "{spec.chunk_table}_vec0"')[0][0]
    assert bits == len(before)


@pytest.mark.django_db
def test_another_model_or_changed_text_misses(corpus_db, search_plans, cache_dir):
    plan = search_plans[0]
    vector_cache.export("hashing-v1", [plan.search.chunk_table])
    _forget_vectors(plan.search)
    other = embed_source(plan, encoder=RenamedEncoder())
    assert other.cached == 0 and other.embedded == other.chunks

    _forget_vectors(plan.search)
    bill = corpus_db["bills"][0]
    bill.summary = "A different summary."
    bill.save()
    changed = embed_source(plan)
    assert changed.embedded == 1 and changed.cached == changed.chunks - 1  # only its header chunk changed


def test_the_cache_can_be_turned_off(settings):
    settings.JOSH = {**settings.JOSH, "VECTOR_CACHE_DIR": "off"}
    assert vector_cache.cache_path("any") is None and len(vector_cache.load("any")) == 0


@pytest.mark.slow
@pytest.mark.django_db
def test_the_bundled_vectors_match_the_model(settings):
    """Re-embed a sample of the shipped cache with the real encoder: the file must still be that model's."""
    from apps.core.plans import get_plan
    from apps.core.services.ingest import run_ingest
    from apps.search.embedding import _read_docs
    from apps.search.encoders import MiniLMEncoder

    encoder = MiniLMEncoder()
    settings.JOSH = {**settings.JOSH, "VECTOR_CACHE_DIR": ""}
    bundled = vector_cache.load(encoder.model_id)
    assert len(bundled) > 10_000, (
        "corpus/embeddings/<model>.npz is missing: run manage.py embed --export-cache"
    )
    run_ingest(slug="crs-reports")
    docs = _read_docs(get_plan("crs-reports").search, encoder.model_id)
    sample = [
        (digest, chunk.embed_input(doc.title if chunk.seq else ""))
        for doc in docs[::9]
        for chunk, digest in list(zip(doc.chunks, doc.hashes, strict=True))[::7]
    ][:12]
    assert len(sample) >= 8 and all(bundled.get(d) is not None for d, _ in sample)  # the corpus is covered
    fresh = encoder.embed([text for _, text in sample])
    cosines = [float(np.dot(bundled.get(d), v)) for (d, _), v in zip(sample, fresh, strict=True)]
    assert min(cosines) >= 0.999, cosines
