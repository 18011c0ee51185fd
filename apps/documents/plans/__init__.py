"""Document source plans; importing this package registers them (core autodiscovers ``plans``)."""

from apps.documents.plans import (  # noqa: F401
    congressional_record,
    crs_reports,
    ecfr_and_cfr,
    executive_orders,
    federal_register,
    gao_reports,
    hearing_transcripts,
    us_code,
)
