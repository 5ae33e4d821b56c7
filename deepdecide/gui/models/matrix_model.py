"""The support matrix as a table (runtimes x platforms) and a proxy that filters it."""

from __future__ import annotations

from typing import Any, cast

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from deepdecide.domain import formatting
from deepdecide.domain.i18n import _
from deepdecide.domain.matrix import SupportEntry, SupportMatrix, SupportStatus
from deepdecide.gui import labels
from deepdecide.gui.models.records import MeaningRole, SortRole
from deepdecide.gui.theme import status_color

_Index = QModelIndex | QPersistentModelIndex


def status_label(status: SupportStatus) -> str:
    return labels.support_status(status)


def status_short(status: SupportStatus) -> str:
    """A short label that fits a matrix cell (the legend and tooltips say it in full)."""
    return {
        SupportStatus.OFFICIAL: _("official"),
        SupportStatus.EXPERIMENTAL: _("exper."),
        SupportStatus.COMMUNITY: _("comm."),
        SupportStatus.UNSUPPORTED: _("unsupp."),
        SupportStatus.UNDOCUMENTED: _("undoc."),
    }[status]


def entry_tooltip(matrix: SupportMatrix, runtime_id: str, platform_id: str, entry: SupportEntry | None) -> str:
    """Status, required stack, sources with their as-of dates, and notes of one cell (rich text)."""
    rt = matrix.runtime(runtime_id)
    pf = matrix.platform(platform_id)
    head = f"<b>{rt.name if rt else runtime_id} × {pf.name if pf else platform_id}</b>"
    if entry is None:
        return head + "<br>" + _("Not in the matrix: nothing found either way. Plan as experimental.")
    status_word = _("Status")
    as_of = _("as of")
    lines = [head, f"{status_word}: <b>{status_label(entry.status)}</b>"]
    if entry.requirements:
        lines.append(_("Required stack:"))
        lines.extend(f"&nbsp;&nbsp;• {r.component.value} {r.spec}" + (f" — <i>{r.text}</i>" if r.text else "")
                     for r in entry.requirements)
    if entry.sources:
        lines.append(_("Sources:"))
        lines.extend(f"&nbsp;&nbsp;• {formatting.quoted(s.title)} — {formatting.quoted(s.url_or_path)} "
                     f"({as_of} {formatting.source_date(s.as_of)})" for s in entry.sources)
    if entry.notes:  # the matrix's own notes, quoted in their language
        lines.append(formatting.quoted(entry.notes))
    return "<br>".join(lines)


class MatrixModel(QAbstractTableModel):
    """Rows: platforms; columns: runtimes; each cell shows the support status, coloured."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._matrix = SupportMatrix()
        self._entries: dict[tuple[str, str], SupportEntry] = {}

    def matrix(self) -> SupportMatrix:
        return self._matrix

    def set_matrix(self, matrix: SupportMatrix) -> None:
        if matrix == self._matrix:
            return
        self.beginResetModel()
        self._matrix = matrix
        # each cell is asked for several roles as it is laid out and painted: the entries by cell, the
        # first of a cell as SupportMatrix.entry finds it (a scan of every entry per question)
        self._entries = {}
        for e in matrix.entries:
            self._entries.setdefault((e.runtime, e.platform), e)
        self.endResetModel()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._matrix.platforms)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._matrix.runtimes)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Vertical:
            if not 0 <= section < len(self._matrix.platforms):
                return None
            p = self._matrix.platforms[section]
            if role == Qt.ItemDataRole.DisplayRole:
                return f"{p.name} ({p.vendor})"
            if role == Qt.ItemDataRole.ToolTipRole:
                return f"{p.vendor} {p.name} ({p.architecture})" + (f"<br>{p.notes}" if p.notes else "")
        else:
            if not 0 <= section < len(self._matrix.runtimes):
                return None
            r = self._matrix.runtimes[section]
            if role == Qt.ItemDataRole.DisplayRole:
                return r.name
            if role == Qt.ItemDataRole.ToolTipRole:
                return f"{r.name} ({labels.runtime_kind(r.kind)})" + (f"<br>{r.notes}" if r.notes else "")
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren

    def cell(self, row: int, column: int) -> tuple[str, str, SupportStatus, SupportEntry | None]:
        pf = self._matrix.platforms[row].id
        rt = self._matrix.runtimes[column].id
        entry = self._entries.get((rt, pf))
        return rt, pf, (entry.status if entry else SupportStatus.UNDOCUMENTED), entry

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in _CELL_ROLES:  # a view asks for every role of every cell it lays out or paints
            return None
        if not index.isValid() or not (0 <= index.row() < len(self._matrix.platforms)) \
                or not (0 <= index.column() < len(self._matrix.runtimes)):
            return None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        rt, pf, status, entry = self.cell(index.row(), index.column())
        if role == Qt.ItemDataRole.DisplayRole:
            text = status_short(status)
            return text if entry else f"({text})"
        if role in (SortRole, MeaningRole):
            return status.value
        if role == Qt.ItemDataRole.BackgroundRole:
            return status_color(status.value)
        if role == Qt.ItemDataRole.ToolTipRole:
            return entry_tooltip(self._matrix, rt, pf, entry)
        return None


#: the roles a cell answers (any other is None)
_CELL_ROLES = frozenset(int(r) for r in (Qt.ItemDataRole.DisplayRole, SortRole, MeaningRole,
                                         Qt.ItemDataRole.BackgroundRole,
                                         Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.TextAlignmentRole))


class MatrixFilter(QSortFilterProxyModel):
    """Filter platform rows by name and vendor, runtime columns by kind; hide rows with no cell of a shown status."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.text = ""
        self.vendor = ""
        self.kind = ""
        self.statuses: set[str] = {s.value for s in SupportStatus}

    def set_filters(self, *, text: str | None = None, vendor: str | None = None, kind: str | None = None,
                    statuses: set[str] | None = None) -> None:
        if text is not None:
            self.text = text.strip().lower()
        if vendor is not None:
            self.vendor = vendor
        if kind is not None:
            self.kind = kind
        if statuses is not None:
            self.statuses = set(statuses)
        self.invalidate()

    def _source(self) -> MatrixModel:
        return cast(MatrixModel, self.sourceModel())

    def filterAcceptsRow(self, source_row: int, source_parent: _Index) -> bool:
        m = self._source().matrix()
        p = m.platforms[source_row]
        if self.text and not any(self.text in t.lower() for t in (p.name, p.id, p.vendor, p.architecture, p.family)):
            return False
        if self.vendor and p.vendor != self.vendor:
            return False
        cols = [c for c in range(len(m.runtimes)) if self.filterAcceptsColumn(c, source_parent)]
        return any(self._source().cell(source_row, c)[2].value in self.statuses for c in cols)

    def filterAcceptsColumn(self, source_column: int, source_parent: _Index) -> bool:
        m = self._source().matrix()
        return not self.kind or m.runtimes[source_column].kind.value == self.kind
