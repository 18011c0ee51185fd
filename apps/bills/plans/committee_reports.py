"""committee-reports: the committee reports BILLSTATUS names for each bill ("H. Rept. 117-118,Part 2").

Report texts are not in the sample; each record keeps an empty ``body`` that a later source can fill.
Listed under their bill (``GET /v1/bills/{id}``), not as a resource of their own.
"""

from pathlib import Path

from pydantic import BaseModel, ConfigDict

from apps.bills.parsing.billstatus import BILLSTATUS_FILES, ReportRec, billstatus_digest
from apps.bills.services.documents import committee_report_load
from apps.core.plans import LoadContext, Outcome, SourcePlan, register


class ReportItem(BaseModel):
    model_config = ConfigDict(frozen=True)

    bill_id: str
    source_file: str
    report: ReportRec

    @property
    def key(self) -> str:
        return f"{self.bill_id}|{self.report.citation}"


def parse(path: Path) -> list[ReportItem]:
    rec = billstatus_digest(path)  # the bills pass's parse of this file, when it made one
    return [
        ReportItem(bill_id=rec["bill_id"], source_file=str(path), report=r) for r in rec["committee_reports"]
    ]


def load(item: ReportItem, ctx: LoadContext) -> Outcome:
    return committee_report_load(bill_id=item.bill_id, source_file=item.source_file, rec=item.report, ctx=ctx)


PLAN = register(
    SourcePlan(
        slug="committee-reports",
        title="Committee reports named by BILLSTATUS",
        publisher="U.S. Congress committees (references via GovInfo BILLSTATUS)",
        description="House and Senate committee reports on bills (citation, congress, number, part); text not ingested.",
        model="bills.CommitteeReport",
        resource="bills",
        parse=parse,
        load=load,
        sample_paths=("bill-status/v3", "bill-status/v3-119th", "bill-status/legacy-v1"),
        file_glob=BILLSTATUS_FILES,
        depends_on=("bills",),
        citation_template="H. Rept. {congress}-{number}",
        id_example="hr:117:4350",
    )
)
