"""staff-directories: congressional office and committee staff (model and loader; no sample ships)."""

from apps.activity.parsers.staff import parse_staff_directory
from apps.activity.services.staff import staff_load
from apps.core.plans import SearchSpec, SourcePlan, register

plan = register(
    SourcePlan(
        slug="staff-directories",
        title="Congressional staff directories",
        publisher="House and Senate office and committee staff listings",
        description=(
            "Who works in which member office or committee: name, title, office, chamber, the member's "
            "bioguide id or the committee's thomas id. Input is a documented CSV or JSON file (see "
            "apps/activity/parsers/staff.py)."
        ),
        model="activity.StaffMember",
        resource="staff",
        parse=parse_staff_directory,
        load=staff_load,
        sample_paths=(),
        file_glob="*.*",
        citation_template="<name>, <title>, <office> (<Chamber> staff directory, as of <date>)",
        id_example="staff:house-s000033-jane-doe",
        has_sample=False,
        sample_note=(
            "No staff directory was found in fetchable public bulk data (the House and Senate publish them "
            "as PDF/print listings). The model and loader are ready: ingest a CSV or JSON file with name, "
            "office, chamber and optional title, member_bioguide, committee_id, email, phone, source_url, as_of."
        ),
        search=SearchSpec(
            fts_table="staff_fts",
            content_table="activity_staffmember",
            public_id_column="public_id",
            columns=("name",),
            weights=(1.0,),
            title_column="name",
            date_column="published_at",
        ),
    )
)
