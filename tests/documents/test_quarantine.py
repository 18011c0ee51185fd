"""Record-level quarantine on a real file: the published US Code title 1 with one section's identifier written
with an en dash (as titles like 16 ship them, `/us/usc/t16/s1a–1`) and one identifier that is no section at
all. The en dash is read as the hyphen it stands for; the bad section is set aside, named, and shown by
`manage.py ingest --show-errors` and on the run's admin page; the title's other sections load."""

import io
import re

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from apps.core.models import IngestRun
from apps.core.services.ingest import run_ingest
from apps.documents.models import UscSection

pytestmark = pytest.mark.django_db


@pytest.fixture
def usc01_variant(corpus, tmp_path):
    text = (corpus / "us-code/usc01.xml").read_text(encoding="utf-8")
    sections = re.findall(r'<section[^>]* identifier="(/us/usc/t1/s[^"]+)"', text)
    assert len(sections) > 30
    text = text.replace('identifier="/us/usc/t1/s2"', 'identifier="/us/usc/t1/s2\u2013a"', 1)
    text = text.replace('identifier="/us/usc/t1/s3"', 'identifier="/us/usc/t1/s3 (repealed?)"', 1)
    path = tmp_path / "usc01.xml"
    path.write_text(text, encoding="utf-8")
    return path, len(sections)


def test_a_title_with_one_bad_section_loads_every_other_section(usc01_variant):
    path, sections = usc01_variant
    result = run_ingest(slug="us-code", paths=[path])
    assert (result.status, result.errors) == ("partial", [])
    assert result.quarantined == [
        {
            "file": str(path),
            "record": "/us/usc/t1/s3 (repealed?)",
            "field": "identifier",
            "message": "section identifier '/us/usc/t1/s3 (repealed?)' is not /us/usc/t<title>/s<section>",
        }
    ]
    assert result.records == sections - 1
    dashed = UscSection.objects.get(usc_id="usc:1:2-a")  # the en dash read as a hyphen
    assert dashed.identifier == "/us/usc/t1/s2\u2013a"  # kept as the source wrote it


def test_show_errors_and_the_admin_run_page_name_the_quarantined_record(usc01_variant, admin_client):
    path, _ = usc01_variant
    out = io.StringIO()
    with pytest.raises(CommandError) as partial:  # a partial ingest exits 3, for a scheduler
        call_command("ingest", "us-code", str(path), "--show-errors", "--no-progress", stdout=out)
    assert partial.value.returncode == 3
    printed = out.getvalue()
    assert "1 quarantined" in printed
    assert f"quarantined {path} / /us/usc/t1/s3 (repealed?) / identifier / section identifier" in printed
    run = IngestRun.objects.filter(source="us-code").latest("pk")
    page = admin_client.get(reverse("admin:core_ingestrun_change", args=[run.pk])).content.decode()
    assert "<td><code>/us/usc/t1/s3 (repealed?)</code></td><td><code>identifier</code></td>" in page
