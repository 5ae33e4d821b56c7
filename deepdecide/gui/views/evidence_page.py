"""Evidence: imported files with provenance, the normalized table, throughput and latency charts."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeGuard, cast

import pandas as pd
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from deepdecide.analysis.assessment import Assessment
from deepdecide.analysis.prediction import error_table_lines
from deepdecide.domain import formatting
from deepdecide.domain import presentation as look
from deepdecide.domain.common import Estimate
from deepdecide.domain.edits import (
    EditError,
    RemoveEvidenceFile,
    SetEvidenceFile,
    with_context,
    with_item_proxy,
)
from deepdecide.domain.evidence import BENCHMARK_FIELDS, BenchmarkRun, EvidenceFile
from deepdecide.domain.i18n import _, gettext, npgettext, pgettext
from deepdecide.domain.matrix import RuntimeKind
from deepdecide.domain.slo import INTERACTIVITY, SLO
from deepdecide.domain.vocabulary import file_tool, word
from deepdecide.domain.workload import ProxyAcceptance
from deepdecide.domain.workspace import Workspace
from deepdecide.gui.document import WorkspaceDocument
from deepdecide.gui.i18n import fmt
from deepdecide.gui.models.dataframe_model import DataFrameModel
from deepdecide.gui.models.records import Column, RecordTableModel
from deepdecide.gui.views.page import Page, make_table
from deepdecide.gui.views.prediction_pairs import PredictionPairsPanel, ReproductionsPanel
from deepdecide.gui.widgets.charts import LatencyChart, SeriesLook, ThroughputChart

if TYPE_CHECKING:
    from deepdecide.gui.interaction import Interaction
    from deepdecide.gui.views.main_window import MainWindow

#: columns shown first in the normalized table (then every other non-empty field)
FIRST_COLUMNS = ("file", "applicability", "kind", "why", "excluded", "tool", "runtime", "platform", "gpu_count", "concurrency", "request_rate",
                 "output_tps_per_gpu", "interactivity_tps_per_user", "output_throughput_tps",
                 "power_w_per_gpu", "output_tokens_per_joule", "energy_j_per_output_token", "energy_j_per_input_token",
                 "energy_basis", "ttft_ms_p50", "ttft_ms_p99", "tpot_ms_p50", "tpot_ms_p99", "itl_ms_p50", "itl_ms_p99",
                 "e2e_ms_p50", "e2e_ms_p99", "completed", "failed")


#: the widest the file-name column of the files table grows (the label column after it keeps room)
FILE_COLUMN_WIDTH = 280

#: applicability values whose runs count for nothing (shown greyed, with the reason)
NOT_COUNTED = frozenset({"mismatch", "needs-context"})


def parse_estimate(text: str) -> list[float]:
    """The numbers of "LOW/LIKELY/HIGH" (or one number) as the interface language writes them
    ("0.5/0.7/0.9", "0.5, 0.7, 0.9"; "0,5/0,7/0,9" or "0,8" in Spanish): the three, or one for all
    three. Raises ValueError with the reason for a figure the language would not write (never guessed)."""
    return list(formatting.read_estimate(text))


def counts_for_nothing(applicability: Any) -> bool:
    """How a run fits, greyed without an Assessment's rule (a frame made without one): mismatched,
    needing context, or matching but from a file that counts for no rung or capacity (illustrative:
    "matches (illustrative)"). The page greys by ``Assessment.run_counts_for_nothing`` (``COUNTS``)."""
    text = str(applicability or "")
    return text in NOT_COUNTED or "(" in text


_RUN_FIELDS = tuple(f.name for f in dataclasses.fields(BenchmarkRun))


#: a disaggregated run's per-pool capacity (analysis.pools.per_role_capacity): input tok/s per prefill GPU,
#: output tok/s per decode GPU
POOL_COLUMNS = ("prefill_input_tps_per_gpu", "decode_output_tps_per_gpu")


def _per_role_capacity(run: BenchmarkRun) -> tuple[float, float] | None:
    from deepdecide.analysis.pools import per_role_capacity  # deferred: loads the money model

    return per_role_capacity(run)


#: a column of ``runs_frame`` never shown: whether the run counts (``Assessment.run_counts_for_nothing``)
COUNTS = "counts_"


def runs_frame(ws: Workspace, fits: tuple[Any, ...] = (), counts_nothing: Callable[[Any], bool] | None = None
               ) -> pd.DataFrame:
    """One row per benchmark run, with its file name and how it fits the workload (from the
    Assessment's ``evidence_fit``); empty columns dropped. ``counts_nothing``: the Assessment's rule
    (``Assessment.run_counts_for_nothing``), read into the column ``COUNTS`` (the filter "that count",
    the summary's runs that count and the groups' "does not count" read it; never shown)."""
    fit_of = {(f.file_index, f.index): f for f in fits if f.item == "run"}
    # a thousand runs repeat a few hundred reasons and a dozen flags: each distinct one is rendered once
    texts: dict[Any, str] = {}

    def said(m: Any) -> str:
        try:
            text = texts.get(m)
        except TypeError:  # an unhashable value: rendered each time
            return str(m)
        if text is None:
            text = texts[m] = str(m)
        return text

    rows = []
    for fi, f in enumerate(ws.evidence.files):
        for ri, r in enumerate(f.runs):
            d = {name: getattr(r, name) for name in _RUN_FIELDS}  # asdict's values (all plain), without its deep copy
            d["file"] = f.provenance.file_name
            fit = fit_of.get((fi, ri))
            if fit is not None:
                d["applicability"] = (fit.applicability.value if fit.counts_for or fit.applicability.value in NOT_COUNTED
                                      else f"{fit.applicability.value} ({fit.kind.replace('_', '-')})")
                d["why"] = "; ".join(said(m) for m in fit.reasons)
                d["kind"] = "PREDICTED" if fit.kind == "predicted" else fit.kind.replace("_", "-")
                d["excluded"] = fit.excluded or None
                if counts_nothing is not None:
                    d[COUNTS] = not counts_nothing(fit)
            if r.max_rate and r.request_rate is None:
                d["request_rate"] = "max rate"
            if r.reproduces is not None:  # numbered from 1, as the runs are listed
                d["reproduces"] = r.reproduces + 1
            if r.prefill_gpus and r.decode_gpus:  # a disaggregated run: each pool's capacity, as the analysis reads it
                caps = _per_role_capacity(r)
                if caps is not None:
                    d["prefill_input_tps_per_gpu"], d["decode_output_tps_per_gpu"] = caps
            if r.energy_basis is not None:  # what was metered, in words; tokens per joule from the run
                d["energy_basis"] = said(r.energy_basis.message)
                d["output_tokens_per_joule"] = r.output_tokens_per_joule
            rows.append(d)
    if not rows:
        return pd.DataFrame(columns=list(FIRST_COLUMNS))
    df = pd.DataFrame(rows)
    for col in ("quality_flags", "missing_context"):
        df[col] = df[col].map(lambda t: "; ".join(said(x) for x in t) if t else None)
    order = [c for c in FIRST_COLUMNS if c in df.columns] + [c for c in ("file", *BENCHMARK_FIELDS, *POOL_COLUMNS)
                                                              if c in df.columns and c not in FIRST_COLUMNS]
    keep = [c for c in order if c in ("file", "applicability", "kind", "why", "tool", "runtime")
            or df[c].notna().any()]
    if COUNTS in df.columns:
        keep.append(COUNTS)
    return df[keep]


def summary_frame(runs: pd.DataFrame, groups: list[str]) -> pd.DataFrame:
    """Per group of runs (its configuration): runs, files, runs that count (neither greyed nor excluded),
    the concurrencies swept ("1–256"), the best output tokens/s per GPU and the median TPOT p50."""
    columns = ["group", "runs", "files", "counting", "concurrency", "best_tps_per_gpu", "tpot_p50"]
    if not len(runs):
        return pd.DataFrame(columns=columns)
    none = pd.Series([None] * len(runs), index=runs.index, dtype=object)
    if COUNTS in runs.columns:  # the Assessment's rule
        counting = runs[COUNTS].fillna(True).astype(bool)
    else:
        counting = ~runs["applicability"].map(counts_for_nothing) if "applicability" in runs.columns \
            else pd.Series(True, index=runs.index)
        if "excluded" in runs.columns:
            counting &= runs["excluded"].isna()
    frame = pd.DataFrame({
        "group": groups, "file": runs["file"], "counting": counting.astype(int),
        "concurrency": pd.to_numeric(runs.get("concurrency", none), errors="coerce"),
        "tps": pd.to_numeric(runs.get("output_tps_per_gpu", none), errors="coerce"),
        "tpot": pd.to_numeric(runs.get("tpot_ms_p50", none), errors="coerce")})
    by = frame.groupby("group", sort=True)
    low, high = by["concurrency"].min(), by["concurrency"].max()
    swept = [None if lo != lo else formatting.number(lo) if lo == hi else
             fmt(_("%1–%2"), formatting.number(lo), formatting.number(hi)) for lo, hi in zip(low, high, strict=True)]
    out = pd.DataFrame({"group": by.size().index, "runs": by.size().to_numpy(),
                        "files": by["file"].nunique().to_numpy(), "counting": by["counting"].sum().to_numpy(),
                        "concurrency": swept, "best_tps_per_gpu": by["tps"].max().to_numpy(),
                        "tpot_p50": by["tpot"].median().to_numpy()})
    return out[columns]


def run_groups(assessment: Assessment, n_runs: int) -> list[str]:
    """The group of every run, in the workspace's run order: the Assessment's attribution (the
    options on exactly its runtime and matrix platform, else "runtime on platform")."""
    on = _("%1 on %2")
    groups = [str(att.group) or fmt(on, att.runtime or "?", att.platform or "?") for att in assessment.runs]
    return groups if len(groups) == n_runs else ["?"] * n_runs




def _common(values: Any) -> Any:
    """The one value every item has, else None."""
    found = set(values)
    return found.pop() if len(found) == 1 else None

class EvidencePage(Page):
    """Provenance, the normalized runs (sortable, filterable) and the charts."""
    #: the user asked to import files (payload: None -> ask for paths)
    import_requested = Signal()

    def __init__(self, document: WorkspaceDocument, parent: QWidget | None = None):
        super().__init__(document, parent)
        files_panel = self._build_files_panel()
        # one view per tab, each with the whole height: the throughput charts, the latency charts, the
        # energy chart (where runs measured it), the normalized table, predictions beside measurements;
        # the page never scrolls at 1280×800
        self.tabs = QTabWidget()
        self.tabs.setObjectName("evidence_tabs")
        self.charts_tab = self._build_charts_tab()
        self.latency_tab = self._build_latency_tab()
        self.energy_tab = self._build_energy_tab()
        self.table_tab = self._build_table_tab()
        self.summary_tab = self._build_summary_tab()
        self.pairs = PredictionPairsPanel(self)
        self.reproductions = ReproductionsPanel(self)
        # the page opens on the summary: one row per configuration, however many runs are behind it
        self.tabs.addTab(self.summary_tab, _("Summary"))
        self.tabs.addTab(self.charts_tab, _("Throughput"))
        self.tabs.addTab(self.latency_tab, _("Latency"))
        self.tabs.addTab(self.energy_tab, _("Energy"))  # shown only when a run measured its energy
        self.pools_tab = self._build_pools_tab()
        self.tabs.addTab(self.pools_tab, _("Prefill / decode"))  # shown only for disaggregated runs
        self.tabs.addTab(self.table_tab, _("Normalized table"))
        self.tabs.addTab(self.pairs, _("Predicted vs measured"))
        self.tabs.addTab(self.reproductions, _("Reproductions"))
        self._table_unsized = False  # the runs table changed while its tab was not shown
        #: the latency charts' series of the last refresh, until their tab is shown (drawn then)
        self._latency_pending: tuple[Any, ...] | None = None
        self.latency_points = (0, 0)
        self.pool_points = (0, 0)  # points on the prefill and decode charts
        # a bound method, not a lambda: Qt drops the connection when the page is destroyed, so the
        # tab widget's own tear-down never calls back into a half-deleted page
        self.tabs.currentChanged.connect(self._on_tab_changed)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(files_panel)
        split.addWidget(self.tabs)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 4)
        layout = QVBoxLayout(self)
        layout.addWidget(split)
        self._frame = pd.DataFrame()
        self._groups: list[str] = []  # per row of _frame: its group, from the Assessment

    # construction --------------------------------------------------------------------------
    def _build_files_panel(self) -> QWidget:
        """The page title, the import/remove buttons and the table of imported files."""
        self.files = RecordTableModel([
            Column(_("File"), lambda f: f.provenance.file_name,
                   tooltip=lambda f: self._provenance_tip(f)),
            # the tool named once with its version, our words in it in the language (as the record's appendix)
            Column(_("Tool and version"), lambda f: file_tool(f.provenance.tool, f.provenance.tool_version)),
            Column(_("Runs"), lambda f: len(f.runs), numeric=True),
            Column(_("Checks"), lambda f: len(f.parity), numeric=True),
            Column(_("Size (bytes)"), lambda f: f.provenance.size_bytes, numeric=True),
            Column(_("SHA-256"), lambda f: f.provenance.sha256[:12] + "…",
                   tooltip=lambda f: f.provenance.sha256),
            Column(_("Imported"), lambda f: f.provenance.imported_at,
                   display=lambda v: formatting.date(str(v)[:10]) if v else "",  # the day; the time on hover
                   tooltip=lambda f: str(f.provenance.imported_at or "")),
            Column(_("Fits the workload"), lambda f: self._file_fit(f),
                   tooltip=lambda f: self._file_fit(f, detail=True)),
            Column(_("Label"), lambda f: gettext(f.provenance.kind.text) + (f": {f.provenance.label}" if f.provenance.label else ""),
                   tooltip=lambda f: f.provenance.label),
        ], None, self)
        self.files_view = make_table(self.files)
        import_button = QPushButton(_("Import files…"))
        import_button.clicked.connect(lambda: self.import_requested.emit())
        self.remove_button = QPushButton(_("Remove selected file"))
        self.remove_button.clicked.connect(self.remove_selected)
        self.context_button = QPushButton(_("Set context…"))
        self.context_button.setToolTip(_("Say what the selected file was measured on (runtime, platform, GPUs, "
                                               "model), or accept its runs as a proxy for the workload"))
        self.context_button.clicked.connect(self.edit_context)
        self.item_proxy_button = QPushButton(_("Proxy for one run or check…"))
        self.item_proxy_button.setObjectName("item_proxy_button")
        self.item_proxy_button.setToolTip(_("Accept one run or parity check of the selected file as a proxy for "
                                                  "the workload (with a reason and a discount), or withdraw it"))
        self.item_proxy_button.clicked.connect(self.edit_item_proxy)
        hint = QLabel(_("or drop result files anywhere on the window"))
        hint.setEnabled(False)
        # the hint sits beside the heading, so the buttons' row fits 1280 px in longer languages too
        heading = QHBoxLayout()
        heading.addWidget(QLabel(_("<h2>Evidence</h2>")))
        heading.addSpacing(12)
        heading.addWidget(hint)
        heading.addStretch(1)
        file_buttons = QHBoxLayout()
        file_buttons.addWidget(import_button)
        file_buttons.addStretch(1)
        file_buttons.addWidget(self.context_button)
        file_buttons.addWidget(self.item_proxy_button)
        file_buttons.addWidget(self.remove_button)
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addLayout(heading)
        top_layout.addLayout(file_buttons)
        top_layout.addWidget(self.files_view)
        return top

    def _build_table_tab(self) -> QWidget:
        """The normalized runs, sortable, with a text filter and a runtime × platform filter."""
        self.table = DataFrameModel(self)
        self.table.muted_column = "applicability"
        self.table.muted = counts_for_nothing
        self.table.struck_column = "excluded"  # runs a failing parity check excludes from capacity and cost
        # the model sorts and filters itself and hands rows to the view as it scrolls (ten thousand
        # runs open at once); ``proxy`` is the model the view shows, the same one
        self.proxy = self.table
        self.table_view = make_table(self.table, sortable=True, stretch_last=False)
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(_("Filter rows (any column)…"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self.table.set_filter_text)
        self.group_filter = QComboBox()
        self.group_filter.currentIndexChanged.connect(lambda _i: self._update_views())
        self.fit_filter = QComboBox()
        for label, value in ((_("all runs"), ""), (_("that count"), "counts"),
                             (_("matching the workload"), "matches"), (_("proxies"), "proxy"),
                             (_("mismatched"), "mismatch"), (_("needing context"), "needs-context")):
            self.fit_filter.addItem(label, value)
        self.fit_filter.setObjectName("fit_filter")
        self.fit_filter.currentIndexChanged.connect(lambda _i: self._update_views())
        filters = QHBoxLayout()
        filters.addWidget(self.filter_edit, 2)
        filters.addWidget(QLabel(_("Runtime × platform:")))
        filters.addWidget(self.group_filter, 1)
        filters.addWidget(QLabel(_("Applicability:")))
        filters.addWidget(self.fit_filter, 1)
        self.count_label = QLabel()
        self.count_label.setWordWrap(True)
        table_tab = QWidget()
        tl = QVBoxLayout(table_tab)
        tl.addLayout(filters)
        tl.addWidget(self.table_view, 1)
        tl.addWidget(self.count_label)
        return table_tab

    def _build_summary_tab(self) -> QWidget:
        """One row per runtime × platform (the runs' groups): how many runs and files, how many count,
        the concurrencies swept, the best throughput per GPU and the median TPOT p50."""
        self.summary = DataFrameModel(self)
        self.summary.headers = {"group": _("Configuration"), "runs": _("Runs"), "files": _("Files"),
                                "counting": _("Runs that count"), "concurrency": _("Concurrencies"),
                                "best_tps_per_gpu": _("Best output tokens/s per GPU"),
                                "tpot_p50": _("Median TPOT p50 (ms)")}
        self.summary_view = make_table(self.summary, sortable=True, stretch_last=False)
        self.summary_note = QLabel()
        self.summary_note.setWordWrap(True)
        tab = QWidget()
        layout = QVBoxLayout(tab)
        layout.addWidget(self.summary_view, 1)
        layout.addWidget(self.summary_note)
        return tab

    def _update_summary(self) -> None:
        """The summary table, worked out column-wise from the runs' frame (ten thousand runs at once)."""
        self.summary.set_frame(summary_frame(self._frame, self._groups))
        self.summary_view.resizeColumnsToContents()
        self.summary_note.setText(fmt(_("%1 runs from %2 files in %3 configurations. The runs themselves are "
                                        "in the normalized table."), formatting.integer(len(self._frame)),
                                      formatting.integer(len(self.document.workspace.evidence.files)),
                                      formatting.integer(self.summary.shown_rows())))

    def _build_charts_tab(self) -> QWidget:
        """Throughput per GPU against interactivity and against concurrency side by side, and a note.
        Without any TPOT the interactivity chart has nothing to draw: the sweep takes the whole row."""
        self.throughput = ThroughputChart(title=_("Throughput per GPU against interactivity"))
        self.throughput.set_axis_labels(_("output tokens/s per GPU"), _("tokens/s per user (1000 / TPOT p50)"))
        # every run with a concurrency stays visible here, whether or not its file publishes latency
        self.sweep_chart = ThroughputChart(title=_("Throughput per GPU against concurrency"))
        self.sweep_chart.set_axis_labels(_("output tokens/s per GPU"), _("concurrency (log scale)"))
        self.chart_note = QLabel()
        self.chart_note.setWordWrap(True)
        return _chart_row((self.throughput, self.sweep_chart), self.chart_note)

    def _build_energy_tab(self) -> QWidget:
        """Output tokens per joule against concurrency, as the files metered their energy (the tab is
        shown only when some run holds it)."""
        self.energy_chart = ThroughputChart(title=_("Output tokens per joule against concurrency"))
        self.energy_chart.set_axis_labels(_("output tokens per joule"), _("concurrency (log scale)"))
        self.energy_note = QLabel(_("Each point is one run that measured its energy: output tokens per joule is 1 / "
                                    "its energy per output token. Each file meters the GPUs only or the whole node "
                                    "(the normalized table's Energy metered column): figures on different bases "
                                    "are not comparable."))
        self.energy_note.setWordWrap(True)
        return _chart_row((self.energy_chart,), self.energy_note)

    def _build_pools_tab(self) -> QWidget:
        """A disaggregated run's two pools apart: input tok/s per prefill GPU and output tok/s per decode
        GPU against concurrency (the tab is shown only when some run states its per-role GPU counts)."""
        self.prefill_chart = ThroughputChart(title=_("Prefill: input tokens/s per prefill GPU"))
        self.prefill_chart.set_axis_labels(_("input tokens/s per GPU"), _("concurrency (log scale)"))
        self.decode_chart = ThroughputChart(title=_("Decode: output tokens/s per decode GPU"))
        self.decode_chart.set_axis_labels(_("output tokens/s per GPU"), _("concurrency (log scale)"))
        self.pools_note = QLabel(_("Each point is one disaggregated run that states its prefill and decode GPUs: "
                                   "its input tokens/s over its prefill GPUs (the prefill pool's capacity, set by "
                                   "TTFT) and its output tokens/s over its decode GPUs (the decode pool's, set by "
                                   "TPOT). A run whose per-role counts do not add up to its GPU count is not "
                                   "plotted, as the analysis does not use it. A pool's capacity holds at the run's "
                                   "own ratio of prefill to decode GPUs, never rescaled to another."))
        self.pools_note.setWordWrap(True)
        return _chart_row((self.prefill_chart, self.decode_chart), self.pools_note)

    def _build_latency_tab(self) -> QWidget:
        """TTFT and TPOT against concurrency side by side (a chart without data gives its room to the
        other), or one message when no run publishes either; and a note."""
        self.ttft = LatencyChart(title=_("TTFT against concurrency"))
        self.ttft.set_axis_labels(_("TTFT (ms)"), _("concurrency (log scale)"))
        self.tpot = LatencyChart(title=_("TPOT against concurrency"))
        self.tpot.set_axis_labels(_("TPOT (ms)"), _("concurrency (log scale)"))
        self.latency_empty = QLabel()
        self.latency_empty.setObjectName("latency_empty")
        self.latency_empty.setWordWrap(True)
        self.latency_empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.latency_empty.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.latency_empty.hide()
        self.latency_note = QLabel()
        self.latency_note.setWordWrap(True)
        return _chart_row((self.ttft, self.tpot, self.latency_empty), self.latency_note)

    def kind_label(self, kind: Any) -> str:
        """A file's kind (own, third-party, illustrative, PREDICTED) in the interface language."""
        words = {"own": pgettext("kind of evidence", "own"), "third-party": pgettext("kind of evidence", "third-party"),
                 "illustrative": pgettext("kind of evidence", "illustrative"),
                 "PREDICTED": pgettext("kind of evidence", "PREDICTED")}
        return words.get(str(kind), str(kind))

    def fit_label(self, applicability: Any) -> str:
        """How a run fits the workload ("matches", "mismatch", "matches (illustrative)", ...)."""
        value, _sep, kind = str(applicability).partition(" (")
        if kind.endswith(")"):
            return fmt(_("%1 (%2)"), word(value, "applicability"), self.kind_label(kind[:-1]))
        return word(value, "applicability")

    def column_title(self, name: str) -> str:
        """The normalized table's title of field ``name`` (the field name itself is in its tooltip)."""
        latency = re.fullmatch(r"(ttft|tpot|itl|e2e|e2e_per_token)_ms_(mean|p\d+)", name)
        if latency:
            metric, stat = latency.groups()
            metrics = {"ttft": "TTFT", "tpot": "TPOT", "itl": "ITL", "e2e": _("e2e"),
                       "e2e_per_token": _("e2e per token")}
            return fmt(_("%1 %2 (ms)"), metrics[metric], _("mean") if stat == "mean" else stat)
        interval = re.fullmatch(r"(.+)_ci_(low|high)", name)  # a repeated run's interval, as its file states it
        if interval:
            base, end = interval.groups()
            return fmt(_("%1, interval low") if end == "low" else _("%1, interval high"), self.column_title(base))
        titles = {
            "file": _("File"), "applicability": _("Applicability"), "kind": _("Kind"),
            "why": _("Why"), "excluded": _("Excluded"), "tool": _("Tool"),
            "tool_version": _("Tool version"), "runtime": _("Runtime"),
            "runtime_version": _("Runtime version"), "platform": _("Platform"),
            "gpu_count": _("GPUs"), "model": _("Model"), "quantization": _("Quantization"),
            "dataset": _("Dataset"), "concurrency": _("Concurrency"),
            "request_rate": _("Request rate (req/s)"), "input_tokens": _("Input tokens"),
            "output_tokens": _("Output tokens"), "num_requests": _("Requests"),
            "completed": _("Completed"), "failed": _("Failed"), "duration_s": _("Duration (s)"),
            "request_throughput_rps": _("Requests/s"), "output_throughput_tps": _("Output tokens/s"),
            "total_throughput_tps": _("Total tokens/s"),
            "output_tps_per_gpu": _("Output tokens/s per GPU"),
            "interactivity_tps_per_user": _("Tokens/s per user"), "prefill_gpus": _("Prefill GPUs"),
            "decode_gpus": _("Decode GPUs"), "quality_flags": _("Quality flags"),
            "prefill_input_tps_per_gpu": _("Input tokens/s per prefill GPU"),
            "decode_output_tps_per_gpu": _("Output tokens/s per decode GPU"),
            "missing_context": _("Missing context"), "label": _("Label"), "max_rate": _("Max rate"),
            "power_w_per_gpu": _("Power per GPU (W)"),
            "energy_j_per_output_token": _("Energy per output token (J)"),
            "energy_j_per_input_token": _("Energy per input token (J)"),
            "energy_basis": _("Energy metered"), "output_tokens_per_joule": _("Output tokens per joule"),
            "kv_cache_tokens": _("KV-cache pool (tokens)"), "reproduces": _("Re-measures run no."),
            "tensor_parallel": _("TP"), "expert_parallel": _("EP"), "pipeline_parallel": _("PP"),
            "dp_attention": _("DP-attention"), "speculative_decoding": _("Speculative decoding"),
            "disaggregated": _("Disaggregated"),
            "ci_level": _("Interval level"), "ci_runs": _("Runs in the interval"),
            "slo_attainment": _("SLO attainment (the file's objectives)"), "goodput_rps": _("Goodput (req/s)"),
            "goodput_ttft_ms": _("Goodput objective TTFT (ms)"), "goodput_tpot_ms": _("Goodput objective TPOT (ms)"),
            "goodput_e2e_ms": _("Goodput objective e2e (ms)"),
        }
        return titles.get(name, name)

    def title(self) -> str:
        return _("Evidence")

    def _provenance_tip(self, f: EvidenceFile) -> str:
        p = f.provenance
        lines = [f"<b>{p.file_name}</b>", fmt(_("tool: %1"), file_tool(p.tool, p.tool_version)),
                 fmt(_("%1 bytes, SHA-256 %2"), p.size_bytes, p.sha256),
                 fmt(_("imported %1"), formatting.date(str(p.imported_at)[:10]) if p.imported_at else _("(unknown)"))]
        if p.label:
            lines.append(f"<i>{p.label}</i>")
        if p.source_url:
            lines.append(fmt(_("source: %1 (retrieved %2)"), p.source_url, formatting.timestamp(p.retrieved_at) if p.retrieved_at else "?"))
        lines += [str(m) for m in p.manifest]
        if p.joined:
            lines.append(_("joined from:"))
            lines += [fmt(_("%1 (%2 bytes, SHA-256 %3): %4"), j.file_name, j.size_bytes, j.sha256[:12] + "…", str(j.part))
                      for j in p.joined]
        if p.checksum is not None:
            words = {"match": _("matches"), "mismatch": _("DOES NOT MATCH"),
                     "not_listed": _("is not listed in")}
            lines.append(fmt(_("SHA-256 %1 the publisher's manifest %2 (%3)"),
                             words.get(p.checksum.outcome.value, p.checksum.outcome.value), p.checksum.manifest,
                             p.checksum.publisher or "?"))
        return "<br>".join(lines)

    def _file_fit(self, f: EvidenceFile, detail: bool = False) -> str:
        """How the file's runs and checks fit the workload: "2 mismatch", "3 match", with reasons on hover."""
        if f.prediction_errors and not f.runs and not f.parity:  # a predictor's error table: what it holds
            text = npgettext("error table", "{n} predictor error row", "{n} predictor error rows", len(f.prediction_errors)).format(n=len(f.prediction_errors))
            if not detail:
                return text

            return "<br>".join([f"<b>{text}</b>", *error_table_lines((f,))])
        fits = self._fits_of(f)
        if fits is None:
            return ""
        counts: dict[str, int] = {}
        for x in fits:
            counts[x.applicability.value] = counts.get(x.applicability.value, 0) + 1
        def count(code: str, n: int) -> str:  # "3 mismatch": the English words are the codes
            words = {"matches": npgettext("fit count", "{n} matches", "{n} matches", n).format(n=n), "proxy": npgettext("fit count", "{n} proxy", "{n} proxy", n).format(n=n),
                     "mismatch": npgettext("fit count", "{n} mismatch", "{n} mismatch", n).format(n=n),
                     "needs-context": npgettext("fit count", "{n} needs-context", "{n} needs-context", n).format(n=n)}
            return words.get(code, f"{n} {code}")

        text = ", ".join(count(k, n) for k, n in counts.items())
        if f.proxy is not None:
            text += " " + _("(proxy accepted)")
        elif f.run_proxies or f.check_proxies:
            text += " " + fmt(_("(%1 accepted as proxies)"), len(f.run_proxies) + len(f.check_proxies))
        if not detail:
            return text
        reasons = list(dict.fromkeys(str(m) for x in fits for m in x.reasons))
        return "<br>".join([f"<b>{text}</b>", *reasons[:8]])

    def _fits_of(self, f: EvidenceFile) -> list[Any] | None:
        """The fit entries of file ``f`` (None: not in the workspace), from an index built once per
        assessment: the files table asks for every row it measures, so a linear search per row
        would cost files x runs with 1,000 files."""
        assessment = self.document.assessment()
        files = self.document.workspace.evidence.files
        key = (id(assessment), id(files))
        if getattr(self, "_fit_index_key", None) != key:
            by_file: dict[int, list[Any]] = {}
            for x in assessment.evidence_fit:
                by_file.setdefault(x.file_index, []).append(x)
            self._fit_index = ({id(g): i for i, g in enumerate(files)}, by_file)
            self._fit_index_key = key
            self._fit_index_refs = (assessment, files)  # keep the ids valid while the index is used
        positions, by_file = self._fit_index
        index = positions.get(id(f))
        return None if index is None else by_file.get(index, [])

    def selected_file(self) -> int | None:
        rows = sorted({i.row() for i in self.files_view.selectionModel().selectedRows()})
        return rows[0] if rows else None

    def edit_context(self) -> None:
        """Ask for the selected file's context (current values shown) and apply it as one undoable edit."""

        row = self.selected_file()
        if row is None:
            return
        ws = self.document.workspace
        f = ws.evidence.files[row]
        first = f.runs[0] if f.runs else None
        current: dict[str, Any] = {}
        if first is not None:
            current = {"runtime": first.runtime, "platform": ws.matrix.platform_id(first.platform) if first.platform
                       else "", "gpu_count": first.gpu_count, "model": first.model,
                       # shown only where every run agrees: OK then sets it on every run (a file whose runs
                       # state different lengths keeps them, the field reading "not known")
                       "quantization": _common(r.quantization for r in f.runs),
                       "input_tokens": _common(round(r.input_tokens) if r.input_tokens else None for r in f.runs),
                       "output_tokens": _common(round(r.output_tokens) if r.output_tokens else None for r in f.runs)}
        elif f.parity:
            current = {"runtime": f.parity[0].runtime, "platform": f.parity[0].platform, "model": f.parity[0].model}
        if f.proxy is not None:
            d = f.proxy.discount
            current.update(proxy_reason=f.proxy.reason,
                           proxy_discount=formatting.estimate_text(d.low, d.likely, d.high))
        fields = ["runtime", "platform", "gpu_count", "model", "quantization", "input_tokens", "output_tokens",
                  "proxy_reason", "proxy_discount"] if f.runs else \
            ["runtime", "platform", "model", "proxy_reason", "proxy_discount"]

        m = ws.matrix
        # serving engines only: a kernel library (FlashMLA, DeepGEMM…) is a build fact, not what served the runs
        choices = {"runtime": [(r.id, r.name) for r in m.runtimes if r.kind != RuntimeKind.KERNEL_LIBRARY],
                   "platform": [(p.id, f"{p.vendor} {p.name}") for p in m.platforms]}
        values = self.document_interaction().ask_context(f.provenance.file_name, fields, choices, None, current)
        if values is None:
            return
        proxy: Any = False
        reason = str(values.get("proxy_reason", "") or "").strip()
        if "proxy_reason" in fields:
            if reason:
                text = str(values.get("proxy_discount", "") or formatting.estimate_text(0.5, 0.7, 0.9))
                try:
                    discount = Estimate(*parse_estimate(text))
                except (TypeError, ValueError) as exc:
                    self.document_interaction().info(_("Proxy discount"), str(exc))
                    return
                proxy = ProxyAcceptance(reason, discount)
            else:
                proxy = None
        try:
            new = with_context(f, runtime=values.get("runtime", ""), platform=values.get("platform", ""),
                               gpu_count=values.get("gpu_count"), model=values.get("model", ""), proxy=proxy,
                               quantization=values.get("quantization", ""),
                               input_tokens=values.get("input_tokens"), output_tokens=values.get("output_tokens"))
        except EditError as exc:
            self.document_interaction().info(_("Context"), str(exc))
            return
        if new != f:
            name = f.provenance.file_name
            self.document.edit(SetEvidenceFile(row, new), lambda: fmt(_("Context of %1"), name))

    def edit_item_proxy(self) -> None:
        """Accept one run or check of the selected file as a proxy (or withdraw it): one undoable edit."""

        row = self.selected_file()
        if row is None:
            return
        f = self.document.workspace.evidence.files[row]
        if not f.runs and not f.parity:
            return
        answer = self.document_interaction().ask_item_proxy(f, self._fits_of(f) or [])
        if answer is None:
            return
        item, index, proxy = answer
        try:
            new = with_item_proxy(f, item, index, proxy)
        except EditError as exc:
            self.document_interaction().info(_("Proxy"), str(exc))
            return
        if new != f:
            name, n = f.provenance.file_name, index + 1
            self.document.edit(SetEvidenceFile(row, new),
                               lambda: fmt(_("Proxy for %1 %2 of %3"), word(item, "evidence item"), n, name))

    def document_interaction(self) -> Interaction:
        return cast("MainWindow", self.window()).interaction

    def remove_selected(self) -> None:
        rows = sorted({i.row() for i in self.files_view.selectionModel().selectedRows()})
        if rows:
            name = self.files.row_record(rows[0]).provenance.file_name
            self.document.edit(RemoveEvidenceFile(rows[0]), lambda: fmt(_("Remove %1"), name))

    def refresh(self) -> None:
        ws = self.document.workspace
        self.files.set_rows(list(ws.evidence.files))
        self.files_view.resizeColumnsToContents()
        # long result-file names end in "…" (the whole name and provenance on hover): the label keeps room
        self.files_view.setColumnWidth(0, min(self.files_view.columnWidth(0), FILE_COLUMN_WIDTH))
        rows = max(2, min(len(ws.evidence.files), 5))
        self.files_view.setFixedHeight(self.files_view.horizontalHeader().sizeHint().height()
                                       + rows * self.files_view.verticalHeader().defaultSectionSize()
                                       + 2 * self.files_view.frameWidth()
                                       + self.files_view.horizontalScrollBar().sizeHint().height())
        assessment = self.document.assessment()
        self._frame = runs_frame(ws, assessment.evidence_fit, assessment.run_counts_for_nothing)
        self._groups = run_groups(assessment, len(self._frame))
        self.pairs.show_assessment(ws, assessment)
        self.reproductions.show_assessment(ws, assessment)
        groups = sorted(set(self._groups))
        current = self.group_filter.currentData()
        self.group_filter.blockSignals(True)
        self.group_filter.clear()
        self.group_filter.addItem(_("all"), "")
        for g in groups:
            self.group_filter.addItem(g, g)
        self.group_filter.setCurrentIndex(max(self.group_filter.findData(current), 0))
        self.group_filter.blockSignals(False)
        self._update_summary()
        self._update_views()

    def _update_views(self) -> None:
        ws = self.document.workspace
        df = self._frame
        if len(df):
            df = df.assign(group_=self._groups)
            chosen = self.group_filter.currentData()
            if chosen:
                df = df[df["group_"] == chosen]
            fit = self.fit_filter.currentData()
            if fit and "applicability" in df.columns:
                status = df["applicability"].fillna("").astype(str)
                if fit == "counts":  # the Assessment's rule, as the Overview card counts
                    df = df[df[COUNTS].fillna(True).astype(bool)] if COUNTS in df.columns else df
                else:
                    df = df[status.str.split(" ").str[0] == fit]
        if len(df) and "applicability" in df.columns:
            status = df["applicability"].fillna("").astype(str).str.split(" ").str[0]
            muted = df["applicability"].map(counts_for_nothing)
            kind = df["kind"] if "kind" in df.columns else pd.Series([""] * len(df), index=df.index)
            gone = df["excluded"].notna() if "excluded" in df.columns else pd.Series([False] * len(df), index=df.index)
            if COUNTS in df.columns:  # the Assessment's rule: a run that counts for nothing says so
                muted = ~df[COUNTS].fillna(True).astype(bool)
            suffix = [_(" — excluded (fails parity)") if x else _(" — does not count") if m else
                      _(" — predicted") if k == "PREDICTED" else _(" — proxy") if v == "proxy" else ""
                      for v, m, k, x in zip(status, muted, kind, gone, strict=True)]
            df = df.assign(groupbase_=df["group_"], group_=df["group_"] + suffix)
        shown = df.drop(columns=[c for c in ("group_", "groupbase_", COUNTS) if c in df.columns])
        self.table.headers = {c: self.column_title(c) for c in shown.columns}
        self.table.header_tips = {c: f"{self.column_title(c)} ({c})" for c in shown.columns}
        self.table.value_labels = {"applicability": self.fit_label, "kind": self.kind_label}
        # greyed: a run that counts for nothing, by the Assessment's rule (the one the filter reads)
        self.table.set_frame(shown, (~df[COUNTS].fillna(True).astype(bool)).tolist() if COUNTS in df.columns else None)
        self._table_unsized = True
        self._size_table_columns()
        self.count_label.setText(fmt(_("%1 runs from %2 files. Times in ms, throughputs in tokens/s; "
                                             "TPOT, ITL and e2e per token are different metrics and stay apart."),
                                     len(shown), len(ws.evidence.files)))
        self._draw_charts(df)

    def _on_tab_changed(self, _index: int) -> None:
        self._size_table_columns()
        self._draw_latency()

    def _size_table_columns(self) -> None:
        """The runs table's columns sized to their contents, once its tab is shown: sizing reads a
        sample of rows through the model (a third of a second for a thousand runs and forty columns),
        which the charts shown first need not wait for."""
        if not self._table_unsized or self.tabs.currentWidget() is not self.table_tab:
            return
        self._table_unsized = False
        shown = self.table.frame()
        self.table_view.resizeColumnsToContents()
        if "file" in shown.columns:  # as in the files table: the name ends in "…", the whole on hover
            col = list(shown.columns).index("file")
            self.table_view.setColumnWidth(col, min(self.table_view.columnWidth(col), FILE_COLUMN_WIDTH))
        if "why" in shown.columns:  # the reasons are long: a readable width, the whole text on hover
            col = list(shown.columns).index("why")
            self.table_view.setColumnWidth(col, min(self.table_view.columnWidth(col), 340))

    def _draw_charts(self, df: Any) -> None:
        ws = self.document.workspace
        slo = ws.slo
        tput: dict[str, list[tuple[float, float]]] = {}
        sweep: dict[str, list[tuple[float, float]]] = {}
        energy: dict[str, list[tuple[float, float]]] = {}
        prefill: dict[str, list[tuple[float, float]]] = {}
        decode: dict[str, list[tuple[float, float]]] = {}
        ttft: dict[str, list[Any]] = {}
        tpot: dict[str, list[Any]] = {}
        # the columns the charts read, as lists of plain values (a row-by-row walk of the whole frame,
        # forty columns of a thousand runs, costs more than drawing them)
        def column(name: str) -> list[Any]:
            return df[name].tolist() if name in df.columns else [None] * len(df)

        concurrency = column("concurrency") if len(df) else []
        if len(df):
            latency = {m: (column(f"{m}_p50"), column(f"{m}_p99")) for m in ("ttft_ms", "tpot_ms")}
            per_joule = column("output_tokens_per_joule")
            per_role = {name: column(name) for name in POOL_COLUMNS}
            for i, (g, x, y, c) in enumerate(zip(column("group_"), column("interactivity_tps_per_user"),
                                                 column("output_tps_per_gpu"), concurrency, strict=True)):
                if _num(x) and _num(y):
                    tput.setdefault(g, []).append((float(x), float(y)))
                if _num(c) and _num(y):
                    sweep.setdefault(g, []).append((float(c), float(y)))
                if _num(c) and _num(per_joule[i]):
                    energy.setdefault(g, []).append((float(c), float(per_joule[i])))
                for series, name in ((prefill, POOL_COLUMNS[0]), (decode, POOL_COLUMNS[1])):
                    if _num(c) and _num(per_role[name][i]):
                        series.setdefault(g, []).append((float(c), float(per_role[name][i])))
                if _num(c):
                    for target, metric in ((ttft, "ttft_ms"), (tpot, "tpot_ms")):
                        p50, p99 = latency[metric][0][i], latency[metric][1][i]
                        if _num(p50) or _num(p99):
                            target.setdefault(g, []).append((float(c), _f(p50), _f(p99)))
        slo_x, slo_label = _interactivity_line(slo)
        self.without_concurrency = sum(1 for c in concurrency if not _num(c))
        looks = series_looks(ws, df)
        n = self.throughput.set_groups(tput, slo_x, slo_label, _("Pareto front"), looks)
        self.sweep_points = self.sweep_chart.set_sweep(sweep, looks)
        # both throughput views side by side; without any TPOT the sweep takes the whole row
        self.throughput.setVisible(n > 0 or not self.sweep_points)
        self.sweep_chart.setVisible(self.sweep_points > 0)
        self.energy_points = self.energy_chart.set_sweep(energy, looks) if energy else 0
        self.tabs.setTabVisible(self.tabs.indexOf(self.energy_tab), self.energy_points > 0)
        self.pool_points = (self.prefill_chart.set_sweep(prefill, looks) if prefill else 0,
                            self.decode_chart.set_sweep(decode, looks) if decode else 0)
        self.tabs.setTabVisible(self.tabs.indexOf(self.pools_tab), sum(self.pool_points) > 0)
        # the latency charts are drawn when their tab is shown (at once if it is the current one)
        self._latency_pending = (ttft, tpot, looks, len(df))
        self._draw_latency()
        self.plotted_points = n
        if n == 0 and self.sweep_points:
            self.chart_note.setText(fmt(_("%1 runs, none with TPOT p50 (interactivity is 1000 / TPOT p50, and "
                                                "these files publish no latency): the chart shows throughput "
                                                "per GPU along each concurrency sweep instead. Throughput alone "
                                                "says nothing about the SLO."), len(df)))
        elif n == 0 and len(df):
            self.chart_note.setText(fmt(_("%1 runs, none with both output throughput per GPU and TPOT p50 "
                                                "(interactivity is 1000 / TPOT p50, and these files publish no "
                                                "latency): nothing to plot yet. Their numbers are in the "
                                                "normalized table."), len(df)))
        elif n == 0:
            self.chart_note.setText(_("No runs with throughput and TPOT yet: import benchmark results "
                                            "(File ▸ Import evidence, or drop files on the window)."))
        else:
            self.chart_note.setText(_("Each point is one run. The line through a group's points is its "
                                            "Pareto front (no other run of the group is better on both axes). "
                                            "Right of the red line meets the interactivity SLO. Hollow points are "
                                            "illustrative, proxy or predicted data, filled ones measurements."))

    def _draw_latency(self) -> None:
        """Draw the latency charts of the last refresh, once their tab is the current one."""
        if self._latency_pending is None or self.tabs.currentWidget() is not self.latency_tab:
            return
        (ttft, tpot, looks, runs), self._latency_pending = self._latency_pending, None
        slo = self.document.workspace.slo
        n_ttft = self.ttft.set_groups(ttft, *_latency_line(slo, "ttft_ms"), looks)
        n_tpot = self.tpot.set_groups(tpot, *_latency_line(slo, "tpot_ms"), looks)
        self.latency_points = (n_ttft, n_tpot)
        self._show_latency(runs, n_ttft, n_tpot)

    def _show_latency(self, runs: int, n_ttft: int, n_tpot: int) -> None:
        """Both latency charts, the one with data alone (it takes the row), or one message for none."""
        self.ttft.setVisible(n_ttft > 0)
        self.tpot.setVisible(n_tpot > 0)
        self.latency_empty.setVisible(n_ttft == 0 and n_tpot == 0)
        if n_ttft == 0 and n_tpot == 0:
            self.latency_empty.setText(
                fmt(_("<h3>No latency to plot</h3><p>None of the %1 runs shown publishes TTFT or TPOT "
                            "against a concurrency: these files report throughput only.</p><p>Their numbers are "
                            "in the normalized table; import results with latency (File ▸ Import evidence, or "
                            "drop files on the window) to see them here.</p>"), formatting.integer(runs))
                if runs else _("<h3>No latency to plot</h3><p>Import benchmark results with TTFT or TPOT "
                                     "(File ▸ Import evidence, or drop files on the window).</p>"))
        parts = []
        if n_ttft or n_tpot:
            parts.append(_("Solid lines are p50, dashed p99; below the red line meets the SLO. Hollow points "
                                 "are illustrative, proxy or predicted data, filled ones measurements."))
        if n_ttft and not n_tpot:
            parts.append(_("No run shown publishes TPOT."))
        elif n_tpot and not n_ttft:
            parts.append(_("No run shown publishes TTFT."))
        if self.without_concurrency:
            parts.append(fmt(_("%1 runs were driven by request rate, not concurrency, and are not in "
                                     "the latency charts."), formatting.integer(self.without_concurrency)))
        self.latency_note.setText(" ".join(parts))
        self.latency_note.setVisible(bool(parts))


def _latency_line(slo: SLO, metric: str) -> tuple[float | None, str]:
    """The line of a latency chart: the first limit of ``domain.slo`` the SLO sets on ``metric``
    (TTFT p99 on the TTFT chart), with its label; (None, "") when it sets none."""
    for entry, value in slo.active():
        if entry.reads.metric == metric:
            return value, gettext(entry.line).format(value=formatting.number(value))
    return None, ""


def _interactivity_line(slo: SLO) -> tuple[float | None, str]:
    """The line of the throughput chart, whose x axis is interactivity (the run's own tok/s per user,
    else 1000 / TPOT p50): a limit the SLO sets on interactivity; else, as a bound, 1000 / a limit it
    sets on the TPOT that interactivity derives from (a run within that TPOT limit lies right of it)."""
    axis, derived_from = INTERACTIVITY[0], INTERACTIVITY[1:]
    active = slo.active()
    for entry, value in active:
        if entry.reads == axis:
            return value, gettext(entry.line).format(value=formatting.number(value))
    for reading in derived_from:
        for entry, value in active:
            if entry.reads.metric == reading.metric and reading.per is not None:
                return reading.per / value, fmt(_("SLO bound %1 / %2 %3"),
                                                formatting.number(reading.per), gettext(entry.label),
                                                formatting.number(value, gettext(entry.unit)))
    return None, ""


#: the least height a chart keeps for its title, axes and legend (the tab fits at 1280×800)
CHART_MIN_HEIGHT = 300


def _chart_row(widgets: tuple[QWidget, ...], note: QLabel) -> QWidget:
    """Widgets side by side over the whole height of a tab, a note under them; a hidden one gives its
    room to the others."""
    tab = QWidget()
    layout = QVBoxLayout(tab)
    row = QHBoxLayout()
    row.setContentsMargins(0, 0, 0, 0)
    for w in widgets:
        w.setMinimumHeight(CHART_MIN_HEIGHT)
        row.addWidget(w, 1)
    layout.addLayout(row, 1)
    layout.addWidget(note)
    return tab


def series_looks(ws: Workspace, df: Any) -> dict[str, SeriesLook]:
    """Each runtime × platform group's legend text (its option's full name), colour and kind."""
    if not len(df):
        return {}
    kinds = {f.provenance.file_name: look.provenance_kind(f) for f in ws.evidence.files}
    out: dict[str, SeriesLook] = {}
    for g, part in df.groupby("group_", sort=False):
        runtime, platform = part["runtime"].iloc[0], part["platform"].iloc[0]
        option = look.option_for(ws, runtime, platform)
        # the same legend text as the record's: the option's name, or "<runtime> on <platform>",
        # with what the group's runs count for (" — does not count"), as every group says it
        base = str(part["groupbase_"].iloc[0]) if "groupbase_" in part.columns else str(g)
        suffix = str(g)[len(base):] if str(g).startswith(base) else ""
        out[str(g)] = SeriesLook(option.name + suffix if option else str(g),
                                 look.group_swatch(ws, runtime, platform),
                                 look.filled(kinds.get(name) for name in part["file"]))
    return out


def _num(v: Any) -> TypeGuard[float]:
    return v is not None and isinstance(v, (int, float)) and v == v


def _f(v: Any) -> float | None:
    return float(v) if _num(v) else None
