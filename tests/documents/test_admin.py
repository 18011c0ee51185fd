"""Admin changelists and change pages render, read-only (no add, no delete)."""

import pytest
from django.contrib.auth import get_user_model

from apps.documents import models

pytestmark = pytest.mark.django_db

ADMINS = [
    (models.CrsReport, "crsreport"),
    (models.CrsCatalogEntry, "crscatalogentry"),
    (models.GaoReport, "gaoreport"),
    (models.FrDocument, "frdocument"),
    (models.ExecutiveOrder, "executiveorder"),
    (models.CfrSection, "cfrsection"),
    (models.UscSection, "uscsection"),
    (models.CrecGranule, "crecgranule"),
    (models.HearingTranscript, "hearingtranscript"),
    (models.BillMention, "billmention"),
]


@pytest.fixture
def admin_client(client):
    user = get_user_model().objects.create_superuser("docs-admin", "docs@example.invalid", "pw")
    client.force_login(user)
    return client


@pytest.mark.parametrize(("model", "name"), ADMINS, ids=[a[1] for a in ADMINS])
def test_admin_is_read_only(admin_client, model, name):
    assert admin_client.get(f"/admin/documents/{name}/").status_code == 200
    assert admin_client.get(f"/admin/documents/{name}/add/").status_code == 403
    row = model.objects.first()
    if row is not None:
        page = admin_client.get(f"/admin/documents/{name}/{row.pk}/change/")
        assert page.status_code == 200
        assert b'name="_save"' not in page.content
