from django.db import models

from apps.citations.models import CitedRecord


class UscSection(CitedRecord):
    """One section of the U.S. Code (OLRC USLM); notes are kept apart from the operative text."""

    usc_id = models.CharField(max_length=40, unique=True, help_text="Public id, e.g. usc:1:112a.")
    identifier = models.CharField(max_length=80, help_text="USLM identifier, e.g. /us/usc/t1/s112a.")
    title = models.PositiveSmallIntegerField(db_index=True, help_text="U.S. Code title number.")
    section = models.CharField(max_length=20, help_text='e.g. "112a".')
    chapter = models.CharField(max_length=20, blank=True, help_text='Chapter number, e.g. "2".')
    chapter_heading = models.CharField(max_length=300, blank=True, help_text="Chapter heading as printed.")
    heading = models.TextField(help_text="Section heading without the number.")
    status = models.CharField(max_length=40, blank=True, help_text="USLM status (repealed, ...), if any.")
    chapeau = models.TextField(blank=True, help_text="Text before the first subdivision, when there is one.")
    body = models.TextField(blank=True, help_text="Operative text (chapeau, content, subdivisions).")
    source_credit = models.TextField(blank=True, help_text="Enactment and amendment history (sourceCredit).")
    notes = models.TextField(blank=True, help_text="Editorial and statutory notes, kept apart.")

    class Meta:
        ordering = ["title", "id"]

    def __str__(self):
        return f"{self.title} U.S.C. {self.section}"
