"""executive-orders: the federalregister.gov EO index, linked to FR documents by document number."""

from apps.core.plans import LoadContext, Outcome, SourcePlan, register
from apps.core.upsert import upsert
from apps.documents.models import ExecutiveOrder
from apps.documents.parsers import eo
from apps.documents.services.links import now

SLUG = "executive-orders"
DOCUMENT_URL = "https://www.federalregister.gov/d/{}"


def citation(record: eo.ExecutiveOrderRecord) -> str:
    parts = [f"Executive Order {record.number}"]
    if record.fr_citation:
        parts.append(record.fr_citation)
    text = ", ".join(parts)
    return f"{text} ({record.signing_date.isoformat()})" if record.signing_date else text


def load(record: eo.ExecutiveOrderRecord, ctx: LoadContext) -> Outcome:
    number = record.document_number
    _, outcome = upsert(
        ExecutiveOrder,
        lookup={"eo_id": record.key},
        values={
            "number": record.number,
            "fr_citation": record.fr_citation,
            "signing_date": record.signing_date,
            "document_number": number,
            "fr_document_id": f"fr:{number.upper()}" if number else "",
            "notes": record.notes,
            "citation_string": citation(record),
            "source_url": DOCUMENT_URL.format(number) if number else "",
            "published_at": record.signing_date,
        },
        stamp={"retrieved_at": now()},
    )
    return outcome


PLAN = register(
    SourcePlan(
        slug=SLUG,
        title="Executive orders",
        publisher="Office of the Federal Register",
        description="Executive order index: number, FR citation, signing date, FR document number and "
        "amends/revokes notes. A registry: the text is the linked Federal Register document.",
        model="documents.ExecutiveOrder",
        resource="executive-orders",
        parse=eo.parse,
        load=load,
        sample_paths=("federal-register/executive_orders.csv",),
        file_glob="executive_orders*.csv",
        citation_template="Executive Order {number}, {volume} FR {page} ({signing date})",
        id_example="eo:12890",
    )
)
