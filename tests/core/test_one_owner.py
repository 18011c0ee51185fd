"""The mechanisms with one owner each (issue 31): what apps register is found one way, bill mentions are
read one way, untrusted XML is parsed one way."""

import sys
from pathlib import Path

import pytest
from django.conf import settings
from lxml import etree

from apps.core import bill_mentions
from apps.core.discovery import app_modules, optional_module, refuse_second
from apps.core.errors import SourceFormatError
from apps.core.inputs import load_xml, xml_parser


def test_an_absent_module_is_none_and_a_broken_one_raises(tmp_path, monkeypatch):
    assert optional_module("apps.core.no_such_module") is None
    (tmp_path / "josh_broken_probe.py").write_text("import josh_no_such_dependency\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModuleNotFoundError, match="josh_no_such_dependency"):
        optional_module("josh_broken_probe")
    sys.modules.pop("josh_broken_probe", None)


def test_app_modules_finds_each_apps_own_module():
    """Every Josh app with a urls.py, in INSTALLED_APPS order, and no other."""
    root = Path(settings.BASE_DIR)
    expected = [
        app
        for app in settings.INSTALLED_APPS
        if app.startswith("apps.") and (root / app.replace(".", "/") / "urls.py").exists()
    ]
    assert len(expected) >= 3
    assert [app for app, _ in app_modules("urls")] == expected


def test_a_second_entry_under_one_key_is_refused():
    registry = {"crs": "first"}
    refuse_second(registry, "crs", "first", "source plan")  # the same entry again: a re-import, fine
    with pytest.raises(RuntimeError, match="source plan 'crs' registered twice"):
        refuse_second(registry, "crs", "second", "source plan")


def test_every_table_of_bill_mentions_is_declared_once():
    tables = bill_mentions._TABLES
    assert {r: (t.model.__name__, t.record, t.key) for r, t in tables.items()} == {
        "hearings": ("HearingBill", "hearing", "pk"),
        "lda-filings": ("LobbyingBillMention", "filing", "pk"),
        "crs-reports": ("BillMention", "document_id", "crs_id"),
        "gao-reports": ("BillMention", "document_id", "gao_id"),
        "congressional-record": ("BillMention", "document_id", "crec_id"),
    }
    with pytest.raises(RuntimeError, match="registered twice"):
        bill_mentions.register_mentions(bill_mentions.MentionTable("hearings", object, "hearing"))


def test_citing_filters_one_id_or_many():
    one = str(bill_mentions.citing("crs-reports", "hr:119:1")["crs_id__in"].query)
    assert '"bill_id" = hr:119:1' in one and '"source" = crs-reports' in one
    many = str(bill_mentions.citing("lda-filings", ["s:110:373", "hr:119:1"])["pk__in"].query)
    assert '"bill_id" IN (s:110:373, hr:119:1)' in many


BOMB = b"""<?xml version="1.0"?>
<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
<r>&b;</r>"""


def test_the_one_xml_parser_expands_no_entities(tmp_path):
    root = etree.fromstring(BOMB, xml_parser())
    assert "aaaaaaaaaa" not in etree.tostring(root).decode()
    path = tmp_path / "bomb.xml"
    path.write_bytes(BOMB)
    assert "aaaaaaaaaa" not in etree.tostring(load_xml(path)).decode()


def test_a_malformed_file_is_named(tmp_path):
    path = tmp_path / "cut.xml"
    path.write_bytes(b"<r><a>")
    with pytest.raises(SourceFormatError, match="malformed XML") as caught:
        load_xml(path)
    assert str(path) in str(caught.value)
