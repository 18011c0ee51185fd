"""cbo-cost-estimates: the CBO cost estimates BILLSTATUS names for each bill (title, date, url, the bill).

The estimate documents themselves are not in the sample; each record keeps an empty ``body`` that a later
source can fill. Listed under their bill (``GET /v1/bills/{id}``), not as a resource of their own.
"""

from pathlib import Path

from pydantic import BaseModel, ConfigDict

from apps.bills.parsing.billstatus import BILLSTATUS_FILES, CboRec, billstatus_digest
from apps.bills.services.documents import cbo_estimate_load
from apps.core.plans import LoadContext, Outcome, SourcePlan, register


class CboItem(BaseModel):
    model_config = ConfigDict(frozen=True)

    bill_id: str
    source_file: str
    estimate: CboRec

    @property
    def key(self) -> str:
        return f"{self.bill_id}|{self.estimate.url}"


def parse(path: Path) -> list[CboItem]:
    rec = billstatus_digest(path)  # the bills pass's parse of this file, when it made one
    return [CboItem(bill_id=rec["bill_id"], source_file=str(path), estimate=e) for e in rec["cbo_estimates"]]


def load(item: CboItem, ctx: LoadContext) -> Outcome:
    return cbo_estimate_load(bill_id=item.bill_id, source_file=item.source_file, rec=item.estimate, ctx=ctx)


PLAN = register(
    SourcePlan(
        slug="cbo-cost-estimates",
        title="CBO cost estimates named by BILLSTATUS",
        publisher="Congressional Budget Office (references via GovInfo BILLSTATUS)",
        description="CBO cost estimates of bills: title, publication date and URL; the estimate text is not ingested.",
        model="bills.CboCostEstimate",
        resource="bills",
        parse=parse,
        load=load,
        sample_paths=("bill-status/v3", "bill-status/v3-119th", "bill-status/legacy-v1"),
        file_glob=BILLSTATUS_FILES,
        depends_on=("bills",),
        citation_template="Congressional Budget Office, Cost Estimate: {title} ({date})",
        id_example="hr:117:1",
    )
)
