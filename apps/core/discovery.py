"""How Josh finds what an app registers: one optional module per app by name (``plans``, ``resources``,
``aggregates``, ``browse``, ``api``, ``urls``), the way Django finds ``admin.py``.

An app without the module is skipped; an error raised inside one that exists (an import it lacks) still
raises, so a broken module is never mistaken for an absent one.
"""

from importlib import import_module
from types import ModuleType
from typing import TypeVar

from django.apps import apps
from django.utils.module_loading import autodiscover_modules


def optional_module(dotted: str) -> ModuleType | None:
    """The module ``dotted``, or None when it does not exist (a missing import inside it still raises)."""
    try:
        return import_module(dotted)
    except ModuleNotFoundError as exc:
        if exc.name != dotted:
            raise
        return None


def app_modules(name: str) -> list[tuple[str, ModuleType]]:
    """(app, module) for every Josh app (``apps.*``) that has a module ``name``, in INSTALLED_APPS order."""
    found = []
    for config in apps.get_app_configs():
        if config.name.startswith("apps.") and (module := optional_module(f"{config.name}.{name}")):
            found.append((config.name, module))
    return found


_DISCOVERED: set[str] = set()


def discover(name: str) -> None:
    """Import every installed app's module ``name`` so its registrations run. Once per name: a request path
    may ask each time, and the apps that lack the module would raise and catch an ImportError per call."""
    if name not in _DISCOVERED:
        autodiscover_modules(name)
        _DISCOVERED.add(name)  # only after success: a module that failed to import raises again next time


T = TypeVar("T")


def refuse_second(registry: dict[str, T], key: str, entry: T, what: str) -> None:
    """Raise when ``key`` is already registered to another entry: two modules declaring the same source,
    resource or aggregate would otherwise shadow each other depending on import order. Registering the same
    object again (a module imported twice) is fine."""
    existing = registry.get(key)
    if existing is not None and existing is not entry:
        raise RuntimeError(f"{what} '{key}' registered twice")
