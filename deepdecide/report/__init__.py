"""PDF decision record: build, embed, verify, sign (reportlab + pyHanko; no Qt)."""
