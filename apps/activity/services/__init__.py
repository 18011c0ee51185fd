"""Writes: one loader per source, each an idempotent upsert returning insert / update / noop."""
