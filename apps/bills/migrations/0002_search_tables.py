from django.db import migrations

from apps.search.ddl import chunk_operations, fts_operations


class Migration(migrations.Migration):
    dependencies = [("bills", "0001_initial")]

    operations = [
        # Bills: body-bearing (FTS + chunks). Weights live in the plan's SearchSpec (title 10, summary 4,
        # actions 2, body 1), applied by bm25() at query time.
        *fts_operations(
            fts_table="bills_fts", content_table="bills_bill", columns=("title", "summary", "actions", "body")
        ),
        *chunk_operations(base="bills"),
        # Public laws and statute compilations: body-bearing.
        *fts_operations(
            fts_table="public_laws_fts", content_table="bills_publiclaw", columns=("title", "body")
        ),
        *chunk_operations(base="public_laws"),
        # SAPs: FTS here; their chunk tables came in 0005 (body-bearing since then).
        *fts_operations(fts_table="saps_fts", content_table="bills_sap", columns=("title", "body")),
    ]
