"""Id kinds for activity records, and the natural-id aliases each endpoint also accepts.

* ``lda:ld2:0005b52d-cd4e-4e4a-984f-7ade8e95eaa8`` — form + SOPR document id (a UUID lowercased). Also accepted
  by ``/v1/lda-filings/{id}``: ``lda:<document id>`` and a bare document id / filing UUID (looked up).
* ``docket:EPA-HQ-OAR-2003-0129`` — also the bare docket id.
* ``regdoc:FAA-2018-1084-0418`` — a document or comment; also the bare id.
* ``hearing:102252`` — docs.house.gov EventID; also ``hearing:HMTG102252``, ``HMTG102252``, ``102252``.
* ``staff:house-s000033-jane-doe`` — chamber, office and name slug.

The kinds registered with apps.core.ids accept only prefixed ids, so ``classify_id`` never mistakes a
bare id of another kind for one of these.
"""

import re

from apps.core.ids import IdKind, normalize_for, register_id_kind

LDA_FORMS = {"ld1": "ld1", "ld-1": "ld1", "ld2": "ld2", "ld-2": "ld2"}
_LDA_RE = re.compile(r"^lda:(ld-?[12]):([A-Za-z0-9][A-Za-z0-9_.-]{0,99})$", re.IGNORECASE)
_LDA_LOOSE_RE = re.compile(r"^(?:lda:)?([A-Za-z0-9][A-Za-z0-9_.-]{0,99})$", re.IGNORECASE)
# regulations.gov ids: agency acronym then segments, e.g. EPA-HQ-OAR-2003-0129, HHS_FRDOC_0001.
_DOCKET = r"[A-Z][A-Z0-9]*(?:[-_][A-Z0-9]+)+"
DOCKET_RE = re.compile(rf"^(?:docket:)?({_DOCKET})$", re.IGNORECASE)
REGDOC_RE = re.compile(rf"^(?:regdoc:)?({_DOCKET}-\d+)$", re.IGNORECASE)
_HEARING_RE = re.compile(r"^(?:hearing:)?(?:[A-Z]{4})?(\d{1,9})$", re.IGNORECASE)
_STAFF_RE = re.compile(r"^staff:([a-z0-9]+(?:-[a-z0-9]+)*)$", re.IGNORECASE)


_UUID_RE = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", re.IGNORECASE)


def lda_public_id(form: str, document_id: str) -> str:
    """Form + document id; a UUID is lowercased, any other document id keeps its case (the sample has
    both ``date_m-d-Y`` and ``date_m-d-y``)."""
    doc = document_id.lower() if _UUID_RE.match(document_id) else document_id
    return f"lda:{LDA_FORMS[form.lower()]}:{doc}"


def docket_public_id(docket_number: str) -> str:
    return f"docket:{docket_number.upper()}"


def regdoc_public_id(document_number: str) -> str:
    return f"regdoc:{document_number.upper()}"


def hearing_public_id(event_id: int) -> str:
    return f"hearing:{event_id}"


def docket_of(document_number: str) -> str:
    """The docket of a document or comment id: drop the final sequence number (FAA-2018-1084-0418)."""
    return document_number.rsplit("-", 1)[0]


def slugify_part(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def staff_public_id(*, chamber: str, office: str, name: str) -> str:
    return "staff:" + "-".join(
        p for p in (slugify_part(chamber), slugify_part(office), slugify_part(name)) if p
    )


def _prefixed(prefix: str, pattern: re.Pattern, build):
    def normalize(text: str) -> str | None:
        if not text.lower().startswith(prefix + ":"):
            return None
        m = pattern.match(text)
        return build(m) if m else None

    return normalize


register_id_kind(
    IdKind(
        "lda_filing",
        "lda-filings",
        ("lda",),
        "lda:ld2:0005b52d-cd4e-4e4a-984f-7ade8e95eaa8",
        _prefixed("lda", _LDA_RE, lambda m: lda_public_id(m.group(1), m.group(2))),
    )
)
register_id_kind(
    IdKind(
        "docket",
        "dockets",
        ("docket",),
        "docket:EPA-HQ-OAR-2003-0129",
        _prefixed("docket", DOCKET_RE, lambda m: docket_public_id(m.group(1))),
    )
)
register_id_kind(
    IdKind(
        "regulatory_document",
        "regulatory-documents",
        ("regdoc",),
        "regdoc:FAA-2018-1084-0418",
        _prefixed("regdoc", REGDOC_RE, lambda m: regdoc_public_id(m.group(1))),
    )
)
register_id_kind(
    IdKind(
        "hearing",
        "hearings",
        ("hearing",),
        "hearing:102252",
        _prefixed("hearing", _HEARING_RE, lambda m: hearing_public_id(int(m.group(1)))),
    )
)
register_id_kind(
    IdKind(
        "staff",
        "staff",
        ("staff",),
        "staff:house-s000033-jane-doe",
        _prefixed("staff", _STAFF_RE, lambda m: "staff:" + m.group(1).lower()),
    )
)


def lda_lookup(raw: str) -> tuple[str, str | None]:
    """``("public_id", canonical)`` for a full id, or ``("document_id", doc)`` for a form-less alias."""
    text = (raw or "").strip()
    if m := _LDA_RE.match(text):
        return "public_id", lda_public_id(m.group(1), m.group(2))
    if m := _LDA_LOOSE_RE.match(text):
        return "document_id", m.group(1)
    return "public_id", normalize_for("lda_filing", raw)


def docket_canonical(raw: str) -> str:
    text = (raw or "").strip()
    if m := DOCKET_RE.match(text):
        return docket_public_id(m.group(1))
    return normalize_for("docket", raw)


def regdoc_canonical(raw: str) -> str:
    text = (raw or "").strip()
    if m := REGDOC_RE.match(text):
        return regdoc_public_id(m.group(1))
    return normalize_for("regulatory_document", raw)


def hearing_canonical(raw: str) -> str:
    text = (raw or "").strip()
    if m := _HEARING_RE.match(text):
        return hearing_public_id(int(m.group(1)))
    return normalize_for("hearing", raw)


def staff_canonical(raw: str) -> str:
    return normalize_for("staff", raw)
