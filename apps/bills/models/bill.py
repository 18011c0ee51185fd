"""The bill (BILLSTATUS) and its child tables, rewritten as a whole on each ingest (``sync_children``)."""

from django.db import models

from apps.citations.models import CitedRecord


class Bill(CitedRecord):
    """A bill or resolution, ``hr:119:103``. ``title``/``summary``/``actions``/``body`` feed ``bills_fts``."""

    class StatusSource(models.TextChoices):
        V3 = "v3", "BILLSTATUS 3.x"
        LEGACY = "legacy-v1", "BILLSTATUS legacy (pre-2022)"
        USLM = "uslm", "Only bill text seen (minimal record from USLM metadata)"

    bill_id = models.CharField(max_length=24, unique=True, help_text="Canonical id, e.g. hr:119:103.")
    bill_type = models.CharField(max_length=8, db_index=True, help_text="hr, s, hjres, sjres, ...")
    congress = models.PositiveSmallIntegerField(db_index=True)
    number = models.PositiveIntegerField()
    status_source = models.CharField(
        max_length=12,
        choices=StatusSource.choices,
        default=StatusSource.V3,
        help_text="Which schema the record came from; 'uslm' means no BILLSTATUS file was ingested yet.",
    )
    # FTS columns (bills_fts)
    title = models.TextField(help_text="Display title (BILLSTATUS <title>).")
    summary = models.TextField(blank=True, help_text="Latest CRS summary as clean text.")
    actions = models.TextField(blank=True, help_text="Every de-duplicated action text, oldest first.")
    body = models.TextField(blank=True, help_text="Text of the latest bill text version.")
    # facts
    origin_chamber = models.CharField(max_length=8, blank=True, help_text="House or Senate.")
    introduced_date = models.DateField(null=True, blank=True, db_index=True)
    update_date = models.DateTimeField(null=True, blank=True, db_index=True)
    update_date_including_text = models.DateTimeField(null=True, blank=True)
    policy_area = models.CharField(max_length=200, blank=True, db_index=True)
    # PROTECT: a legislator referenced by a bill must not vanish under it (stubs are upgraded in place).
    sponsor = models.ForeignKey(
        "registry.Legislator",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="sponsored_bills",
    )
    sponsor_ref = models.CharField(max_length=10, blank=True, help_text="Bioguide id as the file gave it.")
    sponsor_name = models.CharField(
        max_length=200, blank=True, help_text='e.g. "Rep. Bice, Stephanie I. [R-OK-5]"'
    )
    sponsor_party = models.CharField(max_length=4, blank=True, help_text="As the file gives it: R, D, I.")
    sponsor_state = models.CharField(max_length=2, blank=True)
    sponsor_district = models.PositiveSmallIntegerField(null=True, blank=True, help_text="0 = at-large.")
    sponsor_by_request = models.BooleanField(default=False)
    latest_action_date = models.DateField(null=True, blank=True)
    latest_action_text = models.TextField(blank=True)
    constitutional_authority = models.TextField(blank=True, help_text="House only; clean text.")
    # computed
    cosponsor_count = models.PositiveIntegerField(
        default=0, help_text="Current cosponsors (withdrawn excluded)."
    )
    body_version = models.CharField(max_length=8, blank=True, help_text="Version code of ``body``, e.g. enr.")

    class Meta:
        ordering = ["-congress", "bill_type", "number"]
        constraints = [
            models.UniqueConstraint(fields=["congress", "bill_type", "number"], name="uniq_bill_natural_key")
        ]
        indexes = [models.Index(fields=["bill_type", "number", "-congress"])]

    def __str__(self):
        return self.bill_id


class BillTitle(models.Model):
    # CASCADE: part of the bill record.
    bill = models.ForeignKey(Bill, on_delete=models.CASCADE, related_name="titles")
    seq = models.PositiveSmallIntegerField(help_text="Order in the file.")
    title_type = models.CharField(max_length=200, help_text='e.g. "Official Title as Introduced".')
    title_type_code = models.CharField(max_length=8, blank=True)
    title = models.TextField()
    chamber = models.CharField(max_length=20, blank=True)
    version_code = models.CharField(
        max_length=8, blank=True, help_text="Bill text version the title belongs to."
    )

    class Meta:
        ordering = ["bill", "seq"]
        constraints = [models.UniqueConstraint(fields=["bill", "seq"], name="uniq_bill_title_seq")]


class BillCosponsor(models.Model):
    # CASCADE: part of the bill record.
    bill = models.ForeignKey(Bill, on_delete=models.CASCADE, related_name="cosponsors")
    # PROTECT: cosponsorships must not silently disappear with a legislator.
    legislator = models.ForeignKey(
        "registry.Legislator", on_delete=models.PROTECT, related_name="cosponsorships"
    )
    member_ref = models.CharField(max_length=10, help_text="Bioguide id as the file gave it.")
    display_name = models.CharField(max_length=200, blank=True)
    party = models.CharField(max_length=4, blank=True)
    state = models.CharField(max_length=2, blank=True)
    district = models.PositiveSmallIntegerField(null=True, blank=True, help_text="0 = at-large.")
    is_original = models.BooleanField(default=False)
    sponsorship_date = models.DateField(null=True, blank=True)
    withdrawn_date = models.DateField(
        null=True, blank=True, help_text="Set when the cosponsorship was withdrawn."
    )

    class Meta:
        ordering = ["bill", "sponsorship_date", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["bill", "member_ref", "sponsorship_date"], name="uniq_bill_cosponsor"
            )
        ]


class BillAction(models.Model):
    """One action, after de-duplication (see apps.bills.parsing.actions for the rule), oldest first."""

    # CASCADE: part of the bill record.
    bill = models.ForeignKey(Bill, on_delete=models.CASCADE, related_name="action_set")
    seq = models.PositiveIntegerField(help_text="Chronological position, 0 = first action.")
    action_date = models.DateField(null=True, blank=True)
    action_time = models.CharField(max_length=8, blank=True, help_text="Eastern local time, HH:MM:SS.")
    text = models.TextField()
    action_type = models.CharField(
        max_length=80, blank=True, help_text="IntroReferral, Floor, President, ... (or a longer phrase)"
    )
    action_codes = models.CharField(
        max_length=100, blank=True, help_text="Every action code of the merged copies, e.g. 'H11100,1000'."
    )
    source_systems = models.CharField(
        max_length=200, blank=True, help_text="Names of the source systems that reported it."
    )
    committees = models.JSONField(
        default=list, blank=True, help_text="[{system_code, name}] named by the action."
    )

    class Meta:
        ordering = ["bill", "seq"]
        constraints = [models.UniqueConstraint(fields=["bill", "seq"], name="uniq_bill_action_seq")]


class BillRecordedVote(models.Model):
    """A roll call taken on the bill, linked to registry.RollCallVote by ``vote_id`` when that vote is known."""

    # CASCADE: part of the bill record.
    bill = models.ForeignKey(Bill, on_delete=models.CASCADE, related_name="recorded_votes")
    vote_id = models.CharField(
        max_length=40, db_index=True, help_text="house:117:2021:62 (registry vote id)."
    )
    chamber = models.CharField(max_length=8)
    congress = models.PositiveSmallIntegerField()
    session = models.PositiveSmallIntegerField(null=True, blank=True)
    roll_number = models.PositiveIntegerField()
    voted_at = models.DateTimeField(null=True, blank=True)
    url = models.URLField(max_length=300, blank=True)
    action_text = models.TextField(blank=True, help_text="Text of the action that recorded the vote.")
    # SET_NULL: the vote id string stays; the link is re-made when the vote is ingested again.
    roll_call = models.ForeignKey(
        "registry.RollCallVote", on_delete=models.SET_NULL, null=True, blank=True, related_name="bill_links"
    )

    class Meta:
        ordering = ["bill", "voted_at", "vote_id"]
        constraints = [models.UniqueConstraint(fields=["bill", "vote_id"], name="uniq_bill_recorded_vote")]


class BillCommittee(models.Model):
    """A committee or subcommittee the bill went to, with its activities (Referred To, Markup By, ...)."""

    # CASCADE: part of the bill record.
    bill = models.ForeignKey(Bill, on_delete=models.CASCADE, related_name="committee_set")
    system_code = models.CharField(max_length=10, help_text="BILLSTATUS systemCode, e.g. hsif00, hsif14.")
    thomas_id = models.CharField(
        max_length=8, db_index=True, help_text="Registry committee id, e.g. HSIF, HSIF14."
    )
    name = models.CharField(max_length=300)
    chamber = models.CharField(max_length=20, blank=True)
    committee_type = models.CharField(max_length=40, blank=True)
    parent_code = models.CharField(max_length=10, blank=True, help_text="systemCode of the parent committee.")
    activities = models.JSONField(default=list, blank=True, help_text="[{name, date}] oldest first.")

    class Meta:
        ordering = ["bill", "system_code"]
        constraints = [models.UniqueConstraint(fields=["bill", "system_code"], name="uniq_bill_committee")]


class BillSubject(models.Model):
    """A legislative subject term; the policy area lives on Bill. Topics join on ``name``."""

    # CASCADE: part of the bill record.
    bill = models.ForeignKey(Bill, on_delete=models.CASCADE, related_name="subjects")
    name = models.CharField(max_length=300, db_index=True)

    class Meta:
        ordering = ["bill", "name"]
        constraints = [models.UniqueConstraint(fields=["bill", "name"], name="uniq_bill_subject")]


class BillSummary(models.Model):
    # CASCADE: part of the bill record.
    bill = models.ForeignKey(Bill, on_delete=models.CASCADE, related_name="summaries")
    version_code = models.CharField(max_length=8)
    action_date = models.DateField(null=True, blank=True)
    action_desc = models.CharField(max_length=200, blank=True)
    update_date = models.DateTimeField(null=True, blank=True)
    text = models.TextField(help_text="Clean text (the CRS HTML is escaped twice in the file).")

    class Meta:
        ordering = ["bill", "action_date", "version_code"]
        constraints = [
            models.UniqueConstraint(fields=["bill", "version_code", "action_date"], name="uniq_bill_summary")
        ]


class RelatedBill(models.Model):
    # CASCADE: part of the bill record.
    bill = models.ForeignKey(Bill, on_delete=models.CASCADE, related_name="related_bills")
    related_bill_id = models.CharField(max_length=24, db_index=True)
    title = models.TextField(blank=True)
    relationships = models.JSONField(default=list, blank=True, help_text="[{type, identified_by}]")
    latest_action_date = models.DateField(null=True, blank=True)
    latest_action_text = models.TextField(blank=True)

    class Meta:
        ordering = ["bill", "related_bill_id"]
        constraints = [models.UniqueConstraint(fields=["bill", "related_bill_id"], name="uniq_related_bill")]


class BillLaw(models.Model):
    """A law the bill became, as BILLSTATUS names it; ``law_id`` joins PublicLaw."""

    # CASCADE: part of the bill record.
    bill = models.ForeignKey(Bill, on_delete=models.CASCADE, related_name="laws")
    law_type = models.CharField(max_length=20, help_text="Public Law or Private Law.")
    number = models.CharField(max_length=12, help_text="119-7")
    law_id = models.CharField(max_length=20, db_index=True, help_text="pl:119:7 / pvtl:112:1")

    class Meta:
        ordering = ["bill", "law_id"]
        constraints = [models.UniqueConstraint(fields=["bill", "law_id"], name="uniq_bill_law")]
