from django.db import migrations

from apps.search.ddl import chunk_operations


class Migration(migrations.Migration):
    """SAPs become body-bearing: chunk + vec0 tables, so they answer semantic and hybrid search and `similar`."""

    dependencies = [("bills", "0004_sponsor_as_given")]

    operations = [*chunk_operations(base="saps")]
