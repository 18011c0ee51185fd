"""A signed-in reader's "My saved searches" page (/searches): their own searches listed with each feed and
digest switch; rename, digest off/on and delete through CSRF-protected forms; another reader's search is a 404
and bad input the one 400 error envelope. No search runs here, so no sample is ingested."""

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.management import call_command
from django.test import Client

from apps.feeds.models import SavedSearch

pytestmark = pytest.mark.django_db

ENERGY = "q=energy+star&mode=lexical&source=crs-reports"


@pytest.fixture
def reader(client):
    user = User.objects.create_user("analyst", email="analyst@example.org", password="x" * 12)
    client.force_login(user)
    return user


@pytest.fixture
def other():
    user = User.objects.create_user("someone", email="someone@example.org", password="x" * 12)
    return SavedSearch.objects.create(user=user, name="their search", query="q=snap")


def save(client, **query) -> SavedSearch:
    response = client.post("/search/save", query)
    assert response.status_code == 302, response.content
    return SavedSearch.objects.order_by("-pk").first()


def test_the_page_lists_the_readers_own_searches_with_feed_and_digest(client, reader, other):
    save(client, q="energy star", mode="lexical", source="crs-reports")
    save(client, q="broadband")
    page = client.get("/searches")
    assert page.status_code == 200
    html = page.content.decode()
    assert [s.name for s in page.context["searches"]] == ["broadband", "energy star"]
    [energy] = [s for s in page.context["searches"] if s.name == "energy star"]
    assert (energy.query, energy.search_path, energy.feed_path, energy.digest, energy.last_sent_at) == (
        ENERGY,
        f"/search?{ENERGY}",
        f"/search/feed.atom?{ENERGY}",
        True,
        None,
    )
    assert f'href="/search/feed.atom?{ENERGY.replace("&", "&amp;")}"' in html
    assert "their search" not in html and "q=snap" not in html
    assert html.count("csrfmiddlewaretoken") == 2 * 3  # three forms per search
    assert '<a href="/searches">My saved searches</a>' in html  # the nav, signed in


def test_signed_out_is_sent_to_sign_in(client):
    response = client.get("/searches")
    assert response.status_code == 302 and response["Location"] == "/sign-in?next=/searches"
    assert "My saved searches" not in client.get("/search").content.decode()


def test_a_reader_without_staff_rights_signs_in_and_lands_on_their_searches(client):
    """The admin's sign-in takes staff only; a reader signs in at /sign-in (a wrong password is refused)."""
    user = User.objects.create_user("reader", email="reader@example.org", password="correct horse")
    SavedSearch.objects.create(user=user, name="broadband", query="q=broadband")
    page = client.get("/sign-in?next=/searches")
    assert page.status_code == 200 and 'name="csrfmiddlewaretoken"' in page.content.decode()
    wrong = client.post("/sign-in", {"username": "reader", "password": "nope", "next": "/searches"})
    assert wrong.status_code == 200 and 'role="alert"' in wrong.content.decode()
    response = client.post(
        "/sign-in", {"username": "reader", "password": "correct horse", "next": "/searches"}
    )
    assert (response.status_code, response["Location"]) == (302, "/searches")
    assert [s.name for s in client.get("/searches").context["searches"]] == ["broadband"]
    assert client.get("/sign-in")["Location"] == "/searches"  # already signed in: straight on
    searched = client.get("/search", {"q": "broadband"}).content.decode()
    assert "Sign in to save it" not in searched


def test_rename_and_its_bad_input(client, reader):
    saved = save(client, q="energy star")
    response = client.post(f"/searches/{saved.pk}/rename", {"name": "  Energy   Star reports "})
    assert (response.status_code, response["Location"]) == (302, "/searches?done=renamed")
    saved.refresh_from_db()
    assert saved.name == "Energy Star reports"
    assert "Renamed." in client.get(response["Location"]).content.decode()

    for name, problem in (("   ", "name is empty"), ("x" * 201, "at most 200")):
        response = client.post(f"/searches/{saved.pk}/rename", {"name": name})
        body = response.json()["error"]
        assert response.status_code == 400 and body["code"] == "invalid_parameter"
        assert body["hint"]["parameter"] == "name" and problem in body["message"]
    saved.refresh_from_db()
    assert saved.name == "Energy Star reports"


def test_digest_off_leaves_the_search_out_of_send_digests(client, reader):
    saved = save(client, q="energy star")
    response = client.post(f"/searches/{saved.pk}/digest", {"digest": "off"})
    assert (response.status_code, response["Location"]) == (302, "/searches?done=digest-off")
    saved.refresh_from_db()
    assert saved.digest is False
    assert "Turn digest on" in client.get("/searches").content.decode()

    call_command("send_digests")  # its only search has the digest off: nothing runs, nothing is sent
    assert mail.outbox == []
    saved.refresh_from_db()
    assert saved.last_sent_at is None

    response = client.post(f"/searches/{saved.pk}/digest", {"digest": "maybe"})
    assert response.status_code == 400 and response.json()["error"]["hint"]["parameter"] == "digest"
    client.post(f"/searches/{saved.pk}/digest", {"digest": "on"})
    saved.refresh_from_db()
    assert saved.digest is True


def test_delete(client, reader):
    saved = save(client, q="energy star")
    response = client.post(f"/searches/{saved.pk}/delete")
    assert (response.status_code, response["Location"]) == (302, "/searches?done=deleted")
    assert not SavedSearch.objects.exists()
    assert "No saved searches yet." in client.get("/searches").content.decode()
    assert client.post(f"/searches/{saved.pk}/delete").status_code == 404  # gone


def test_another_readers_search_is_a_404_and_stays_as_it_was(client, reader, other):
    for action, data in (("rename", {"name": "mine now"}), ("digest", {"digest": "off"}), ("delete", {})):
        response = client.post(f"/searches/{other.pk}/{action}", data)
        assert response.status_code == 404, action
        assert response.json()["error"]["code"] == "record_not_found"
    other.refresh_from_db()
    assert (other.name, other.digest) == ("their search", True)


def test_the_forms_need_the_csrf_token(reader):
    saved = SavedSearch.objects.create(user=reader, name="energy star", query="q=energy+star")
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(reader)
    assert strict.post(f"/searches/{saved.pk}/delete").status_code == 403
    assert strict.get("/searches").status_code == 200  # reading the list needs no token
    assert SavedSearch.objects.filter(pk=saved.pk).exists()


def test_a_search_too_long_to_save_is_a_400_naming_q_not_a_500(client, reader):
    """The saved query is a varchar(2000) on PostgreSQL (SQLite would store more): a longer one is refused."""
    response = client.post("/search/save", {"q": '"x" ' * 250, "agency": "EPA"})
    assert response.status_code == 400
    assert "too long to save" in response.content.decode() and not SavedSearch.objects.exists()


def test_a_signed_in_reader_sent_to_sign_in_with_itself_as_next_goes_to_their_searches(client, reader):
    response = client.get("/sign-in?next=/sign-in")
    assert (response.status_code, response["Location"]) == (302, "/searches")
    assert client.get("/sign-in?next=/searches?x=1")["Location"] == "/searches?x=1"
