"""Tool adapters, one module per class. Each ``install(server)`` registers the tools whose backing
services exist and returns their names; a tool whose service has not landed yet is simply absent."""

from importlib import import_module

MODULES = ("operations", "lookups", "fetch", "resolve", "aggregates")


def install_all(server) -> list[str]:
    names: list[str] = []
    for module_name in MODULES:
        try:
            module = import_module(f"apps.mcp_bridge.tools.{module_name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"apps.mcp_bridge.tools.{module_name}":
                raise
            continue
        names += module.install(server)
    return names
