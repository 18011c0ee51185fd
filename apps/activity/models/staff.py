"""Congressional staff directories (no sample ships; see apps/activity/plans/staff_directories.py)."""

from django.db import models

from apps.citations.models import CitedRecord


class StaffMember(CitedRecord):
    """One staffer in one office (a member's office or a committee), as a directory lists them."""

    public_id = models.CharField(
        max_length=200, unique=True, help_text="Josh id: staff:<chamber>-<office>-<name> slug."
    )
    name = models.CharField(max_length=200)
    title = models.CharField(max_length=300, blank=True, help_text="Job title, e.g. Legislative Director.")
    office = models.CharField(max_length=300, help_text="Office as the directory names it.")
    chamber = models.CharField(max_length=8, db_index=True, help_text="house, senate or joint.")
    member_bioguide = models.CharField(
        max_length=7, blank=True, db_index=True, help_text="Bioguide id of the member whose office it is."
    )
    committee_id = models.CharField(
        max_length=8, blank=True, db_index=True, help_text="Thomas id, e.g. HSAG."
    )
    email = models.CharField(max_length=200, blank=True)
    phone = models.CharField(max_length=40, blank=True)

    class Meta:
        ordering = ["chamber", "office", "name"]
        verbose_name_plural = "staff members"

    def __str__(self):
        return f"{self.name}, {self.title} ({self.office})"
