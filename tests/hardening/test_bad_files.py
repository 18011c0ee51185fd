"""Bad upstream files for every registered plan: a truncated copy of one of its own sample files, the same
file re-encoded as UTF-16, and an empty directory. Each is a clear error naming the file, the rest of the run
goes on, and nothing of the bad file is written (its savepoint rolls back).

Format-specific cases (duplicate ids, missing fields, latin-1) are in each plan's own tests.
"""

from pathlib import Path

import pytest
import yaml

from apps.core.models import IngestRun
from apps.core.plans import all_plans
from apps.core.services.ingest import expand_paths, run_ingest, sample_paths

pytestmark = pytest.mark.django_db

PLANS = [p for p in all_plans()]
WITH_SAMPLE = [p for p in PLANS if p.has_sample and expand_paths(p, sample_paths(p))]
# Line-oriented formats: a file cut at a byte is often a valid, shorter file (whole records before the cut,
# the cut one still well-formed). Nothing generic can tell; these plans take what validates.
CUT_IS_VALID = {"legislators", "committees", "crs-reports", "executive-orders", "gao-reports"}


def _smallest_sample(plan) -> Path:
    return min(expand_paths(plan, sample_paths(plan)), key=lambda p: p.stat().st_size)


# A YAML sample holds hundreds of records (legislators-current.yaml: 537, 1 MB), and the tests that load a good
# file parse and write it two or three times. What they check (a bad file beside a good one fails alone; every
# record of a second copy is a key clash, quarantined) happens record by record, the same for the 25th as the
# 537th, so they load the first records of the real file instead of all of them.
EXCERPT_RECORDS = 25


def _good_sample(plan, tmp_path) -> Path:
    """The smallest sample, or for a YAML one (a list of records, or a mapping of them) its first
    ``EXCERPT_RECORDS`` entries, written under the same name (plans select files by name)."""
    source = _smallest_sample(plan)
    if source.suffix not in (".yaml", ".yml"):
        return source
    data = yaml.load(source.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
    if isinstance(data, dict):
        data = dict(list(data.items())[:EXCERPT_RECORDS])
    elif isinstance(data, list):
        data = data[:EXCERPT_RECORDS]
    excerpt = tmp_path / "excerpt" / source.name
    excerpt.parent.mkdir()
    excerpt.write_text(
        yaml.dump(data, Dumper=yaml.CSafeDumper, sort_keys=False, allow_unicode=True), encoding="utf-8"
    )
    return excerpt


def _rows(plan) -> int:
    return plan.model_class().objects.count()


def _assert_rejected(plan, result, bad: Path, before: int) -> None:
    assert result.status == "failed", result
    assert result.records == 0 and result.inserted == 0
    assert result.errors and all(str(bad) in e["file"] for e in result.errors), result.errors
    assert all(e["message"] for e in result.errors)
    assert _rows(plan) == before  # nothing half-written
    run = IngestRun.objects.get(pk=result.run_id)
    assert run.status == "failed" and run.error_count == len(result.errors)


def _truncated(plan, tmp_path) -> Path:
    source = _smallest_sample(plan)
    data = source.read_bytes()
    cut = len(data) // 2
    while cut > 1 and data[cut - 1 : cut] in (b"\n", b" "):  # end mid-token, not on a boundary
        cut -= 1
    bad = tmp_path / source.name
    bad.write_bytes(data[:cut])
    return bad


@pytest.mark.parametrize(
    "plan",
    [
        pytest.param(
            p,
            id=p.slug,
            marks=[pytest.mark.xfail(strict=True, reason="a cut line-format file can still be valid")]
            if p.slug in CUT_IS_VALID
            else [],
        )
        for p in WITH_SAMPLE
    ],
)
def test_truncated_sample_file_is_rejected_whole(plan, tmp_path):
    bad = _truncated(plan, tmp_path)
    before = _rows(plan)
    result = run_ingest(slug=plan.slug, paths=[bad])
    _assert_rejected(plan, result, bad, before)


@pytest.mark.parametrize("plan", WITH_SAMPLE, ids=[p.slug for p in WITH_SAMPLE])
def test_truncated_file_beside_a_good_one_the_run_goes_on(plan, tmp_path):
    if plan.slug in CUT_IS_VALID:
        pytest.skip("a cut line-format file can still be valid")
    good = _good_sample(plan, tmp_path)
    bad = _truncated(plan, tmp_path)
    bad = bad.rename(bad.with_name("zz-" + bad.name)) if plan.globs[0].startswith("*") else bad
    alone = run_ingest(slug=plan.slug, paths=[good], dry_run=True)
    if alone.status != "success":
        pytest.skip(f"the good sample needs {', '.join(plan.depends_on)} ingested first")
    result = run_ingest(slug=plan.slug, paths=[good, bad])
    assert result.status == "partial", result
    assert result.files_failed == 1 and {e["file"] for e in result.errors} == {str(bad)}
    assert result.records == alone.records


@pytest.mark.parametrize("plan", WITH_SAMPLE, ids=[p.slug for p in WITH_SAMPLE])
def test_utf16_file_is_a_clear_error_or_read_correctly(plan, tmp_path):
    source = _smallest_sample(plan)
    try:
        text = source.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        pytest.skip("the sample is not UTF-8")
    bad = tmp_path / source.name
    bad.write_text(text, encoding="utf-16")
    before = _rows(plan)
    result = run_ingest(slug=plan.slug, paths=[bad])
    if result.status == "success":  # a parser that honours the BOM must read the same records
        assert result.records == run_ingest(slug=plan.slug, paths=[source], dry_run=True).records
        return
    _assert_rejected(plan, result, bad, before)


@pytest.mark.parametrize("plan", PLANS, ids=[p.slug for p in PLANS])
def test_empty_directory_is_a_clear_error(plan, tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    before = _rows(plan)
    result = run_ingest(slug=plan.slug, paths=[empty])
    assert result.status == "failed" and result.files_total == 0
    assert str(empty) in result.errors[0]["file"] and "no files" in result.errors[0]["message"]
    assert _rows(plan) == before


@pytest.mark.parametrize("plan", WITH_SAMPLE, ids=[p.slug for p in WITH_SAMPLE])
def test_latin1_file_is_a_clear_error_or_read_correctly(plan, tmp_path):
    source = _smallest_sample(plan)
    try:
        text = source.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        pytest.skip("the sample is not UTF-8")
    if text.isascii():
        text = text.replace("a", "\u00e9", 50)  # put accented letters in, so the re-encoding matters
    bad = tmp_path / source.name
    bad.write_bytes(text.encode("latin-1", errors="replace"))
    before = _rows(plan)
    result = run_ingest(slug=plan.slug, paths=[bad])
    if result.status == "success":  # read as some text; it must not crash or lose records silently
        assert result.errors == []
        return
    _assert_rejected(plan, result, bad, before)


@pytest.mark.parametrize("plan", WITH_SAMPLE, ids=[p.slug for p in WITH_SAMPLE])
def test_duplicate_ids_across_files_are_reported_and_the_first_copy_kept(plan, tmp_path):
    good = _good_sample(plan, tmp_path)
    alone = run_ingest(slug=plan.slug, paths=[good], dry_run=True)
    if alone.status != "success" or alone.records == 0:
        pytest.skip("the sample needs other sources first, or holds no records of this plan")
    copy = tmp_path / "copy" / good.name
    copy.parent.mkdir()
    copy.write_bytes(good.read_bytes())
    result = run_ingest(slug=plan.slug, paths=[good, copy])
    assert result.status == "partial", result
    assert result.errors == []  # the copy is readable; each of its records is a clash, quarantined
    assert {q["file"] for q in result.quarantined} == {str(copy)}
    assert all(
        "duplicate" in q["message"] and q["record"] and q["field"] == "key" for q in result.quarantined
    )
    assert len(result.quarantined) == alone.records
    assert result.records == alone.records
