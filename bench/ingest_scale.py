"""python -m bench ingest-scale [--n N] [--sources bills,federal-register,us-code] [--profile SOURCE]

Ingest throughput at scale, from the real corpus files with other numbers: N, 2N and 4N BILLSTATUS files
made from the bundled ones by renumbering each bill, Federal Register daily issues made from the bundled
issue by renumbering its documents, and copies of the bundled US Code title renumbered as other titles.
Each size is ingested into a fresh SQLite file (a copy of one migrated template holding the legislators and
roll-call votes the bills link to), in a child process so no size warms the next one's caches. Prints
files/s and records/s per source and size, the time ratio per doubling of the size (linear = ~2.0), and
checks that ingesting the same files again is all-noop.

The default N (BILLSTATUS 200, Register issues 2, Code titles 2) runs in a few minutes on a busy
2-core machine; a congress's worth is ``--n 15000``. ``--profile bills`` prints the top cProfile entries of
the largest BILLSTATUS run instead of timing the others.
"""

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from lxml import etree

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
SOURCES = ("bills", "federal-register", "us-code")
# Sizes per unit of --n: a Register issue or a Code title is hundreds of records, a BILLSTATUS file one bill.
SCALE = {"bills": 1, "federal-register": 0.01, "us-code": 0.01}
FIRST_NUMBER = 20_000  # renumbered bills start here, above every real bill number


# ---- generating the load -----------------------------------------------------------------------------


def _billstatus_files(n: int, out: Path) -> None:
    """``n`` BILLSTATUS files made from the bundled ones, each renumbered (bill number, file name).

    The bundled files were picked for their variety, so their mean (~200 KB, with 700-860 KB omnibus
    bills) is far above a congress's, where most bills are introduced, referred and heard of no more.
    Each bundled file is drawn with a weight of 1/size, which keeps every shape in the load but makes
    the giants as rare as they are upstream (mean ~30 KB)."""
    sources = sorted((CORPUS / "bill-status").rglob("BILLSTATUS-*.xml"))
    trees = [etree.parse(str(p)) for p in sources]
    weights = [1 / p.stat().st_size for p in sources]
    picks = random.Random(13).choices(range(len(trees)), weights=weights, k=n)
    for i, pick in enumerate(picks):
        tree = trees[pick]
        bill = tree.getroot().find("bill")
        number_el = bill.find("billNumber") if bill.find("billNumber") is not None else bill.find("number")
        original = number_el.text
        number_el.text = str(FIRST_NUMBER + i)
        kind = (bill.findtext("billType") or bill.findtext("type")).lower()
        congress = bill.findtext("congress")
        tree.write(str(out / f"BILLSTATUS-{congress}{kind}{number_el.text}.xml"), encoding="UTF-8")
        number_el.text = original


_FRDOC = re.compile(r"(FR Doc\.?\s*|<FRDOCBP>)(\d{4})-(\d+)")


def _register_files(n: int, out: Path) -> None:
    """``n`` daily issues: the bundled issue with every document number made unique to the copy."""
    source = CORPUS / "federal-register" / "FR-2024-02-12.xml"
    text = source.read_text(encoding="utf-8")
    for i in range(n):
        copy = _FRDOC.sub(lambda m, i=i: f"{m.group(1)}{m.group(2)}-{i + 1:04d}{m.group(3)}", text)
        (out / f"FR-2024-02-12-copy{i:04d}.xml").write_text(copy, encoding="utf-8")


def _code_files(n: int, out: Path) -> None:
    """``n`` Code titles: the bundled title 1, renumbered as titles 101, 102, ..."""
    text = (CORPUS / "us-code" / "usc01.xml").read_text(encoding="utf-8")
    for i in range(n):
        title = 101 + i
        (out / f"usc{title}.xml").write_text(text.replace("/us/usc/t1/", f"/us/usc/t{title}/"), "utf-8")


GENERATORS = {"bills": _billstatus_files, "federal-register": _register_files, "us-code": _code_files}


# ---- measuring one size (child process) ------------------------------------------------------------


def _django(db: Path) -> None:
    os.environ["JOSH_DATABASE"] = str(db)
    os.environ.setdefault("JOSH_DATA_DIR", str(db.parent))
    os.environ["JOSH_ENCODER"] = "hashing"
    os.environ["DJANGO_SETTINGS_MODULE"] = "josh.settings"
    os.environ.setdefault("JOSH_LOG_LEVEL", "ERROR")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def _measure(source: str, folder: Path, db: Path, profile: bool) -> dict:
    import time

    _django(db)
    from apps.core.services.ingest import run_ingest

    started, cpu = time.perf_counter(), time.process_time()
    if profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        first = profiler.runcall(run_ingest, slug=source, paths=[folder])
        pstats.Stats(profiler, stream=sys.stderr).sort_stats("cumulative").print_stats(40)
        pstats.Stats(profiler, stream=sys.stderr).sort_stats("tottime").print_stats(25)
    else:
        first = run_ingest(slug=source, paths=[folder])
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    again = run_ingest(slug=source, paths=[folder])
    return {
        "files": first.files_total,
        "records": first.records,
        "seconds": seconds,
        "cpu_seconds": cpu,
        "mean_kb": sum(p.stat().st_size for p in folder.iterdir()) / 1024 / max(1, first.files_total),
        "failed": first.files_failed + first.quarantined_count,
        "rerun_all_noop": again.records == again.noop == first.records and not again.errors,
    }


def _template(work: Path) -> Path:
    """A migrated database holding the registry the bills link to (legislators, roll-call votes)."""
    db = work / "template.sqlite3"
    code = (
        "import sys; sys.argv=['manage.py','migrate','-v','0']; from django.core.management import "
        "execute_from_command_line as run; run(sys.argv); "
        "from apps.core.services.ingest import run_ingest; "
        "[run_ingest(slug=s) for s in ('legislators', 'roll-call-votes')]"
    )
    env = {**os.environ, "JOSH_DATABASE": str(db), "JOSH_DATA_DIR": str(work), "JOSH_ENCODER": "hashing"}
    env.update(DJANGO_SETTINGS_MODULE="josh.settings", JOSH_LOG_LEVEL="ERROR")
    subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); " + code], cwd=ROOT, env=env, check=True
    )
    return db


def _run_size(source: str, size: int, work: Path, template: Path, profile: bool) -> dict:
    folder = work / f"{source}-{size}"
    folder.mkdir()
    GENERATORS[source](size, folder)
    db = work / f"{source}-{size}.sqlite3"
    shutil.copy(template, db)
    child = [sys.executable, "-m", "bench.ingest_scale", "--measure", source, str(folder), str(db)]
    if profile:
        child.append("--profile-child")
    out = subprocess.run(child, cwd=ROOT, check=True, stdout=subprocess.PIPE, text=True).stdout
    shutil.rmtree(folder)
    for stale in work.glob(db.name + "*"):
        stale.unlink()
    return json.loads(out.strip().splitlines()[-1])


# ---- the table -----------------------------------------------------------------------------------------


def _failed(result: dict) -> str:
    return f" ({result['failed']} failed or quarantined)" if result["failed"] else ""


def _table(rows: list[tuple[str, int, dict]]) -> str:
    lines = [
        "| source | files | mean KB | records | seconds | CPU s | files/s | records/s | files/CPU-s "
        "| time ×/doubling | CPU ×/doubling | re-run all-noop |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    previous: dict[str, dict] = {}
    for source, _size, r in rows:
        before = previous.get(source)
        growth = f"{r['seconds'] / before['seconds']:.2f}" if before else "–"
        cpu_growth = f"{r['cpu_seconds'] / before['cpu_seconds']:.2f}" if before else "–"
        previous[source] = r
        lines.append(
            f"| {source} | {r['files']:,} | {r['mean_kb']:.0f} | {r['records']:,} | {r['seconds']:.1f} | "
            f"{r['cpu_seconds']:.1f} | "
            f"{r['files'] / r['seconds']:.1f} | {r['records'] / r['seconds']:.0f} | "
            f"{r['files'] / r['cpu_seconds']:.1f} | {growth} | {cpu_growth} | "
            f"{'yes' if r['rerun_all_noop'] else 'NO'}{_failed(r)} |"
        )
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench ingest-scale", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--n", type=int, default=200, help="BILLSTATUS files at the smallest size")
    parser.add_argument("--sources", default=",".join(SOURCES))
    parser.add_argument("--profile", default="", help="cProfile this source's largest size")
    parser.add_argument("--measure", nargs=3, help=argparse.SUPPRESS)  # child: SOURCE FOLDER DB
    parser.add_argument("--profile-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure:
        source, folder, db = args.measure
        print(json.dumps(_measure(source, Path(folder), Path(db), args.profile_child)))
        return 0
    sources = [s.strip() for s in args.sources.split(",") if s.strip()]
    unknown = sorted(set(sources) - set(SOURCES))
    if unknown:
        parser.error(f"unknown sources {unknown}; choose from {', '.join(SOURCES)}")
    rows = []
    with tempfile.TemporaryDirectory(prefix="josh-ingest-scale-") as tmp:
        work = Path(tmp)
        template = _template(work)
        for source in sources:
            base = max(1, round(args.n * SCALE[source]))
            sizes = [base * 4] if args.profile == source else [base, base * 2, base * 4]
            for size in sizes:
                result = _run_size(source, size, work, template, profile=args.profile == source)
                rows.append((source, size, result))
                print(f"  {source} × {size}: {result['seconds']:.1f}s", file=sys.stderr, flush=True)
    print(_table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
