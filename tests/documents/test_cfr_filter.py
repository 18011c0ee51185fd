"""A CFR part means nothing without its title: ``cfr_part`` alone is a 400, never silently dropped."""

import pytest

from tests.api.helpers import assert_error

pytestmark = pytest.mark.django_db


def test_cfr_part_without_cfr_title_is_refused(api_client):
    error = assert_error(
        api_client.get("/v1/federal-register?cfr_part=52"), 400, "invalid_parameter", "cfr_part"
    )
    assert "cfr_title" in error["message"]
    assert error["hint"]["requires"] == "cfr_title"


def test_cfr_part_with_its_title_filters(api_client):
    both = api_client.get("/v1/federal-register?cfr_title=40&cfr_part=52").json()
    title_only = api_client.get("/v1/federal-register?cfr_title=40").json()
    assert 0 < both["pagination"]["total"] <= title_only["pagination"]["total"]
