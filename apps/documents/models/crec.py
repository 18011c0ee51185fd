from django.db import models

from apps.citations.models import CitedRecord


class CrecChamber(models.TextChoices):
    SENATE = "senate", "Senate"
    HOUSE = "house", "House"
    EXTENSIONS = "extensions", "Extensions of Remarks"
    DIGEST = "digest", "Daily Digest"


class CrecGranule(CitedRecord):
    """One Congressional Record granule (GPO CREC htm)."""

    crec_id = models.CharField(max_length=80, unique=True, help_text="crec:CREC-2005-07-20-pt1-PgS8587-2")
    granule_id = models.CharField(max_length=72, unique=True, help_text="CREC-2005-07-20-pt1-PgS8587-2")
    chamber = models.CharField(
        max_length=12,
        choices=CrecChamber.choices,
        db_index=True,
        help_text="From the page prefix: S senate, H house, E extensions, D digest.",
    )
    volume = models.PositiveSmallIntegerField(help_text="Congressional Record volume, e.g. 151.")
    number = models.PositiveSmallIntegerField(help_text="Daily issue number within the volume, e.g. 99.")
    pages = models.CharField(max_length=40, help_text='e.g. "S8587" or "D790-D791".')
    start_page = models.CharField(max_length=12, help_text='First page, e.g. "S8587".')
    title = models.TextField(help_text="The granule heading (upper case as printed), or section + pages.")
    body = models.TextField(help_text="The granule text as printed (offsets of speaker turns index it).")
    congress = models.PositiveSmallIntegerField(db_index=True, help_text="Congress in session on the date.")

    class Meta:
        ordering = ["-published_at", "granule_id"]

    def __str__(self):
        return self.granule_id


class CrecSpeakerTurn(models.Model):
    """One speaker's turn in a granule: who said it and where it sits in the granule body."""

    # CASCADE: a turn has no meaning without its granule.
    granule = models.ForeignKey(
        CrecGranule,
        on_delete=models.CASCADE,
        related_name="turns",
        help_text="The granule this turn belongs to.",
    )
    order = models.PositiveIntegerField(help_text="1-based order within the granule.")
    speaker = models.CharField(max_length=120, help_text='Label as printed, e.g. "Mr. SESSIONS".')
    speaker_name = models.CharField(max_length=100, help_text='e.g. "SESSIONS", "PRESIDING OFFICER".')
    speaker_state = models.CharField(max_length=40, blank=True, help_text='From "of Pennsylvania".')
    text = models.TextField(help_text="What was said, starting with the speaker label as printed.")
    start_offset = models.PositiveIntegerField(help_text="Character offset of the turn in the body.")
    end_offset = models.PositiveIntegerField(help_text="Character offset just past the turn in the body.")

    class Meta:
        ordering = ["granule", "order"]
        constraints = [models.UniqueConstraint(fields=["granule", "order"], name="uniq_crec_turn")]
