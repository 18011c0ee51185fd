"""The rehearsal's upstream-format generator (bench/upstream.py): real structure the plans ingest, re-mixed
real sentences, ids in reserved ranges, deterministic by seed, sized by the chunker."""

import hashlib
import re

import pytest

from apps.core.services.ingest import run_ingest
from apps.documents.models import CrsReport, FrDocument
from apps.search.chunking import chunk_body
from bench import upstream

pytestmark = pytest.mark.django_db


def _digest(folder) -> str:
    h = hashlib.sha1()
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            h.update(path.name.encode() + path.read_bytes())
    return h.hexdigest()


def test_the_same_seed_writes_the_same_bytes_and_another_seed_does_not(tmp_path):
    upstream.generate(tmp_path / "a", 3000, seed=5)
    upstream.generate(tmp_path / "b", 3000, seed=5)
    upstream.generate(tmp_path / "c", 3000, seed=6)
    assert _digest(tmp_path / "a") == _digest(tmp_path / "b")
    assert _digest(tmp_path / "a") != _digest(tmp_path / "c")


def test_crs_pages_ingest_with_reserved_numbers_and_real_sentences(tmp_path):
    written = upstream.write_crs(tmp_path, 400, seed=1)
    assert written.files == len(list(tmp_path.glob("*.md"))) >= 2
    result = run_ingest(slug="crs-reports", paths=[tmp_path])
    assert result.errors == [] and result.records == written.files
    reports = list(CrsReport.objects.order_by("product_number"))
    assert [r.product_number for r in reports] == [upstream.crs_number(i) for i in range(written.files)]
    # every prose sentence of a generated page is a sentence of some bundled CRS page (re-mixed, not made up)
    real = {
        upstream.sentence_key(s)
        for text, _n, _t, prose in upstream._crs_templates()
        for i in prose
        for s in upstream.sentences(text.split("\n")[i])
    }
    page = (tmp_path / next(p.name for p in tmp_path.glob("*.md"))).read_text()
    prose = [ln for ln in page.split("\n") if upstream._is_prose(ln) and "(ZAA" not in ln]
    drawn = [upstream.sentence_key(s) for ln in prose for s in upstream.sentences(ln)]
    assert drawn and all(key in real for key in drawn)
    # the chunker's estimate is the chunker's count on the parsed bodies, give or take the markup
    actual = sum(1 + len(chunk_body(r.body)) for r in reports)
    assert abs(actual - written.estimated_chunks) <= 0.1 * actual


def test_register_issues_ingest_with_renumbered_documents(tmp_path):
    written = upstream.write_register(tmp_path, 10, seed=1)
    assert written.files == 1
    result = run_ingest(slug="federal-register", paths=[tmp_path])
    assert result.errors == [] and result.records == written.documents == 96
    numbers = list(FrDocument.objects.values_list("document_number", flat=True))
    assert len(numbers) == 96 and all(re.fullmatch(r"2024-900000\d{5}", n) for n in numbers)
