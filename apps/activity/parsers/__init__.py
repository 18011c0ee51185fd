"""Source file parsers: each turns one file into validated pydantic records (no database access)."""
