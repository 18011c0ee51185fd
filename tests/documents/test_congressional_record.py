from collections import Counter
from datetime import date

import pytest

from apps.documents.models import BillMention, CrecGranule, CrecSpeakerTurn

pytestmark = pytest.mark.django_db


def test_granules_by_chamber():
    assert CrecGranule.objects.count() == 93
    assert Counter(CrecGranule.objects.values_list("chamber", flat=True)) == {
        "senate": 44,
        "extensions": 43,
        "digest": 6,
    }
    assert CrecSpeakerTurn.objects.count() == 379


def test_granule_header_and_citation():
    granule = CrecGranule.objects.get(crec_id="crec:CREC-2005-07-20-pt1-PgS8587-2")
    assert (granule.chamber, granule.volume, granule.number) == ("senate", 151, 99)
    assert (granule.published_at, granule.congress, granule.pages) == (date(2005, 7, 20), 109, "S8587")
    assert granule.title == "PROGRAM"
    assert granule.citation_string == "151 Cong. Rec. S8587 (daily ed. July 20, 2005)"


def test_speaker_turn_quotes_who_said_what():
    granule = CrecGranule.objects.get(granule_id="CREC-2005-07-20-pt1-PgS8587-2")
    (turn,) = granule.turns.all()
    assert (turn.order, turn.speaker, turn.speaker_name) == (1, "Mr. SESSIONS", "SESSIONS")
    assert turn.text.startswith("Mr. SESSIONS. Mr. President, tomorrow, at approximately 10:30 a.m.,")
    assert turn.text.endswith("if they have amendments they wish to have considered.")
    assert granule.body[turn.start_offset : turn.end_offset] == turn.text


def test_long_debate_turn_order_and_states():
    turns = CrecSpeakerTurn.objects.filter(granule__granule_id="CREC-2005-07-20-pt1-PgS8510-2")
    assert turns.count() == 177
    assert list(turns.order_by("order").values_list("speaker", flat=True)[:2]) == [
        "The PRESIDING OFFICER",
        "Mr. McCONNELL",
    ]
    weldon = CrecSpeakerTurn.objects.get(granule__granule_id="CREC-2005-07-20-pt1-PgE1539-2")
    assert (weldon.speaker, weldon.speaker_state) == ("Mr. WELDON of Pennsylvania", "Pennsylvania")


def test_digest_pages_and_bill_mentions():
    digest = CrecGranule.objects.get(granule_id="CREC-2005-07-20-pt1-PgD783")
    assert (digest.chamber, digest.pages) == ("digest", "D783-D784")
    assert "\x00" not in digest.body  # the GPO file pads with NUL bytes
    cited = set(BillMention.objects.filter(document_id=digest.crec_id).values_list("mention", "bill_id"))
    assert ("S. 1427", "s:109:1427") in cited  # "S. \n1427" across a line break
    assert BillMention.objects.filter(source="congressional-record").count() == 177


@pytest.mark.parametrize(
    ("granule", "title"),
    [
        ("CREC-2005-07-20-pt1-PgS8503", "Senate"),  # after the [[Page S8503]] marker and the rule line
        ("CREC-2005-07-20-pt1-PgS8503-2", "PRAYER"),  # small capitals come through the text as "prayer"
        ("CREC-2005-07-20-pt1-PgD783", "Daily Digest"),  # after the day's date line
        ("CREC-2005-07-20-pt1-PgD786", "House of Representatives"),  # a centred mixed-case heading
        ("CREC-2005-07-20-pt1-PgD784", "Daily Digest D784-D786"),  # no heading: section and pages
    ],
)
def test_granule_title_is_its_first_heading_line(granule, title):
    assert CrecGranule.objects.get(granule_id=granule).title == title
