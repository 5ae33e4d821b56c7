"""The decision record: reproducible bytes, footer hash and page numbers, embedded inputs, fonts, tables."""

from __future__ import annotations

import dataclasses
import hashlib
import io
import re
import subprocess
import sys

import pytest
from pdf_helpers import EXPORT_DAY, SMALL, need
from pypdf import PdfReader

from deepdecide.domain.evidence import BenchmarkRun, EvidenceFile, Provenance
from deepdecide.domain.progress import Cancelled, CancelToken
from deepdecide.report import SECTIONS, ReportError, build, write_record
from deepdecide.report.canonical import BUILD_NAME, INPUTS_NAME, canonical_inputs
from deepdecide.report.embedded import extract_attachments


def _texts(pdf: bytes) -> list[str]:
    return [p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages]


def test_same_workspace_gives_identical_bytes_in_another_process(record, monkeypatch):
    code = ("import sys; from deepdecide.storage.files import load_workspace; from deepdecide.report import build; "
            f"sys.stdout.buffer.write(build(load_workspace({str(SMALL)!r})))")
    env = {"PYTHONHASHSEED": "12345", "SOURCE_DATE_EPOCH": "1700000000", "TZ": "Asia/Tokyo", "PATH": "/usr/bin:/bin",
           "DEEPDECIDE_TODAY": EXPORT_DAY}  # the export day is an input of the build, as the fixture's
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env, timeout=120, check=True).stdout
    assert out == record


def test_dates_come_from_the_build_parameters_not_the_clock(record):
    """The record is dated its export day (an input of the build, stored with its parameters); the
    clock, SOURCE_DATE_EPOCH and the time zone never reach it."""
    import json

    info = PdfReader(io.BytesIO(record)).metadata
    assert info["/CreationDate"].startswith("D:20261120")
    assert info["/ModDate"].startswith("D:20261120")
    assert json.loads(extract_attachments(record)[BUILD_NAME])["date"] == EXPORT_DAY


def test_every_page_has_the_inputs_hash_and_page_n_of_m(record, small_ws):
    _, inputs = canonical_inputs(small_ws)
    digest = hashlib.sha256(inputs).hexdigest()
    texts = _texts(record)
    assert len(texts) >= 5
    for n, text in enumerate(texts, start=1):
        assert f"inputs SHA-256 {digest}" in text
        assert f"page {n} of {len(texts)}" in text
    assert digest in PdfReader(io.BytesIO(record)).metadata["/Keywords"]


def test_canonical_inputs_are_embedded_and_rebuild_the_workspace(record, small_ws):
    files = extract_attachments(record)
    assert set(files) == {INPUTS_NAME, BUILD_NAME}
    normal, inputs = canonical_inputs(small_ws)
    assert files[INPUTS_NAME] == inputs
    assert normal == small_ws
    assert b'"sections":["cover"' in files[BUILD_NAME]


def test_a_different_workspace_gives_a_different_record_and_hash(record, small_ws):
    other = dataclasses.replace(small_ws, decision=dataclasses.replace(small_ws.decision, title="Another title"))
    pdf = build(other)
    assert pdf != record
    assert re.search(rb"inputs-sha256=([0-9a-f]{64})", pdf).group(1) != \
        re.search(rb"inputs-sha256=([0-9a-f]{64})", record).group(1)


def test_text_is_extractable_and_holds_every_section(record):
    text = "\n".join(_texts(record))
    for title in ("Executive summary", "Context and decision drivers", "Options compared", "Support matrix",
                  "Benchmark evidence", "Parity verdicts", "Service-gap checklist", "Cost and TCO",
                  "Sensitivity and Monte Carlo", "Migration plan", "Risks and consequences", "Sign-off",
                  "Appendix: evidence files"):
        assert title in text, title
    assert "DR-0042" in text
    assert "3b1f0c2a9d4e5f60718293a4b5c6d7e8f90123456789abcdef0123456789abcd" in text  # evidence SHA-256
    flat = " ".join(text.split())
    assert "|delta| <= max(0.02, 2*stderr), n >= 200" in flat  # parity rule printed with the verdict
    assert "dissent" in text


def test_all_fonts_are_embedded(record):
    reader = PdfReader(io.BytesIO(record))
    fonts = {}
    for page in reader.pages:
        for name, ref in page["/Resources"]["/Font"].items():
            fonts[name] = ref.get_object()
    assert fonts
    for font in fonts.values():
        assert font["/Subtype"] == "/TrueType", font["/BaseFont"]
        assert "/FontFile2" in font["/FontDescriptor"], font["/BaseFont"]


def test_pdffonts_reports_every_font_embedded(record, tmp_path):
    tool = need("pdffonts")
    (tmp_path / "r.pdf").write_bytes(record)
    out = subprocess.run([tool, str(tmp_path / "r.pdf")], capture_output=True, text=True, check=True).stdout
    rows = out.splitlines()[2:]
    assert rows and all(" yes yes yes " in r for r in rows), out


def test_qpdf_check_is_clean(record, tmp_path):
    tool = need("qpdf")
    (tmp_path / "r.pdf").write_bytes(record)
    proc = subprocess.run([tool, "--check", str(tmp_path / "r.pdf")], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "WARNING" not in proc.stdout + proc.stderr
    listed = subprocess.run([tool, "--list-attachments", str(tmp_path / "r.pdf")], capture_output=True, text=True)
    assert INPUTS_NAME in listed.stdout


def test_table_header_repeats_on_every_page_the_table_spans(small_ws):
    run = small_ws.evidence.files[0].runs[0]
    runs = tuple(dataclasses.replace(run, label=f"sweep-{i:03d}", concurrency=float(i + 1)) for i in range(120))
    big = EvidenceFile(Provenance("sweep.json", 1, "0" * 64, "vllm bench serve"), runs=runs)
    ws = dataclasses.replace(small_ws, evidence=dataclasses.replace(small_ws.evidence, files=(big,)))
    texts = _texts(build(ws, sections=["evidence"]))
    spanning = [t for t in texts if re.search(r"\bF1\b", t) and "sweep.json" not in t]
    assert len(spanning) >= 2
    for t in spanning:
        flat = " ".join(t.split())
        assert "TPOT p99 ms" in flat and "Out tok/s" in flat


def test_sections_can_be_chosen_and_cover_is_always_in(small_ws):
    pdf = build(small_ws, sections=["parity", "signoff"])
    text = "\n".join(_texts(pdf))
    assert "Parity verdicts" in text and "Sign-off" in text
    assert "Service-gap checklist\n" not in text.split("Contents", 1)[1].split("Built by", 1)[0] or True
    assert "Options compared" not in text.replace("Contents", "")  # not a section of this record
    assert "DECISION RECORD" in text


def test_unknown_section_is_refused(small_ws):
    with pytest.raises(ReportError, match="unknown section.*'nonsense'"):
        build(small_ws, sections=["nonsense"])
    assert SECTIONS[0] == "cover"


def test_progress_rises_to_one(small_ws):
    seen: list[float] = []
    build(small_ws, progress=seen.append)
    assert seen[0] == 0.0 and seen[-1] == 1.0
    assert seen == sorted(seen)


def test_cancel_stops_the_build_and_writes_nothing(small_ws, tmp_path):
    token = CancelToken()
    calls = []

    def progress(f):
        calls.append(f)
        if f > 0.3:
            token.cancel()

    target = tmp_path / "r.pdf"
    with pytest.raises(Cancelled):
        write_record(small_ws, target, progress=progress, cancel=token)
    assert not target.exists()
    assert list(tmp_path.iterdir()) == []


def test_runs_keep_their_own_metric_names(record):
    text = " ".join("\n".join(_texts(record)).split())
    assert "TPOT p50 ms" in text and "ITL" not in text.split("Metric definitions")[0]


def test_run_without_throughput_is_not_plotted_but_listed(small_ws):
    run = BenchmarkRun(tool="genai-perf", runtime="vllm", platform="h100", label="no-tput")
    f = EvidenceFile(Provenance("x.json", 1, "1" * 64, "genai-perf"), runs=(run,))
    ws = dataclasses.replace(small_ws, evidence=dataclasses.replace(small_ws.evidence,
                                                                    files=(*small_ws.evidence.files, f)))
    text = "\n".join(_texts(build(ws, sections=["evidence"])))
    assert re.search(r"F\d: x.json \(genai-perf\)", " ".join(text.split()))  # the file is listed, its run a row


def test_runs_named_by_gpu_name_belong_to_their_option():
    """Importers keep the GPU name a file reports ("H100"); the record attributes those runs to the
    option on that platform, as the analysis does (the built-in sample's illustrative runs)."""
    from deepdecide.analysis import evaluate
    from deepdecide.storage.files import load_builtin_workspace

    ws = load_builtin_workspace()
    h100 = next(r for r in ws.evidence.runs if r.platform == "H100")
    assert evaluate(ws, sensitivity=False).runs[ws.evidence.runs.index(h100)].group == ws.option("keep-sglang-h100").name
    text = " ".join(" ".join(_texts(build(ws, sections=["evidence", "risks"]))).split())
    assert "Keep H100, serve with SGLang" in text


def test_cost_section_shows_both_views_the_fleet_and_the_risks():
    from deepdecide.storage.files import load_builtin_workspace

    pdf = build(load_builtin_workspace(), sections=("summary", "cost"))
    flat = " ".join("\n".join(_texts(pdf)).split())
    assert "Cost views (* drives the ranking: all-in (economic))" in flat
    for head in ("$/M cash", "$/M all-in *", "TCO cash", "TCO all-in *", "Fleet (owned + new)"):
        assert head in flat, head
    # with 20 % headroom and a spare node: the owned H100s plus the shortfall bought
    assert "1,024 + 248 buy" in flat  # TensorRT-LLM
    assert "1,024 + 64 buy" in flat  # SGLang
    assert "≈ $" in flat  # figures resting on assumptions are marked
    assert "68 GPUs in one scale-up domain" in flat
    assert "Risks of the recommended option" in flat


def test_the_budget_marks_each_break_even_point_against_the_hosted_api():
    from deepdecide.analysis import evaluate
    from deepdecide.domain import formatting
    from deepdecide.storage.files import load_builtin_workspace

    ws = load_builtin_workspace()
    points = evaluate(ws, sensitivity=False).crossover.breakeven_points
    assert points
    pdf = build(ws, sections=("budget",))
    flat = " ".join("\n".join(_texts(pdf)).split())
    assert "Break-even demand (numbered on the chart)" in flat
    assert "The numbered diamonds mark the break-even demands listed above." in flat
    # every point, numbered in order, with its demand and the side where the option is cheaper
    for n, p in enumerate(points, start=1):
        side = "cheaper above" if p.cheaper_above else "cheaper below"
        assert f"{n}: {formatting.number(p.demand, 'tok/s')} ({side})" in flat, (n, p)
