from django.db import models

from apps.citations.models import CitedRecord


class CrsProductType(models.TextChoices):
    REPORT = "report", "CRS Report"
    IN_FOCUS = "in_focus", "CRS In Focus"
    INSIGHT = "insight", "CRS Insight"
    LEGAL_SIDEBAR = "legal_sidebar", "CRS Legal Sidebar"


class CrsReport(CitedRecord):
    """One CRS product (latest version seen): Report, In Focus, Insight or Legal Sidebar."""

    crs_id = models.CharField(max_length=24, unique=True, help_text="Public id, e.g. crs:R48917.")
    product_number = models.CharField(max_length=20, unique=True, help_text="e.g. R48917, IF13013, 98-317.")
    version = models.PositiveIntegerField(
        null=True, blank=True, help_text="Product version; null if unstated."
    )
    product_type = models.CharField(
        max_length=16,
        choices=CrsProductType.choices,
        db_index=True,
        help_text="report, in_focus, insight or legal_sidebar.",
    )
    product_type_label = models.CharField(max_length=40, help_text='As printed, e.g. "Insight".')
    title = models.TextField(help_text="Title from the header.")
    authors = models.JSONField(default=list, help_text='["Labonte, Marc", ...] as printed ("Last, First").')
    authors_text = models.TextField(blank=True, help_text="Authors joined, indexed by crs_reports_fts.")
    topics = models.JSONField(default=list, help_text="congress.gov topic names.")
    topics_text = models.TextField(blank=True, help_text="Topics joined, indexed by crs_reports_fts.")
    body = models.TextField(help_text="Report text without congress.gov page chrome; links reduced to text.")
    congress = models.PositiveSmallIntegerField(null=True, blank=True, db_index=True, help_text="Inferred.")
    cited_products = models.JSONField(
        default=list, help_text='Other CRS products cited in the text ("CRS Report R47447"), as crs: ids.'
    )
    source_file = models.CharField(max_length=300, help_text="Corpus-relative file it was read from.")

    class Meta:
        ordering = ["-published_at", "product_number"]

    def __str__(self):
        return f"{self.product_number}: {self.title}"


class CrsCatalogEntry(models.Model):
    """A row of a congress.gov CRS catalog CSV export (products listed, with or without a text file)."""

    product_number = models.CharField(max_length=20, db_index=True, help_text="e.g. R48910.")
    catalog_file = models.CharField(max_length=100, help_text="Export file name, e.g. 2026-04-15.csv.")
    title = models.TextField(help_text="Title as listed.")
    url = models.URLField(max_length=300, blank=True, help_text="congress.gov product URL.")
    published_on = models.DateField(null=True, blank=True, help_text="Publication date as listed.")
    authors = models.JSONField(default=list, help_text='Author(s) as listed, "Last, First".')
    topics = models.JSONField(default=list, help_text="Topic(s) as listed.")

    class Meta:
        ordering = ["catalog_file", "product_number"]
        constraints = [
            models.UniqueConstraint(fields=["catalog_file", "product_number"], name="uniq_crs_catalog_row")
        ]

    def __str__(self):
        return f"{self.product_number} ({self.catalog_file})"


class GaoReport(CitedRecord):
    """One GAO product (report or testimony) converted from PDF to Markdown."""

    gao_id = models.CharField(max_length=40, unique=True, help_text="Public id, e.g. gao:GAO-26-108653.")
    report_number = models.CharField(max_length=32, unique=True, help_text="e.g. GAO-26-108653.")
    title = models.TextField(help_text="Title from the header.")
    highlights = models.TextField(blank=True, help_text="The Highlights page (What GAO Found / Recommends).")
    recommendations = models.TextField(blank=True, help_text='"What GAO Recommends", when present.')
    body = models.TextField(help_text="Report text after the Highlights page.")
    is_testimony = models.BooleanField(default=False, help_text="Number ends in T.")
    congress = models.PositiveSmallIntegerField(null=True, blank=True, db_index=True, help_text="Inferred.")
    cited_products = models.JSONField(
        default=list, help_text="Other GAO products cited (GAO-05-927), as gao: ids."
    )
    source_file = models.CharField(max_length=300, help_text="Corpus-relative file it was read from.")

    class Meta:
        ordering = ["-published_at", "report_number"]

    def __str__(self):
        return f"{self.report_number}: {self.title}"
