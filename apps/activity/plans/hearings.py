"""hearings: House committee meetings, their witnesses and the bills they take up (docs.house.gov XML)."""

from apps.activity.parsers.hearings import parse_hearing_file
from apps.activity.services.hearings import hearing_load
from apps.core.plans import SearchSpec, SourcePlan, register

plan = register(
    SourcePlan(
        slug="hearings",
        title="House committee meetings and hearings",
        publisher="U.S. House of Representatives (House Committee Repository, docs.house.gov)",
        description=(
            "Committee meetings, hearings and markups: committee (thomas id), date, time, room, title, "
            "meeting documents, witnesses (name, position, organization) and the bills taken up, as "
            "canonical bill ids."
        ),
        model="activity.Hearing",
        resource="hearings",
        parse=parse_hearing_file,
        load=hearing_load,
        sample_paths=("hearings",),
        file_glob="*.xml",
        citation_template="House <committee>, meeting <meeting id>: <title> (<date>)",
        id_example="hearing:102252",
        search=SearchSpec(
            fts_table="hearings_fts",
            content_table="activity_hearing",
            public_id_column="public_id",
            columns=("title",),
            weights=(1.0,),
            title_column="title",
            date_column="published_at",
            congress_column="congress",
            facets=(("chamber", "chamber"),),
        ),
    )
)
