"""Short names for sources, the one table of them: ``source=fr,bills`` means federal-register and bills on
every surface (REST ``/v1/search`` and ``/v1/sources/{slug}``, the MCP search tools, the explorer).

A short name is the prefix of the source's ids where it has one (``fr:2024-02930``, ``crs:R48914``) or the
name people use for the collection (``cr`` for the Congressional Record). A slug always names itself; an
alias never shadows a slug.
"""

ALIASES: dict[str, str] = {
    "fr": "federal-register",
    "crs": "crs-reports",
    "gao": "gao-reports",
    "usc": "us-code",
    "cfr": "ecfr-and-cfr",
    "ecfr": "ecfr-and-cfr",
    "cr": "congressional-record",
    "crec": "congressional-record",
    "pl": "public-laws",
    "laws": "public-laws",
    "sap": "statements-of-administration-policy",
    "saps": "statements-of-administration-policy",
    "chrg": "hearing-transcripts",
    "transcripts": "hearing-transcripts",
    "votes": "roll-call-votes",
    "eo": "executive-orders",
    "lda": "lda-filings",
    "dockets": "regulations-dot-gov-dockets",
    "topics": "topic-taxonomy",
    "cbo": "cbo-cost-estimates",
}


def canonical_source(name: str) -> str:
    """The slug ``name`` stands for (itself when it is no alias)."""
    name = name.strip().lower()
    return ALIASES.get(name, name)


def canonical_sources(raw: str | None) -> str | None:
    """A comma list of slugs or aliases as a comma list of slugs, in order, each once; None stays None."""
    if raw is None:
        return None
    slugs = [canonical_source(part) for part in raw.split(",") if part.strip()]
    return ",".join(dict.fromkeys(slugs)) if slugs else raw


def aliases_of(slug: str) -> list[str]:
    return sorted(alias for alias, target in ALIASES.items() if target == slug)
