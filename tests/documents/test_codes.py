from datetime import date

import pytest

from apps.documents.models import CfrSection, UscSection

pytestmark = pytest.mark.django_db


def test_ecfr_sections_with_hierarchy():
    assert CfrSection.objects.count() == 288
    section = CfrSection.objects.get(cfr_id="cfr:1:1.1")
    assert section.citation_string == "1 CFR 1.1"
    assert section.heading == "Definitions."
    assert (section.title, section.chapter, section.subchapter, section.part) == (1, "I", "A", "1")
    assert section.chapter_heading == "ADMINISTRATIVE COMMITTEE OF THE FEDERAL REGISTER"
    assert section.part_heading == "DEFINITIONS"
    assert section.authority.startswith("44 U.S.C. 1506")
    assert section.source_citation == "[37 FR 23603, Nov. 4, 1972, as amended at 50 FR 12466, Mar. 28, 1985]"
    assert section.published_at == date(2022, 12, 29)
    assert section.body.startswith("As used in this chapter, unless the context requires otherwise—")
    assert section.source_url == "https://www.ecfr.gov/current/title-1/section-1.1"


def test_ecfr_reserved_ranges_and_chapters():
    assert CfrSection.objects.filter(cfr_id="cfr:1:457.104-457.109").exists()
    assert sorted(set(CfrSection.objects.values_list("chapter", flat=True))) == ["I", "II", "III", "IV", "VI"]


def test_us_code_sections():
    assert UscSection.objects.count() == 39  # quoted sections inside notes are not Code sections
    section = UscSection.objects.get(usc_id="usc:1:112a")
    assert section.citation_string == "1 U.S.C. 112a"
    assert section.heading == (
        "United States Treaties and Other International Agreements; contents; admissibility in evidence"
    )
    assert section.identifier == "/us/usc/t1/s112a"
    assert section.chapter == "2"
    assert section.body.startswith("(a) The Secretary of State shall cause to be compiled")
    assert section.source_credit.startswith("(Added Sept. 23, 1950, ch. 1001, § 2, 64 Stat. 980")
    assert section.notes.startswith("Amendment of Section")
    assert "Amendment of Section" not in section.body  # notes kept apart


def test_us_code_chapeau():
    section = UscSection.objects.get(usc_id="usc:1:201")
    assert section.chapeau == "In order to avoid duplication and waste—"
    assert section.heading.startswith("Publication and distribution of Code of Laws of United States")
