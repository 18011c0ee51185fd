"""How bills, laws and reports are written for people (citations) and where they live upstream."""

from apps.core.ids import bill_label

BILL_SLUG = {
    "hr": "house-bill",
    "s": "senate-bill",
    "hjres": "house-joint-resolution",
    "sjres": "senate-joint-resolution",
    "hconres": "house-concurrent-resolution",
    "sconres": "senate-concurrent-resolution",
    "hres": "house-resolution",
    "sres": "senate-resolution",
}


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def bill_citation(bill_type: str, congress: int, number: int) -> str:
    """'H.J.Res. 24, 119th Congress'"""
    return f"{bill_label(bill_type, number)}, {ordinal(congress)} Congress"


def bill_url(bill_type: str, congress: int, number: int) -> str:
    return f"https://www.congress.gov/bill/{ordinal(congress)}-congress/{BILL_SLUG[bill_type]}/{number}"


def bill_text_url(package_id: str) -> str:
    return f"https://www.govinfo.gov/app/details/{package_id}"


def law_citation(law_id: str, statutes: str = "", year: int | None = None) -> str:
    """'Pub. L. 113-44, 127 Stat. 555 (2013)'"""
    prefix, congress, number = law_id.split(":")
    label = f"{'Priv. L.' if prefix == 'pvtl' else 'Pub. L.'} {congress}-{number}"
    tail = f", {statutes}" if statutes else ""
    return f"{label}{tail}" + (f" ({year})" if year else "")


def law_url(law_id: str) -> str:
    if law_id.startswith("comps:"):
        return f"https://www.govinfo.gov/app/details/COMPS-{law_id.split(':')[1]}"
    prefix, congress, number = law_id.split(":")
    return (
        f"https://www.govinfo.gov/app/details/PLAW-{congress}{'pvtl' if prefix == 'pvtl' else 'publ'}{number}"
    )


def report_url(report_type: str, congress: int | None, number: int | None, part: int | None) -> str:
    kind = {"hrpt": "house-report", "srpt": "senate-report", "erpt": "executive-report"}.get(report_type)
    if not (kind and congress and number):
        return ""
    return f"https://www.congress.gov/congressional-report/{ordinal(congress)}-congress/{kind}/{number}/{part or 1}"


def text_version_citation(bill_type: str, congress: int, number: int, version_name: str) -> str:
    """'H.R. 1000 (Introduced in House), 116th Congress'"""
    return f"{bill_label(bill_type, number)} ({version_name}), {ordinal(congress)} Congress"
