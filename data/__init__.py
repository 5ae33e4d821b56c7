"""Built-in data: support matrix, service checklist, criteria, samples, schema."""
