"""Id kinds of the bill-side records: public laws (``pl:119:7``, ``pvtl:112:1``, compilations
``comps:339``), SAPs (``sap:2025-03-27_hjres24``) and topics (``topic:policy-area:energy``).

Bills themselves are registered by apps.core.ids (``hr:119:103`` and its aliases). Registered on import;
``apps/bills/plans/__init__.py`` imports this module.
"""

import re

from apps.core.ids import IdKind, register_id_kind

LAW_RE = re.compile(r"^(pl|pvtl):(\d{1,3}):(\d{1,4})$", re.IGNORECASE)
COMPS_RE = re.compile(r"^comps[:-](\d{1,6})$", re.IGNORECASE)
# "Public Law 119-7", "Pub. L. 119–7", "P.L. 119-7", "PL 119-7", "PLAW-119publ7"
LAW_ALIAS_RE = re.compile(
    r"^(?:public\s*law|pub\.?\s*l\.?|p\.?\s*l\.?)\s*(\d{1,3})\s*[-–—]\s*(\d{1,4})$", re.IGNORECASE
)
PLAW_RE = re.compile(r"^plaw-(\d{1,3})(publ|pvtl)(\d{1,4})$", re.IGNORECASE)
SAP_RE = re.compile(r"^sap:(\d{4}-\d{2}-\d{2})_([a-z0-9_,]+)$", re.IGNORECASE)
TOPIC_RE = re.compile(r"^topic:(policy-area|subject):([a-z0-9-]+)$", re.IGNORECASE)


def normalize_law(text: str) -> str | None:
    text = text.strip()
    if m := LAW_RE.match(text):
        return f"{m.group(1).lower()}:{int(m.group(2))}:{int(m.group(3))}"
    if m := COMPS_RE.match(text):
        return f"comps:{int(m.group(1))}"
    if m := LAW_ALIAS_RE.match(text):
        return f"pl:{int(m.group(1))}:{int(m.group(2))}"
    if m := PLAW_RE.match(text):
        return f"{'pvtl' if m.group(2).lower() == 'pvtl' else 'pl'}:{int(m.group(1))}:{int(m.group(3))}"
    return None


def normalize_sap(text: str) -> str | None:
    m = SAP_RE.match(text.strip())
    return f"sap:{m.group(1)}_{m.group(2).lower().replace(',', '_')}" if m else None


def normalize_topic(text: str) -> str | None:
    m = TOPIC_RE.match(text.strip())
    return f"topic:{m.group(1).lower()}:{m.group(2).lower()}" if m else None


def topic_slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def topic_id(kind: str, name: str) -> str:
    return f"topic:{kind}:{topic_slug(name)}"


register_id_kind(IdKind("public-law", "public-laws", ("pl", "pvtl", "comps"), "pl:119:7", normalize_law))
register_id_kind(IdKind("sap", "saps", ("sap",), "sap:2025-03-27_hjres24", normalize_sap))
register_id_kind(IdKind("topic", "topics", ("topic",), "topic:policy-area:energy", normalize_topic))
