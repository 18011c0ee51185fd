"""A test-only app (installed by josh/settings_test.py only) that adds one resource in one module,
``resources.py``: tests/core/test_resources.py shows it served on REST, browse, MCP and fetch."""
