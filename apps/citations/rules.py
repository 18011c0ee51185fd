"""What a complete citation is, per record type: the publisher's URL scheme and which date is the record's.

One rule per ``CitedRecord`` model (keyed by model label). ``manage.py audit_citations`` checks every row
against its rule and docs/CITATIONS.md prints the same table for people. ``undated`` names the publisher's
reason when it dates none of a record type's records; stubs (``in_corpus`` false) need a URL, never a date:
the record that names them carries the date.
"""

from dataclasses import dataclass

from apps.core.discovery import refuse_second

_CONGRESS = r"\d+(st|nd|rd|th)-congress"
_GITHUB = r"https://github\.com/unitedstates/congress-legislators/blob/main/"
_NO_DATES = "the @unitedstates congress-legislators files carry no date for"


@dataclass(frozen=True)
class CitationRule:
    url: str  # a regex the whole citation.url matches
    date: str  # which date citation.published_at is, in words
    undated: str = ""  # the publisher's reason when it dates none of these records


RULES: dict[str, CitationRule] = {
    "registry.Legislator": CitationRule(
        url=r"https://bioguide\.congress\.gov/search/bio/[A-Z]\d{6}"
        r"|https://www\.senate\.gov/legislative/LIS/roll_call_votes/vote\d+/vote_\d+_\d_\d{5}\.xml",
        date="start of the member's first term (the directory dates an entry by service)",
    ),
    "registry.Committee": CitationRule(
        url=rf"https?://([a-z0-9-]+\.)*(house|senate|csce|jct)\.gov(/\S*)?|{_GITHUB}committees-(current|historical)\.yaml",
        date="none",
        undated=f"{_NO_DATES} a committee; its own site (or the file) is the URL",
    ),
    "registry.CommitteeMembership": CitationRule(
        url=rf"{_GITHUB}committee-membership-current\.yaml",
        date="none",
        undated=f"{_NO_DATES} a committee roster",
    ),
    "registry.RollCallVote": CitationRule(
        url=r"https://clerk\.house\.gov/evs/\d{4}/roll\d{3}\.xml"
        r"|https://www\.senate\.gov/legislative/LIS/roll_call_votes/vote\d+/vote_\d+_\d_\d{5}\.xml",
        date="the day of the vote (legislative day, as the clerk records it)",
    ),
    "registry.LegislatorSocial": CitationRule(
        url=rf"{_GITHUB}legislators-social-media\.yaml",
        date="none",
        undated=f"{_NO_DATES} a member's social media accounts",
    ),
    "bills.Bill": CitationRule(
        url=rf"https://www\.congress\.gov/bill/{_CONGRESS}/[a-z-]+/\d+",
        date="introduction date (BILLSTATUS introducedDate); a bill known only from its text: the earliest "
        "text version's date",
    ),
    "bills.BillTextVersion": CitationRule(
        url=r"https://www\.govinfo\.gov/app/details/BILLS-\d+[a-z]+\d+[a-z]+",
        date="version date (BILLSTATUS textVersions, else the USLM preface's latest action date, else the "
        "action that marks the stage: Presented to President for enr, Passed House/Senate for eh/es, else "
        "GPO's processedDate of the file)",
    ),
    "bills.CboCostEstimate": CitationRule(
        url=r"https://www\.cbo\.gov/publication/\d+", date="CBO's publication date (BILLSTATUS pubDate)"
    ),
    "bills.CommitteeReport": CitationRule(
        url=rf"https://www\.congress\.gov/congressional-report/{_CONGRESS}/(house|senate|executive)-report/\d+/\d+",
        date="the day the report was filed: the bill's action naming it (H. Rept. 117-118; Part II for a "
        "later part)",
    ),
    "bills.PublicLaw": CitationRule(
        url=r"https://www\.govinfo\.gov/app/details/(PLAW-\d+(publ|pvtl)\d+|COMPS-\d+)",
        date="enactment date (the slip law's approval date, else the bill's Became Public Law action)",
    ),
    "bills.Sap": CitationRule(
        url=r"https://(www\.whitehouse\.gov|(trump|obama)whitehouse\.archives\.gov)/\S+",
        date="date the statement was issued",
    ),
    "bills.Topic": CitationRule(
        url=r"https://www\.congress\.gov/help/field-values/(policy-area|legislative-subject-terms)",
        date="none",
        undated="congress.gov publishes its policy areas and subject terms as an undated vocabulary",
    ),
    "documents.CfrSection": CitationRule(
        url=r"https://www\.ecfr\.gov/current/title-\d+/section-\S+",
        date="the eCFR version date of the section",
    ),
    "documents.CrecGranule": CitationRule(
        url=r"https://www\.govinfo\.gov/app/details/CREC-\d{4}-\d{2}-\d{2}/CREC-\S+",
        date="the day of the Congressional Record issue",
    ),
    "documents.FrDocument": CitationRule(
        url=r"https://www\.federalregister\.gov/d/[A-Z0-9-]+", date="Federal Register publication date"
    ),
    "documents.ExecutiveOrder": CitationRule(
        url=r"https://www\.federalregister\.gov/d/[A-Z0-9-]+", date="signing date"
    ),
    "documents.HearingTranscript": CitationRule(
        url=r"https://www\.govinfo\.gov/app/details/CHRG-\S+", date="the day the hearing was held"
    ),
    "documents.CrsReport": CitationRule(
        url=r"https://www\.congress\.gov/crs-product/[A-Z]*\d+(-\d+)?",
        date="date of the report's latest version",
    ),
    "documents.GaoReport": CitationRule(
        url=r"https://www\.gao\.gov/products/gao-\d+-\d+[a-z]*", date="GAO's publication date"
    ),
    "documents.UscSection": CitationRule(
        url=r"https://uscode\.house\.gov/view\.xhtml\?req=granuleid:USC-prelim-title\d+[a-z]?-section\S+",
        date="date of the release point the section was read from",
    ),
    "activity.Hearing": CitationRule(
        url=r"https://docs\.house\.gov/Committee/Calendar/ByEvent\.aspx\?EventID=\d+",
        date="the day of the meeting",
    ),
    "activity.LobbyingFiling": CitationRule(
        url=r"https://lda\.senate\.gov/(filings/public/filing/[0-9a-f-]{36}/print/|api/v1/filings/\?\S+)",
        date="the filing's signature date",
    ),
    "activity.Docket": CitationRule(
        url=r"https://www\.regulations\.gov/docket/[A-Za-z0-9_-]+",
        date="the docket's last change at regulations.gov (modifyDate; the API gives no other date)",
    ),
    "activity.RegulatoryDocument": CitationRule(
        url=r"https://www\.regulations\.gov/(document|comment)/[A-Za-z0-9_-]+",
        date="posted date, else (not yet posted) its last change (modifyDate)",
    ),
    "activity.StaffMember": CitationRule(
        url=r"https?://\S+", date="the directory's as-of date (the file's as_of column)"
    ),
}


def register_rule(label: str, rule: CitationRule) -> CitationRule:
    """Declare the rule of a record type beside its source (an app's plans module) instead of in the table
    above: an app that adds a cited record type names its rule where it names the rest of its source."""
    refuse_second(RULES, label, rule, "citation rule")
    RULES[label] = rule
    return rule


def rule_for(model) -> CitationRule | None:
    return RULES.get(model._meta.label)
