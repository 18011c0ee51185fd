"""python -m bench.scale [--chunks 50k] [--engine sqlite|postgres|both] [--seed 28] [--demo DIR] [--no-quality]
   make bench SCALE=5M [BACKEND=both]

The full-size rehearsal: upstream-format files → the ingest plans → vectors → index → search, and the eval's
quality with its labelled documents planted among the generated ones.

1. **demo**: the demo database (``manage.py setup_demo``: every bundled sample, real encoder vectors from the
   bundled cache) — or ``--demo DIR``, one made before. It holds the eval's labelled documents.
2. **generate**: ``--chunks`` chunks' worth of CRS product pages and Federal Register daily issues
   (bench/upstream.py: real structure, real sentences re-mixed across documents of the same source, ids
   renumbered into reserved ranges), deterministic by ``--seed``.
3. **base**: a copy of the demo database — SQLite: the two files; PostgreSQL: ``manage.py copy_to_postgres``
   into a throwaway server (scripts/with_postgres.py via bench/pg.py).
4. **ingest**: ``manage.py ingest <source> <folder>`` for each source, as a user runs it.
5. **vectors**: stand-in vectors for the generated chunks from the real vectors of their sentences
   (bench/scale_vectors.py says exactly how), written as a vector cache.
6. **embed**: ``manage.py embed`` with that cache: chunking, chunk rows, vector tables (PostgreSQL: the HNSW
   index, maintained as rows go in), the model run for nothing (the output says so).
7. **index**: SQLite: the serving process's in-memory chunk index loaded for every body source (what the
   first semantic query of a fresh worker pays); PostgreSQL: ``VACUUM ANALYZE``.
8. **measure** (bench/scale_measure.py): hybrid p50/p95 (eval queries and ~100 %-frequency terms), lexical
   top 10 against exact BM25, semantic recall@10 with filters against exact cosine, serving RSS.
9. **quality**: ``python -m bench.eval --split test`` on the demo database and on the scaled one, same run:
   nDCG@10 per system.

Every stage runs in a child process: its wall time, its peak RSS (``wait4``), the database's size after it
and its throughput are printed in one table per engine. The working files live under ``$JOSH_BENCH_DIR/scale``
(default /tmp/josh-bench/scale) and are removed at the end unless ``--keep``.
"""

import argparse
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
SIZES = (1_000_000, 5_000_000)  # the extrapolation columns


def parse_size(text: str) -> int:
    m = re.fullmatch(r"(\d+(?:\.\d+)?)([kKmM]?)", text.strip())
    if not m:
        raise argparse.ArgumentTypeError(f"{text!r}: a count such as 50000, 50k or 5M")
    return int(float(m.group(1)) * {"": 1, "k": 1_000, "m": 1_000_000}[m.group(2).lower()])


def child(command: list[str], env: dict) -> tuple[float, float, str, int]:
    """(wall seconds, peak RSS MiB, stdout, exit code) of ``command`` run to completion."""
    started = time.perf_counter()
    proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - started, usage.ru_maxrss / 1024, out, proc.returncode


def _env(data: Path, **extra) -> dict:
    env = {**os.environ, "JOSH_DATA_DIR": str(data), "DJANGO_SETTINGS_MODULE": "josh.settings"}
    env.setdefault("JOSH_LOG_LEVEL", "ERROR")
    env.pop("JOSH_DATABASE", None)
    env.update(extra)
    return env


def sqlite_size(data: Path) -> int:
    return sum(p.stat().st_size for p in data.glob("josh.sqlite3*"))


def pg_size(env: dict) -> int:
    code = (
        "import django; django.setup(); from django.db import connection; cur = connection.cursor(); "
        "cur.execute('SELECT pg_database_size(current_database())'); print(cur.fetchone()[0])"
    )
    out = subprocess.run([PY, "-c", code], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True, check=True)
    return int(out.stdout.strip().splitlines()[-1])


class Stages:
    """One engine's stage table."""

    def __init__(self, engine: str, size):
        self.engine, self.size, self.rows = engine, size, []

    def run(self, name: str, command: list[str], env: dict, *, unit: str = "", count=None, check=True) -> str:
        print(f"[{self.engine}] {name} …", file=sys.stderr, flush=True)
        seconds, rss, out, code = child(command, env)
        if check and code:
            sys.stderr.write(out[-4000:])
            raise SystemExit(f"[{self.engine}] {name} failed (exit {code})")
        n = count(out) if callable(count) else count
        self.rows.append((name, seconds, rss, self.size(), n, unit))
        print(f"[{self.engine}] {name}: {seconds:.1f}s, peak RSS {rss:.0f} MiB", file=sys.stderr, flush=True)
        return out

    def add(self, name: str, seconds: float, n=None, unit: str = "", rss: float = float("nan")) -> None:
        self.rows.append((name, seconds, rss, self.size(), n, unit))

    def table(self, generated_chunks: int) -> str:
        """The stages; for each stage with a count, the wall time at 1M and 5M generated chunks *extrapolated*
        linearly from this run's rate (not measured: a rate that falls with size makes these too low)."""
        lines = [
            f"### Stages, {self.engine}",
            "| stage | wall s | throughput | peak RSS MiB | database after, MB | 1M chunks, extrapolated "
            "| 5M chunks, extrapolated |",
            "|---|---:|---|---:|---:|---:|---:|",
        ]
        for name, seconds, rss, size, n, unit in self.rows:
            rate = f"{n:,} {unit} ({n / seconds:,.0f}/s)" if n else "–"
            rss_text = "–" if rss != rss else f"{rss:,.0f}"
            at = [f"~{seconds * target / generated_chunks / 60:,.0f} min" if n else "–" for target in SIZES]
            lines.append(
                f"| {name} | {seconds:,.1f} | {rate} | {rss_text} | {size / 1e6:,.0f} | {at[0]} | {at[1]} |"
            )
        return "\n".join(lines)


def _records(out: str) -> int:
    return sum(int(m.group(1)) for m in re.finditer(r"(\d+) records —", out))


def _embedded(out: str) -> int:
    m = re.search(r"vectors: (\d+) chunks — (\d+) from the bundled cache", out)
    return int(m.group(2)) if m else 0


def ingest_and_embed(stages: Stages, files: Path, env: dict, work: Path) -> dict:
    notes = {}
    for folder in sorted(p for p in files.iterdir() if p.is_dir()):
        out = stages.run(
            f"ingest {folder.name}",
            [PY, "manage.py", "ingest", folder.name, str(folder), "--no-progress"],
            env,
            unit="records",
            count=_records,
        )
        notes[f"ingest {folder.name}"] = out.strip().splitlines()[-1] if out.strip() else ""
    cache = work / f"vector-cache-{stages.engine}"
    out = stages.run(
        "vectors (stand-ins)",
        [PY, "-m", "bench.scale_vectors", str(cache)],
        env,
        unit="chunks",
        count=lambda o: json.loads(o.strip().splitlines()[-1])["chunks"],
    )
    notes["vectors"] = json.loads(out.strip().splitlines()[-1])
    out = stages.run(
        "embed (manage.py embed)",
        [PY, "manage.py", "embed"],
        {**env, "JOSH_VECTOR_CACHE_DIR": str(cache)},
        unit="chunks",
        count=_embedded,
    )
    notes["embed"] = next((ln for ln in out.splitlines() if ln.startswith("vectors:")), out[-300:])
    shutil.rmtree(cache, ignore_errors=True)
    return notes


_INDEX = (
    "import django, time; django.setup(); "
    "from apps.search.embedding import embeddable_plans; from apps.search import semantic; "
    "from apps.search.encoders import get_encoder; m = get_encoder().model_id; "
    "n = sum(len(semantic.index_for(p.search.chunk_table, m)) for p in embeddable_plans()); print(n)"
)
_ANALYZE = (
    "import django; django.setup(); from django.db import connection; "
    "connection.cursor().execute('VACUUM ANALYZE'); print(0)"
)


def measure(stages: Stages, env: dict, args, extra: list[str]) -> dict:
    out = stages.run(
        "measure (bench.scale_measure)",
        [PY, "-m", "bench.scale_measure", "--repeat", str(args.repeat), *extra],
        env,
    )
    return json.loads(out.strip().splitlines()[-1])


_ROW = re.compile(
    r"^\| (?P<system>[^|]+?) \| (?P<kind>all|title|keyword|paraphrase|mixed) \| \d+ \| (?P<ndcg>[\d.]+) \|"
)


def quality(stages: Stages, env: dict, label: str, extra=()) -> dict:
    out = stages.run(
        f"quality: bench.eval on {label}", [PY, "-m", "bench.eval", "--split", "test", *extra], env
    )
    table = {}
    for line in out.splitlines():
        if m := _ROW.match(line):
            table.setdefault(m["system"], {})[m["kind"]] = float(m["ndcg"])
    return table


def _chunks_and_docs(env: dict) -> dict:
    code = (
        "import django, json; django.setup(); from apps.search import queries; "
        "from apps.search.embedding import embeddable_plans; from apps.core.db.quoting import quote_ident as q; "
        "print(json.dumps({p.slug: [queries.fetchall(f'SELECT count(*) FROM {q(p.search.content_table)}')[0][0], "
        "queries.fetchall(f'SELECT count(*) FROM {q(p.search.chunk_table)}')[0][0]] for p in embeddable_plans()}))"
    )
    out = subprocess.run([PY, "-c", code], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def run_sqlite(args, work: Path, demo: Path, files: Path) -> dict:
    data = work / "sqlite"
    shutil.rmtree(data, ignore_errors=True)
    data.mkdir(parents=True)
    env = _env(data)
    stages = Stages("SQLite", lambda: sqlite_size(data))
    load = os.getloadavg()[0]
    t = time.perf_counter()
    for name in ("josh.sqlite3", "josh-web.sqlite3"):  # the backup API: a consistent copy of a WAL database
        with sqlite3.connect(demo / name) as src, sqlite3.connect(data / name) as dst:
            src.backup(dst)
    stages.add("base: copy of the demo database", time.perf_counter() - t)
    notes = ingest_and_embed(stages, files, env, work)
    stages.run("index (load the serving chunk index)", [PY, "-c", _INDEX], env, unit="chunks",
               count=lambda o: int(o.strip().splitlines()[-1]))  # fmt: skip
    sizes = _chunks_and_docs(env)
    result = {
        "stages": stages,
        "notes": notes,
        "sizes": sizes,
        "generated_chunks": notes["vectors"]["chunks"],
    }
    result["measure"] = measure(stages, env, args, ["--lexical-out", str(work / "sqlite-lexical.json")])
    if args.quality:
        result["quality_demo"] = quality(stages, _env(demo), "the demo database")
        result["quality_scale"] = quality(stages, env, "the scaled database")
    result["load"] = [load, os.getloadavg()[0]]
    return result


PG_EVAL = ["--backend", "postgres"]


def run_postgres(args, work: Path, demo: Path, files: Path) -> dict:
    from bench import pg

    pgdata = work / "pgdata"
    shutil.rmtree(pgdata, ignore_errors=True)
    data = work / "pg-data"
    data.mkdir(parents=True, exist_ok=True)
    with pg.server(pgdata) as url:
        env = _env(
            data, JOSH_DATABASE_URL=url, JOSH_BENCH_PGDATA=str(pgdata), JOSH_PG_STATEMENT_TIMEOUT_MS="0"
        )
        subprocess.run([PY, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
        stages = Stages("PostgreSQL", lambda: pg_size(env))
        load = os.getloadavg()[0]
        stages.run("base: copy_to_postgres of the demo database",
                   [PY, "manage.py", "copy_to_postgres", str(demo / "josh.sqlite3")], env)  # fmt: skip
        quality_demo = quality(stages, env, "the demo database (copied)", PG_EVAL) if args.quality else None
        notes = ingest_and_embed(stages, files, env, work)
        stages.run("index (VACUUM ANALYZE)", [PY, "-c", _ANALYZE], env)
        sizes = _chunks_and_docs(env)
        serving = {k: v for k, v in env.items() if k != "JOSH_PG_STATEMENT_TIMEOUT_MS"}
        extra = []
        if (work / "sqlite-lexical.json").exists():
            extra = ["--exact-lexical", str(work / "sqlite-lexical.json")]
        result = {
            "stages": stages,
            "notes": notes,
            "sizes": sizes,
            "measure": measure(stages, serving, args, extra),
            "generated_chunks": notes["vectors"]["chunks"],
        }
        if args.quality:
            result["quality_demo"] = quality_demo
            result["quality_scale"] = quality(stages, serving, "the scaled database", PG_EVAL)
        result["load"] = [load, os.getloadavg()[0]]
    return result


def report(name: str, r: dict, generated: dict) -> str:
    m = r["measure"]
    h, lx, sem = m["hybrid"], m["lexical"], m["semantic"]
    total_docs = sum(v[0] for v in r["sizes"].values())
    total_chunks = sum(v[1] for v in r["sizes"].values())
    lines = [
        f"## {name}: {total_docs:,} body documents, {total_chunks:,} chunks ({r['generated_chunks']:,} generated), "
        f"load average {r['load'][0]:.1f} → {r['load'][1]:.1f}",
        "",
        r["stages"].table(r["generated_chunks"]),
        "",
    ]
    lines.append("| measure | value |\n|---|---|")
    terms = ", ".join(
        f"{t} ({s:.0%} of {lx['source']} records)" if s == s else t for t, s in m["frequent_terms"]
    )
    lines += [
        f"| hybrid p50 / p95 ms, all calls | {h['all']['p50']:.0f} / {h['all']['p95']:.0f} |",
        f"| hybrid p50 / p95 ms, {h['eval']['queries']} eval queries | {h['eval']['p50']:.0f} / {h['eval']['p95']:.0f} |",
        f"| hybrid p50 / p95 ms, frequent terms: {terms} | {h['frequent']['p50']:.0f} / {h['frequent']['p95']:.0f} |",
        f"| HTTP statuses | {h['statuses']} |",
        f"| lexical top 10 = exact BM25 ({lx['source']}) | {lx['identical']} of {lx['compared']} queries "
        f"({lx['summed_path']} ranked by the head cache's summed path) |",
    ]
    for label, case in sem["cases"].items():
        lines.append(
            f"| semantic recall@10 vs exact, {label} ({case['allowed']:,} chunks allowed, {sem['candidates']} "
            f"candidates) | {case['recall@10']:.3f} (p50 {case['p50']:.0f} / p95 {case['p95']:.0f} ms) |"
        )
    lines.append(f"| serving process RSS / peak MiB | {m['rss_mib']:,.0f} / {m['hwm_mib']:,.0f} |")
    v = r["notes"].get("vectors", {})
    if v:
        lines.append(
            f"| stand-in vectors | {v['chunks']:,}: {v['by_sentences']:,} from their sentences' real vectors, "
            f"{v['by_document']:,} from their document's, {v['headers']:,} header chunks, {v['by_random']:,} "
            f"random real; {v['sentence_hit_share']:.0%} of sentences found |"
        )
    lines.append(f"| embed | {r['notes'].get('embed', '')} |")
    if r.get("quality_scale"):
        lines += ["", quality_table(r["quality_demo"], r["quality_scale"], total_chunks, generated)]
    return "\n".join(lines)


def quality_table(demo: dict, scale: dict, chunks: int, generated: dict) -> str:
    kinds = ("all", "title", "keyword", "paraphrase", "mixed")
    lines = [
        f"nDCG@10, test split, demo size vs the same documents among {chunks:,} chunks:",
        "",
        "| system | size | " + " | ".join(kinds) + " |",
        "|---|---|" + "---|" * len(kinds),
    ]
    for system in demo:
        for label, table in (("demo", demo), ("scale", scale)):
            if system in table:
                lines.append(
                    f"| {system} | {label} | "
                    + " | ".join(f"{table[system].get(k, float('nan')):.3f}" for k in kinds)
                    + " |"
                )
        if system in scale:
            d = scale[system]["all"] - demo[system]["all"]
            lines.append(f"| {system} | change | {d:+.3f} |" + " |" * (len(kinds) - 1))
    return "\n".join(lines)


def _save(work: Path, engine: str, result: dict) -> None:
    """The raw result beside the working files (kept after the run): the table can be printed again from it."""
    raw = {**result, "stages": result["stages"].rows}
    (work / f"result-{engine}.json").write_text(json.dumps(raw, default=str))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.scale", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--chunks", type=parse_size, default=parse_size("50k"), help="generated chunks (50k, 1M, 5M)"
    )
    parser.add_argument("--engine", choices=("sqlite", "postgres", "both"), default="sqlite")
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--repeat", type=int, default=5, help="timed calls per frequent-term query")
    parser.add_argument("--demo", type=Path, help="a data dir after manage.py setup_demo (default: make one)")
    parser.add_argument("--no-quality", dest="quality", action="store_false")
    parser.add_argument("--keep", action="store_true", help="keep the working files")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    work = Path(os.environ.get("JOSH_BENCH_DIR", "/tmp/josh-bench")) / "scale"
    work.mkdir(parents=True, exist_ok=True)
    print(
        f"# Full-size rehearsal: {args.chunks:,} generated chunks, seed {args.seed}, {args.engine}\n",
        flush=True,
    )
    try:
        demo = args.demo
        if demo is None:
            demo = work / "demo"
            seconds, rss, _, code = child([PY, "manage.py", "setup_demo"], _env(demo))
            if code:
                raise SystemExit("manage.py setup_demo failed")
            print(f"demo database: manage.py setup_demo in {seconds:.0f}s (peak RSS {rss:.0f} MiB)\n")
        files = work / "files"
        shutil.rmtree(files, ignore_errors=True)
        from bench import upstream

        t = time.perf_counter()
        written = upstream.generate(files, args.chunks, args.seed)
        seconds = time.perf_counter() - t
        generated = {}
        print("| generated | files | documents | MB | chunks (chunker's estimate) | ids | files/s |")
        print("|---|---:|---:|---:|---:|---|---:|")
        for w in written:
            generated[w.source] = w.estimated_chunks
            print(f"| {w.source} | {w.files:,} | {w.documents:,} | {w.bytes / 1e6:,.0f} | {w.estimated_chunks:,} | "
                  f"{w.first_id} … {w.last_id} | {w.files / seconds:,.0f} |")  # fmt: skip
        print(f"\ngenerate: {seconds:.1f}s\n", flush=True)
        results = {}
        if args.engine in ("sqlite", "both"):
            results["SQLite"] = run_sqlite(args, work, demo, files)
            _save(work, "sqlite", results["SQLite"])
            print(report("SQLite", results["SQLite"], generated) + "\n", flush=True)
        if args.engine in ("postgres", "both"):
            results["PostgreSQL"] = run_postgres(args, work, demo, files)
            _save(work, "postgres", results["PostgreSQL"])
            print(report("PostgreSQL", results["PostgreSQL"], generated) + "\n", flush=True)
    finally:
        if not args.keep:
            for name in ("files", "sqlite", "pgdata", "pg-data", "sqlite-lexical.json"):
                target = work / name
                if target.is_dir():
                    shutil.rmtree(target, ignore_errors=True)
                else:
                    target.unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
