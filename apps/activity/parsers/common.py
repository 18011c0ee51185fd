"""Small validation helpers shared by the activity parsers."""

import json
from datetime import UTC, date, datetime, time
from decimal import Decimal, InvalidOperation
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Any

from apps.core.errors import SourceFormatError
from apps.core.inputs import as_input


class RecordError(ValueError):
    """A problem inside one record; the parser reports it naming file, record and (when known) field."""

    def __init__(self, message: str, *, field: str = ""):
        super().__init__(message)
        self.field = field


def read_json(path: Path) -> Any:
    try:
        return json.loads(as_input(path).read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        raise SourceFormatError(path, f"not UTF-8 text: {exc}") from exc
    except json.JSONDecodeError as exc:
        raise SourceFormatError(
            path, f"invalid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from exc


def obj(value: Any, where: str) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise RecordError(f"'{where}' must be an object, got {type(value).__name__}", field=where)
    return value


def items(value: Any, where: str) -> list:
    if value is None:
        return []
    if not isinstance(value, list):
        raise RecordError(f"'{where}' must be a list, got {type(value).__name__}", field=where)
    return value


def text(value: Any, where: str = "") -> str:
    """A string field: None -> '', numbers -> str, anything else is an error."""
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise RecordError(f"'{where}' must be text, got {type(value).__name__}", field=where)
    return str(value).strip()


def flag(value: Any, where: str) -> bool:
    if value is None:
        return False
    if not isinstance(value, bool):
        raise RecordError(f"'{where}' must be true or false, got {value!r}", field=where)
    return value


def iso_date(value: Any, where: str) -> date | None:
    """'2008-04-17T00:00:00', '2009-07-22T00:00:00Z' or '2014-05-19' -> date; '' / None -> None."""
    raw = text(value, where)
    if not raw:
        return None
    try:
        return date.fromisoformat(raw[:10])
    except ValueError:
        raise RecordError(f"'{where}' is not an ISO date: {raw!r}", field=where) from None


def iso_datetime(value: Any, where: str) -> datetime | None:
    """An ISO timestamp; naive ones are taken as UTC."""
    raw = text(value, where)
    if not raw:
        return None
    try:
        parsed = datetime.fromisoformat(raw.replace("Z", "+00:00"))
    except ValueError:
        raise RecordError(f"'{where}' is not an ISO timestamp: {raw!r}", field=where) from None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def http_datetime(value: Any, where: str) -> datetime:
    """An HTTP date ('Fri, 23 Oct 2020 20:29:49 GMT')."""
    raw = text(value, where)
    try:
        return parsedate_to_datetime(raw)
    except (TypeError, ValueError, IndexError):
        raise RecordError(f"'{where}' is not an HTTP date: {raw!r}", field=where) from None


def iso_time(value: Any, where: str) -> time | None:
    raw = text(value, where)
    if not raw:
        return None
    try:
        return time.fromisoformat(raw)
    except ValueError:
        raise RecordError(f"'{where}' is not a time: {raw!r}", field=where) from None


def money(value: Any, where: str) -> Decimal | None:
    """An amount (JSON number or numeric string) as a Decimal with cents; None stays None."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise RecordError(f"'{where}' must be an amount, got {value!r}", field=where)
    try:
        amount = Decimal(str(value).replace(",", "").replace("$", "").strip())
    except InvalidOperation:
        raise RecordError(f"'{where}' is not an amount: {value!r}", field=where) from None
    if not amount.is_finite() or amount < 0:
        raise RecordError(f"'{where}' is not a non-negative amount: {value!r}", field=where)
    return amount.quantize(Decimal("0.01"))
