"""House committee meetings (House Committee Repository XML at docs.house.gov).

The public id is ``hearing:102252``: the docs.house.gov EventID, which the witness list carries bare
(``meeting-id="102266"``) and the meeting file with its type prefix (``HMTG102252``; also accepted).
"""

from django.db import models

from apps.citations.models import CitedRecord
from apps.core.bill_mentions import MentionTable, register_mentions


class Hearing(CitedRecord):
    """A committee meeting, hearing or markup."""

    public_id = models.CharField(max_length=40, unique=True, help_text="Josh id: hearing:102252.")
    event_id = models.PositiveIntegerField(unique=True, help_text="docs.house.gov EventID.")
    meeting_id = models.CharField(max_length=40, blank=True, help_text="e.g. HMTG102252 (type + EventID).")
    meeting_type = models.CharField(
        max_length=8, blank=True, help_text="HHRG hearing, HMKP markup, HMTG meeting."
    )
    chamber = models.CharField(max_length=8, default="house")
    congress = models.PositiveSmallIntegerField(null=True, blank=True, db_index=True)
    session = models.PositiveSmallIntegerField(null=True, blank=True)
    title = models.TextField(blank=True)
    date = models.DateField(null=True, blank=True, db_index=True)
    start_time = models.TimeField(null=True, blank=True)
    location = models.CharField(max_length=200, blank=True, help_text="Room and building.")
    status = models.CharField(max_length=8, blank=True, help_text="current-status (S = scheduled).")
    updated_at = models.DateTimeField(null=True, blank=True, help_text="update-date of the meeting file.")
    details_from = models.CharField(
        max_length=20,
        default="meeting",
        help_text="'meeting' (its meeting file) or 'witness-list' (derived from witness document URLs only).",
    )

    class Meta:
        ordering = ["-date", "event_id"]

    def __str__(self):
        return f"{self.public_id}: {self.title[:80]}"


class HearingCommittee(models.Model):
    """A committee or subcommittee holding the meeting."""

    # CASCADE: part of its hearing.
    hearing = models.ForeignKey(Hearing, on_delete=models.CASCADE, related_name="committees")
    code = models.CharField(max_length=8, help_text="House repository code, e.g. RU00 or GO25.")
    thomas_id = models.CharField(max_length=8, db_index=True, help_text="e.g. HSRU, HSGO25.")
    name = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["hearing", "code"]
        constraints = [models.UniqueConstraint(fields=["hearing", "code"], name="uniq_hearing_committee")]


class HearingDocument(models.Model):
    """A meeting document (bill text, amendment, report…)."""

    # CASCADE: part of its hearing.
    hearing = models.ForeignKey(Hearing, on_delete=models.CASCADE, related_name="documents")
    seq = models.PositiveSmallIntegerField()
    doc_type = models.CharField(max_length=10, blank=True, help_text="e.g. BR (bill), AMDT, CR.")
    description = models.TextField(blank=True)
    legis_num = models.CharField(max_length=40, blank=True, help_text="As written, e.g. H.R. 4435.")
    bill_id = models.CharField(max_length=30, blank=True, db_index=True)
    urls = models.JSONField(default=list)

    class Meta:
        ordering = ["hearing", "seq"]
        constraints = [models.UniqueConstraint(fields=["hearing", "seq"], name="uniq_hearing_document_seq")]


class HearingBill(models.Model):
    """A bill the meeting takes up: from a meeting document's legis-num or the title."""

    # CASCADE: part of its hearing.
    hearing = models.ForeignKey(Hearing, on_delete=models.CASCADE, related_name="bills")
    bill_id = models.CharField(max_length=30, db_index=True, help_text="Canonical bill id, e.g. hr:113:4435.")
    found_in = models.CharField(max_length=10, help_text="'document' (legis-num) or 'title'.")

    class Meta:
        ordering = ["hearing", "id"]
        constraints = [models.UniqueConstraint(fields=["hearing", "bill_id"], name="uniq_hearing_bill")]


register_mentions(MentionTable("hearings", HearingBill, "hearing"))


class HearingWitness(models.Model):
    """A witness on a panel."""

    # CASCADE: part of its hearing.
    hearing = models.ForeignKey(Hearing, on_delete=models.CASCADE, related_name="witnesses")
    panel = models.PositiveSmallIntegerField(default=1)
    seq = models.PositiveSmallIntegerField()
    honorific = models.CharField(max_length=20, blank=True)
    first_name = models.CharField(max_length=100, blank=True)
    middle_name = models.CharField(max_length=100, blank=True)
    last_name = models.CharField(max_length=100, blank=True)
    position = models.CharField(max_length=300, blank=True)
    organization = models.CharField(max_length=300, blank=True)
    witness_type = models.CharField(max_length=60, blank=True, help_text="e.g. Government - Federal.")
    testified = models.BooleanField(null=True, blank=True)
    documents = models.JSONField(default=list, help_text="[{description, type, urls}]")

    class Meta:
        ordering = ["hearing", "panel", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["hearing", "panel", "seq"], name="uniq_hearing_witness_seq")
        ]

    @property
    def name(self) -> str:
        return " ".join(p for p in (self.first_name, self.middle_name, self.last_name) if p)
