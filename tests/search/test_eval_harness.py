"""The quality eval's own arithmetic: graded nDCG@10, MRR, recall@10, and a split fixed by its seed."""

import math

import pytest

from bench.eval import metrics, split


def test_metrics_on_a_known_ranking():
    relevant = {"a": 2, "b": 1, "c": 1}
    m = metrics(["x", "a", "b", "y"], relevant)
    dcg = 3 / math.log2(3) + 1 / math.log2(4)
    idcg = 3 / math.log2(2) + 1 / math.log2(3) + 1 / math.log2(4)
    assert m["nDCG@10"] == pytest.approx(dcg / idcg)
    assert m["MRR"] == 0.5 and m["R@10"] == pytest.approx(2 / 3) and m["top1"] == 0.0
    perfect = metrics(["a", "b", "c"], relevant)
    assert perfect["nDCG@10"] == pytest.approx(1.0) and perfect["top1"] == 1.0
    assert metrics([], relevant) == {"nDCG@10": 0.0, "MRR": 0.0, "R@10": 0.0, "top1": 0.0}


def test_split_is_stratified_disjoint_and_fixed():
    queries = [{"id": f"{kind}-{i}", "kind": kind} for kind in ("title", "keyword") for i in range(9)]
    dev, test = split(queries, "dev"), split(queries, "test")
    assert {q["id"] for q in dev}.isdisjoint({q["id"] for q in test})
    assert len(dev) + len(test) == len(queries)
    assert sorted(sum(q["kind"] == k for q in dev) for k in ("title", "keyword")) == [5, 5]
    assert [q["id"] for q in split(list(reversed(queries)), "dev")] == [q["id"] for q in dev]  # order-free
