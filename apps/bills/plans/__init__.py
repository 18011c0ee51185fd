"""The bill-side sources. Importing this package registers the bill-side id kinds and every plan."""

from apps.bills import ids  # noqa: F401  (registers public-law / sap / topic id kinds)

from . import (  # noqa: F401
    bill_text,
    bills,
    cbo_cost_estimates,
    committee_reports,
    public_laws,
    statements_of_administration_policy,
    topic_taxonomy,
)
