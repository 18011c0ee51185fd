"""regulations-dot-gov-dockets: dockets, documents, public comments and comment counts (API v4)."""

from apps.activity.parsers.regulations import parse_regulations_file
from apps.activity.services.regulations import regulations_load
from apps.core.plans import SearchSpec, SourcePlan, register

plan = register(
    SourcePlan(
        slug="regulations-dot-gov-dockets",
        title="Regulations.gov dockets, documents and comments",
        publisher="eRulemaking Program (GSA) / participating federal agencies",
        description=(
            "Regulatory dockets (rulemaking and nonrulemaking) with their documents and public comments: "
            "agency, document type, Federal Register document number (frDocNum), RIN, CFR part, posting and "
            "comment-period dates, comment counts. Metadata only, from recorded API v4 responses; agency "
            "names from the participating-agencies list."
        ),
        model="activity.Docket",
        resource="dockets",
        parse=parse_regulations_file,
        load=regulations_load,
        sample_paths=("regulations-gov",),
        file_glob="*",  # *.json API responses and the participating-agencies *.csv
        citation_template="<agency> docket <docket id>, <title> (regulations.gov)",
        license="Public domain (US government information)",
        id_example="docket:EPA-HQ-OAR-2003-0129",
        search=SearchSpec(
            fts_table="dockets_fts",
            content_table="activity_docket",
            public_id_column="public_id",
            columns=("title",),
            weights=(1.0,),
            title_column="title",
            date_column="published_at",
            facets=(("agency", "agency_id"),),
        ),
    )
)
