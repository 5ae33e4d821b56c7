"""PDF decision record: build (reportlab), embed the inputs, verify by rebuilding, sign (pyHanko PAdES).

No Qt here: the CLI and the GUI (in a background task) call the same functions. A cancelled build
raises ``deepdecide.domain.progress.Cancelled``.
"""

from deepdecide.report.build import SECTIONS, TITLES, ReportError, build
from deepdecide.report.writer import SignRequest, write_record

__all__ = ["SECTIONS", "TITLES", "ReportError", "SignRequest", "build", "write_record"]
