"""Export for spreadsheets: the comparison and the evidence as CSV (and XLSX), read back."""

from __future__ import annotations

import csv
import dataclasses
import io
from pathlib import Path

import pytest

from deepdecide.analysis import evaluate
from deepdecide.analysis.assessment import Figure
from deepdecide.cli import main as cli_main
from deepdecide.domain import presentation as look
from deepdecide.domain.evidence import BENCHMARK_FIELDS, PARITY_FIELDS, Evidence
from deepdecide.importers.registry import import_file
from deepdecide.report import spreadsheet as sheet
from deepdecide.storage.files import load_builtin_workspace, sample_workspace_path

FIXTURES = Path(__file__).resolve().parents[2] / ".." / "shared" / "fixtures"


def read_csv(path: Path) -> list[dict[str, str]]:
    text = path.read_bytes().decode("utf-8")
    assert text.startswith("\ufeff"), "UTF-8 with a byte-order mark, for spreadsheet programs"
    return list(csv.DictReader(io.StringIO(text[1:])))


def figures(oa) -> list[Figure]:
    out = []

    def walk(obj):
        for f in dataclasses.fields(obj):
            v = getattr(obj, f.name)
            if isinstance(v, Figure):
                out.append(v)
            elif dataclasses.is_dataclass(v):
                walk(v)

    walk(oa)
    return out


@pytest.fixture(scope="module")
def sample():
    ws = load_builtin_workspace()
    return ws, evaluate(ws, sensitivity=False, monte_carlo=True, draws=400)


def test_comparison_csv_holds_every_figure_as_a_plain_number_with_its_unit(sample, tmp_path):
    ws, a = sample
    out = tmp_path / "comparison.csv"
    sheet.write_csv(sheet.comparison_table(ws, a), out)
    rows = read_csv(out)
    assert [r["option"] for r in rows] == list(a.order)  # the one order of every view
    assert list(a.order[:len(a.ranking)]) == list(a.ranking)
    short = look.short_labels(ws)
    for r in rows:
        oa = a.option(r["option"])
        assert r["short label"] == short[oa.option] and r["name"] == oa.name
        assert r["rank"] == ("" if oa.rank is None else str(oa.rank))
        assert r["cost view"]  # the cost view is named on every row
        seen: set[str] = set()
        for fig in figures(oa):
            col = f"{fig.name} [{fig.unit}]" if fig.unit else fig.name
            if col in seen:  # the same name in a cost view: its column carries the view's prefix
                continue
            seen.add(col)
            if col not in r:  # a cost view's own figures carry the view as a prefix ("cash: ...")
                assert any(h.endswith(": " + col) for h in r), col
                continue
            assert col in r, col
            if fig.value is None:
                assert r[col] == ""
            else:
                assert float(r[col]) == pytest.approx(fig.value, rel=1e-14), col  # a number, not "$0.216"
        if oa.score is not None:
            assert float(r["score [points]"]) == pytest.approx(oa.score.total)
        d = a.monte_carlo.for_option(oa.option)
        if oa.can_win:
            assert float(r["P(best) [fraction]"]) == pytest.approx(d.p_best)
        else:  # an option that cannot win has no P(best), not 0
            assert r["P(best) [fraction]"] == ""
        assert r["Monte Carlo draws [draws]"] == "400"


def test_comparison_basis_column_says_assumed_where_the_assessment_does(sample):
    ws, a = sample
    table = sheet.comparison_table(ws, a)
    cap = "capacity under the SLO [output tok/s/GPU]"
    assert cap in table.headers
    expected = {"own": "measured", "third_party": "measured", "proxy": "proxy", "predicted": "predicted",
                "assumed": "assumed"}
    for oid, basis in zip(table.column("option"), table.column("capacity under the SLO basis"), strict=True):
        oa = a.option(oid)
        if oa.capacity.value is None:
            assert basis == ""
        else:
            assert basis == expected[oa.capacity.source.value]
    assert table.column("capacity source") == [a.option(o).capacity.source.value for o in table.column("option")]
    assert table.column("evidence: mismatches [runs]") == [a.option(o).fit.mismatches for o in table.column("option")]
    # a price the user entered is not labelled a measurement
    assert set(table.column("all-in $/GPU-h basis")) <= {""}


def test_comparison_without_monte_carlo_leaves_the_columns_out():
    ws = load_builtin_workspace()
    table = sheet.comparison_table(ws, evaluate(ws, sensitivity=False))
    assert not any(h.startswith(("P(best)", "Monte Carlo")) for h in table.headers)


def test_evidence_csv_uses_the_inspect_names_after_the_provenance(tmp_path):
    ws = load_builtin_workspace()
    a = evaluate(ws, sensitivity=False)
    out = tmp_path / "evidence.csv"
    sheet.write_csv(sheet.evidence_table(ws, a), out)
    rows = read_csv(out)
    runs = [(f, r) for f in ws.evidence.files for r in f.runs]
    assert len(rows) == len(runs) > 0
    assert list(rows[0]) == list(sheet.PROVENANCE_COLUMNS) + list(sheet.FIT_COLUMNS) + list(BENCHMARK_FIELDS)
    fits = {(f.file_index, f.index): f for f in a.evidence_fit if f.item == "run"}
    flat = [(fi, ri) for fi, f in enumerate(ws.evidence.files) for ri in range(len(f.runs))]
    for row, key in zip(rows, flat, strict=True):
        assert row["applicability"] == fits[key].applicability.value  # matches / proxy / mismatch / needs-context
        assert row["options"] == "; ".join(fits[key].options)
    for row, (f, run) in zip(rows, runs, strict=True):
        assert row["file_name"] == f.provenance.file_name
        assert row["file_sha256"] == f.provenance.sha256 and len(row["file_sha256"]) == 64
        assert row["file_kind"] == f.provenance.kind.value
        assert row["file_measured"] == ("true" if f.provenance.kind.measured else "false")
        for name in ("output_throughput_tps", "ttft_ms_p99", "tpot_ms_p99", "output_tps_per_gpu", "concurrency"):
            value = getattr(run, name)
            assert (row[name] == "") if value is None else float(row[name]) == pytest.approx(value, rel=1e-14)
        assert row["quality_flags"] == "; ".join(map(str, run.quality_flags))


def test_parity_checks_export_with_their_verdicts(tmp_path):
    path = FIXTURES / "parity" / "lm_eval" / "v0.4.2_gsm8k_hf_Llama-3-8B-Instruct_A100.json"
    if not path.exists():
        pytest.skip(f"third-party fixture missing: {path}")
    result = import_file(path)
    ws = dataclasses.replace(load_builtin_workspace(), evidence=Evidence(files=(result.evidence,)))
    out = tmp_path / "parity.csv"
    sheet.write_csv(sheet.parity_table(ws), out)
    rows = read_csv(out)
    assert len(rows) == len(result.evidence.parity) > 0
    assert list(rows[0])[len(sheet.PROVENANCE_COLUMNS) + len(sheet.FIT_COLUMNS):] == list(PARITY_FIELDS)
    for row, check in zip(rows, result.evidence.parity, strict=True):
        assert row["verdict"] == check.verdict.value and row["task"] == check.task
        assert float(row["value"]) == pytest.approx(check.value)
        assert row["file_sha256"] == result.evidence.provenance.sha256


def test_a_failed_write_leaves_the_old_file(tmp_path, monkeypatch):
    ws = load_builtin_workspace()
    out = tmp_path / "evidence.csv"
    out.write_text("old")
    import os

    def boom(*_a, **_k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError):
        sheet.write_csv(sheet.evidence_table(ws), out)
    assert out.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["evidence.csv"]


def test_cli_export_writes_csv_and_xlsx(tmp_path, capsys):
    openpyxl = pytest.importorskip("openpyxl")
    c, e, x = tmp_path / "c.csv", tmp_path / "e.csv", tmp_path / "w.xlsx"
    code = cli_main.main(["export", str(sample_workspace_path()), "--comparison", str(c), "--evidence", str(e),
                          "--xlsx", str(x), "--draws", "300"])
    assert code == 0
    out = capsys.readouterr().out
    assert f"wrote {c}" in out and f"wrote {x}" in out
    rows = read_csv(c)
    wb = openpyxl.load_workbook(x, read_only=True)
    assert wb.sheetnames == ["Comparison", "Evidence", "Parity", "Cash flow"]
    sheet_rows = list(wb["Comparison"].iter_rows(values_only=True))
    headers = list(sheet_rows[0])
    assert headers == list(rows[0])
    col = headers.index("TCO over 3 years [$]")
    for xr, cr in zip(sheet_rows[1:], rows, strict=True):
        if cr["TCO over 3 years [$]"] == "":
            assert xr[col] is None
            continue
        assert isinstance(xr[col], (int, float))  # numbers stay numbers in the workbook
        assert xr[col] == pytest.approx(float(cr["TCO over 3 years [$]"]))
    assert len(list(wb["Evidence"].iter_rows())) == len(read_csv(e)) + 1
    wb.close()


def test_the_monthly_cash_flow_is_exported_and_sums_to_the_tco(tmp_path):
    """``export --cash-flow`` and the workbook's Cash flow sheet: each option's months, capex / opex /
    engineering as paid; the months of an option sum to its cash TCO (and its economic column to the
    economic TCO); text cells go through the formula-neutralising writer like every other sheet."""
    openpyxl = pytest.importorskip("openpyxl")
    f, x = tmp_path / "cash.csv", tmp_path / "w.xlsx"
    assert cli_main.main(["export", str(sample_workspace_path()), "--cash-flow", str(f), "--xlsx", str(x),
                          "--no-monte-carlo"]) == 0
    rows = read_csv(f)
    a = evaluate(load_builtin_workspace(), sensitivity=False)
    for oa in a.options:
        mine = [r for r in rows if r["option"] == oa.option]
        if oa.costs.cash_flow is None:
            assert not mine
            continue
        assert len(mine) == 36 and mine[0]["month"] == "2026-11" and mine[0]["fiscal year"] == "FY2026"
        assert sum(float(r["cash [$]"]) for r in mine) == pytest.approx(oa.costs.cash.tco_usd.value)
        assert sum(float(r["economic (all-in) [$]"]) for r in mine) == pytest.approx(oa.costs.all_in.tco_usd.value)
        assert float(mine[-1]["cumulative cash [$]"]) == pytest.approx(oa.costs.cash.tco_usd.value)
    b200 = [r for r in rows if r["option"] == "buy-sm100-deepinfer"]
    # sized per pool at its measured 4 + 64 ratio: 25 units of 72 = 1,800 B200s (docs/analysis.md)
    assert float(next(r for r in b200 if r["month"] == "2027-03")["capex [$]"]) == pytest.approx(1800 * 55_000)
    wb = openpyxl.load_workbook(x, read_only=True)
    assert wb.sheetnames == ["Comparison", "Evidence", "Parity", "Cash flow"]
    assert len(list(wb["Cash flow"].iter_rows())) == len(rows) + 1
    wb.close()
    # a hostile short label is text, never a formula
    ws = load_builtin_workspace()
    ws = dataclasses.replace(ws, options=tuple(dataclasses.replace(o, short_label=f"=cmd|{i}")
                                               for i, o in enumerate(ws.options)))
    table = sheet.cash_flow_table(ws, evaluate(ws, sensitivity=False))
    cells = [c for r in csv.reader(io.StringIO(sheet.csv_bytes(table).decode("utf-8-sig"))) for c in r]
    assert "'=cmd|0" in cells and not any(c.startswith("=") for c in cells)


def test_cli_export_errors_are_clear(tmp_path, capsys, monkeypatch):
    assert cli_main.main(["export"]) == cli_main.EXIT_USAGE
    assert "give at least one of" in capsys.readouterr().err
    bad = tmp_path / "missing" / "c.csv"
    assert cli_main.main(["export", "--no-monte-carlo", "--comparison", str(bad)]) == cli_main.EXIT_PROBLEM
    err = capsys.readouterr().err
    assert f"cannot write {bad}" in err and "nothing was written" in err and "Traceback" not in err
    broken = tmp_path / "broken.deepdecide.yaml"
    broken.write_text("name: [\n")
    assert cli_main.main(["export", str(broken), "--comparison", str(tmp_path / "c.csv")]) == cli_main.EXIT_INPUT
    assert "broken.deepdecide.yaml" in capsys.readouterr().err
    assert not (tmp_path / "c.csv").exists()
    monkeypatch.setattr(sheet, "xlsx_available", lambda: False)
    assert cli_main.main(["export", "--xlsx", str(tmp_path / "w.xlsx")]) == cli_main.EXIT_USAGE
    assert "pip install 'deepdecide[xlsx]'" in capsys.readouterr().err
    assert not (tmp_path / "w.xlsx").exists()


def test_an_assumed_capacity_whose_reason_names_proxy_runs_is_assumed_in_every_figure_it_drives(sample):
    """Keep H100 · SGLang keeps its stated assumption because its proxy runs cannot be judged against the
    SLO; the flag's reason mentions those proxy runs, which must not relabel its GPUs, $/M or TCO 'proxy'."""
    ws, a = sample
    oa = a.option("keep-sglang-h100")
    assert oa.capacity.source.value == "assumed"
    assert any("proxy" in f.render(lambda t: t).lower() for f in oa.capacity.figure.flags)
    t = sheet.comparison_table(ws, a)
    cell = dict(zip(t.headers, next(r for r in t.rows if r[1] == "keep-sglang-h100"), strict=True))
    bases = {h: v for h, v in cell.items() if h.endswith(" basis") and v}
    assert bases and set(bases.values()) == {"assumed"}, bases


def test_the_comparison_carries_each_pools_figures_with_their_basis():
    ws = load_builtin_workspace()
    t = sheet.comparison_table(ws, evaluate(ws, sensitivity=False))
    row = next(r for r in t.rows if r[1] == "buy-sm100-deepinfer")
    cell = dict(zip(t.headers, row, strict=True))
    assert cell["pools: prefill: capacity under the SLO [input tok/s/GPU]"] == 20_000
    assert cell["pools: prefill: capacity under the SLO basis"] == "assumed"
    assert cell["pools: decode: capacity under the SLO [output tok/s/GPU]"] == 637.5
    assert cell["pools: $/M input tokens [$/M input tok]"] == pytest.approx(0.0273, abs=5e-5)
    assert cell["pools: $/M output tokens [$/M output tok]"] == pytest.approx(3.49, abs=5e-3)
    assert cell["pools: $/M output tokens basis"] == "assumed"
    aggregated = next(r for r in t.rows if r[1] == "keep-sglang-h100")
    assert dict(zip(t.headers, aggregated, strict=True))["pools: $/M tokens, blended [$/M tok]"] is None


def test_the_comparison_carries_each_pools_platform_and_fleet():
    """The mixed option's pools in the export: where each runs and its fleet (328 owned H100s for prefill,
    312 bought B200s for decode, docs/analysis.md); an aggregated option leaves the pool columns empty."""
    ws = load_builtin_workspace()
    t = sheet.comparison_table(ws, evaluate(ws, sensitivity=False))
    cell = dict(zip(t.headers, next(r for r in t.rows if r[1] == "mixed-h100-prefill-sm100-decode"), strict=True))
    assert (cell["prefill pool: platform"], cell["prefill pool: runtime"]) == ("nv-h100", "sglang")
    assert cell["prefill pool: class"] == cell["decode pool: class"] == "official"  # each pool classified on its own
    assert (cell["prefill pool: workers [workers]"], cell["prefill pool: GPUs [GPUs]"]) == (40, 328)
    assert (cell["prefill pool: owned GPUs used [GPUs]"], cell["prefill pool: new GPUs [GPUs]"]) == (328, 0)
    assert (cell["decode pool: platform"], cell["decode pool: workers [workers]"]) == ("nv-b200", 38)
    assert (cell["decode pool: GPUs [GPUs]"], cell["decode pool: new GPUs [GPUs]"]) == (312, 312)
    aggregated = dict(zip(t.headers, next(r for r in t.rows if r[1] == "keep-sglang-h100"), strict=True))
    assert aggregated["decode pool: GPUs [GPUs]"] is None and aggregated["prefill pool: platform"] is None
