import pytest
from django.contrib.auth import get_user_model

from apps.activity.models import Docket, Hearing, LobbyingFiling, RegulatoryDocument


@pytest.mark.django_db
def test_admin_is_read_only(lda, regs, hearings, client):
    admin = get_user_model().objects.create_superuser("curator", "c@example.org", "pw")
    client.force_login(admin)
    for model in (LobbyingFiling, Docket, RegulatoryDocument, Hearing):
        base = f"/admin/activity/{model._meta.model_name}/"
        assert client.get(base).status_code == 200
        row = model.objects.first()
        page = client.get(f"{base}{row.pk}/change/")
        assert page.status_code == 200 and b'name="_save"' not in page.content
        assert client.get(f"{base}add/").status_code == 403
