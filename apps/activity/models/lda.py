"""Lobbying Disclosure Act filings: LD-1 registrations and LD-2 quarterly activity reports.

One row per SOPR document. The public id is ``lda:<form>:<document id>`` (``lda:ld2:0005b52d-…``): the
Senate Office of Public Records document id is the filing's UUID (the LDA API's ``filing_uuid``), unique
per filing; the form keeps ids readable and apart. The registrant-client id plus period is *not* unique
(LD-1 senate ids are sometimes the registrant's alone, and amendments share their period), so it is kept
as filterable columns instead.
"""

from django.db import models

from apps.citations.models import CitedRecord
from apps.core.bill_mentions import MentionTable, register_mentions


class LobbyingForm(models.TextChoices):
    LD1 = "LD-1", "LD-1 registration"
    LD2 = "LD-2", "LD-2 quarterly report"


class LobbyingFiling(CitedRecord):
    """One LD-1 or LD-2 filing: who lobbied for whom, on what, for how much."""

    public_id = models.CharField(
        max_length=120, unique=True, help_text="Josh id, e.g. lda:ld2:0005b52d-cd4e-4e4a-984f-7ade8e95eaa8."
    )
    document_id = models.CharField(
        max_length=100, db_index=True, help_text="SOPR document id (the filing UUID in real downloads)."
    )
    form = models.CharField(max_length=8, choices=LobbyingForm.choices, db_index=True)
    filing_type = models.CharField(
        max_length=4,
        db_index=True,
        help_text="LDA API filing_type code: RR / RA (registration / amendment), Q1-Q4, 1A-4A (amended), "
        "1T-4T (termination), 1@-4@ (amended termination).",
    )
    senate_id = models.CharField(
        max_length=40, db_index=True, help_text="Senate registrant(-client) id, e.g. 5142-797."
    )
    house_id = models.CharField(max_length=40, blank=True, help_text="House registrant(-client) id.")
    registrant_name = models.CharField(max_length=300, help_text="Lobbying firm or self-filing organization.")
    registrant_description = models.TextField(blank=True)
    registrant_city = models.CharField(max_length=100, blank=True)
    registrant_state = models.CharField(max_length=20, blank=True)
    registrant_country = models.CharField(max_length=40, blank=True)
    client_name = models.CharField(max_length=300, help_text="On whose behalf the lobbying was done.")
    client_description = models.TextField(blank=True)
    client_state = models.CharField(max_length=20, blank=True)
    client_country = models.CharField(max_length=40, blank=True)
    client_self = models.BooleanField(default=False, help_text="The registrant lobbies for itself.")
    year = models.PositiveSmallIntegerField(
        db_index=True, help_text="Report year (LD-2) or the registration's effective year (LD-1)."
    )
    quarter = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="1-4 for LD-2; null for LD-1."
    )
    congress = models.PositiveSmallIntegerField(
        db_index=True, help_text="Congress in session that year, (year - 1789) // 2 + 1; used for bill links."
    )
    is_amendment = models.BooleanField(default=False)
    is_termination = models.BooleanField(default=False)
    no_activity = models.BooleanField(default=False, help_text="LD-2 reported no lobbying activity.")
    effective_date = models.DateField(null=True, blank=True, help_text="LD-1 effective date of registration.")
    termination_date = models.DateField(null=True, blank=True)
    signed_on = models.DateField(null=True, blank=True, help_text="Date of the digital signature.")
    signer = models.CharField(max_length=300, blank=True, help_text="Who signed, as written.")
    income = models.DecimalField(
        max_digits=14, decimal_places=2, null=True, blank=True, help_text="Reported income (lobbying firms)."
    )
    income_under_5000 = models.BooleanField(default=False, help_text="Income box 'less than $5,000' ticked.")
    expenses = models.DecimalField(
        max_digits=14, decimal_places=2, null=True, blank=True, help_text="Reported expenses (self-filers)."
    )
    expenses_under_5000 = models.BooleanField(default=False)
    expense_method = models.CharField(max_length=1, blank=True, help_text="LDA expense method a, b or c.")
    issues_detail = models.TextField(
        blank=True, help_text="LD-1 specific lobbying issues (LD-2 text is per activity)."
    )
    affiliated_organizations = models.JSONField(default=list, help_text="[{name, city, state, country}]")
    foreign_entities = models.JSONField(
        default=list, help_text="[{name, city, country, ownership_percentage}]"
    )
    registration_update = models.JSONField(
        default=dict,
        help_text="LD-2 registration changes (added/removed lobbyists, entities…), non-empty only.",
    )

    class Meta:
        ordering = ["-year", "-quarter", "public_id"]
        indexes = [models.Index(fields=["year", "quarter"])]

    def __str__(self):
        return f"{self.form} {self.filing_type} {self.year}: {self.registrant_name} for {self.client_name}"


class LobbyingActivity(models.Model):
    """One general issue area of a filing, with the specific issues text (LD-2) and agencies contacted."""

    # CASCADE: an activity is part of its filing.
    filing = models.ForeignKey(LobbyingFiling, on_delete=models.CASCADE, related_name="activities")
    seq = models.PositiveSmallIntegerField(help_text="Order in the filing, from 1.")
    issue_code = models.CharField(max_length=3, db_index=True, help_text="LDA general issue code, e.g. TAX.")
    specific_issues = models.TextField(blank=True, help_text="Free text; cites bills like 'S. 373'.")
    government_entities = models.TextField(blank=True, help_text="Houses and agencies contacted, as written.")
    foreign_entity_interest = models.TextField(blank=True)

    class Meta:
        ordering = ["filing", "seq"]
        constraints = [models.UniqueConstraint(fields=["filing", "seq"], name="uniq_lda_activity_seq")]


class LobbyingLobbyist(models.Model):
    """A lobbyist named on a filing (LD-1: activity_seq 0) or on one LD-2 activity."""

    # CASCADE: part of its filing.
    filing = models.ForeignKey(LobbyingFiling, on_delete=models.CASCADE, related_name="lobbyists")
    activity_seq = models.PositiveSmallIntegerField(
        help_text="0 = the registration; else the activity's seq."
    )
    seq = models.PositiveSmallIntegerField()
    first_name = models.CharField(max_length=100, blank=True)
    last_name = models.CharField(max_length=100, blank=True)
    suffix = models.CharField(max_length=20, blank=True)
    covered_position = models.CharField(
        max_length=300, blank=True, help_text="Former covered executive/legislative branch position."
    )
    is_new = models.BooleanField(null=True, blank=True, help_text="LD-2: new lobbyist this period.")

    class Meta:
        ordering = ["filing", "activity_seq", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["filing", "activity_seq", "seq"], name="uniq_lda_lobbyist_seq")
        ]


class LobbyingBillMention(models.Model):
    """A bill cited in a filing's issue text, resolved to a canonical bill id with the filing's congress."""

    # CASCADE: part of its filing.
    filing = models.ForeignKey(LobbyingFiling, on_delete=models.CASCADE, related_name="bill_mentions")
    activity_seq = models.PositiveSmallIntegerField(help_text="0 = LD-1 issues detail; else the activity.")
    bill_id = models.CharField(max_length=30, db_index=True, help_text="Canonical bill id, e.g. s:110:373.")
    issue_code = models.CharField(max_length=3, blank=True)

    class Meta:
        ordering = ["filing", "activity_seq", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["filing", "activity_seq", "bill_id"], name="uniq_lda_bill_mention"
            )
        ]


register_mentions(MentionTable("lda-filings", LobbyingBillMention, "filing"))


class LobbyingDocketMention(models.Model):
    """A regulations.gov docket cited in a filing's issue text ("Docket No. FAA-2009-1144")."""

    # CASCADE: part of its filing.
    filing = models.ForeignKey(LobbyingFiling, on_delete=models.CASCADE, related_name="docket_mentions")
    activity_seq = models.PositiveSmallIntegerField(help_text="0 = LD-1 issues detail; else the activity.")
    docket_number = models.CharField(max_length=100, db_index=True, help_text="e.g. FAA-2009-1144.")

    class Meta:
        ordering = ["filing", "activity_seq", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["filing", "activity_seq", "docket_number"], name="uniq_lda_docket_mention"
            )
        ]
