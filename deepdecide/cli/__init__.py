"""Command-line interface (no Qt imported unless the GUI is started)."""
