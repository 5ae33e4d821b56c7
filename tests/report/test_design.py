"""The record looks designed: headers wrap between words only, long notes become footnotes, figures
use the option colours, real-unit log ticks, a share axis that stops at 100 %, captions and notes."""

from __future__ import annotations

import io

import pytest
from reportlab.lib.units import mm

from deepdecide.domain import presentation
from deepdecide.report import charts
from deepdecide.report.styles import PAD, fit_header, table

#: headers that broke inside a word in earlier records, with the widths their tables gave them
HEADERS = [
    (["Option", "kernel", "logits", "greedy_match", "eval_accuracy", "structured_output", "long_context"],
     [50 * mm] + [124 / 6 * mm] * 6),
    (["Item", "Keep H100, serve with vLLM", "H100 · TensorRT-LLM", "B200 · DeepInfer", "RTX 5090 · llama.cpp"],
     [50 * mm] + [31 * mm] * 4),
    (["Option", "Pricing", "$/GPU-h", "Capex $/GPU", "Amort. yrs", "kW/GPU", "Porting pw", "Weeks to prod.",
      "Assumed tok/s/GPU", "Note"],
     [32 * mm, 13 * mm, 19 * mm, 19 * mm, 12 * mm, 18 * mm, 17 * mm, 17 * mm, 17 * mm, 10 * mm]),
]


def _lines(paragraph, width: float) -> list[str]:
    paragraph.wrap(width - 2 * PAD, 1e6)
    bl = paragraph.blPara
    if bl.kind == 0:
        return [" ".join(words) for _w, words in bl.lines]
    return ["".join(f.text for f in line.words) for line in bl.lines]


@pytest.mark.parametrize(("header", "widths"), HEADERS)
def test_headers_wrap_between_words_only_and_keep_the_table_width(header, widths):
    fitted, cells = fit_header(header, widths)
    assert sum(fitted) == pytest.approx(sum(widths))
    for text, cell, w in zip(header, cells, fitted, strict=True):
        lines = _lines(cell, w)
        words = [word for line in lines for word in line.split()]
        assert words == text.split(), (text, lines)


def test_long_notes_become_numbered_footnotes_under_their_table():
    long = "A note that says a great deal about the option, " * 6
    t = table(["Option", "Item", "Notes"], [["a", "b", long], ["c", "d", "short note"], ["e", "f", long + "!"]],
              [40 * mm, 40 * mm, 30 * mm], notes=(2,))
    texts = [getattr(row[0], "text", row[0]) for row in t._cellvalues]
    cells = [getattr(row[2], "text", row[2]) for row in t._cellvalues[1:4]]
    assert cells == ["[1]", "short note", "[2]"]
    assert texts[4].startswith("[1]") and "great deal" in texts[4]
    assert texts[5].startswith("[2]") and texts[5].rstrip().endswith("!")


def test_series_colours_kinds_and_log_ticks():
    s1 = charts.Series("Keep H100, serve with SGLang", [(1, 36), (16, 223), (4096, 251)], color="#D55E00",
                       filled=False)
    d = charts.xy_chart([s1], x_label="concurrency", y_label="tok/s per GPU", x_log=2)
    strings = [getattr(e, "text", "") for e in d.contents]
    assert {"1", "4", "16", "256", "1,024", "4,096"} <= set(strings)
    assert "5" not in strings and "10" not in strings  # no log2 exponents
    assert "Keep H100, serve with SGLang" in strings  # the full name in the legend
    assert charts.illustrative_note([s1]).startswith("Hollow points are illustrative")


def test_share_axis_stops_at_100_percent():
    d = charts.bar_chart([("H100 · SGLang", 100.0, None, None), ("H100 · vLLM", 0.0, None, None)],
                         x_label="share (%)", x_max=100, tick_fmt=lambda v: f"{v:g} %")
    strings = [getattr(e, "text", "") for e in d.contents]
    assert "100 %" in strings and "125 %" not in strings and "120 %" not in strings


def test_sample_record_uses_short_labels_and_captions():
    pypdf = pytest.importorskip("pypdf")
    from deepdecide.report import build
    from deepdecide.storage.files import load_workspace, sample_workspace_path

    ws = load_workspace(sample_workspace_path())
    text = "\n".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(build(ws))).pages)
    flat = " ".join(text.split())
    labels = presentation.short_labels(ws)
    assert len(set(labels.values())) == len(labels)
    for label in labels.values():
        assert label.split(" · ")[0] in flat
    assert "log2 scale" not in flat
    assert "4,096" in flat
    assert "Hollow points are illustrative" in flat
    assert "Units: output tokens per second per GPU" in flat
    for broken in ("greedy_mat ch", "TensorRT-LL M", "tok/s/GP U", "$/GPU- h"):
        assert broken not in flat
