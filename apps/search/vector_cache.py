"""Bundled vectors: ``{content hash → embedding}`` for the sample corpus, so a fresh install needs no model run.

A chunk's ``content_hash`` is ``sha1(model id, embed input)`` (``apps.search.chunking.content_hash``), so a
cached vector is reused only for the very text and model it was computed for: a changed chunk or another
encoder simply misses and is embedded as usual. The file is ``<JOSH_VECTOR_CACHE_DIR>/<model id>.npz``
(default ``corpus/embeddings/``): ``hashes`` (fixed-width ASCII) and ``vectors`` (float32 [n, dim]).
``manage.py embed --export-cache`` writes it from the chunk tables after a real embed run; a slow test
re-embeds a sample of it with the model and checks the vectors still agree.
"""

from functools import cache
from pathlib import Path

import numpy as np
from django.conf import settings

from apps.core.conf import knob
from apps.core.db.quoting import quote_ident
from apps.search import queries

EXPORT_SQL = "SELECT content_hash, embedding FROM {chunks} WHERE model_id = ? AND embedding IS NOT NULL"


def cache_dir() -> Path | None:
    """Where bundled vectors live; None when the cache is turned off (JOSH_VECTOR_CACHE_DIR=off)."""
    configured = knob("VECTOR_CACHE_DIR", None)
    if configured == "off":
        return None
    return Path(configured) if configured else Path(settings.CORPUS_DIR) / "embeddings"


def cache_path(model_id: str) -> Path | None:
    folder = cache_dir()
    return folder / f"{model_id}.npz" if folder else None


class VectorCache:
    def __init__(self, hashes: np.ndarray, vectors: np.ndarray):
        self.vectors = vectors
        self.index = {h: i for i, h in enumerate(hashes.tolist())}

    def __len__(self) -> int:
        return len(self.index)

    def __contains__(self, digest: str) -> bool:
        return digest in self.index

    def get(self, digest: str) -> np.ndarray | None:
        i = self.index.get(digest)
        return None if i is None else self.vectors[i]


EMPTY = VectorCache(np.array([], dtype="U40"), np.zeros((0, 0), dtype=np.float32))


@cache
def _load(path: str, mtime: float) -> VectorCache:
    with np.load(path) as data:
        return VectorCache(data["hashes"].astype(str), data["vectors"].astype(np.float32))


def load(model_id: str) -> VectorCache:
    """The bundled vectors of ``model_id`` (empty when there is no file or the cache is off)."""
    path = cache_path(model_id)
    if path is None or not path.exists():
        return EMPTY
    return _load(str(path), path.stat().st_mtime)


def export(model_id: str, chunk_tables: list[str], path: Path | None = None) -> tuple[Path, int]:
    """Write every embedded chunk of ``chunk_tables`` for ``model_id`` to the cache file; returns (path, n)."""
    path = path or cache_path(model_id)
    if path is None:
        raise ValueError("the vector cache is off (JOSH_VECTOR_CACHE_DIR=off): pass a path")
    found: dict[str, bytes] = {}
    for table in chunk_tables:
        for digest, blob in queries.fetchall(EXPORT_SQL.format(chunks=quote_ident(table)), (model_id,)):
            found[digest] = blob
    hashes = sorted(found)
    vectors = np.frombuffer(b"".join(found[h] for h in hashes), dtype=np.float32).reshape(len(hashes), -1)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        np.savez_compressed(out, hashes=np.array(hashes, dtype="S40"), vectors=vectors)
    return path, len(hashes)
