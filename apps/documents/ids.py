"""Id kinds of the document sources; registered when the app is ready (apps.py)."""

import re

from apps.core.ids import IdKind, register_id_kind

_CRS_RE = re.compile(
    r"^(?:crs:|crs\s+(?:report|in\s+focus|insight|legal\s+sidebar)\s+)?([A-Z]{1,3}\d{4,5})$", re.I
)
_CRS_OLD_RE = re.compile(r"^crs:(\d{2}-\d{1,4}[A-Z]?)$", re.I)
_GAO_RE = re.compile(r"^(?:gao:)?(GAO-\d{2}-\d{1,6}[A-Z]{0,3})$", re.I)
_FR_RE = re.compile(r"^(?:fr:|fr\s*doc\.?\s*)?((?:19|20)\d{2}-\d{3,6})$", re.I)
_FR_OLD_RE = re.compile(r"^fr:((?:[A-Z]\d-)?\d{2,4}-\d{1,6})$", re.I)
_EO_RE = re.compile(r"^(?:eo:|e\.?\s*o\.?\s*|executive\s+order\s+(?:no\.\s*)?)(\d{3,6})$", re.I)
_CFR_RE = re.compile(r"^cfr:(\d{1,2}):(\d+[A-Za-z]?(?:\.[\w.-]+)?)$", re.I)
_CFR_ALIAS_RE = re.compile(r"^(\d{1,2})\s*C\.?\s*F\.?\s*R\.?\s*(?:§+\s*)?(\d+[A-Za-z]?\.[\w.-]+)$", re.I)
_USC_RE = re.compile(r"^usc:(\d{1,2}[A-Za-z]?):(\d+[A-Za-z0-9-]*)$", re.I)
_USC_ALIAS_RES = (
    re.compile(r"^(\d{1,2}[A-Za-z]?)\s*U\.?\s*S\.?\s*C\.?(?:\s*A\.?)?\s*(?:§+\s*)?(\d+[A-Za-z0-9-]*)$", re.I),
    re.compile(r"^/?us/usc/t(\d{1,2}[A-Za-z]?)/s(\d+[A-Za-z0-9-]*)$", re.I),
)
_CREC_RE = re.compile(r"^(?:crec:)?CREC-(\d{4}-\d{2}-\d{2})-pt(\d+)-Pg([HSED])(\d*)(-\d+|-[A-Za-z]+)?$", re.I)
_CHRG_RE = re.compile(r"^(?:chrg:)?CHRG-(\d{2,3})([a-z]+)(\d+)$", re.I)

CRS_TYPE_PREFIXES = ("R", "RL", "RS", "IF", "IN", "LSB")

# The Code prints section numbers with an en dash ("16 U.S.C. 1a–1") where USLM identifiers mostly write an
# ASCII hyphen ("/us/usc/t16/s1a-1"), and titles carry both: they name one section, so the id uses the
# hyphen and every dash-like character is read as one (hyphen, non-breaking hyphen, figure dash, en dash,
# em dash, minus sign).
_DASHES = str.maketrans(dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2212", "-"))


def fold_dashes(text: str) -> str:
    return text.translate(_DASHES)


def normalize_crs(text: str) -> str | None:
    if m := _CRS_RE.match(text):
        return f"crs:{m.group(1).upper()}"
    if m := _CRS_OLD_RE.match(text):
        return f"crs:{m.group(1).upper()}"
    return None


def normalize_gao(text: str) -> str | None:
    m = _GAO_RE.match(text)
    return f"gao:{m.group(1).upper()}" if m else None


def normalize_fr(text: str) -> str | None:
    m = _FR_RE.match(text) or _FR_OLD_RE.match(text)
    return f"fr:{m.group(1).upper()}" if m else None


def normalize_eo(text: str) -> str | None:
    m = _EO_RE.match(text)
    return f"eo:{int(m.group(1))}" if m else None


def normalize_cfr(text: str) -> str | None:
    m = _CFR_RE.match(text) or _CFR_ALIAS_RE.match(text)
    return f"cfr:{int(m.group(1))}:{m.group(2)}" if m else None


def normalize_usc(text: str) -> str | None:
    text = fold_dashes(text)
    for pattern in (_USC_RE, *_USC_ALIAS_RES):
        if m := pattern.match(text):
            return f"usc:{m.group(1).lower().lstrip('0')}:{m.group(2)}"
    return None


def crec_granule_id(date: str, part: str, prefix: str, page: str, suffix: str | None) -> str:
    if suffix and not suffix[1:].isdigit():
        suffix = "-" + suffix[1:].lower().replace("frontmatter", "FrontMatter")
    return f"CREC-{date}-pt{int(part)}-Pg{prefix.upper()}{int(page) if page else ''}{suffix or ''}"


def normalize_crec(text: str) -> str | None:
    m = _CREC_RE.match(text)
    return f"crec:{crec_granule_id(*m.groups())}" if m else None


def normalize_chrg(text: str) -> str | None:
    m = _CHRG_RE.match(text)
    return f"chrg:CHRG-{int(m.group(1))}{m.group(2).lower()}{int(m.group(3))}" if m else None


KINDS = (
    IdKind("crs_report", "crs-reports", ("crs",), "crs:R48914", normalize_crs),
    IdKind("gao_report", "gao-reports", ("gao",), "gao:GAO-26-108653", normalize_gao),
    IdKind("fr_document", "federal-register", ("fr",), "fr:2024-02930", normalize_fr),
    IdKind("executive_order", "executive-orders", ("eo",), "eo:14117", normalize_eo),
    IdKind("cfr_section", "cfr", ("cfr",), "cfr:1:1.1", normalize_cfr),
    IdKind("usc_section", "us-code", ("usc",), "usc:1:112a", normalize_usc),
    IdKind(
        "crec_granule",
        "congressional-record",
        ("crec",),
        "crec:CREC-2005-07-20-pt1-PgS8587-2",
        normalize_crec,
    ),
    IdKind("hearing_transcript", "hearing-transcripts", ("chrg",), "chrg:CHRG-118hhrg12345", normalize_chrg),
)


def register_kinds() -> None:
    for kind in KINDS:
        register_id_kind(kind)
