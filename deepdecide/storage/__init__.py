"""Workspace files: YAML read/write, schema, validation with located errors, atomic save, autosave
copies and the start-up cache of parsed workspaces."""
