import numpy as np
import pytest

from apps.search.encoders import HashingEncoder, MiniLMEncoder, get_encoder


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
