"""python -m bench [--docs N] [--chunks-per-doc M] [--quick] [--rebuild] [--repeat R] [--no-embed] [--backend B]
   python -m bench ingest-scale [--n N] [--sources ...] [--profile SOURCE]  (bench/ingest_scale.py)
   python -m bench concurrency [--backend B] [--workers 1,2] ...  (bench/concurrency.py)
   python -m bench web-writes [--backend B] [--idle 20] [--ingest 60]  (bench/web_writes.py)
   python -m bench cold-search [--baseline ROOT] [--modes lexical,hybrid]  (bench/cold_search.py)

Builds (once) a synthetic corpus in its own SQLite file under $JOSH_BENCH_DIR (default /tmp/josh-bench),
then prints the speed tables side by side: hybrid /v1/search latency, the semantic leg against sqlite-vec's
vec0 brute-force KNN at recall@10, lexical with a term in ~100 % of documents, serving-process memory and
MiniLM throughput. The full target size is 200k documents / 1M chunks (the default); --quick is 20k / 100k.
The measurement runs in a fresh process so its memory figures do not include corpus generation.

--backend postgres|both (default sqlite): the same corpus is also loaded into a throwaway PostgreSQL +
pgvector (bench/pg.py: scripts/with_postgres.py's server, the copy_to_postgres transfer code) and the same
measurements are taken on each engine and printed side by side (bench/sidebyside.py). --backend sqlite
alone prints the SQLite tables above (vs vec0 and FTS5's exact order).
"""

import argparse
import json
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
    parser.add_argument("--backend", choices=("sqlite", "postgres", "both"), default="sqlite")
    parser.add_argument(
        "--tune", action="store_true", help="sweep the semantic candidate count on tuning queries (seed 11)"
    )
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)  # internal: measuring child
    parser.add_argument("--load-pg", action="store_true", help=argparse.SUPPRESS)  # internal: loading child
    parser.add_argument("--result", type=Path, help=argparse.SUPPRESS)  # internal: where a child writes JSON
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
    if argv[:1] == ["concurrency"]:  # readers + a writer against josh.serve: bench/concurrency.py
        from bench import concurrency

        return concurrency.main(argv[1:])
    if argv[:1] == ["web-writes"]:  # keyed clients + an admin during an ingest: bench/web_writes.py
        from bench import web_writes

        return web_writes.main(argv[1:])
    if argv[:1] == ["cold-search"]:  # a fresh process's first search against a warm one: bench/cold_search.py
        from bench import cold_search

        return cold_search.main(argv[1:])
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
        if args.backend == "sqlite":
            return subprocess.call([sys.executable, "-m", "bench", "--measure", *argv])
        return _side_by_side(db, args, argv)
    _setup(db)
    if args.load_pg:
        from bench import pg

        pg.load(db, pg.pgdata_for(db))
        return 0
    if args.result:
        from bench import report, sidebyside, synth

        report.prepare(db)
        if args.tune:
            print(sidebyside.tune(db, args.repeat))
            args.result.write_text("{}")
            return 0
        result = sidebyside.measure(db, synth.load_meta(db), args)
        args.result.write_text(json.dumps(result))
        return 0
    from bench import report

    return report.run(db, args)


def _side_by_side(db: Path, args, argv) -> int:
    """Measure each engine in its own child (PostgreSQL loaded first when it is not yet), print both."""
    from bench import pg, sidebyside, synth

    engines = ("sqlite", "postgres") if args.backend == "both" else (args.backend,)
    child = [sys.executable, "-m", "bench", *argv]
    results, ingest = {}, {"sqlite": synth.load_meta(db).seconds}
    for engine in engines:
        out = db.parent / f"{db.stem}.{engine}.result.json"
        out.unlink(missing_ok=True)
        if engine == "sqlite":
            rc = subprocess.call([*child, "--measure", "--result", str(out)])
        else:
            pgdata = pg.pgdata_for(db)
            with pg.server(pgdata) as url:
                env = pg.env_for(url, pgdata)
                if args.rebuild or pg.loaded(pgdata) is None:
                    print(f"loading {db.name} into PostgreSQL ({pgdata})", flush=True)
                    # a bulk load's statements (index builds) run past the serving statement timeout
                    load_env = {**env, "JOSH_PG_STATEMENT_TIMEOUT_MS": "0"}
                    if subprocess.call([*child, "--measure", "--load-pg"], env=load_env):
                        return 1
                ingest["postgres"] = pg.loaded(pgdata)["seconds"]
                rc = subprocess.call([*child, "--measure", "--result", str(out)], env=env)
        if rc:
            return rc
        results[engine] = json.loads(out.read_text())
    if not args.tune:
        print(sidebyside.table(results, ingest))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
