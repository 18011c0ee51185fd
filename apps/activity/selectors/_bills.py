from apps.core.errors import InvalidParameter
from apps.core.ids import parse_bill_ref


def bill_filter(raw: str) -> str:
    """A bill id filter in any spelling that names its congress -> canonical id."""
    ref = parse_bill_ref(raw)
    if ref is None or ref.congress is None:
        raise InvalidParameter(
            "bill_id", f"bill_id={raw!r} is not a bill id with a congress; use e.g. s:110:373 or hr845-113."
        )
    return ref.id
