"""Writes to the bill-side tables (called by the plans and the admin)."""
