"""Writes for the document sources (called by the plans' ``load``)."""
