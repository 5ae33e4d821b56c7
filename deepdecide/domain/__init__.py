"""Pure domain types and rules: no Qt, no YAML, no reportlab, no file IO."""
