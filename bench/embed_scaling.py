"""python -m bench.embed_scaling [--chunks N] [--rounds R]: how embedding throughput grows with cores.

Runs the real path of ``manage.py embed`` (``apps.search.embedding.encode``) on the same real chunks of the
sample corpus (bench/embed_speed.py's sample) in three layouts, in alternating order, ``--rounds`` times each:

* 1 core: one worker process, one model thread (``EncoderPool(processes=1, threads=1)``);
* N cores: N worker processes, one model thread each (what ``embed`` does by default, ``JOSH_EMBED_WORKERS=0``);
* N cores, one process: today's in-process encoder, N single-threaded runs from a thread pool.

Prints passages/s of each round with the 1-minute load average before and after it (the machine may be
shared: a round under more load is slower for reasons of its own), the scaling efficiency (N-core rate over N
x the 1-core rate; the target is >= 0.8) and the model's arithmetic rate against this machine's float32
matmul rate. Needs the sample corpus ingested (``manage.py setup_demo``), found through JOSH_DATA_DIR.
"""

import argparse
import os
import statistics
import time

import django


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.embed_scaling", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--chunks", type=int, default=300, help="passages in the sample (default 300)")
    parser.add_argument("--rounds", type=int, default=2, help="timed rounds of each layout (default 2)")
    parser.add_argument("--cores", type=int, default=0, help="N (default: every core this process may use)")
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "josh.settings")
    django.setup()

    from apps.search.embed_pool import EncoderPool
    from apps.search.embedding import encode
    from apps.search.encoders import MiniLMEncoder, available_cores
    from bench.embed_speed import model_flops, sample_passages, sgemm_gflops

    cores = args.cores or available_cores()
    texts = [text for _, text in sample_passages(args.chunks)]
    in_process = MiniLMEncoder(threads=cores)
    lengths = [len(e.ids) for e in in_process.tokenizer.encode_batch(texts)]
    layouts = {
        "1 core (1 process x 1 thread)": EncoderPool("minilm-int8", 1, 1),
        f"{cores} cores ({cores} processes x 1 thread)": EncoderPool("minilm-int8", cores, 1),
        f"{cores} cores (1 process, {cores} run threads)": in_process,
    }
    for encoder in layouts.values():
        encode(encoder, texts[: 8 * cores], 64)  # start the workers, load and warm every session
    rows: dict[str, list[tuple[float, float, float]]] = {name: [] for name in layouts}
    ceiling_before = sgemm_gflops()  # before and after, the higher kept (bench/embed_speed.py)
    for round_no in range(args.rounds):
        order = list(layouts) if round_no % 2 == 0 else list(reversed(layouts))
        for name in order:
            load_before = os.getloadavg()[0]
            started = time.perf_counter()
            encode(layouts[name], texts, 64)
            rate = len(texts) / (time.perf_counter() - started)
            rows[name].append((rate, load_before, os.getloadavg()[0]))
    for encoder in layouts.values():
        if isinstance(encoder, EncoderPool):
            encoder.close()
    ceiling = max(ceiling_before, sgemm_gflops())
    flops_per_passage = model_flops(lengths) / len(texts)

    print(
        f"\n{len(texts)} passages, {sum(lengths)} tokens; {cores} of {os.cpu_count()} cores; "
        f"{args.rounds} rounds per layout, alternating\n"
    )
    print("| layout | passages/s per round (1-min load before -> after) | median | model GFLOP/s (median) |")
    print("|---|---|---|---|")
    medians = {}
    for name, measured in rows.items():
        medians[name] = statistics.median(r for r, _, _ in measured)
        rounds = ", ".join(f"{r:.1f} ({a:.1f} -> {b:.1f})" for r, a, b in measured)
        print(f"| {name} | {rounds} | {medians[name]:.1f} | {medians[name] * flops_per_passage / 1e9:.0f} |")
    one, many = list(medians.values())[:2]
    print(
        f"\nscaling efficiency, {cores} processes over {cores} x 1 core: {many / (cores * one):.2f} "
        f"(target >= 0.8); this machine's float32 matmul (numpy, all cores): {ceiling:.0f} GFLOP/s"
    )


if __name__ == "__main__":
    main()
