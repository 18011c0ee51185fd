"""Pure parsers (no database): source files -> validated pydantic records."""
