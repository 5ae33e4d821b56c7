"""PDF decision record: build (reportlab), embed the inputs, verify by rebuilding, sign (pyHanko PAdES).

No Qt here: the CLI and the GUI (in a background task) call the same functions.
"""

from deepdecide.report.build import SECTIONS, TITLES, Cancelled, ReportError, build
from deepdecide.report.writer import SignRequest, write_record

__all__ = ["SECTIONS", "TITLES", "Cancelled", "ReportError", "SignRequest", "build", "write_record"]
