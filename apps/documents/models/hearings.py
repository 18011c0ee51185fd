from django.db import models

from apps.citations.models import CitedRecord


class HearingTranscript(CitedRecord):
    """A printed hearing transcript (GovInfo CHRG text). No sample ships with Josh."""

    chrg_id = models.CharField(
        max_length=60, unique=True, help_text="Public id, e.g. chrg:CHRG-118hhrg12345."
    )
    package_id = models.CharField(max_length=50, unique=True, help_text="GovInfo package id.")
    congress = models.PositiveSmallIntegerField(
        db_index=True, help_text='From "[House Hearing, 118 Congress]".'
    )
    chamber = models.CharField(max_length=8, blank=True, help_text="house, senate or joint.")
    title = models.TextField(help_text="The printed hearing title.")
    committee = models.CharField(
        max_length=300, blank=True, help_text="Committee the hearing was held before."
    )
    held_on = models.DateField(null=True, blank=True, help_text="Date of the hearing, when printed.")
    body = models.TextField(help_text="Transcript text as printed.")
    speakers = models.JSONField(default=list, help_text="Distinct speaker labels in order of first turn.")

    class Meta:
        ordering = ["-published_at", "package_id"]

    def __str__(self):
        return self.package_id
