"""Evidence: imported files with provenance, the normalized table, throughput and latency charts."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

import pandas as pd
from PySide6.QtCore import QSortFilterProxyModel, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from deepdecide.domain import formatting
from deepdecide.domain import presentation as look
from deepdecide.domain.edits import RemoveEvidenceFile
from deepdecide.domain.evidence import BENCHMARK_FIELDS, EvidenceFile
from deepdecide.domain.workspace import Workspace
from deepdecide.gui.document import WorkspaceDocument
from deepdecide.gui.i18n import fmt
from deepdecide.gui.models.dataframe_model import DataFrameModel
from deepdecide.gui.models.records import Column, RecordTableModel, SortRole
from deepdecide.gui.views.page import Page, make_table
from deepdecide.gui.widgets.charts import LatencyChart, SeriesLook, ThroughputChart

#: columns shown first in the normalized table (then every other non-empty field)
FIRST_COLUMNS = ("file", "tool", "runtime", "platform", "gpu_count", "concurrency", "request_rate",
                 "output_tps_per_gpu", "interactivity_tps_per_user", "output_throughput_tps",
                 "ttft_ms_p50", "ttft_ms_p99", "tpot_ms_p50", "tpot_ms_p99", "itl_ms_p50", "itl_ms_p99",
                 "e2e_ms_p50", "e2e_ms_p99", "completed", "failed")


def runs_frame(ws: Workspace) -> pd.DataFrame:
    """One row per benchmark run, with its file name; empty columns dropped."""
    rows = []
    for f in ws.evidence.files:
        for r in f.runs:
            d = asdict(r)
            d["file"] = f.provenance.file_name
            rows.append(d)
    if not rows:
        return pd.DataFrame(columns=list(FIRST_COLUMNS))
    df = pd.DataFrame(rows)
    for col in ("quality_flags", "missing_context"):
        df[col] = df[col].map(lambda t: "; ".join(t) if t else None)
    order = [c for c in FIRST_COLUMNS if c in df.columns] + [c for c in ("file", *BENCHMARK_FIELDS)
                                                              if c in df.columns and c not in FIRST_COLUMNS]
    df = df[order]
    keep = [c for c in df.columns if c in FIRST_COLUMNS[:4] or df[c].notna().any()]
    return df[keep]


def resolve_platform(matrix: Any, name: str) -> Any:
    """The matrix platform a run names: its id, or else the GPU name the file reported (as the analysis does)."""
    return matrix.resolve_platform(name)


def group_name(ws: Workspace, runtime: str, platform: str) -> str:
    rt = ws.matrix.runtime(runtime)
    pf = resolve_platform(ws.matrix, platform)
    return f"{rt.name if rt else runtime or '?'} × {pf.name if pf else platform or '?'}"


class EvidencePage(Page):
    """Provenance, the normalized runs (sortable, filterable) and the charts."""

    #: the user asked to import files (payload: None -> ask for paths)
    import_requested = Signal()

    def __init__(self, document: WorkspaceDocument, parent: QWidget | None = None):
        super().__init__(document, parent)
        files_panel = self._build_files_panel()
        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_charts_tab(), self.tr("Charts"))
        self.tabs.addTab(self._build_table_tab(), self.tr("Normalized table"))
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(files_panel)
        split.addWidget(self.tabs)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 4)
        layout = QVBoxLayout(self)
        layout.addWidget(split)
        self._frame = pd.DataFrame()

    # construction --------------------------------------------------------------------------
    def _build_files_panel(self) -> QWidget:
        """The page title, the import/remove buttons and the table of imported files."""
        self.files = RecordTableModel([
            Column(self.tr("File"), lambda f: f.provenance.file_name,
                   tooltip=lambda f: self._provenance_tip(f)),
            Column(self.tr("Tool"), lambda f: f.provenance.tool),
            Column(self.tr("Version"), lambda f: f.provenance.tool_version),
            Column(self.tr("Runs"), lambda f: len(f.runs), numeric=True),
            Column(self.tr("Checks"), lambda f: len(f.parity), numeric=True),
            Column(self.tr("Size (bytes)"), lambda f: f.provenance.size_bytes, numeric=True),
            Column(self.tr("SHA-256"), lambda f: f.provenance.sha256[:12] + "…",
                   tooltip=lambda f: f.provenance.sha256),
            Column(self.tr("Imported"), lambda f: f.provenance.imported_at),
            Column(self.tr("Label"), lambda f: f.provenance.kind.text + (f": {f.provenance.label}" if f.provenance.label else ""),
                   tooltip=lambda f: f.provenance.label),
        ], None, self)
        self.files_view = make_table(self.files)
        import_button = QPushButton(self.tr("Import files…"))
        import_button.clicked.connect(lambda: self.import_requested.emit())
        self.remove_button = QPushButton(self.tr("Remove selected file"))
        self.remove_button.clicked.connect(self.remove_selected)
        hint = QLabel(self.tr("or drop result files anywhere on the window"))
        hint.setEnabled(False)
        file_buttons = QHBoxLayout()
        file_buttons.addWidget(import_button)
        file_buttons.addWidget(hint)
        file_buttons.addStretch(1)
        file_buttons.addWidget(self.remove_button)
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(QLabel(self.tr("<h2>Evidence</h2>")))
        top_layout.addLayout(file_buttons)
        top_layout.addWidget(self.files_view)
        return top

    def _build_table_tab(self) -> QWidget:
        """The normalized runs, sortable, with a text filter and a runtime × platform filter."""
        self.table = DataFrameModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.table)
        self.proxy.setSortRole(SortRole)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.table_view = make_table(self.proxy, sortable=True, stretch_last=False)
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(self.tr("Filter rows (any column)…"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self.proxy.setFilterFixedString)
        self.group_filter = QComboBox()
        self.group_filter.currentIndexChanged.connect(lambda _i: self._update_views())
        filters = QHBoxLayout()
        filters.addWidget(self.filter_edit, 2)
        filters.addWidget(QLabel(self.tr("Runtime × platform:")))
        filters.addWidget(self.group_filter, 1)
        self.count_label = QLabel()
        table_tab = QWidget()
        tl = QVBoxLayout(table_tab)
        tl.addLayout(filters)
        tl.addWidget(self.table_view, 1)
        tl.addWidget(self.count_label)
        return table_tab

    def _build_charts_tab(self) -> QWidget:
        """Throughput against interactivity above, TTFT and TPOT against concurrency below, and a note."""
        self.throughput = ThroughputChart(title=self.tr("Throughput per GPU against interactivity"))
        self.throughput.set_axis_labels(self.tr("output tokens/s per GPU"), self.tr("tokens/s per user (1000 / TPOT p50)"))
        # every run with a concurrency stays visible here, whether or not its file publishes latency
        self.sweep_chart = ThroughputChart(title=self.tr("Throughput per GPU against concurrency"))
        self.sweep_chart.set_axis_labels(self.tr("output tokens/s per GPU"), self.tr("concurrency (log scale)"))
        self.ttft = LatencyChart(title=self.tr("TTFT against concurrency"))
        self.ttft.set_axis_labels(self.tr("TTFT (ms)"), self.tr("concurrency (log scale)"))
        self.tpot = LatencyChart(title=self.tr("TPOT against concurrency"))
        self.tpot.set_axis_labels(self.tr("TPOT (ms)"), self.tr("concurrency (log scale)"))
        charts = QWidget()
        grid = QGridLayout(charts)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(self.throughput, 0, 0)
        grid.addWidget(self.sweep_chart, 0, 1)
        grid.addWidget(self.ttft, 1, 0)
        grid.addWidget(self.tpot, 1, 1)
        grid.setRowStretch(0, 3)
        grid.setRowStretch(1, 2)
        self.chart_note = QLabel()
        self.chart_note.setWordWrap(True)
        charts_tab = QWidget()
        cl = QVBoxLayout(charts_tab)
        cl.addWidget(charts, 1)
        cl.addWidget(self.chart_note)
        return charts_tab

    def title(self) -> str:
        return self.tr("Evidence")

    def _provenance_tip(self, f: EvidenceFile) -> str:
        p = f.provenance
        lines = [f"<b>{p.file_name}</b>", fmt(self.tr("tool: %1 %2"), p.tool, p.tool_version),
                 fmt(self.tr("%1 bytes, SHA-256 %2"), p.size_bytes, p.sha256),
                 fmt(self.tr("imported %1"), p.imported_at or self.tr("(unknown)"))]
        if p.label:
            lines.append(f"<i>{p.label}</i>")
        return "<br>".join(lines)

    def remove_selected(self) -> None:
        rows = sorted({i.row() for i in self.files_view.selectionModel().selectedRows()})
        if rows:
            name = self.files.row_record(rows[0]).provenance.file_name
            self.document.edit(RemoveEvidenceFile(rows[0]), fmt(self.tr("Remove %1"), name))

    def refresh(self) -> None:
        ws = self.document.workspace
        self.files.set_rows(list(ws.evidence.files))
        self.files_view.resizeColumnsToContents()
        rows = max(2, min(len(ws.evidence.files), 5))
        self.files_view.setFixedHeight(self.files_view.horizontalHeader().sizeHint().height()
                                       + rows * self.files_view.verticalHeader().defaultSectionSize()
                                       + 2 * self.files_view.frameWidth()
                                       + self.files_view.horizontalScrollBar().sizeHint().height())
        self._frame = runs_frame(ws)
        groups = sorted({group_name(ws, r, p) for r, p in zip(self._frame.get("runtime", []),
                                                              self._frame.get("platform", []), strict=True)})
        current = self.group_filter.currentData()
        self.group_filter.blockSignals(True)
        self.group_filter.clear()
        self.group_filter.addItem(self.tr("all"), "")
        for g in groups:
            self.group_filter.addItem(g, g)
        self.group_filter.setCurrentIndex(max(self.group_filter.findData(current), 0))
        self.group_filter.blockSignals(False)
        self._update_views()

    def _update_views(self) -> None:
        ws = self.document.workspace
        df = self._frame
        if len(df):
            df = df.assign(group_=[group_name(ws, r, p) for r, p in zip(df["runtime"], df["platform"], strict=True)])
            chosen = self.group_filter.currentData()
            if chosen:
                df = df[df["group_"] == chosen]
        shown = df.drop(columns=["group_"]) if "group_" in df.columns else df
        self.table.headers = {c: c for c in shown.columns}
        self.table.set_frame(shown)
        self.table_view.resizeColumnsToContents()
        self.count_label.setText(fmt(self.tr("%1 runs from %2 files. Times in ms, throughputs in tokens/s; "
                                             "TPOT, ITL and e2e per token are different metrics and stay apart."),
                                     len(shown), len(ws.evidence.files)))
        self._draw_charts(df)

    def _draw_charts(self, df: Any) -> None:
        ws = self.document.workspace
        slo = ws.slo
        tput: dict[str, list[tuple[float, float]]] = {}
        sweep: dict[str, list[tuple[float, float]]] = {}
        ttft: dict[str, list[Any]] = {}
        tpot: dict[str, list[Any]] = {}
        if len(df):
            for row in df.itertuples(index=False):
                g = row.group_
                x, y = getattr(row, "interactivity_tps_per_user", None), getattr(row, "output_tps_per_gpu", None)
                if _num(x) and _num(y):
                    tput.setdefault(g, []).append((float(x), float(y)))
                c = getattr(row, "concurrency", None)
                if _num(c) and _num(y):
                    sweep.setdefault(g, []).append((float(c), float(y)))
                if _num(c):
                    for target, metric in ((ttft, "ttft_ms"), (tpot, "tpot_ms")):
                        p50, p99 = getattr(row, f"{metric}_p50", None), getattr(row, f"{metric}_p99", None)
                        if _num(p50) or _num(p99):
                            target.setdefault(g, []).append((float(c), _f(p50), _f(p99)))
        slo_x, slo_label = None, ""
        if slo.min_interactivity_tps_per_user:
            slo_x = slo.min_interactivity_tps_per_user
            slo_label = fmt(self.tr("SLO ≥ %1 tok/s/user"), formatting.number(slo_x))
        elif slo.tpot_p99_ms:
            slo_x = 1000.0 / slo.tpot_p99_ms
            slo_label = fmt(self.tr("SLO bound 1000 / TPOT p99 %1 ms"), formatting.number(slo.tpot_p99_ms))
        self.without_concurrency = int(sum(1 for row in df.itertuples(index=False)
                                           if not _num(getattr(row, "concurrency", None)))) if len(df) else 0
        looks = series_looks(ws, df)
        n = self.throughput.set_groups(tput, slo_x, slo_label, self.tr("Pareto front"), looks)
        self.sweep_points = self.sweep_chart.set_sweep(sweep, looks)
        # both throughput views side by side; without any TPOT the sweep takes the whole row
        self.throughput.setVisible(n > 0 or not self.sweep_points)
        self.sweep_chart.setVisible(self.sweep_points > 0)
        self.ttft.set_groups(ttft, slo.ttft_p99_ms, fmt(self.tr("SLO p99 ≤ %1 ms"), formatting.number(slo.ttft_p99_ms)),
                             looks)
        self.tpot.set_groups(tpot, slo.tpot_p99_ms, fmt(self.tr("SLO p99 ≤ %1 ms"), formatting.number(slo.tpot_p99_ms)),
                             looks)
        self.plotted_points = n
        if n == 0 and self.sweep_points:
            self.chart_note.setText(fmt(self.tr("%1 runs, none with TPOT p50 (interactivity is 1000 / TPOT p50, and "
                                                "these files publish no latency): the chart shows throughput "
                                                "per GPU along each concurrency sweep instead. Throughput alone "
                                                "says nothing about the SLO."), len(df)))
        elif n == 0 and len(df):
            self.chart_note.setText(fmt(self.tr("%1 runs, none with both output throughput per GPU and TPOT p50 "
                                                "(interactivity is 1000 / TPOT p50, and these files publish no "
                                                "latency): nothing to plot yet. Their numbers are in the "
                                                "normalized table."), len(df)))
        elif n == 0:
            self.chart_note.setText(self.tr("No runs with throughput and TPOT yet: import benchmark results "
                                            "(File ▸ Import evidence, or drop files on the window)."))
        else:
            text = self.tr("Each point is one run. The line through a group's points is its Pareto front (no other "
                           "run of the group is better on both axes). Right of the red line meets the interactivity "
                           "SLO. Latency: solid = p50, dashed = p99. Hollow points are illustrative, proxy or "
                           "predicted data, filled ones measurements.")
            if self.without_concurrency:
                text += " " + fmt(self.tr("%1 runs were driven by request rate, not concurrency, and are not in "
                                          "the latency charts."), self.without_concurrency)
            self.chart_note.setText(text)


def series_looks(ws: Workspace, df: Any) -> dict[str, SeriesLook]:
    """Each runtime × platform group's legend text (its option's full name), colour and kind."""
    if not len(df):
        return {}
    kinds = {f.provenance.file_name: look.provenance_kind(f) for f in ws.evidence.files}
    out: dict[str, SeriesLook] = {}
    for g, part in df.groupby("group_", sort=False):
        runtime, platform = part["runtime"].iloc[0], part["platform"].iloc[0]
        option = look.option_for(ws, runtime, platform)
        # the same legend text as the record's: the option's name, or "<runtime> on <platform>"
        out[str(g)] = SeriesLook(option.name if option else str(g).replace(" × ", " on "),
                                 look.group_swatch(ws, runtime, platform),
                                 look.filled(kinds.get(name) for name in part["file"]))
    return out


def _num(v: Any) -> bool:
    return v is not None and isinstance(v, (int, float)) and v == v


def _f(v: Any) -> float | None:
    return float(v) if _num(v) else None
