"""Registry shape: a name FTS table per source (kept in sync by triggers), no chunk tables."""

import pytest

from apps.activity.models import LobbyingFiling
from apps.core.db.introspect import fts_columns, table_names
from apps.core.plans import get_plan
from apps.core.services.sources import plan_shape
from apps.search.names import search_names

PLANS = ("lda-filings", "regulations-dot-gov-dockets", "hearings", "staff-directories")


@pytest.mark.django_db
@pytest.mark.parametrize("slug", PLANS)
def test_registry_shape_tables(slug):
    spec = get_plan(slug).search
    assert fts_columns(spec.fts_table) == spec.columns
    assert not any(name.startswith(spec.fts_table.removesuffix("_fts") + "_chunks") for name in table_names())
    assert plan_shape(get_plan(slug)) == "registry"


@pytest.mark.django_db
def test_name_fts_follows_updates(lda):
    table = LobbyingFiling._meta.db_table

    def hits(q):
        return search_names(fts_table="lda_filings_fts", content_table=table, q=q, limit=5).hits

    teco = LobbyingFiling.objects.get(client_name="Teco Coal Corporation")
    assert hits("teco")[0][0] == teco.pk
    LobbyingFiling.objects.filter(pk=teco.pk).update(client_name="Renamed Mining Co")
    assert hits("teco") == [] and hits("renamed")[0][0] == teco.pk
