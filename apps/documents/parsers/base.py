"""What every document parser shares: strict record models and errors that name file and record."""

import codecs
from datetime import date, datetime
from pathlib import Path
from typing import TypeVar

from django.conf import settings
from pydantic import BaseModel, ConfigDict, ValidationError

from apps.core.errors import SourceFormatError
from apps.core.inputs import as_input

R = TypeVar("R", bound=BaseModel)


class Record(BaseModel):
    """A validated record; ``key`` names it in errors and duplicate checks."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    @property
    def key(self) -> str:  # pragma: no cover - every record overrides it
        raise NotImplementedError


def build(model: type[R], path: Path, key: str, **data) -> R:
    """``model(**data)`` or a SourceFormatError naming the file, the record and the bad fields."""
    try:
        return model(**data)
    except ValidationError as exc:
        errors = exc.errors()
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'record'}: {e['msg']}" for e in errors[:5])
        field = ".".join(map(str, errors[0]["loc"])) if errors else ""
        raise SourceFormatError(path, f"invalid record: {problems}", record=key, field=field) from None


def corpus_relative(path: Path) -> str:
    path = Path(str(path)).resolve()  # a zip member: archive.zip/member
    try:
        return str(path.relative_to(Path(settings.CORPUS_DIR).resolve()))
    except ValueError:
        return path.name


def read_text(path: Path) -> str:
    """UTF-8 text (BOM dropped; UTF-16 when its BOM says so, as spreadsheet exports are; cp1252 as the
    fallback GPO files sometimes need); NULs removed."""
    raw = as_input(path).read_bytes()
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return raw.decode("utf-16").replace("\x00", "")
        except UnicodeDecodeError:
            pass  # not UTF-16 after all: the fallbacks below
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="replace")
    return text.replace("\x00", "")


def parse_date(value: str, fmts: tuple[str, ...], *, path: Path, record: str, field: str) -> date:
    value = (value or "").strip()
    for fmt in fmts:
        try:
            return datetime.strptime(value, fmt).date()
        except ValueError:
            continue
    raise SourceFormatError(
        path, f"{field} {value!r} is not a date ({' or '.join(fmts)})", record=record, field=field
    )
