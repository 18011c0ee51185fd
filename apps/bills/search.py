"""Search specs of the bill-side sources (read by apps/search through each plan's ``search``)."""

from apps.core.plans import SearchSpec

BILLS_SEARCH = SearchSpec(
    fts_table="bills_fts",
    content_table="bills_bill",
    public_id_column="bill_id",
    columns=("title", "summary", "actions", "body"),
    weights=(10.0, 4.0, 2.0, 1.0),
    title_column="title",
    date_column="published_at",
    congress_column="congress",
    bill_column="bill_id",
    chunk_table="bills_chunks",
    facets=(("chamber", "origin_chamber"),),
)

PUBLIC_LAWS_SEARCH = SearchSpec(
    fts_table="public_laws_fts",
    content_table="bills_publiclaw",
    public_id_column="law_id",
    columns=("title", "body"),
    weights=(10.0, 1.0),
    title_column="title",
    date_column="published_at",
    congress_column="congress",
    bill_column="bill_id",
    chunk_table="public_laws_chunks",
)

SAPS_SEARCH = SearchSpec(
    fts_table="saps_fts",
    content_table="bills_sap",
    public_id_column="sap_id",
    columns=("title", "body"),
    weights=(10.0, 1.0),
    title_column="title",
    date_column="published_at",
    congress_column="congress",
    bill_column="bill_id",  # the first bill the SAP covers; every bill is in bills_sapbill
    chunk_table="saps_chunks",
)
