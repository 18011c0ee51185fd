"""The public id grammar: type-prefixed ids that round-trip through ``GET /v1/<resource>/{id}``.

Each record type registers an ``IdKind`` (prefix, resource, canonical pattern, alias normaliser).
``classify_id`` turns any accepted form into ``(kind, canonical id)`` so ``fetch(id)`` can dispatch
without guessing; an unknown shape raises ``UnrecognizedIdFormat`` listing the valid prefixes.

Bill ids live here because every source cites bills: ``hr:119:103`` is canonical; ``H.R. 103``,
``HR103``, ``hr103-119``, ``119-hr-103``, ``/us/bill/119/hr/103`` and ``BILLS-119hr103ih`` are aliases.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from apps.core.errors import InvalidParameter, UnrecognizedIdFormat


def congress_for_year(year: int) -> int:
    """The Congress in session during most of ``year`` (the 110th: 2007-2008)."""
    return (year - 1789) // 2 + 1


def congress_for_date(day: date | None) -> int | None:
    """The Congress sitting on ``day`` (None when the date is unknown). Each Congress starts on January 3 of
    an odd year (20th Amendment), so January 1-2 belong to the previous one."""
    if day is None:
        return None
    return congress_for_year(day.year if (day.month, day.day) >= (1, 3) else day.year - 1)


BILL_TYPES = ("hr", "s", "hjres", "sjres", "hconres", "sconres", "hres", "sres")
# How each type is written for people: "H.J.Res. 24".
BILL_LABELS = {
    "hr": "H.R.",
    "s": "S.",
    "hjres": "H.J.Res.",
    "sjres": "S.J.Res.",
    "hconres": "H.Con.Res.",
    "sconres": "S.Con.Res.",
    "hres": "H.Res.",
    "sres": "S.Res.",
}


def bill_label(bill_type: str, number: int | str) -> str:
    """'H.J.Res. 24'"""
    return f"{BILL_LABELS[bill_type]} {number}"


# Spellings seen in citations, after lowercasing and removing dots and spaces ("H.J.Res." -> "hjres").
_BILL_TYPE_ALIASES = {
    "hr": "hr",
    "h": "hr",
    "hrb": "hr",
    "s": "s",
    "sb": "s",
    "hjres": "hjres",
    "hjr": "hjres",
    "sjres": "sjres",
    "sjr": "sjres",
    "hconres": "hconres",
    "hcres": "hconres",
    "hcr": "hconres",
    "sconres": "sconres",
    "scres": "sconres",
    "scr": "sconres",
    "hres": "hres",
    "sres": "sres",
}
_TYPE_ALT = "|".join(sorted(_BILL_TYPE_ALIASES, key=len, reverse=True))

BILL_ID_RE = re.compile(rf"^({'|'.join(BILL_TYPES)}):(\d{{1,3}}):(\d{{1,5}})$")
_BILL_ALIAS_RES = (
    re.compile(rf"^(?P<type>{_TYPE_ALT})(?P<number>\d{{1,5}})(?:-(?P<congress>\d{{1,3}}))?$"),
    re.compile(rf"^(?P<congress>\d{{1,3}})-(?P<type>{_TYPE_ALT})-?(?P<number>\d{{1,5}})$"),
    re.compile(rf"^(?P<congress>\d{{1,3}})(?P<type>{_TYPE_ALT})(?P<number>\d{{1,5}})$"),
    re.compile(rf"^/?us/bill/(?P<congress>\d{{1,3}})/(?P<type>{_TYPE_ALT})/(?P<number>\d{{1,5}})"),
    re.compile(
        rf"^(?:bills|billstatus)-(?P<congress>\d{{1,3}})(?P<type>{_TYPE_ALT})(?P<number>\d{{1,5}})[a-z]*$"
    ),
)


@dataclass(frozen=True)
class BillRef:
    bill_type: str
    congress: int | None
    number: int

    @property
    def id(self) -> str:
        if self.congress is None:
            raise ValueError("bill reference has no congress")
        return f"{self.bill_type}:{self.congress}:{self.number}"

    def with_congress(self, congress: int) -> "BillRef":
        return BillRef(self.bill_type, congress, self.number)


def _squash(text: str) -> str:
    return re.sub(r"[\s.]+", "", text.strip().lower()).replace("_", "-")


def parse_bill_ref(text: str) -> BillRef | None:
    """Parse any accepted bill spelling; the congress is None when the text does not give one."""
    raw = text.strip().lower()
    if m := BILL_ID_RE.match(raw):
        return BillRef(m.group(1), int(m.group(2)), int(m.group(3)))
    squashed = _squash(raw)
    for pattern in _BILL_ALIAS_RES:
        if m := pattern.match(squashed):
            congress = m.group("congress")
            return BillRef(
                _BILL_TYPE_ALIASES[m.group("type")],
                int(congress) if congress else None,
                int(m.group("number")),
            )
    return None


def bill_id_param(raw: str, *, parameter: str = "bill_id", congress: int | None = None) -> str:
    """A bill filter in any accepted spelling -> its canonical id. The congress comes from the text, else from
    ``congress`` (the request's own congress filter); with neither, or not a bill at all, a 400 naming
    ``parameter``. Every bill filter (lists, search, dossiers) goes through here, so each answers alike."""
    ref = parse_bill_ref(raw or "")
    if ref is not None and ref.congress is None and congress is not None:
        ref = ref.with_congress(congress)
    if ref is None or ref.congress is None:
        raise InvalidParameter(
            parameter,
            f"{parameter}={raw!r} is not a bill id with a congress; use e.g. hr:119:103 (also H.R. 103-119).",
            example="hr:119:103",
        )
    return ref.id


# Mentions in running text: "H.R. 1234", "S. 373", "H.J.Res. 24", "S.Con.Res. 33", "H. Res. 5".
_MENTION_RE = re.compile(
    # The lookbehind keeps "U.S. 2024" (the country, then a year) from reading as the bill S. 2024.
    r"(?<![.\w])(H\.\s?R\.|H\.\s?J\.\s?Res\.|S\.\s?J\.\s?Res\.|H\.\s?Con\.\s?Res\.|S\.\s?Con\.\s?Res\.|"
    r"H\.\s?Res\.|S\.\s?Res\.|S\.)\s?(\d{1,5})\b"
)


def find_bill_mentions(text: str, *, congress: int | None) -> list[BillRef]:
    """Bill citations in prose, in order of first appearance, de-duplicated."""
    seen: dict[tuple[str, int], BillRef] = {}
    for m in _MENTION_RE.finditer(text):
        bill_type = _BILL_TYPE_ALIASES.get(_squash(m.group(1)))
        if bill_type:
            seen.setdefault((bill_type, int(m.group(2))), BillRef(bill_type, congress, int(m.group(2))))
    return list(seen.values())


@dataclass(frozen=True)
class IdKind:
    """One record type's id scheme."""

    name: str  # e.g. "bill"
    resource: str  # REST collection, e.g. "bills" -> /v1/bills/{id}
    prefixes: tuple[str, ...]  # canonical prefixes, e.g. ("hr", "s", ...) or ("crs",)
    example: str
    normalize: Callable[[str], str | None]  # any accepted spelling -> canonical id, or None


_KINDS: dict[str, IdKind] = {}


def register_id_kind(kind: IdKind) -> IdKind:
    _KINDS[kind.name] = kind
    _kinds_trying_first.cache_clear()
    return kind


@lru_cache(maxsize=256)
def _kinds_trying_first(prefix: str | None) -> tuple[IdKind, ...]:
    """Every kind, those that own ``prefix`` first (a page links hundreds of ids: sorted once per prefix)."""
    return tuple(sorted(_KINDS.values(), key=lambda k: prefix not in k.prefixes))


def id_kinds() -> list[IdKind]:
    return list(_KINDS.values())


def valid_prefixes() -> list[str]:
    return sorted({p for kind in _KINDS.values() for p in kind.prefixes})


def classify_id(raw: str) -> tuple[IdKind, str]:
    """Return the kind and canonical form of ``raw``; raise UnrecognizedIdFormat otherwise."""
    text = (raw or "").strip()
    if text:
        prefix = text.split(":", 1)[0].lower() if ":" in text else None
        for kind in _kinds_trying_first(prefix):
            if canonical := kind.normalize(text):
                return kind, canonical
    raise UnrecognizedIdFormat(
        f"'{raw}' is not a Josh id. Ids start with a type prefix, e.g. "
        + ", ".join(k.example for k in _KINDS.values())
        + ".",
        hint={"valid_prefixes": valid_prefixes(), "examples": {k.name: k.example for k in _KINDS.values()}},
    )


def normalize_for(kind_name: str, raw: str, *, parameter: str = "id") -> str:
    """Canonicalise ``raw`` as an id of ``kind_name`` or raise UnrecognizedIdFormat naming the kind."""
    kind = _KINDS[kind_name]
    canonical = kind.normalize((raw or "").strip())
    if canonical is None:
        raise UnrecognizedIdFormat(
            f"'{raw}' is not a valid {kind.name} id (parameter '{parameter}'); expected e.g. {kind.example}.",
            hint={"parameter": parameter, "expected": kind.example, "valid_prefixes": list(kind.prefixes)},
        )
    return canonical


def _normalize_bill(text: str) -> str | None:
    ref = parse_bill_ref(text)
    return ref.id if ref and ref.congress is not None else None


register_id_kind(IdKind("bill", "bills", BILL_TYPES, "hr:119:103", _normalize_bill))


# Which keys of a dumped record hold Josh ids that a page may link (the browsable API's ``_links``, the
# explorer's record pages): ``id``, ``<name>_id`` and ``<name>_ids``, and these id lists named otherwise.
ID_LIST_KEYS = frozenset({"laws", "bills", "crs_products_cited", "gao_products_cited"})
# ...but not these: the record's own upstream alias and publishers' numbers that are no Josh id.
NOT_ID_KEYS = frozenset(
    {"upstream_id", "granule_id", "package_id", "document_number", "product_number", "report_number"}
)
# Keys whose values are bare upstream ids of a known kind: the prefix that makes them Josh ids.
ID_PREFIX_HINTS = {"docket_ids": "docket:", "docket_id": "docket:"}


def is_id_key(key: str) -> bool:
    """Whether a record's ``key`` holds a Josh id (or a list of them) worth a link."""
    return key not in NOT_ID_KEYS and (key == "id" or key.endswith(("_id", "_ids")) or key in ID_LIST_KEYS)
