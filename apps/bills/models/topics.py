from django.db import models

from apps.citations.models import CitedRecord


class Topic(CitedRecord):
    """A CRS policy area (one per bill) or legislative subject term: ``topic:policy-area:health``."""

    class Kind(models.TextChoices):
        POLICY_AREA = "policy-area"
        SUBJECT = "subject"

    topic_id = models.CharField(max_length=200, unique=True)
    kind = models.CharField(max_length=12, choices=Kind.choices, db_index=True)
    name = models.CharField(max_length=300, help_text="Term as CRS writes it; bills join on it.")
    # computed (topic-taxonomy finish_run)
    bill_count = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["kind", "name"]
        constraints = [models.UniqueConstraint(fields=["kind", "name"], name="uniq_topic_kind_name")]

    def __str__(self):
        return self.topic_id
