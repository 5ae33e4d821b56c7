"""Evidence files -> normalized records; one module per tool family; sniffing."""
