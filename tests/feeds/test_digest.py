"""Saved searches: "Save this search" on the search page for a signed-in reader, and ``manage.py send_digests``
emailing each one's matches new since its last digest (Django's locmem backend in tests: mail.outbox)."""

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.management import call_command

from apps.feeds.models import SavedSearch
from tests.feeds.conftest import NEW_TITLE, QUERY
from tests.feeds.test_feed import entries, feed

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _sample(crs_sample):
    return crs_sample


def record_lines(body: str) -> list[str]:
    """The record page links of a digest, in order (outside a request its links start at the local address)."""
    return [
        line.strip().removeprefix("http://127.0.0.1:8000")
        for line in body.splitlines()
        if "/crs-reports/" in line
    ]


@pytest.fixture
def reader(client):
    user = User.objects.create_user("analyst", email="analyst@example.org", password="x" * 12)
    client.force_login(user)
    return user


def test_a_signed_in_reader_saves_the_search_from_its_page(client, reader):
    page = client.get("/search", QUERY).content.decode()
    assert "Save this search" in page and 'action="/search/save"' in page
    response = client.post("/search/save", {**QUERY, "page": "1"})
    assert response.status_code == 302
    assert response["Location"] == "/search?q=energy+star&mode=lexical&source=crs-reports&saved=1"
    [saved] = SavedSearch.objects.filter(user=reader)
    assert (saved.name, saved.query, saved.last_sent_at) == (
        "energy star",
        "q=energy+star&mode=lexical&source=crs-reports",
        None,
    )
    client.post("/search/save", QUERY)  # saving it again keeps the one
    assert SavedSearch.objects.filter(user=reader).count() == 1
    assert (
        "Saved: new matches come in your email digest." in client.get(response["Location"]).content.decode()
    )


def test_saving_needs_a_sign_in_and_words(client):
    assert "Save this search" not in client.get("/search", QUERY).content.decode()
    response = client.post("/search/save", QUERY)
    assert response.status_code == 302 and response["Location"].startswith("/sign-in?next=/search/save")
    client.force_login(User.objects.create_user("someone", password="x" * 12))
    response = client.post("/search/save", {"q": "", "mode": "lexical"})
    assert response.status_code == 400 and response.json()["error"]["hint"]["parameter"] == "q"
    assert not SavedSearch.objects.exists()


def test_send_digests_emails_what_is_new_since_the_last_digest(client, reader, ingest_new_report):
    client.post("/search/save", QUERY)
    before = entries(feed(client))

    call_command("send_digests")
    [first] = mail.outbox
    assert first.to == ["analyst@example.org"]
    assert first.subject == f"Josh: {len(before)} new for “energy star”"
    assert record_lines(first.body) == [e["link"].removeprefix("http://testserver") for e in before]
    assert "/search/feed.atom?q=energy+star&mode=lexical&source=crs-reports" in first.body
    assert SavedSearch.objects.get().last_sent_at is not None

    call_command("send_digests")  # nothing new: no email
    assert len(mail.outbox) == 1

    new_id = ingest_new_report()
    call_command("send_digests")
    second = mail.outbox[1]
    assert second.subject == "Josh: 1 new for “energy star”"
    assert NEW_TITLE in second.body and f"/crs-reports/{new_id}" in second.body
    assert f"CRS In Focus {new_id.removeprefix('crs:')}" in second.body  # the citation string
    assert record_lines(second.body) == [f"/crs-reports/{new_id}"]  # only the new one


def test_the_admin_lists_and_edits_saved_searches(client, reader):
    client.post("/search/save", QUERY)
    saved = SavedSearch.objects.get()
    admin = User.objects.create_superuser("curator", email="curator@example.org", password="x" * 12)
    client.force_login(admin)
    listing = client.get("/admin/feeds/savedsearch/")
    assert listing.status_code == 200
    assert "energy star" in listing.content.decode() and "analyst" in listing.content.decode()
    change = f"/admin/feeds/savedsearch/{saved.pk}/change/"
    assert client.get(change).status_code == 200
    response = client.post(
        change,
        {
            "user": reader.pk,
            "name": "Energy Star watch",
            "query": saved.query,
            "last_sent_at_0": "",
            "last_sent_at_1": "",
        },
    )
    assert response.status_code == 302, response.content.decode()[:500]
    saved.refresh_from_db()
    assert saved.name == "Energy Star watch"
