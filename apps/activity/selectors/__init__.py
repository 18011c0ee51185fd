"""Reads for activity records: each returns schemas, raises NotFound / UnrecognizedIdFormat."""

from apps.activity.selectors.hearings import hearing_get, hearing_list
from apps.activity.selectors.lda import lda_filing_get, lda_filing_list
from apps.activity.selectors.regulations import (
    docket_documents,
    docket_get,
    docket_list,
    regulatory_document_get,
    regulatory_document_list,
)
from apps.activity.selectors.staff import staff_get, staff_list

__all__ = [
    "docket_documents",
    "docket_get",
    "docket_list",
    "hearing_get",
    "hearing_list",
    "lda_filing_get",
    "lda_filing_list",
    "regulatory_document_get",
    "regulatory_document_list",
    "staff_get",
    "staff_list",
]
