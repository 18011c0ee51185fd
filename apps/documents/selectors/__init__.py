"""Reads of the document sources; they return schemas and raise JoshErrors (no framework imports)."""

from apps.documents.selectors.codes import (
    cfr_section_get,
    cfr_section_list,
    usc_section_get,
    usc_section_list,
)
from apps.documents.selectors.federal_register import (
    executive_order_get,
    executive_order_list,
    fr_document_get,
    fr_document_list,
)
from apps.documents.selectors.records import (
    crec_granule_get,
    crec_granule_list,
    hearing_transcript_get,
    hearing_transcript_list,
)
from apps.documents.selectors.reports import crs_report_get, crs_report_list, gao_report_get, gao_report_list

__all__ = [
    "cfr_section_get",
    "cfr_section_list",
    "crec_granule_get",
    "crec_granule_list",
    "crs_report_get",
    "crs_report_list",
    "executive_order_get",
    "executive_order_list",
    "fr_document_get",
    "fr_document_list",
    "gao_report_get",
    "gao_report_list",
    "hearing_transcript_get",
    "hearing_transcript_list",
    "usc_section_get",
    "usc_section_list",
]
