"""The PDF decision record (reportlab; no Qt)."""
