from django.db import migrations

from apps.search.ddl import BackendSQL
from apps.search.ddl_postgres import STALE_TABLE_SQL as POSTGRES_STALE_TABLE_SQL
from apps.search.staleness import STALE_TABLE_SQL

DROP = ["DROP TABLE IF EXISTS search_stale"]


class Migration(migrations.Migration):
    dependencies = [("search", "0001_index_state")]
    operations = [
        BackendSQL({"sqlite": ([STALE_TABLE_SQL], DROP), "postgresql": ([POSTGRES_STALE_TABLE_SQL], DROP)})
    ]
