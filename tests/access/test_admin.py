"""API keys are issued in the admin: shown once, stored as a digest, revoked (never deleted)."""

import re

import pytest

from apps.access.models import ApiKey
from apps.access.services import api_key_verify


@pytest.mark.django_db
def test_admin_issues_a_key_once_and_revokes_it(admin_client):
    response = admin_client.post("/admin/access/apikey/add/", {"name": "research agent"}, follow=True)
    assert response.status_code == 200
    page = response.content.decode()
    raw = re.search(r"(josh_[A-Za-z0-9_-]{40,})", page).group(1)
    key = ApiKey.objects.get(name="research agent")
    assert api_key_verify(raw) == key
    assert raw not in key.key_hash
    listing = admin_client.get("/admin/access/apikey/").content.decode()
    assert raw not in listing and key.prefix in listing
    admin_client.post(
        "/admin/access/apikey/", {"action": "revoke", "_selected_action": [key.pk]}, follow=True
    )
    key.refresh_from_db()
    assert key.revoked is not None
    assert api_key_verify(raw) is None
    assert admin_client.get(f"/admin/access/apikey/{key.pk}/delete/").status_code == 403
