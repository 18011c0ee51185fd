from django.db import migrations

from apps.search.staleness import STALE_TABLE_SQL


class Migration(migrations.Migration):
    dependencies = [("search", "0001_index_state")]
    operations = [migrations.RunSQL([STALE_TABLE_SQL], ["DROP TABLE IF EXISTS search_stale"])]
