"""Admin login throttling (django-axes): wrong passwords lock one username at one address, a correct password
included, while other users and addresses still log in."""

import pytest
from django.contrib.auth.models import User
from django.test import Client

pytestmark = pytest.mark.django_db

LOGIN = "/admin/login/?next=/admin/"


@pytest.fixture
def curator():
    return User.objects.create_superuser("curator", "c@example.org", "right-horse-battery")


def _login(client: Client, username: str, password: str, address: str = "198.51.100.7"):
    return client.post(LOGIN, {"username": username, "password": password}, REMOTE_ADDR=address)


def test_five_wrong_passwords_lock_that_user_at_that_address(curator, settings, frozen_clock):
    assert settings.AXES_FAILURE_LIMIT == 5
    client = Client()
    for _ in range(4):
        assert _login(client, "curator", "guess").status_code == 200  # the form again, with its error
    assert _login(client, "curator", "guess").status_code == 429  # the fifth failure locks
    locked = _login(client, "curator", "right-horse-battery")
    assert locked.status_code == 429 and "_auth_user_id" not in client.session
    # the same user from another address, and the lock does not spread to everyone
    elsewhere = Client()
    assert _login(elsewhere, "curator", "right-horse-battery", address="203.0.113.5").status_code == 302


def test_a_success_resets_the_count(curator, frozen_clock):
    client = Client()
    for _ in range(4):
        _login(client, "curator", "guess")
    assert _login(client, "curator", "right-horse-battery").status_code == 302
    client.logout()
    for _ in range(4):
        assert _login(client, "curator", "guess").status_code == 200  # counting starts again
