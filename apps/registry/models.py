"""Registry records: who serves, on which committees, and how each member voted.

A row that mentions a member keeps the raw name/party/state it was given next to the foreign key, so
an unresolved member is never dropped: it becomes a stub Legislator (``is_stub``) carrying what the
mentioning source said.
"""

from django.db import models

from apps.citations.models import CitedRecord


class Chamber(models.TextChoices):
    HOUSE = "house"
    SENATE = "senate"
    JOINT = "joint"


class Legislator(CitedRecord):
    """A Member of Congress, keyed by bioguide id when one is known."""

    bioguide_id = models.CharField(
        max_length=7,
        unique=True,
        null=True,
        blank=True,
        help_text="Bioguide id, e.g. S000033. Null only for stubs known by LIS id.",
    )
    lis_id = models.CharField(
        max_length=8,
        unique=True,
        null=True,
        blank=True,
        help_text="Senate LIS member id, e.g. S313 (Senate roll calls use it).",
    )
    first_name = models.CharField(max_length=100, blank=True)
    middle_name = models.CharField(max_length=100, blank=True)
    last_name = models.CharField(max_length=100, blank=True)
    suffix = models.CharField(max_length=20, blank=True)
    nickname = models.CharField(max_length=100, blank=True)
    official_full = models.CharField(max_length=200, blank=True, help_text="Official full name.")
    search_name = models.TextField(blank=True, help_text="Every name form, indexed by legislators_fts.")
    birthday = models.DateField(null=True, blank=True)
    gender = models.CharField(max_length=1, blank=True)
    party = models.CharField(max_length=40, blank=True, help_text="Party of the latest term, spelled out.")
    caucus = models.CharField(
        max_length=40,
        blank=True,
        help_text="Party caucused with in the latest term: the term's caucus (an independent's, e.g. "
        "Democrat for Sanders), else its party; blank for stubs.",
    )
    state = models.CharField(max_length=2, blank=True, db_index=True, help_text="State of the latest term.")
    district = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="House district; 0 = at-large."
    )
    chamber = models.CharField(max_length=8, choices=Chamber.choices, blank=True, db_index=True)
    is_current = models.BooleanField(default=False, db_index=True)
    is_stub = models.BooleanField(
        default=False,
        db_index=True,
        help_text="Known only from a mention (vote, bill) — not in the legislators file.",
    )

    class Meta:
        ordering = ["last_name", "first_name"]

    def __str__(self):
        return f"{self.official_full or self.first_name + ' ' + self.last_name} ({self.public_id})"

    @property
    def public_id(self) -> str:
        return self.bioguide_id or f"lis:{self.lis_id}"


class LegislatorIdentifier(models.Model):
    """The identifier crosswalk: bioguide, thomas, lis, govtrack, icpsr, fec (several), opensecrets..."""

    # CASCADE: identifiers have no meaning without their legislator.
    legislator = models.ForeignKey(Legislator, on_delete=models.CASCADE, related_name="identifiers")
    scheme = models.CharField(max_length=32)
    value = models.CharField(max_length=200)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["scheme", "value"], name="uniq_identifier_scheme_value")
        ]
        indexes = [models.Index(fields=["legislator", "scheme"])]


class Term(models.Model):
    """One term of service, as listed in congress-legislators."""

    # CASCADE: a term belongs to exactly one legislator.
    legislator = models.ForeignKey(Legislator, on_delete=models.CASCADE, related_name="terms")
    term_type = models.CharField(max_length=3, help_text="rep or sen")
    start = models.DateField()
    end = models.DateField(null=True, blank=True)
    state = models.CharField(max_length=2)
    district = models.PositiveSmallIntegerField(null=True, blank=True)
    senate_class = models.PositiveSmallIntegerField(null=True, blank=True)
    state_rank = models.CharField(max_length=8, blank=True)
    party = models.CharField(max_length=40, blank=True)
    caucus = models.CharField(max_length=40, blank=True)
    url = models.URLField(max_length=300, blank=True)
    phone = models.CharField(max_length=40, blank=True)
    office = models.CharField(max_length=200, blank=True)
    contact_form = models.URLField(max_length=300, blank=True)

    class Meta:
        ordering = ["legislator", "start"]
        constraints = [models.UniqueConstraint(fields=["legislator", "term_type", "start"], name="uniq_term")]


class Committee(CitedRecord):
    """A committee (``HSWM``) or subcommittee (``HSWM01``), keyed by its full thomas id."""

    thomas_id = models.CharField(
        max_length=8, unique=True, help_text="Full thomas id: HSWM, or HSWM01 for a subcommittee."
    )
    name = models.CharField(max_length=300)
    search_name = models.TextField(
        blank=True, help_text="Name forms indexed by committees_fts (with the parent's name)."
    )
    chamber = models.CharField(max_length=8, choices=Chamber.choices, db_index=True)
    # PROTECT: deleting a parent must not silently delete its subcommittees' memberships.
    parent = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="subcommittees"
    )
    house_committee_id = models.CharField(max_length=8, blank=True)
    senate_committee_id = models.CharField(max_length=8, blank=True)
    url = models.URLField(max_length=300, blank=True)
    minority_url = models.URLField(max_length=300, blank=True)
    jurisdiction = models.TextField(blank=True)
    address = models.CharField(max_length=300, blank=True)
    phone = models.CharField(max_length=40, blank=True)
    is_current = models.BooleanField(default=True, db_index=True)
    congresses = models.JSONField(
        default=list, blank=True, help_text="Congresses active (historical committees)."
    )

    class Meta:
        ordering = ["thomas_id"]

    def __str__(self):
        return f"{self.name} ({self.thomas_id})"


class CommitteeMembership(CitedRecord):
    """A member's seat on a committee in a Congress, with party side, rank and title (Chair, Ranking Member)."""

    # CASCADE: a membership is a fact about both ends; it goes when either does.
    committee = models.ForeignKey(Committee, on_delete=models.CASCADE, related_name="memberships")
    legislator = models.ForeignKey(Legislator, on_delete=models.CASCADE, related_name="memberships")
    congress = models.PositiveSmallIntegerField(db_index=True)
    party_side = models.CharField(max_length=8, help_text="majority or minority")
    rank = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Seniority rank within the party side."
    )
    title = models.CharField(
        max_length=100, blank=True, help_text="Chairman, Ranking Member, Vice Chair, Ex Officio..."
    )
    member_name = models.CharField(
        max_length=200, blank=True, help_text="Name as the membership file gives it."
    )

    class Meta:
        ordering = ["committee", "congress", "party_side", "rank"]
        constraints = [
            models.UniqueConstraint(fields=["committee", "legislator", "congress"], name="uniq_membership"),
        ]


class RollCallVote(CitedRecord):
    """A House or Senate roll-call vote: ``house:119:2025:77`` (roll numbers restart each session)."""

    vote_id = models.CharField(
        max_length=40, unique=True, help_text="house:119:2025:77 / senate:119:2025:162"
    )
    upstream_id = models.CharField(
        max_length=40, blank=True, help_text="unitedstates/congress id, e.g. h77-119.2025"
    )
    chamber = models.CharField(max_length=8, choices=Chamber.choices, db_index=True)
    congress = models.PositiveSmallIntegerField(db_index=True)
    session_year = models.PositiveSmallIntegerField()
    number = models.PositiveIntegerField()
    voted_at = models.DateTimeField(null=True, blank=True)
    category = models.CharField(max_length=32, blank=True, db_index=True)
    vote_type = models.CharField(max_length=200, blank=True)
    question = models.TextField(blank=True)
    subject = models.TextField(blank=True)
    requires = models.CharField(max_length=16, blank=True)
    result = models.CharField(max_length=200, blank=True)
    result_text = models.TextField(blank=True)
    bill_id = models.CharField(
        max_length=24, blank=True, db_index=True, help_text="Canonical bill id voted on, e.g. hjres:119:24."
    )
    amendment = models.JSONField(default=dict, blank=True)
    nomination = models.JSONField(default=dict, blank=True)
    totals = models.JSONField(
        default=dict, blank=True, help_text="Count per position, e.g. {'Yea': 53, 'Nay': 42}."
    )
    vice_president_position = models.CharField(
        max_length=100,
        blank=True,
        help_text="The Vice President's tie-breaking vote (Senate), e.g. 'Yea'; blank when none.",
    )

    class Meta:
        ordering = ["-voted_at", "-number"]
        indexes = [models.Index(fields=["chamber", "congress", "session_year", "number"])]

    def __str__(self):
        return self.vote_id


class VotePosition(models.Model):
    """How one member voted on one roll call. The raw option key is kept (Yea/Aye/No/Present/a candidate)."""

    class Normalized(models.TextChoices):
        YES = "yes"
        NO = "no"
        PRESENT = "present"
        NOT_VOTING = "not_voting"
        OTHER = "other"  # e.g. a candidate's name in a Speaker election

    # CASCADE: positions are part of the vote record.
    vote = models.ForeignKey(RollCallVote, on_delete=models.CASCADE, related_name="positions")
    # PROTECT: a legislator referenced by a vote must not vanish under it.
    legislator = models.ForeignKey(Legislator, on_delete=models.PROTECT, related_name="vote_positions")
    position = models.CharField(
        max_length=100, help_text="Option as recorded: Yea, Nay, Aye, No, Present, Not Voting..."
    )
    normalized = models.CharField(max_length=12, choices=Normalized.choices, db_index=True)
    member_ref = models.CharField(
        max_length=8, help_text="Id the vote file used: bioguide (House) or LIS (Senate)."
    )
    display_name = models.CharField(max_length=200, blank=True)
    party = models.CharField(max_length=4, blank=True)
    state = models.CharField(max_length=2, blank=True)

    class Meta:
        ordering = ["vote", "legislator"]
        constraints = [models.UniqueConstraint(fields=["vote", "legislator"], name="uniq_vote_position")]
        indexes = [models.Index(fields=["legislator", "vote"])]


class LegislatorSocial(CitedRecord):
    """A member's official social-media accounts (legislators-social-media.yaml): twitter, facebook, ..."""

    # CASCADE: the accounts describe this one member and mean nothing without them.
    legislator = models.OneToOneField(Legislator, on_delete=models.CASCADE, related_name="social")
    accounts = models.JSONField(
        default=dict, blank=True, help_text="{'twitter': 'SenSanders', 'facebook': ..., 'youtube_id': ...}"
    )

    def __str__(self):
        return f"social accounts of {self.legislator_id}"
