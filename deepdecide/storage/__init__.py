"""Workspace files: YAML read/write, schema, validation with located errors, atomic save."""
