"""Name the field behind one record's load failure, so a quarantined record says what to fix."""

import re

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError
from pydantic import ValidationError as PydanticValidationError

from apps.core.errors import SourceFormatError

# SQLite names the column in a constraint failure: "NOT NULL constraint failed: app_model.column".
_CONSTRAINT_COLUMN = re.compile(r"constraint failed: \w+\.(\w+)")


def describe_failure(exc: Exception) -> tuple[str, str]:
    """``(field, message)`` for an exception raised while loading one record; field is "" when unknown."""
    if isinstance(exc, SourceFormatError):
        return exc.field, exc.message
    message = f"{type(exc).__name__}: {exc}"
    if isinstance(exc, PydanticValidationError) and exc.errors():
        return ".".join(map(str, exc.errors()[0]["loc"])), message
    if isinstance(exc, DjangoValidationError) and hasattr(exc, "error_dict"):
        return next(iter(exc.error_dict), ""), message
    if isinstance(exc, IntegrityError) and (m := _CONSTRAINT_COLUMN.search(str(exc))):
        return m.group(1), message
    return "", message
