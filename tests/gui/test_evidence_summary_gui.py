"""The Evidence page opens on a summary per configuration; its runs table loads rows on demand."""

from __future__ import annotations

import pandas as pd

from deepdecide.gui.document import WorkspaceDocument


def test_the_evidence_page_opens_on_a_summary_per_configuration(qtbot, builtin_workspace):
    from deepdecide.gui.views.evidence_page import EvidencePage

    page = EvidencePage(WorkspaceDocument(builtin_workspace))
    qtbot.addWidget(page)
    page.refresh()
    assert page.tabs.currentWidget() is page.summary_tab
    frame = page.summary.frame()
    runs = page._frame
    assert len(frame) == len(set(page._groups)) > 0
    assert int(frame["runs"].sum()) == len(runs)
    # per configuration: its runs, from how many files, the ones that count
    for _i, row in frame.iterrows():
        mine = [i for i, g in enumerate(page._groups) if g == row["group"]]
        assert row["runs"] == len(mine)
        assert row["files"] == runs["file"].iloc[mine].nunique()
        assert 0 <= row["counting"] <= row["runs"]
    # the best throughput per GPU of a configuration is the best of its runs
    best = frame.dropna(subset=["best_tps_per_gpu"]).iloc[0]
    mine = [i for i, g in enumerate(page._groups) if g == best["group"]]
    assert best["best_tps_per_gpu"] == pd.to_numeric(runs["output_tps_per_gpu"].iloc[mine]).max()
    assert str(len(runs)) in page.summary_note.text()


def test_the_summary_of_no_runs_is_empty():
    from deepdecide.gui.views.evidence_page import summary_frame

    assert summary_frame(pd.DataFrame(), []).empty
