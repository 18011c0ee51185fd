import shutil
from datetime import date, time

import pytest

from apps.activity.models import Hearing, HearingBill, HearingCommittee, HearingWitness
from apps.core.services.ingest import run_ingest

from .conftest import ingest


@pytest.mark.django_db
def test_rules_committee_meeting(hearings):
    assert (hearings.files_total, hearings.inserted, hearings.status) == (2, 2, "success")
    h = Hearing.objects.get(public_id="hearing:102252")
    assert (h.meeting_id, h.meeting_type, h.congress, h.session) == ("HMTG102252", "HMTG", 113, 2)
    assert (h.date, h.start_time, h.location) == (date(2014, 5, 19), time(17, 0), "H-313, CAPITOL")
    assert h.title.startswith("H.R. 4435—National Defense Authorization Act for Fiscal Year 2015")
    assert list(HearingCommittee.objects.filter(hearing=h).values_list("code", "thomas_id", "name")) == [
        ("RU00", "HSRU", "Committee on Rules")
    ]
    doc = h.documents.get()
    assert (doc.doc_type, doc.legis_num, doc.bill_id) == ("BR", "H.R. 4435", "hr:113:4435")
    assert doc.urls[0] == "http://beta.congress.gov/113/bills/hr4435/BILLS-113hr4435ih.pdf"
    # legis-num and the title's second bill, both with the meeting's congress.
    assert list(HearingBill.objects.filter(hearing=h).values_list("bill_id", "found_in")) == [
        ("hr:113:4435", "document"),
        ("hr:113:4660", "title"),
    ]
    assert h.citation_string.startswith("House Committee on Rules, meeting HMTG102252: H.R. 4435")
    assert h.source_url == "https://docs.house.gov/Committee/Calendar/ByEvent.aspx?EventID=102252"


@pytest.mark.django_db
def test_witness_list_for_an_unrecorded_meeting(hearings):
    h = Hearing.objects.get(public_id="hearing:102266")
    # Only the witness list was recorded: committee, date and congress come from its document URL.
    assert (h.details_from, h.congress, h.date, h.title) == ("witness-list", 113, date(2014, 5, 22), "")
    assert list(h.committees.values_list("code", "thomas_id")) == [("GO25", "HSGO25")]
    w = HearingWitness.objects.get(hearing=h)
    assert (w.name, w.honorific, w.position, w.organization) == (
        "James P. Cochrane",
        "Mr.",
        "Chief Information Officer and Executive Vice President",
        "U.S. Postal Service",
    )
    assert (w.panel, w.witness_type, w.testified) == (1, "Government - Federal", True)
    assert w.documents[0]["description"] == "Cochrane Bio"


@pytest.mark.django_db
def test_reingest_is_all_noop(hearings):
    again = ingest("hearings")
    assert (again.inserted, again.updated, again.noop, again.errors) == (0, 0, 2, [])


def _without_the_samples_meeting():
    """The package's sample holds meeting 102252; a test that ingests its own copy of it starts without it
    (its committees, bills and documents go with it; the test's transaction is rolled back after it)."""
    Hearing.objects.filter(event_id=102252).delete()
    assert not HearingCommittee.objects.filter(hearing__event_id=102252).exists()


@pytest.mark.django_db
def test_witness_list_never_overwrites_its_meeting(corpus, tmp_path):
    """A witness list ingested first creates the hearing; its meeting file then fills it, and the
    witness list ingested again changes nothing."""
    meeting = (corpus / "hearings/HMTG102252-committee-meeting.xml").read_text()
    witnesses = (
        (corpus / "hearings/sample_witness.xml")
        .read_text()
        .replace('meeting-id="102266"', 'meeting-id="102252"')
    )
    (tmp_path / "w.xml").write_text(witnesses)
    (tmp_path / "m.xml").write_text(meeting)
    _without_the_samples_meeting()
    first = run_ingest(slug="hearings", paths=[tmp_path / "w.xml"])
    assert (first.inserted, Hearing.objects.get(event_id=102252).details_from) == (1, "witness-list")
    run_ingest(slug="hearings", paths=[tmp_path / "m.xml"])
    again = run_ingest(slug="hearings", paths=[tmp_path / "w.xml", tmp_path / "m.xml"])
    assert (again.inserted, again.updated, again.noop) == (0, 0, 2)
    h = Hearing.objects.get(event_id=102252)
    assert (h.details_from, h.date, h.witnesses.count()) == ("meeting", date(2014, 5, 19), 1)
    assert list(h.committees.values_list("thomas_id", flat=True)) == ["HSRU"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            '<committee-name id="RU00">',
            '<committee-name id="RULES">',
            "committee id must look like RU00 or GO25, got 'RULES'",
        ),
        (
            "<calendar-date>2014-05-19",
            "<calendar-date>May 19",
            "'calendar-date' is not an ISO date: 'May 19'",
        ),
        (
            "<legis-num>H.R. 4435</legis-num>\n      <filename",
            "<legis-num>HR-X</legis-num>\n      <filename",
            "meeting-document 1: legis-num 'HR-X' is not a bill citation",
        ),
        ("</committee-meeting>", "", "malformed XML"),
    ],
)
def test_malformed_meeting_names_file_and_record(corpus, tmp_path, old, new, message):
    _without_the_samples_meeting()
    before = (Hearing.objects.count(), HearingCommittee.objects.count())
    path = tmp_path / "bad.xml"
    shutil.copy(corpus / "hearings/HMTG102252-committee-meeting.xml", path)
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    result = run_ingest(slug="hearings", paths=[path])
    assert len(result.errors) == 1 and result.errors[0]["file"] == str(path)
    assert result.errors[0]["message"].startswith(message)
    if "malformed XML" not in message:
        assert result.errors[0]["record"] == "HMTG102252"
    # Nothing of the bad file was written.
    assert (Hearing.objects.count(), HearingCommittee.objects.count()) == before
    assert not Hearing.objects.filter(event_id=102252).exists()
