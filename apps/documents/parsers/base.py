"""What every document parser shares: strict record models and errors that name file and record."""

from datetime import date, datetime
from pathlib import Path
from typing import TypeVar

from django.conf import settings
from pydantic import BaseModel, ConfigDict, ValidationError

from apps.core.errors import SourceFormatError

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
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'record'}: {e['msg']}" for e in exc.errors()[:5]
        )
        raise SourceFormatError(path, f"invalid record: {problems}", record=key) from None


def corpus_relative(path: Path) -> str:
    path = Path(path).resolve()
    try:
        return str(path.relative_to(Path(settings.CORPUS_DIR).resolve()))
    except ValueError:
        return path.name


def read_text(path: Path) -> str:
    """UTF-8 text (BOM dropped; cp1252 as the fallback GPO files sometimes need); NULs removed."""
    raw = Path(path).read_bytes()
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
    raise SourceFormatError(path, f"{field} {value!r} is not a date ({' or '.join(fmts)})", record=record)
