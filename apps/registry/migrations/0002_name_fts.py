from django.db import migrations

from apps.search.conf import NAME_TOKENIZE
from apps.search.ddl import fts_operations


class Migration(migrations.Migration):
    dependencies = [("registry", "0001_initial")]

    operations = [
        *fts_operations(
            fts_table="legislators_fts",
            content_table="registry_legislator",
            columns=("search_name",),
            tokenize=NAME_TOKENIZE,
            prefix="2 3",
        ),
        *fts_operations(
            fts_table="committees_fts",
            content_table="registry_committee",
            columns=("search_name",),
            tokenize=NAME_TOKENIZE,
            prefix="2 3",
        ),
    ]
