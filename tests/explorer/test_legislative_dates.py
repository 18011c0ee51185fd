"""Dates as Washington keeps them: every roll call of the samples shows, on every page that lists it, the day
its own vote file dates it (the citation's ``published_at``, read from the file's Eastern timestamp), never
the UTC date of ``voted_at``; the API serves both the UTC timestamp and that ``legislative_date``."""

import re
from collections import Counter
from datetime import UTC, date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings

from apps.bills.models import BillRecordedVote
from apps.core.legislative import day_start, legislative_date, washington_time_label
from apps.registry.models import RollCallVote, VotePosition

TEMPLATES = Path(settings.BASE_DIR) / "templates"
# Computed here with zoneinfo itself, not through the helper under test.
EASTERN = ZoneInfo("America/New_York")


def shown(day: date) -> str:
    """A day as the explorer prints it (Django's "M j, Y")."""
    return f"{day:%b} {day.day}, {day.year}"


def utc(*args) -> datetime:
    return datetime(*args, tzinfo=UTC)


# ---------------------------------------------------------------------------------------------------------
# The conversion
# ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("moment", "day"),
    [
        (utc(2021, 3, 4, 4, 29), date(2021, 3, 3)),  # H.R. 1's passage: 11:29 p.m. EST
        (utc(2021, 3, 4, 5, 0), date(2021, 3, 4)),  # midnight EST
        (utc(2021, 3, 4, 4, 59, 59), date(2021, 3, 3)),
        # DST begins 2021-03-14 at 2 a.m.: the day starts at 05:00 UTC, the next at 04:00 UTC.
        (utc(2021, 3, 14, 4, 59), date(2021, 3, 13)),
        (utc(2021, 3, 14, 7, 30), date(2021, 3, 14)),  # 3:30 a.m. EDT, just past the jump
        (utc(2021, 3, 15, 3, 59), date(2021, 3, 14)),  # 11:59 p.m. EDT
        (utc(2021, 3, 15, 4, 0), date(2021, 3, 15)),
        # DST ends 2021-11-07 at 2 a.m.: 1:30 a.m. happens twice, both on the 7th.
        (utc(2021, 11, 7, 3, 59), date(2021, 11, 6)),  # 11:59 p.m. EDT
        (utc(2021, 11, 7, 5, 30), date(2021, 11, 7)),  # 1:30 a.m. EDT
        (utc(2021, 11, 7, 6, 30), date(2021, 11, 7)),  # 1:30 a.m. EST
        (utc(2021, 11, 8, 4, 59), date(2021, 11, 7)),  # 11:59 p.m. EST
        (utc(2025, 7, 3, 3, 50), date(2025, 7, 2)),  # a summer late-evening vote, 11:50 p.m. EDT
        (utc(2025, 12, 31, 23, 0), date(2025, 12, 31)),  # a morning in UTC terms is the same day
        (utc(2026, 1, 1, 2, 0), date(2025, 12, 31)),  # New Year's Eve session: still the old year
        (datetime(2021, 3, 4, 4, 29), date(2021, 3, 3)),  # naive: read as UTC, as Django stores it
        (datetime.fromisoformat("2021-03-03T23:29:00-05:00"), date(2021, 3, 3)),  # the vote file's own form
        (date(2021, 3, 4), date(2021, 3, 4)),  # a date is already a day
        (None, None),
    ],
)
def test_legislative_date_is_the_eastern_day_across_dst(moment, day):
    assert legislative_date(moment) == day


def test_day_start_is_eastern_midnight_in_utc():
    assert day_start(date(2021, 3, 3)) == utc(2021, 3, 3, 5)
    assert day_start(date(2021, 3, 14)) == utc(2021, 3, 14, 5)  # the night DST begins, still EST
    assert day_start(date(2021, 3, 15)) == utc(2021, 3, 15, 4)
    assert day_start(date(2021, 11, 7)) == utc(2021, 11, 7, 4)  # the night DST ends, still EDT
    assert day_start(date(2021, 11, 8)) == utc(2021, 11, 8, 5)


def test_time_label_names_the_zone_in_force():
    assert washington_time_label(utc(2021, 3, 4, 4, 29)) == "2021-03-03 23:29 EST"
    assert washington_time_label(utc(2025, 7, 3, 3, 50)) == "2025-07-02 23:50 EDT"


def test_no_template_prints_a_timestamps_day_with_the_utc_date_filter():
    """Timestamps (``*_at``, ``as_of``) go through ``|day``; Django's ``|date`` uses the server's UTC."""
    offenders = [
        f"{path.relative_to(TEMPLATES)}: {m.group(0)}"
        for path in TEMPLATES.rglob("*.html")
        for m in re.finditer(r"[\w.]*(?:_at|\bas_of)\s*\|\s*date\b", path.read_text())
    ]
    assert offenders == []


# ---------------------------------------------------------------------------------------------------------
# Every vote of the samples, on every page that shows its date
# ---------------------------------------------------------------------------------------------------------


@pytest.fixture
def votes(corpus_sample):
    rows = list(RollCallVote.objects.order_by("vote_id"))
    late = [v for v in rows if v.voted_at.astimezone(UTC).date() != v.published_at]
    # The samples hold late-evening votes whose UTC date is the next day: the test would catch a UTC date.
    assert len(rows) >= 200 and len(late) >= 20, (len(rows), len(late))
    return rows


@pytest.mark.django_db
def test_every_vote_page_shows_its_legislative_day(client, votes):
    wrong = []
    for vote in votes:
        html = client.get(f"/votes/{vote.vote_id}").content.decode()
        eyebrow = re.search(r"th Congress · ([A-Z][a-z]{2} \d{1,2}, \d{4}) ·", html)
        if eyebrow is None or eyebrow.group(1) != shown(vote.published_at):
            wrong.append((vote.vote_id, eyebrow and eyebrow.group(1), vote.published_at))
    assert wrong == []


@pytest.mark.django_db
def test_bill_pages_list_their_votes_on_their_legislative_day(client, votes):
    by_id = {v.vote_id: v for v in votes}
    links = BillRecordedVote.objects.select_related("bill").order_by("bill__bill_id", "vote_id")
    expected: dict[str, dict[tuple[str, int], date]] = {}
    for link in links:
        day = by_id[link.vote_id].published_at if link.vote_id in by_id else None
        # A roll call not loaded is dated by BILLSTATUS alone (UTC): its Eastern day is the one to show.
        day = day or link.voted_at.astimezone(EASTERN).date()
        expected.setdefault(link.bill.bill_id, {})[(link.chamber.capitalize(), link.roll_number)] = day
    # Ingested votes the bill's page lists through the dossier (by the vote's bill_id).
    for vote in votes:
        if vote.bill_id:
            expected.setdefault(vote.bill_id, {})[(vote.chamber.capitalize(), vote.number)] = (
                vote.published_at
            )
    checked, wrong = 0, []
    for bill_id, rolls in expected.items():
        response = client.get(f"/bills/{bill_id}")
        if response.status_code != 200:
            continue  # a vote on a bill that is not loaded: no bill page lists it
        html = response.content.decode()
        listed = re.findall(r"(House|Senate) roll call (\d+)</a> · ([A-Z][a-z]{2} \d{1,2}, \d{4})", html)
        listed += re.findall(r"<li>(House|Senate) roll call (\d+) · ([A-Z][a-z]{2} \d{1,2}, \d{4})", html)
        for chamber, number, day in listed:
            checked += 1
            if day != shown(rolls[(chamber, int(number))]):
                wrong.append((bill_id, chamber, number, day))
    assert wrong == [] and checked >= 50, (wrong, checked)


@pytest.mark.django_db
def test_legislator_pages_list_their_votes_on_their_legislative_day(client, votes):
    by_id = {v.vote_id: v for v in votes}
    members = (
        VotePosition.objects.filter(legislator__bioguide_id__isnull=False)
        .values_list("legislator__bioguide_id", flat=True)
        .distinct()
        .order_by("legislator__bioguide_id")[:40]
    )
    checked, wrong = 0, []
    for bioguide in members:
        html = client.get(f"/legislators/{bioguide}").content.decode()
        rows = re.findall(
            r'<td class="nowrap">([A-Z][a-z]{2} \d{1,2}, \d{4})</td>\s*<td class="nowrap"><a href="/votes/([^"]+)">',
            html,
        )
        for day, vote_id in rows:
            checked += 1
            if day != shown(by_id[vote_id].published_at):
                wrong.append((bioguide, vote_id, day))
    assert wrong == [] and checked >= 100, (wrong, checked)


@pytest.mark.django_db
def test_the_votes_list_shows_timestamps_on_washingtons_clock(client, votes):
    page = client.get("/votes", {"limit": 250}).content.decode()
    html = page[page.index('<table class="list">') :]
    header = re.findall(r'<th scope="col">([^<]+)</th>', html)
    assert header[6:8] == ["Voted at", "Legislative date"]
    rows = re.findall(
        r'<a href="/votes/([^"]+)">[^<]+</a></td>(?:<td>[^<]*</td>){5}<td>([^<]+)</td><td>([^<]+)</td>', html
    )
    by_id = {v.vote_id: v for v in votes}
    assert len(rows) == 250
    for vote_id, stamp, day in rows:
        vote = by_id[vote_id]
        assert stamp == washington_time_label(vote.voted_at)
        assert stamp[:10] == day == vote.published_at.isoformat()


@pytest.mark.django_db
def test_the_api_serves_utc_and_the_legislative_date(client, votes):
    late = next(v for v in votes if v.voted_at.astimezone(UTC).date() != v.published_at)
    body = client.get(f"/v1/votes/{late.vote_id}").json()
    assert body["voted_at"] == late.voted_at.astimezone(UTC).isoformat().replace("+00:00", "Z")
    assert body["legislative_date"] == late.published_at.isoformat()
    assert date.fromisoformat(body["voted_at"][:10]) != late.published_at
    listed = client.get("/v1/votes", {"limit": 250}).json()["results"]
    assert all(v["legislative_date"] == by.published_at.isoformat() for v, by in _pairs(listed, votes))
    bill_votes = [
        rv for b in BillRecordedVote.objects.values_list("bill__bill_id", flat=True).distinct()
        for rv in client.get(f"/v1/bills/{b}").json()["recorded_votes"]
    ]  # fmt: skip
    assert bill_votes
    for rv in bill_votes:
        stamp = datetime.fromisoformat(rv["voted_at"])
        assert rv["legislative_date"] == stamp.astimezone(EASTERN).date().isoformat()


@pytest.mark.django_db
def test_a_members_votes_filter_by_legislative_day(client, votes):
    late = next(v for v in votes if v.voted_at.astimezone(UTC).date() != v.published_at)
    member = late.positions.filter(legislator__bioguide_id__isnull=False).first().legislator.bioguide_id
    day = late.published_at.isoformat()
    url = f"/v1/legislators/{member}/votes"
    on_the_day = client.get(url, {"since": day, "until": day, "limit": 250}).json()["results"]
    assert late.vote_id in [mv["vote"]["id"] for mv in on_the_day]
    assert {mv["vote"]["legislative_date"] for mv in on_the_day} == {day}
    utc_day = late.voted_at.astimezone(UTC).date().isoformat()
    next_day = client.get(url, {"since": utc_day, "until": utc_day, "limit": 250}).json()["results"]
    assert late.vote_id not in [mv["vote"]["id"] for mv in next_day]


def _pairs(listed, votes):
    by_id = {v.vote_id: v for v in votes}
    return [(v, by_id[v["id"]]) for v in listed]


@pytest.mark.django_db
def test_time_buckets_count_votes_on_their_legislative_day(client, votes):
    body = client.get("/v1/votes", {"bucket_by_time": "voted_at", "time_interval": "day"}).json()
    assert body["truncated"] is False
    counted = {g["period"]: g["count"] for g in body["groups"]}
    assert counted == dict(sorted(Counter(v.published_at.isoformat() for v in votes).items()))
