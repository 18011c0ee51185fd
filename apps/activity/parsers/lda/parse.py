"""One JSON file -> one validated LdaFilingRecord, or a SourceFormatError naming the file and record."""

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

from apps.activity.ids import lda_public_id
from apps.activity.parsers.common import (
    RecordError,
    read_json,
    text,
)
from apps.activity.parsers.lda.api import is_api_page, parse_api_page
from apps.activity.parsers.lda.fields import citation, read_signature
from apps.activity.parsers.lda.forms import ld1_fields, ld2_fields
from apps.activity.parsers.lda.records import LdaFilingRecord
from apps.core.errors import SourceFormatError
from apps.core.plans import BadRecord, RecordWarning

_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", re.IGNORECASE)
FILING_URL = "https://lda.senate.gov/filings/public/filing/{}/print/"
# A form file whose document id is not the SOPR filing UUID (older downloads, hand-filed copies) is found at
# the publisher by the Senate LDA API's filing search: registrant, client, year and type name it.
FILING_SEARCH_URL = "https://lda.senate.gov/api/v1/filings/?{}"


def filing_url(document_id: str, fields: dict) -> str:
    if _UUID.match(document_id):
        return FILING_URL.format(document_id.lower())
    query = {
        "registrant_name": fields["registrant_name"],
        "client_name": fields["client_name"],
        "filing_year": fields["year"],
        "filing_type": fields["filing_type"],
    }
    return FILING_SEARCH_URL.format(urlencode({k: v for k, v in query.items() if v}))


def parse_lda_filing(path: Path) -> Iterator[LdaFilingRecord | BadRecord | RecordWarning]:
    """One JSON file = one LD-1 or LD-2 filing, or a page of the Senate LDA API (``{count, next, previous,
    results}``, read by ``parse_api_page``: one record per filing). A file that is neither is refused; a filing
    that is read but invalid is yielded as a BadRecord (quarantined by the runner, named by field), and a
    dropped optional date as a RecordWarning beside the filing it was dropped from."""
    data = read_json(path)
    if is_api_page(data):
        yield from parse_api_page(data)
        return
    if not isinstance(data, dict):
        raise SourceFormatError(path, "expected one filing object at the top level")
    document_id = data.get("document_id")
    record = str(document_id or "")
    dropped: list[RecordError] = []
    try:
        document_id = text(document_id, "document_id")
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}", document_id):
            raise RecordError(
                f"document_id must be a SOPR document id, got {data.get('document_id')!r}",
                field="document_id",
            )
        signed_on, signer = read_signature(data, dropped)
        if "lobbying_activities" in data:
            fields = ld2_fields(data, dropped)
        elif "lobbying_issues" in data or "registration_type" in data:
            fields = ld1_fields(data, signed_on=signed_on, dropped=dropped)
        else:
            raise RecordError("neither an LD-1 (lobbying_issues) nor an LD-2 (lobbying_activities)")
        for required in ("senate_id", "registrant_name", "client_name"):
            if not fields[required]:
                raise RecordError(f"missing {required.replace('_', ' ')}", field=required)
        public_id = lda_public_id(fields["form"].replace("-", ""), document_id)
        record = public_id
        filing = LdaFilingRecord(
            public_id=public_id,
            document_id=document_id,
            signed_on=signed_on,
            signer=signer,
            citation_string=citation(fields),
            source_url=filing_url(document_id, fields),
            **fields,
        )
    except (RecordError, ValueError) as exc:
        yield BadRecord(key=record, field=getattr(exc, "field", ""), message=str(exc))
        return
    for problem in dropped:
        yield RecordWarning(key=public_id, field=problem.field, message=str(problem))
    yield filing
