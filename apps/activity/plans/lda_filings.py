"""lda-filings: Lobbying Disclosure Act LD-1 registrations and LD-2 quarterly reports (Senate SOPR)."""

from apps.activity.parsers.lda import parse_lda_filing
from apps.activity.services.lda import lda_filing_load
from apps.core.plans import SearchSpec, SourcePlan, register

plan = register(
    SourcePlan(
        slug="lda-filings",
        title="Lobbying disclosure filings (LD-1, LD-2)",
        publisher="Senate Office of Public Records / Clerk of the House",
        description=(
            "Lobbying registrations and quarterly activity reports: registrant, client, lobbyists and their "
            "former covered positions, issue codes and specific issues, income and expenses. Bills cited in "
            "the issue text are linked as canonical bill ids (congress from the filing year)."
        ),
        model="activity.LobbyingFiling",
        resource="lda-filings",
        parse=parse_lda_filing,
        load=lda_filing_load,
        sample_paths=("lobbying-lda/ld1", "lobbying-lda/ld2"),
        file_glob="*.json",
        citation_template="LD-2 report, <registrant> for <client>, <year> Q<n> (Senate ID <id>)",
        license="Public domain (US Senate public records)",
        id_example="lda:ld2:0005b52d-cd4e-4e4a-984f-7ade8e95eaa8",
        search=SearchSpec(
            fts_table="lda_filings_fts",
            content_table="activity_lobbyingfiling",
            public_id_column="public_id",
            columns=("client_name", "registrant_name"),
            weights=(1.0, 1.0),
            title_column="client_name",
            date_column="published_at",
            congress_column="congress",
        ),
    )
)
