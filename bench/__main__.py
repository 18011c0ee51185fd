"""python -m bench [--docs N] [--chunks-per-doc M] [--quick] [--rebuild] [--repeat R] [--no-embed]
   python -m bench ingest-scale [--n N] [--sources ...] [--profile SOURCE]  (bench/ingest_scale.py)

Builds (once) a synthetic corpus in its own SQLite file under $JOSH_BENCH_DIR (default /tmp/josh-bench),
then prints the speed tables side by side: hybrid /v1/search latency, the semantic leg against sqlite-vec's
vec0 brute-force KNN at recall@10, lexical with a term in ~100 % of documents, serving-process memory and
MiniLM throughput. The full target size is 200k documents / 1M chunks (the default); --quick is 20k / 100k.
The measurement runs in a fresh process so its memory figures do not include corpus generation.
"""

import argparse
import os
import subprocess
import sys
from pathlib import Path


def _args(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--docs", type=int, default=200_000)
    parser.add_argument("--chunks-per-doc", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="20k documents / 100k chunks, fewer repeats")
    parser.add_argument("--rebuild", action="store_true", help="regenerate the corpus even if it exists")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per query")
    parser.add_argument("--no-embed", action="store_true", help="skip the MiniLM throughput measurement")
    parser.add_argument(
        "--only", default="semantic,lexical,hybrid", help="comma list of sections to run (default: all three)"
    )
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)  # internal: measuring child
    args = parser.parse_args(argv)
    if args.quick:
        args.docs, args.repeat = 20_000, 3
    return args


def _setup(db: Path):
    os.environ.setdefault("JOSH_DATA_DIR", str(db.parent))
    os.environ["JOSH_DATABASE"] = str(db)
    os.environ["JOSH_ENCODER"] = "synthetic"
    os.environ["DJANGO_SETTINGS_MODULE"] = "josh.settings"
    # The engine is measured in this process: no heavy lane (its worker would not see the variants a run sets
    # with override_settings, and its memory would not be in this process's RSS). bench/attack.py measures the
    # lane as served.
    os.environ["JOSH_HEAVY_LANE_PROCESSES"] = "0"
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import django

    django.setup()


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["ingest-scale"]:  # ingest throughput at scale: bench/ingest_scale.py
        from bench import ingest_scale

        return ingest_scale.main(argv[1:])
    args = _args(argv)
    bench_dir = Path(os.environ.get("JOSH_BENCH_DIR", "/tmp/josh-bench"))
    bench_dir.mkdir(parents=True, exist_ok=True)
    db = bench_dir / f"bench-{args.docs}x{args.chunks_per_doc}.sqlite3"
    if not args.measure:
        if args.rebuild or not Path(str(db) + ".json").exists():
            for stale in bench_dir.glob(db.name + "*"):
                stale.unlink()
            _setup(db)
            from bench import synth

            print(f"building {args.docs:,} documents / {args.docs * args.chunks_per_doc:,} chunks into {db}")
            synth.build(db, docs=args.docs, chunks_per_doc=args.chunks_per_doc)
        child = [sys.executable, "-m", "bench", "--measure", *argv]
        return subprocess.call(child)
    _setup(db)
    from bench import report

    return report.run(db, args)


if __name__ == "__main__":
    raise SystemExit(main())
