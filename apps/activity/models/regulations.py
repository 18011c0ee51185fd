"""regulations.gov dockets, documents and comments (API v4 metadata).

Public ids: ``docket:EPA-HQ-OAR-2003-0129`` and ``regdoc:FAA-2018-1084-0418`` (documents and public
comments share one id space at regulations.gov, so they share one table, told apart by ``kind``); the
natural ids are accepted as aliases. The same object is often recorded more than once (different
requests, different days): each row remembers the newest observation that changed it
(``observed``); newer observations overwrite with their non-empty values, older ones
only fill empty fields, so every file order converges and a re-ingest is all noop.
"""

from django.db import models

from apps.citations.models import CitedRecord


class RegulatoryAgency(models.Model):
    """An agency acronym at regulations.gov (docket-id prefix) and its name."""

    acronym = models.CharField(max_length=20, unique=True, help_text="e.g. EPA; the docket id prefix.")
    name = models.CharField(max_length=300, help_text="e.g. Environmental Protection Agency.")

    class Meta:
        ordering = ["acronym"]
        verbose_name_plural = "regulatory agencies"

    def __str__(self):
        return f"{self.acronym}: {self.name}"


class Observed(models.Model):
    """Which recorded API response last changed the row (newest wins; older ones only fill gaps)."""

    observed = models.CharField(
        max_length=250,
        blank=True,
        help_text="'<recorded_at UTC ISO> <file name>' of the newest response that changed the row ('' = stub).",
    )
    is_stub = models.BooleanField(
        default=False,
        db_index=True,
        help_text="Known only from a reference (a document's docketId, a count).",
    )

    class Meta:
        abstract = True


class Docket(CitedRecord, Observed):
    """A regulations.gov docket: the folder of a rulemaking or nonrulemaking action."""

    public_id = models.CharField(
        max_length=120, unique=True, help_text="Josh id: docket:EPA-HQ-OAR-2003-0129."
    )
    docket_number = models.CharField(max_length=100, unique=True, help_text="regulations.gov docket id.")
    agency_id = models.CharField(max_length=20, db_index=True, help_text="Agency acronym, e.g. EPA.")
    docket_type = models.CharField(max_length=20, blank=True, help_text="Rulemaking or Nonrulemaking.")
    title = models.TextField(blank=True)
    short_title = models.CharField(max_length=300, blank=True)
    abstract = models.TextField(blank=True, help_text="dkAbstract.")
    rin = models.CharField(
        max_length=40, blank=True, help_text="Regulation Identifier Number, e.g. 2120-AA64."
    )
    program = models.CharField(max_length=200, blank=True, help_text="'generic' / program location.")
    keywords = models.JSONField(default=list)
    modified_at = models.DateTimeField(null=True, blank=True, help_text="modifyDate at regulations.gov.")
    object_id = models.CharField(max_length=40, blank=True, help_text="Internal regulations.gov object id.")

    class Meta:
        ordering = ["docket_number"]

    def __str__(self):
        return f"{self.docket_number}: {self.title[:80]}"


class DocumentKind(models.TextChoices):
    DOCUMENT = "document"
    COMMENT = "comment"


class RegulatoryDocument(CitedRecord, Observed):
    """A document (rule, proposed rule, notice, supporting material…) or a public comment in a docket."""

    public_id = models.CharField(max_length=120, unique=True, help_text="Josh id: regdoc:FAA-2018-1084-0418.")
    document_number = models.CharField(max_length=120, unique=True, help_text="regulations.gov document id.")
    kind = models.CharField(max_length=10, choices=DocumentKind.choices, db_index=True)
    docket_number = models.CharField(max_length=100, db_index=True, help_text="Docket it belongs to.")
    agency_id = models.CharField(max_length=20, db_index=True)
    document_type = models.CharField(max_length=60, blank=True, help_text="Rule, Proposed Rule, Notice, …")
    subtype = models.CharField(max_length=200, blank=True)
    title = models.TextField(blank=True)
    fr_doc_num = models.CharField(
        max_length=40,
        blank=True,
        db_index=True,
        help_text="Federal Register document number, e.g. 2020-22330.",
    )
    cfr_part = models.CharField(max_length=300, blank=True, help_text="e.g. 5 CFR Part 1631.")
    subject = models.TextField(blank=True)
    topics = models.JSONField(default=list)
    posted_at = models.DateTimeField(null=True, blank=True)
    comment_start_at = models.DateTimeField(null=True, blank=True)
    comment_end_at = models.DateTimeField(null=True, blank=True)
    open_for_comment = models.BooleanField(null=True, blank=True)
    withdrawn = models.BooleanField(null=True, blank=True)
    modified_at = models.DateTimeField(null=True, blank=True, help_text="modifyDate / lastModifiedDate.")
    object_id = models.CharField(max_length=40, blank=True)
    file_urls = models.JSONField(default=list, help_text="[{format, url, size}] from fileFormats.")
    comment_count = models.PositiveIntegerField(
        null=True, blank=True, help_text="document-comments-received-counts, newest observation."
    )
    comment_count_observed = models.CharField(
        max_length=250, blank=True, help_text="'<recorded_at> <file name>' of the count's response."
    )

    class Meta:
        ordering = ["docket_number", "document_number"]

    def __str__(self):
        return f"{self.document_number}: {self.title[:80]}"
