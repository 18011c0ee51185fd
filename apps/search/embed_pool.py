"""Embedding on every core: worker processes, each with its own encoder session (``EMBED_WORKERS``).

The encoder already runs one single-threaded model run per core from a thread pool (apps.search.encoders),
but tokenizing, padding and pooling hold the parent's GIL between runs, and every run of a long ``embed`` is
in one process. A pool of N processes, each a ``MiniLMEncoder`` with ``cores / N`` run threads (N x threads =
the cores this process may use), shares nothing but the texts in and the vectors out. On a GPU one process
feeds the device (it wants few big runs, not many small ones), so the pool is not used there.

Workers are *spawned*, not forked: the parent may already hold onnxruntime's threads and a database
connection, neither of which survives a fork. Each loads and fuses the model once (about 2 s).
"""

import multiprocessing
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from apps.search.conf import knob
from apps.search.encoders import ENCODERS, available_cores, encoder_device, execution_providers

_worker_encoder = None  # the encoder of this worker process (set by _start)


def resolved_device(device: str) -> str:
    """``cpu`` or ``cuda``: what ``auto`` means with the onnxruntime installed here."""
    providers = execution_providers(device)
    return "cuda" if providers[0] == "CUDAExecutionProvider" else "cpu"


def layout(cores: int, device: str, workers: int = 0) -> tuple[int, int]:
    """(processes, threads each) for ``cores`` on ``device``; ``workers`` 0 = one process per core.

    CPU: processes x threads = cores (a count that does not divide them rounds threads down, never up: an
    oversubscribed core stalls every run on it). CUDA: one process, every core its threads."""
    if device == "cuda":
        return 1, cores
    processes = min(workers or cores, cores) if cores > 0 else 1
    return max(1, processes), max(1, cores // max(1, processes))


class EncoderPool:
    """The ``Encoder`` interface over worker processes; ``map_batches`` runs many calls at once, in order."""

    def __init__(self, name: str, processes: int, threads: int, device: str = "cpu"):
        cls = ENCODERS[name]
        self.model_id, self.dim, self.device = cls.model_id, cls.dim, device
        self.processes, self.threads = processes, threads
        self._executor = ProcessPoolExecutor(
            processes,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start,
            initargs=(name, threads, device),
        )

    def map_batches(self, batches: list[list[str]]) -> Iterator[np.ndarray]:
        """Each batch's vectors, in the order given, the batches spread over the workers."""
        return self._executor.map(_embed, batches)

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        parts = np.array_split(np.arange(len(texts)), min(self.processes, len(texts)))
        return np.concatenate(list(self.map_batches([[texts[i] for i in part] for part in parts])))

    def close(self) -> None:
        self._executor.shutdown(wait=True, cancel_futures=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _start(name: str, threads: int, device: str) -> None:
    global _worker_encoder
    cls = ENCODERS[name]
    _worker_encoder = cls(threads=threads, device=device) if getattr(cls, "pooled", False) else cls()


def _embed(texts: list[str]) -> np.ndarray:
    return _worker_encoder.embed(texts)


def pool_for(name: str) -> EncoderPool | None:
    """The pool ``embed`` should use for encoder ``name``, or None to encode in this process: on a GPU, on a
    single core, for an encoder that is not worth a process (the hashing one, unless ``EMBED_WORKERS`` asks for
    workers explicitly), or with ``EMBED_WORKERS`` 1."""
    asked = int(knob("EMBED_WORKERS") or 0)
    cls = ENCODERS[name]
    if asked == 1 or (not asked and not getattr(cls, "pooled", False)):
        return None
    device = resolved_device(encoder_device()) if getattr(cls, "pooled", False) else "cpu"
    processes, threads = layout(available_cores(), device, asked)
    if processes < 2 and not asked:
        return None
    return EncoderPool(name, processes, threads, device)
