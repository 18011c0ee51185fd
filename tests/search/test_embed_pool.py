"""Embedding on every core (apps/search/embed_pool.py): the layout each machine gets, and a run through real
worker processes that writes the same vectors as one in this process and redoes nothing on a rerun."""

import numpy as np
import onnxruntime
import pytest
from django.core.exceptions import ImproperlyConfigured

from apps.bills.models import Bill
from apps.search import embed_pool, queries
from apps.search.embed_pool import EncoderPool, layout, pool_for, resolved_device
from apps.search.embedding import _read_docs
from apps.search.embedding_run import embed_sources
from apps.search.encoders import HashingEncoder
from tests.search.conftest import BILLS, make_bill


@pytest.mark.parametrize(
    ("cores", "device", "workers", "expected"),
    [
        (2, "cpu", 0, (2, 1)),  # one single-threaded process per core
        (1, "cpu", 0, (1, 1)),
        (16, "cpu", 4, (4, 4)),  # processes x threads = cores
        (16, "cpu", 3, (3, 5)),  # rounded down: never more threads than cores
        (4, "cpu", 8, (4, 1)),  # never more processes than cores
        (16, "cuda", 0, (1, 16)),  # one process feeds the GPU
        (16, "cuda", 4, (1, 16)),
    ],
)
def test_layout(cores, device, workers, expected):
    assert layout(cores, device, workers) == expected


def test_device_selection_follows_the_installed_onnxruntime(monkeypatch):
    assert resolved_device("cpu") == "cpu"
    if "CUDAExecutionProvider" not in onnxruntime.get_available_providers():
        assert resolved_device("auto") == "cpu"
        with pytest.raises(ImproperlyConfigured, match="onnxruntime-gpu"):
            resolved_device("cuda")
    # With onnxruntime-gpu installed, auto means the GPU and cpu still forces the CPU.
    monkeypatch.setattr(
        onnxruntime, "get_available_providers", lambda: ["CUDAExecutionProvider", "CPUExecutionProvider"]
    )
    assert resolved_device("auto") == "cuda" and resolved_device("cuda") == "cuda"
    assert resolved_device("cpu") == "cpu"


def test_pool_for_the_gpu_or_one_worker_is_none(settings, monkeypatch):
    settings.JOSH = {**settings.JOSH, "EMBED_WORKERS": 0}
    assert pool_for("hashing") is None  # microseconds a text: not worth a process
    monkeypatch.setattr(
        onnxruntime, "get_available_providers", lambda: ["CUDAExecutionProvider", "CPUExecutionProvider"]
    )
    settings.JOSH = {**settings.JOSH, "ENCODER_DEVICE": "auto"}
    assert pool_for("minilm-int8") is None  # the GPU: one process, the caller's own
    settings.JOSH = {**settings.JOSH, "EMBED_WORKERS": 1}
    assert pool_for("hashing") is None


def test_a_pool_returns_each_batch_in_order():
    texts = [f"passage {i} about water grants and highway funds {'x ' * i}" for i in range(40)]
    with EncoderPool("hashing", processes=2, threads=1) as pool:
        batches = [texts[:7], texts[7:8], texts[8:]]
        got = list(pool.map_batches(batches))
        whole = pool.embed(texts)
    want = HashingEncoder().embed(texts)
    np.testing.assert_array_equal(np.concatenate(got), want)
    np.testing.assert_array_equal(whole, want)


@pytest.mark.django_db
def test_embed_through_worker_processes_resumes_by_content_hash(settings, search_plans, monkeypatch):
    for row in BILLS:
        make_bill(*row)
    settings.JOSH = {**settings.JOSH, "EMBED_WORKERS": 2}
    started = []
    real_pool = embed_pool.EncoderPool

    def counting_pool(*args, **kwargs):
        started.append(args)
        return real_pool(*args, **kwargs)

    monkeypatch.setattr("apps.search.embedding_run.pool_for", lambda name: counting_pool(name, 2, 1))
    [first] = embed_sources(["bills"])
    assert started == [("hashing", 2, 1)] and first.embedded == first.chunks > len(BILLS)

    bill = Bill.objects.get(bill_id=BILLS[0][0])
    bill.summary = "Requires platforms to protect minors online."  # the header chunk changes, the body not
    bill.save()
    [second] = embed_sources(["bills"])
    # Only the changed bill is rewritten: its header chunk encoded again, its body chunk's vector kept.
    assert (second.embedded, second.reused) == (1, 1) and second.changed_docs == [bill.pk]
    assert len(started) == 2

    [third] = embed_sources(["bills"])
    assert third.embedded == 0 and len(started) == 2  # nothing to encode: no worker started

    # The pool's vectors are the in-process encoder's, chunk for chunk.
    spec = search_plans[0].search
    inputs = {
        digest: chunk.embed_input(doc.title if chunk.seq else "")
        for doc in _read_docs(spec, HashingEncoder.model_id)
        for chunk, digest in zip(doc.chunks, doc.hashes, strict=True)
    }
    rows = queries.fetchall(f"SELECT content_hash, embedding FROM {spec.chunk_table}")
    assert len(rows) == len(inputs) == third.chunks
    stored = np.stack([np.frombuffer(emb, dtype=np.float32) for _, emb in rows])
    np.testing.assert_array_equal(stored, HashingEncoder().embed([inputs[digest] for digest, _ in rows]))
