from django.db import models

from apps.citations.models import CitedRecord


class CfrSection(CitedRecord):
    """One section of the Code of Federal Regulations (eCFR XML), with its hierarchy."""

    cfr_id = models.CharField(max_length=40, unique=True, help_text="Public id, e.g. cfr:1:1.1.")
    title = models.PositiveSmallIntegerField(db_index=True, help_text="CFR title number.")
    title_name = models.CharField(max_length=200, blank=True, help_text='e.g. "Title 1—General Provisions".')
    chapter = models.CharField(max_length=20, blank=True, help_text='Roman numeral, e.g. "I".')
    chapter_heading = models.CharField(
        max_length=300, blank=True, help_text="The chapter HEAD without its label."
    )
    subchapter = models.CharField(
        max_length=20, blank=True, help_text='Subchapter letter, e.g. "A"; blank if none.'
    )
    part = models.CharField(max_length=20, help_text='e.g. "1".')
    part_heading = models.CharField(
        max_length=300, blank=True, help_text='The part HEAD without its label, e.g. "DEFINITIONS".'
    )
    subpart = models.CharField(max_length=20, blank=True, help_text="Subpart letter; blank if none.")
    section = models.CharField(max_length=30, help_text='e.g. "1.1".')
    heading = models.TextField(help_text='Section heading without the number, e.g. "Definitions."')
    body = models.TextField(blank=True, help_text="Section text (paragraphs), without the heading and CITA.")
    source_citation = models.TextField(blank=True, help_text="CITA: where the section was published.")
    authority = models.TextField(blank=True, help_text="The part's AUTH note.")
    part_source = models.TextField(blank=True, help_text="The part's SOURCE note.")

    class Meta:
        ordering = ["title", "part", "id"]
        indexes = [models.Index(fields=["title", "part"])]

    def __str__(self):
        return f"{self.title} CFR {self.section} {self.heading}"
