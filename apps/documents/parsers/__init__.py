"""Pure parsers: a source file in, validated pydantic records out. No database access."""
