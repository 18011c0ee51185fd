from django.db import migrations

from apps.search.ddl import chunk_operations, fts_operations


class Migration(migrations.Migration):
    """FTS5 + chunk/vec0 tables for every document source (all body-bearing).

    Weights live in each plan's SearchSpec and are applied by bm25() at query time. The executive-order
    index has no body and no FTS table (a registry).
    """

    dependencies = [("documents", "0001_initial")]

    operations = [
        *fts_operations(
            fts_table="crs_reports_fts",
            content_table="documents_crsreport",
            columns=("title", "topics_text", "authors_text", "body"),
        ),
        *chunk_operations(base="crs_reports"),
        *fts_operations(
            fts_table="gao_reports_fts",
            content_table="documents_gaoreport",
            columns=("title", "highlights", "body"),
        ),
        *chunk_operations(base="gao_reports"),
        *fts_operations(
            fts_table="federal_register_fts",
            content_table="documents_frdocument",
            columns=("title", "agency", "summary", "body"),
        ),
        *chunk_operations(base="federal_register"),
        *fts_operations(
            fts_table="cfr_sections_fts",
            content_table="documents_cfrsection",
            columns=("heading", "part_heading", "body"),
        ),
        *chunk_operations(base="cfr_sections"),
        *fts_operations(
            fts_table="us_code_fts",
            content_table="documents_uscsection",
            columns=("heading", "body", "notes"),
        ),
        *chunk_operations(base="us_code"),
        *fts_operations(
            fts_table="congressional_record_fts",
            content_table="documents_crecgranule",
            columns=("title", "body"),
        ),
        *chunk_operations(base="congressional_record"),
        *fts_operations(
            fts_table="hearing_transcripts_fts",
            content_table="documents_hearingtranscript",
            columns=("title", "committee", "body"),
        ),
        *chunk_operations(base="hearing_transcripts"),
    ]
