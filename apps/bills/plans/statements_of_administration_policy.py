"""statements-of-administration-policy: OMB's Statements of Administration Policy (unitedstates archive):
metadata YAML per administration plus the pdftotext text (117th-119th Congress). One statement may cover
several bills (``sap:2025-04-03_sjres26_sjres33``); each is linked by canonical bill id. Short-body shape:
full-text searchable, no chunks. A statement's text given without a metadata entry is read alone: its file
name and bill line say which bill and date.
"""

from apps.bills.parsing.saps import SAP_FILES, parse_sap
from apps.bills.search import SAPS_SEARCH
from apps.bills.services.laws import sap_load
from apps.core.plans import SourcePlan, register

PLAN = register(
    SourcePlan(
        slug="statements-of-administration-policy",
        title="Statements of Administration Policy",
        publisher="Office of Management and Budget (archive: unitedstates/statements-of-administration-policy)",
        description="The Administration's position on pending bills (supports / opposes / veto threat), with text.",
        model="bills.Sap",
        resource="saps",
        parse=parse_sap,
        load=sap_load,
        sample_paths=("saps/metadata",),
        file_glob=SAP_FILES,
        citation_template="Executive Office of the President, Statement of Administration Policy: {title} ({date})",
        id_example="sap:2025-03-27_hjres24",
        search=SAPS_SEARCH,
        license="Public domain (17 U.S.C. 105); archive CC0",
    )
)
