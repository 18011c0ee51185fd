"""Tool adapters, one module per class. Each ``install(server)`` registers the tools whose backing
services exist and returns their names; a tool whose service has not landed yet is simply absent."""

from apps.core.discovery import optional_module

MODULES = ("operations", "lookups", "fetch", "resolve", "aggregates")


def install_all(server) -> list[str]:
    names: list[str] = []
    for module_name in MODULES:
        if module := optional_module(f"apps.mcp_bridge.tools.{module_name}"):
            names += module.install(server)
    return names
