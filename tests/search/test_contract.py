"""Round trip on the real sample corpus: every hit id of every searchable source is accepted by
GET /v1/<resource>/{id}, and every hit carries a complete citation."""

import re

import pytest

from apps.core.db.quoting import quote_ident
from apps.core.services.ingest import sample_paths
from apps.search import eligibility, queries
from apps.search.embedding import embed_source
from tests.corpus import ingested

WORD = re.compile(r"[A-Za-z]{6,}")


def _searchable_with_samples():
    out = []
    for _slug, (plan, shape) in sorted(eligibility.shapes().items()):
        if (
            shape in ("body", "short-body")
            and plan.sample_paths
            and any(p.exists() for p in sample_paths(plan))
        ):
            out.append((plan, shape))
    return out


def _probe_word(spec) -> str | None:
    """A word of one of the source's first titles (any word the index holds will do)."""
    content, title = quote_ident(spec.content_table), quote_ident(spec.title_column)
    for (text,) in queries.fetchall(f"SELECT {title} FROM {content} ORDER BY id LIMIT 5"):
        if m := WORD.search(text or ""):
            return m.group(0)
    return None


@pytest.fixture(scope="module")
def corpus_sample(django_db_setup, django_db_blocker):
    """Every searchable source's sample, ingested once (a later run restores the rows from the test cache's
    snapshot, tests/corpus.py, instead of parsing the corpus again); each ingest must succeed."""
    with django_db_blocker.unblock():
        slugs = [plan.slug for plan, _ in _searchable_with_samples()]
    with ingested(django_db_blocker, slugs) as results:
        yield results


@pytest.mark.slow
@pytest.mark.django_db
def test_every_hit_id_round_trips_for_every_searchable_source(client, corpus_sample):
    targets = _searchable_with_samples()
    assert {"bills", "statements-of-administration-policy"} <= {p.slug for p, _ in targets}
    assert {slug: r.status for slug, r in corpus_sample.items()} == {p.slug: "success" for p, _ in targets}
    for plan, shape in targets:
        if shape == "body":
            embed_source(plan, max_chunks=4)
    checked = set()
    for plan, shape in targets:
        word = _probe_word(plan.search)
        if word is None:
            continue
        for mode in ("lexical", "hybrid") + (("semantic",) if shape == "body" else ()):
            body = client.get(
                "/v1/search", {"q": word, "source": plan.slug, "mode": mode, "limit": 10}
            ).json()
            assert body["results"], (plan.slug, mode, word)
            for hit in body["results"]:
                assert hit["source"] == plan.slug and hit["resource"] == plan.resource
                assert all(v is not None for v in hit["citation"].values()), hit
                response = client.get(f"/v1/{hit['resource']}/{hit['id']}")
                assert response.status_code == 200, (hit["id"], response.content[:300])
                checked.add(plan.slug)
    assert checked == {p.slug for p, _ in targets if _probe_word(p.search)}
