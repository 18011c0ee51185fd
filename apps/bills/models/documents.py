"""Documents BILLSTATUS names for a bill: text versions, CBO cost estimates, committee reports.

Each is its own record so a body can be attached when the document itself is ingested (bill text from
USLM today; CBO and committee-report bodies later).
"""

from django.db import models

from apps.citations.models import CitedRecord


class BillTextVersion(CitedRecord):
    """One version of a bill's text (IH, RS, ENR, ...). BILLSTATUS gives date + url; USLM gives the text."""

    # CASCADE: a text version is part of its bill.
    bill = models.ForeignKey("bills.Bill", on_delete=models.CASCADE, related_name="text_versions")
    version_code = models.CharField(max_length=8, help_text="Lowercase version code: ih, rs, enr, ...")
    version_name = models.CharField(max_length=100, blank=True, help_text='e.g. "Introduced in House".')
    package_id = models.CharField(max_length=40, blank=True, help_text="GovInfo package, BILLS-119hjres24ih.")
    date = models.DateField(
        null=True, blank=True, help_text="Version date (BILLSTATUS textVersions or dc:date)."
    )
    url = models.URLField(max_length=300, blank=True, help_text="GovInfo XML url named by BILLSTATUS.")
    title = models.TextField(blank=True, help_text="dc:title of the USLM file.")
    text = models.TextField(
        blank=True, help_text="Readable text with section numbers and headings; '' if not ingested."
    )
    sections = models.JSONField(
        default=list, blank=True, help_text="[{num, heading, identifier}] of top-level sections, in order."
    )
    source_file = models.CharField(
        max_length=200, blank=True, help_text="Name of the USLM file the text came from."
    )

    class Meta:
        ordering = ["bill", "date", "version_code"]
        constraints = [
            models.UniqueConstraint(fields=["bill", "version_code"], name="uniq_bill_text_version")
        ]

    def __str__(self):
        return f"{self.bill_id}/{self.version_code}"


class CboCostEstimate(CitedRecord):
    """A CBO cost estimate named by BILLSTATUS; ``body`` stays empty until the estimate is ingested."""

    # CASCADE: the record exists because the bill names it.
    bill = models.ForeignKey("bills.Bill", on_delete=models.CASCADE, related_name="cbo_cost_estimates")
    url = models.URLField(max_length=300, help_text="https://www.cbo.gov/publication/57035")
    title = models.TextField()
    description = models.TextField(blank=True)
    body = models.TextField(blank=True)

    class Meta:
        ordering = ["bill", "published_at", "url"]
        constraints = [models.UniqueConstraint(fields=["bill", "url"], name="uniq_bill_cbo_estimate")]


class CommitteeReport(CitedRecord):
    """A committee report named by BILLSTATUS (``H. Rept. 117-19``); ``body`` stays empty until ingested."""

    # CASCADE: the record exists because the bill names it.
    bill = models.ForeignKey("bills.Bill", on_delete=models.CASCADE, related_name="committee_reports")
    citation = models.CharField(max_length=60, help_text='As BILLSTATUS gives it, e.g. "H. Rept. 117-19".')
    report_type = models.CharField(max_length=12, blank=True, help_text="hrpt, srpt, erpt")
    congress = models.PositiveSmallIntegerField(null=True, blank=True)
    number = models.PositiveIntegerField(null=True, blank=True)
    part = models.PositiveSmallIntegerField(null=True, blank=True)
    body = models.TextField(blank=True)

    class Meta:
        ordering = ["bill", "citation"]
        constraints = [
            models.UniqueConstraint(fields=["bill", "citation"], name="uniq_bill_committee_report")
        ]
        # "S. Rept. 118-12" is looked up by its parts (apps.dossiers.selectors.citations.bill_for_report).
        indexes = [models.Index(fields=["congress", "number", "report_type"], name="committee_report_number")]
