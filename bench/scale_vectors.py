"""The rehearsal's vectors stage: stand-in vectors for the generated chunks, written as a vector cache.

The real encoder cannot embed millions of chunks on a 2-core machine in a session (~20-35 chunks/s), so the
generated (re-mixed) chunks get vectors made from the real ones, and the bundled ``corpus/embeddings`` file
stays the only source of real vectors:

1. every chunk of the base database that holds a real encoder vector (the demo's, from the bundled cache) is
   split into sentences (``bench.upstream.sentences``); each sentence maps to the mean of the vectors of the
   real chunks it occurs in;
2. a generated body chunk's vector is the normalised mean of the vectors of its sentences that are found
   (a sentence cut by a chunk edge is not), plus Gaussian noise of norm ``NOISE`` (cosine ≈ 0.98 to the
   mean), normalised again; a chunk with no sentence found takes the mean of its document's other chunks,
   and a document with none at all a random real chunk vector of its source, each plus the same noise;
3. a document's header chunk (title + header columns, seq 0) gets the mean of its body chunks plus noise.

The vectors are written, with the bundled ones, to ``<out>/<model id>.npz`` keyed by the content hash the
embed stage will compute (``apps.search.embedding.plan_work``), so ``manage.py embed`` with
``JOSH_VECTOR_CACHE_DIR=<out>`` stores them through its ordinary path: the chunker, the chunk rows, the vec0
and bit tables, the index token — and ``0 computed by the model``. Deterministic by ``--seed``.

    python -m bench.scale_vectors OUT_DIR [--seed 28]   (JOSH_DATABASE / JOSH_DATABASE_URL: the scaled base)
"""

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

NOISE = 0.2


def _unit(v: np.ndarray) -> np.ndarray:
    n = np.linalg.norm(v, axis=-1, keepdims=True)
    return v / np.where(n == 0, 1, n)


def _sentence_vectors(model_id: str) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """(sentence key -> mean real vector, chunk table -> all its real vectors)."""
    from apps.core.db.quoting import quote_ident
    from apps.search import queries
    from apps.search.embedding import embeddable_plans
    from bench.upstream import sentence_key, sentences

    sums: dict[str, np.ndarray] = {}
    counts: dict[str, int] = {}
    per_table = {}
    for plan in embeddable_plans():
        table = plan.search.chunk_table
        rows = queries.fetchall(
            f"SELECT text, embedding FROM {quote_ident(table)} WHERE model_id = :m AND embedding IS NOT NULL",
            {"m": model_id},
        )
        vecs = []
        for text, blob in rows:
            vec = np.frombuffer(bytes(blob), dtype=np.float32)
            vecs.append(vec)
            for s in sentences(text):
                key = sentence_key(s)
                if len(key) < 20:
                    continue
                if key in sums:
                    sums[key] = sums[key] + vec
                    counts[key] += 1
                else:
                    sums[key], counts[key] = vec.copy(), 1
        if vecs:
            per_table[table] = np.stack(vecs)
    return {k: _unit(v / counts[k]) for k, v in sums.items()}, per_table


def build(out: Path, seed: int) -> dict:
    from apps.search import vector_cache
    from apps.search.embedding import embeddable_plans, plan_work
    from apps.search.encoders import get_encoder
    from bench.upstream import sentence_key, sentences

    model_id = get_encoder().model_id
    bundled = vector_cache.load(model_id)
    known, per_table = _sentence_vectors(model_id)
    rng = np.random.default_rng(seed)
    hashes: list[str] = []
    vectors: list[np.ndarray] = []
    stats = {"model_id": model_id, "sentences_known": len(known), "chunks": 0, "by_sentences": 0,
             "by_document": 0, "by_random": 0, "headers": 0, "sentence_hit_share": 0.0}  # fmt: skip
    hits = tries = 0

    def noisy(v: np.ndarray) -> np.ndarray:
        return _unit(_unit(v) + rng.normal(0, NOISE / np.sqrt(v.size), v.size).astype(np.float32))

    for plan in embeddable_plans():
        work = plan_work(plan, type("Model", (), {"model_id": model_id})())
        pool = per_table.get(plan.search.chunk_table)
        for doc in work.todo:
            todo = [(c, h) for c, h in zip(doc.chunks, doc.hashes, strict=True) if h not in bundled]
            if not todo:
                continue
            body: dict[str, np.ndarray] = {}
            for chunk, digest in todo:
                if chunk.seq == 0 and len(doc.chunks) > 1:
                    continue
                found = []
                for s in sentences(chunk.text):
                    tries += 1
                    if (v := known.get(sentence_key(s))) is not None:
                        found.append(v)
                hits += len(found)
                if found:
                    body[digest] = np.mean(found, axis=0)
                    stats["by_sentences"] += 1
            doc_mean = np.mean(list(body.values()), axis=0) if body else None
            for chunk, digest in todo:
                if digest in body:
                    vec = body[digest]
                elif doc_mean is not None:
                    vec = doc_mean
                    stats["headers" if chunk.seq == 0 else "by_document"] += 1
                else:
                    vec = pool[rng.integers(len(pool))] if pool is not None else rng.normal(size=384)
                    stats["by_random"] += 1
                hashes.append(digest)
                vectors.append(noisy(np.asarray(vec, dtype=np.float32)))
    stats["chunks"] = len(hashes)
    stats["sentence_hit_share"] = round(hits / tries, 3) if tries else 0.0
    out.mkdir(parents=True, exist_ok=True)
    source = vector_cache.cache_path(model_id)
    with np.load(source) as data:
        all_hashes = np.concatenate([data["hashes"].astype("U40"), np.array(hashes, dtype="U40")])
        new = np.stack(vectors).astype(np.float32) if vectors else np.zeros((0, data["vectors"].shape[1]))
        all_vectors = np.concatenate([data["vectors"].astype(np.float32), new.astype(np.float32)])
    np.savez(out / f"{model_id}.npz", hashes=all_hashes, vectors=all_vectors)
    return stats


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.scale_vectors")
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=28)
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "josh.settings")
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import django

    django.setup()
    started = time.perf_counter()
    stats = build(args.out, args.seed)
    stats["seconds"] = round(time.perf_counter() - started, 2)
    print(json.dumps(stats))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
