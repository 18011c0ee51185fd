"""Registry-shape name lookup tables: FTS5 over short name/title fields, no stemming, no chunk tables."""

from django.db import migrations

from apps.search.conf import NAME_TOKENIZE
from apps.search.ddl import fts_operations


class Migration(migrations.Migration):
    dependencies = [("activity", "0001_initial")]

    operations = [
        *fts_operations(
            fts_table="lda_filings_fts",
            content_table="activity_lobbyingfiling",
            columns=("client_name", "registrant_name"),
            tokenize=NAME_TOKENIZE,
            prefix="2 3",
        ),
        *fts_operations(
            fts_table="dockets_fts",
            content_table="activity_docket",
            columns=("title",),
            tokenize=NAME_TOKENIZE,
            prefix="2 3",
        ),
        *fts_operations(
            fts_table="hearings_fts",
            content_table="activity_hearing",
            columns=("title",),
            tokenize=NAME_TOKENIZE,
            prefix="2 3",
        ),
        *fts_operations(
            fts_table="staff_fts",
            content_table="activity_staffmember",
            columns=("name",),
            tokenize=NAME_TOKENIZE,
            prefix="2 3",
        ),
    ]
