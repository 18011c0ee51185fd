"""The records the explorer has pages for, and how an id (or a search box's text) becomes a page URL.

Each declared resource maps to the selector behind ``GET /v1/<resource>/{id}``: the pages show what the API
returns.
"""

from urllib.parse import quote

from apps.core.errors import JoshError
from apps.core.ids import classify_id, parse_bill_ref
from apps.core.resources import all_resources

# The selector behind GET /v1/<resource>/{id}, for every declared resource (apps.core.resources).
GETTERS = {resource.name: resource.get for resource in all_resources() if resource.get is not None}
MAX_ID_CHARS = 120


def record_path(resource: str, record_id: str) -> str:
    return f"/{resource}/{quote(record_id, safe=':')}"


def url_for_id(value: str) -> str | None:
    """The explorer page of a Josh id in any accepted spelling; None when ``value`` is not one."""
    try:
        kind, canonical = classify_id(value)
    except JoshError:
        return None
    return record_path(kind.resource, canonical) if kind.resource in GETTERS else None


def lookup(text: str) -> str | None:
    """The page of the record that ``text`` names when it is an id of a record Josh holds (``HSWM``,
    ``fr:2024-02930``; ``H.J.Res. 24`` means the latest Congress with that bill); None means: search it.

    A word can look like an id (``snap`` is a well-formed committee code), so an id is only taken as one
    when the record exists."""
    text = (text or "").strip()
    if not text or len(text) > MAX_ID_CHARS:
        return None
    try:
        kind, canonical = classify_id(text)
        resource = kind.resource
    except JoshError:
        if parse_bill_ref(text) is None:
            return None
        resource, canonical = "bills", text  # bill_get picks the latest Congress holding it
    getter = GETTERS.get(resource)
    if getter is None:
        return None
    try:
        record = getter(id=canonical)
    except JoshError:
        return None
    return record_path(resource, record.id)
