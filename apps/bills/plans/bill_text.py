"""bill-text: every version of a bill's text from USLM XML (GovInfo BILLS), as readable text that keeps
section numbers and headings, tied to its bill and version code read from ``<citableAs>`` /
``<docNumber>`` / ``<congress>`` / ``<docStage>`` — never from the file name (``H1000_IH.XML``).

The bill's ``body`` is the text of its latest version. A text whose bill has no BILLSTATUS record yet
creates a minimal bill from the USLM metadata (status_source ``uslm``) instead of being dropped; a later
BILLSTATUS ingest completes that bill in place. Enrolled bills stored beside the slip laws
(``public-laws-uslm/*enr*``) are read too; law files there are the public-laws plan's.
"""

from apps.bills.parsing.billtext import parse_bill_text
from apps.bills.services.texts import bill_text_load
from apps.core.plans import SourcePlan, register

PLAN = register(
    SourcePlan(
        slug="bill-text",
        title="Bill text versions (USLM)",
        publisher="U.S. Government Publishing Office (USLM bill XML)",
        description="Readable text of each bill version (IH, RS, EH, ENR, ...) with its sections; feeds bills' body.",
        model="bills.BillTextVersion",
        resource="bills",
        parse=parse_bill_text,
        load=bill_text_load,
        sample_paths=("bill-text-uslm", "public-laws-uslm"),
        file_glob="*.xml",
        depends_on=("bills",),
        citation_template="{H.R. 1000} ({Introduced in House}), {116th} Congress",
        id_example="hr:116:1000",
    )
)
