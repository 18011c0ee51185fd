"""How Josh reads its configuration, the one way: ``josh/settings.py`` reads the environment through the
typed ``env_*`` helpers (bad values fail loudly at startup with ImproperlyConfigured, naming the variable),
and code reads an app knob through ``knob(name)`` at call time, never copied at import (tests override
``settings.JOSH``). Django's own settings (``settings.DATA_DIR``...) are read as attributes.
"""

import os
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str) -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean; use 1/0, true/false, yes/no or on/off")


def env_int(name: str, default: int, *, minimum: int | None = None) -> int:
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer") from None
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name}={value} must be >= {minimum}")
    return value


def env_choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    value = os.environ.get(name, default).strip().lower()
    if value not in choices:
        raise ImproperlyConfigured(f"{name}={value!r} must be one of {', '.join(choices)}")
    return value


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_path(name: str, default: Path) -> Path:
    raw = os.environ.get(name)
    return Path(raw).expanduser().resolve() if raw else default


_REQUIRED: Any = object()


def knob(name: str, default: Any = _REQUIRED) -> Any:
    """``settings.JOSH[name]`` as it is now; ``default`` for a knob a deployment may leave out (without one, a
    missing knob is a KeyError: a typo, not a silent default)."""
    if default is _REQUIRED:
        return settings.JOSH[name]
    return settings.JOSH.get(name, default)
