"""topic-taxonomy: the CRS vocabulary bills are indexed with — policy areas (one per bill) and legislative
subject terms — read from the same BILLSTATUS files, each with its bill count (``topic:policy-area:energy``,
``topic:subject:congressional-oversight``). Bills join topics by name, so the order of ingest is free.
"""

from pathlib import Path

from pydantic import BaseModel, ConfigDict

from apps.bills.ids import topic_id
from apps.bills.models import Topic
from apps.bills.parsing.billstatus import BILLSTATUS_FILES, billstatus_digest
from apps.bills.services.documents import topic_counts_refresh, topic_ensure
from apps.core.plans import LoadContext, Outcome, SourcePlan, register


class BillTopics(BaseModel):
    model_config = ConfigDict(frozen=True)

    bill_id: str
    policy_area: str
    subjects: list[str]

    @property
    def key(self) -> str:
        return f"topics-of:{self.bill_id}"


def parse(path: Path) -> list[BillTopics]:
    rec = billstatus_digest(path)  # the bills pass's parse of this file, when it made one
    return [BillTopics(bill_id=rec["bill_id"], policy_area=rec["policy_area"], subjects=rec["subjects"])]


def load(rec: BillTopics, ctx: LoadContext) -> Outcome:
    terms = [(Topic.Kind.POLICY_AREA, rec.policy_area)] if rec.policy_area else []
    terms += [(Topic.Kind.SUBJECT, s) for s in rec.subjects]
    outcomes = {topic_ensure(kind=k, name=n, topic_id=topic_id(k, n), ctx=ctx) for k, n in terms}
    for outcome in (Outcome.INSERT, Outcome.UPDATE):
        if outcome in outcomes:
            return outcome
    return Outcome.NOOP


def finish_run(ctx: LoadContext) -> None:
    topic_counts_refresh()


PLAN = register(
    SourcePlan(
        slug="topic-taxonomy",
        title="Policy areas and legislative subjects (CRS)",
        publisher="Congressional Research Service, via GovInfo BILLSTATUS",
        description="The CRS policy areas and legislative subject terms, with the number of bills under each.",
        model="bills.Topic",
        resource="topics",
        parse=parse,
        load=load,
        sample_paths=("bill-status/v3", "bill-status/v3-119th", "bill-status/legacy-v1"),
        file_glob=BILLSTATUS_FILES,
        depends_on=("bills",),
        citation_template="CRS policy area: {name} / CRS legislative subject term: {name}",
        id_example="topic:policy-area:energy",
        finish_run=finish_run,
    )
)
