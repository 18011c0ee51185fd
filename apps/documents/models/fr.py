from django.db import models

from apps.citations.models import CitedRecord


class FrDocType(models.TextChoices):
    RULE = "RULE", "Rule"
    PRORULE = "PRORULE", "Proposed Rule"
    NOTICE = "NOTICE", "Notice"
    PRESDOCU = "PRESDOCU", "Presidential Document"


class FrDocument(CitedRecord):
    """One document of a Federal Register daily issue (GPO FR XML)."""

    fr_id = models.CharField(max_length=40, unique=True, help_text="Public id, e.g. fr:2024-02930.")
    document_number = models.CharField(max_length=32, unique=True, help_text="From FRDOC, e.g. 2024-02930.")
    doc_type = models.CharField(
        max_length=10,
        choices=FrDocType.choices,
        db_index=True,
        help_text="RULE, PRORULE, NOTICE or PRESDOCU (the XML element).",
    )
    title = models.TextField(help_text="SUBJECT (or the presidential document's heading).")
    agency = models.CharField(
        max_length=300,
        blank=True,
        db_index=True,
        help_text='AGENCY as printed, e.g. "DEPARTMENT OF TRANSPORTATION".',
    )
    sub_agency = models.CharField(
        max_length=300, blank=True, help_text='SUBAGY as printed, e.g. "Federal Aviation Administration".'
    )
    action = models.TextField(blank=True, help_text='ACTION, e.g. "Final rule; request for comments."')
    summary = models.TextField(blank=True, help_text="SUMMARY paragraph(s).")
    dates_text = models.TextField(blank=True, help_text="The DATES / EFFECTIVE DATE paragraph(s).")
    effective_on = models.DateField(null=True, blank=True, help_text='First date after "effective" in DATES.')
    comments_close_on = models.DateField(
        null=True,
        blank=True,
        help_text='Date comments are due by, from DATES ("comments ... by March 28, 2024").',
    )
    rins = models.JSONField(default=list, help_text='["2120-AA64"]')
    docket_ids = models.JSONField(default=list, help_text="Docket ids named in DEPDOC.")
    depdoc = models.TextField(blank=True, help_text="DEPDOC as printed.")
    cfr_references = models.JSONField(default=list, help_text='["14 CFR Part 39"] as printed.')
    volume = models.PositiveSmallIntegerField(help_text="FR volume, e.g. 89.")
    issue_number = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Daily issue number, e.g. 29."
    )
    start_page = models.PositiveIntegerField(help_text="Page the document starts on (the citation page).")
    end_page = models.PositiveIntegerField(help_text="Last page of the document.")
    body = models.TextField(help_text="Full text: preamble, supplementary information, regulatory text.")

    class Meta:
        ordering = ["-published_at", "start_page", "document_number"]
        # "89 FR 9838" is looked up by volume and page (apps.dossiers.selectors.citations.fr_document_at).
        indexes = [models.Index(fields=["volume", "start_page"], name="fr_volume_page")]

    def __str__(self):
        return f"{self.citation_string}: {self.title[:80]}"


class FrDocket(models.Model):
    """FR document -> docket id (joins regulations.gov dockets)."""

    # CASCADE: a link has no meaning without its document.
    document = models.ForeignKey(
        FrDocument,
        on_delete=models.CASCADE,
        related_name="dockets",
        help_text="The FR document naming the docket.",
    )
    docket_id = models.CharField(max_length=80, db_index=True, help_text="e.g. FAA-2024-0224.")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["document", "docket_id"], name="uniq_fr_docket")]


class FrCfrReference(models.Model):
    """FR document -> CFR part it affects (joins CfrSection on title + part)."""

    # CASCADE: a link has no meaning without its document.
    document = models.ForeignKey(
        FrDocument,
        on_delete=models.CASCADE,
        related_name="cfr_parts",
        help_text="The FR document referencing the CFR part.",
    )
    title = models.PositiveSmallIntegerField(help_text="CFR title number.")
    part = models.CharField(max_length=20, help_text='Part number as text, e.g. "39".')
    citation = models.CharField(max_length=40, help_text='"14 CFR Part 39".')

    class Meta:
        indexes = [models.Index(fields=["title", "part"])]
        constraints = [models.UniqueConstraint(fields=["document", "title", "part"], name="uniq_fr_cfr_part")]


class ExecutiveOrder(CitedRecord):
    """An executive order from the federalregister.gov EO index (executive_orders.csv)."""

    eo_id = models.CharField(max_length=16, unique=True, help_text="Public id, e.g. eo:14381.")
    number = models.PositiveIntegerField(unique=True, help_text="Executive order number, e.g. 12890.")
    fr_citation = models.CharField(max_length=40, blank=True, help_text='"59 FR 499"; blank when unknown.')
    signing_date = models.DateField(null=True, blank=True, help_text="Date signed.")
    document_number = models.CharField(max_length=32, blank=True, db_index=True, help_text="FR doc number.")
    fr_document_id = models.CharField(
        max_length=40, blank=True, help_text="fr:<document_number>; resolves when that issue is ingested."
    )
    notes = models.TextField(blank=True, help_text="Amends / revokes / revoked-by notes as printed.")

    class Meta:
        ordering = ["-number"]

    def __str__(self):
        return f"Executive Order {self.number}"
