"""bills: bill and resolution status from GovInfo BILLSTATUS XML, current (3.x) and legacy schemas.

Each file is one bill (``hr:119:103``): titles, sponsor and cosponsors (linked to registry legislators;
unknown bioguide ids become stubs), actions oldest first and de-duplicated across source systems (rule in
apps/bills/parsing/actions.py), recorded votes linked to roll-call votes by ``house:117:2021:62``,
committees with their activities, policy area and subjects, CRS summaries as clean text, text versions,
related bills and the laws it became (a PublicLaw record is created for each).
"""

from pathlib import Path

from apps.bills.parsing.billstatus import BILLSTATUS_FILES, BillStatusRecord, parse_billstatus
from apps.bills.search import BILLS_SEARCH
from apps.bills.services.bills import bill_status_load, link_recorded_votes
from apps.core.plans import LoadContext, SourcePlan, register


def parse(path: Path) -> list[BillStatusRecord]:
    return [parse_billstatus(path)]


def finish_run(ctx: LoadContext) -> None:
    link_recorded_votes()


PLAN = register(
    SourcePlan(
        slug="bills",
        title="Bills and resolutions (BILLSTATUS)",
        publisher="U.S. Government Publishing Office (GovInfo BILLSTATUS bulk data)",
        description=(
            "Status of bills and resolutions: titles, sponsor, cosponsors, de-duplicated actions, recorded "
            "votes, committees, subjects, CRS summaries, text versions, related bills, laws. Body = latest text."
        ),
        model="bills.Bill",
        resource="bills",
        parse=parse,
        load=bill_status_load,
        sample_paths=("bill-status/v3", "bill-status/v3-119th", "bill-status/legacy-v1"),
        file_glob=BILLSTATUS_FILES,
        depends_on=("legislators", "roll-call-votes"),
        citation_template="{H.R.|S.|H.J.Res.|...} {number}, {congress}th Congress",
        id_example="hjres:119:24",
        search=BILLS_SEARCH,
        finish_run=finish_run,
    )
)
