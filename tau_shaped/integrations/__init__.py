"""Glue to other projects: tau-bench's own domains."""
