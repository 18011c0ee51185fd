"""Public laws (USLM slip laws and statute compilations) and Statements of Administration Policy.

Both join bills through canonical bill-id strings, so they can be ingested before or after the bills.
"""

from django.db import models

from apps.citations.models import CitedRecord


class PublicLaw(CitedRecord):
    """A slip law (``pl:113:44``) or a statute compilation (``comps:339``); ``title``/``body`` feed
    ``public_laws_fts``."""

    class Kind(models.TextChoices):
        PUBLIC = "public"
        PRIVATE = "private"
        COMPILATION = "compilation"

    law_id = models.CharField(max_length=20, unique=True, help_text="pl:113:44, pvtl:112:1 or comps:339.")
    kind = models.CharField(max_length=12, choices=Kind.choices, db_index=True)
    congress = models.PositiveSmallIntegerField(null=True, blank=True, db_index=True)
    number = models.PositiveIntegerField(null=True, blank=True)
    title = models.TextField(help_text="Official title (dc:title / longTitle).")
    short_title = models.TextField(blank=True)
    statutes_citation = models.CharField(
        max_length=40, blank=True, help_text="Statutes at Large, e.g. 128 Stat. 1732."
    )
    citable_as = models.JSONField(default=list, blank=True, help_text="Every <citableAs> form in the file.")
    bill_id = models.CharField(
        max_length=24, blank=True, db_index=True, help_text="Originating bill, e.g. hjres:113:91."
    )
    enacted_date = models.DateField(null=True, blank=True)
    body = models.TextField(blank=True, help_text="Readable text with section numbers and headings.")
    sections = models.JSONField(default=list, blank=True, help_text="[{num, heading, identifier}] in order.")
    source_file = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["-congress", "-number", "law_id"]

    def __str__(self):
        return self.law_id


class Sap(CitedRecord):
    """A Statement of Administration Policy (``sap:2025-03-27_hjres24``); ``title``/``body`` feed ``saps_fts``."""

    sap_id = models.CharField(max_length=120, unique=True)
    # Longer than CitedRecord's 500: a SAP's citation names every bill it covers (550 characters in the
    # sample); SQLite never enforced the length, PostgreSQL does.
    citation_string = models.CharField(
        max_length=1000, help_text="Human citation, naming every bill covered."
    )
    title = models.TextField(help_text="document_title from the metadata.")
    administration = models.CharField(max_length=20, help_text="e.g. 47-Trump")
    congress = models.PositiveSmallIntegerField(null=True, blank=True, db_index=True)
    date_issued = models.DateField(null=True, blank=True, db_index=True)
    chamber = models.CharField(max_length=8, blank=True, help_text="House or Senate, from the text header.")
    position = models.CharField(
        max_length=20,
        blank=True,
        db_index=True,
        help_text="strongly_supports / supports / opposes / veto, from the statement's key phrases; '' when "
        "none was found.",
    )
    rescinded = models.BooleanField(default=False, help_text="The metadata marks the statement rescinded.")
    bill_id = models.CharField(
        max_length=24, blank=True, db_index=True, help_text="First bill covered (all are in SapBill)."
    )
    body = models.TextField(
        blank=True, help_text="Statement text (pdftotext); '' when no text file was found."
    )
    fetched_from_url = models.URLField(max_length=500, blank=True)
    text_file = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["-date_issued", "sap_id"]

    def __str__(self):
        return self.sap_id


class SapBill(models.Model):
    """One bill a SAP covers (a SAP may cover several)."""

    # CASCADE: part of the SAP record.
    sap = models.ForeignKey(Sap, on_delete=models.CASCADE, related_name="bills")
    bill_id = models.CharField(
        max_length=24, db_index=True, help_text="Canonical bill id, e.g. hjres:119:24."
    )
    raw = models.CharField(max_length=40, help_text="As the metadata gave it, e.g. hjres24.")

    class Meta:
        ordering = ["sap", "id"]
        constraints = [models.UniqueConstraint(fields=["sap", "bill_id"], name="uniq_sap_bill")]
