"""Workspace files: YAML read/write, schema, validation with located errors, atomic save, autosave
copies and the one cache of results kept between runs (``storage.cache``)."""
