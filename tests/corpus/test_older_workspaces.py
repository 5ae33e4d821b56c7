"""The corpus's older workspaces (issue 26, failure 2): files an earlier build wrote that must keep
opening. A schema-1 file without ``schema_version`` is of schema 1 and runs every migration; a value
it holds that breaks a rule added later is a warning on open and is carried over, unchanged, by every
command that writes the workspace (docs/workspace-schema.md, "Carried over"); a changed value must
meet the rule. Every command runs in process, with no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from deepdecide.cli.main import main
from deepdecide.domain.workspace import SCHEMA_VERSION
from deepdecide.storage import files

MINIMAL = Path(__file__).resolve().parents[1] / "fixtures" / "workspaces" / "minimal.deepdecide.yaml"
RUNS = Path(__file__).resolve().parents[2] / "data" / "samples" / "evidence" / \
    "sglang_dsv4_flash_h100_tp8_fp4_illustrative.jsonl"
POWER = "power_kw_per_gpu: {low: 1.6, likely: 1.73, high: 1.9}\n- id: port-engine"

#: (name, text of the file, the key path the open warns about; "" for none)
CASES: list[tuple[str, str, str]] = [
    ("schema-1-no-version", MINIMAL.read_text(encoding="utf-8").replace("schema_version: 1\n", "", 1), ""),
    ("schema-1-power-zero", MINIMAL.read_text(encoding="utf-8").replace(
        POWER, POWER.replace("{low: 1.6, likely: 1.73, high: 1.9}", "{low: 0, likely: 0, high: 0}"), 1),
     "options[0].cost.power_kw_per_gpu"),
    ("schema-1-no-version-error-rate-500-percent",
     MINIMAL.read_text(encoding="utf-8").replace("schema_version: 1\n", "", 1) + "slo:\n  max_error_rate: 5\n",
     "slo.max_error_rate"),
]


def _run(argv: list[str], capsys) -> tuple[int, str]:
    code = main(argv)
    out = capsys.readouterr()
    assert "Traceback" not in out.err + out.out
    return code, out.out + out.err


@pytest.mark.parametrize(("name", "text", "warned"), CASES, ids=[c[0] for c in CASES])
def test_an_older_workspace_opens_reports_imports_and_keeps_what_it_held(name, text, warned, tmp_path, capsys):
    path = tmp_path / f"{name}.deepdecide.yaml"
    path.write_text(text, encoding="utf-8")
    code, out = _run(["validate", str(path)], capsys)
    assert code == 0, out
    assert (warned in out) if warned else ("warning" not in out)
    code, out = _run(["report", str(path), "-o", str(tmp_path / "r.pdf")], capsys)
    assert code == 0 and (tmp_path / "r.pdf").exists(), out
    code, out = _run(["verify", str(tmp_path / "r.pdf")], capsys)
    assert "intact, unsigned" in out and "identical byte for byte" in out and "ALTERED" not in out, out
    before = files.load_workspace(path)
    # a command that writes the workspace: the data the user did not change never blocks it
    code, out = _run(["import", str(RUNS), "--into", str(path), "--kind", "third-party"], capsys)
    assert code == 0, out
    saved = path.read_text(encoding="utf-8")
    assert f"\nschema_version: {SCHEMA_VERSION}\n" in saved
    after = files.load_workspace(path)
    assert after.options == before.options and after.slo == before.slo and after.signoffs == before.signoffs
    assert len(after.evidence.files) == len(before.evidence.files) + 1
    if warned:
        assert [c.path for c in after.carried_over] == [warned]
        code, out = _run(["validate", str(path)], capsys)
        assert code == 0 and "carried over" in out and warned in out, out
    else:
        assert after.carried_over == ()


def test_a_carried_over_value_changed_by_hand_is_refused(tmp_path, capsys):
    _name, text, warned = CASES[2]
    path = tmp_path / "w.deepdecide.yaml"
    path.write_text(text, encoding="utf-8")
    assert _run(["import", str(RUNS), "--into", str(path), "--kind", "third-party"], capsys)[0] == 0
    path.write_text(path.read_text(encoding="utf-8").replace("max_error_rate: 5", "max_error_rate: 6"),
                    encoding="utf-8")
    code, out = _run(["validate", str(path)], capsys)
    assert code == 1 and warned in out and f"{path}:" in out, out


def test_a_flag_whose_figure_an_earlier_version_stored_as_text_reads_in_the_language(tmp_path, capsys):
    """Before the notes wrote a file's figure in the language, a flag stored it as English text
    (``value: '0.20354'``) and named the field by its id: such a workspace opens, its record names the field
    in words and writes the figure in Spanish decimals, and saving it keeps the stored flag as it was."""
    import dataclasses
    import io

    from pypdf import PdfReader

    from deepdecide.domain import flags
    from deepdecide.domain.evidence import BenchmarkRun, Evidence, EvidenceFile, Provenance

    stored = {"id": "safety.latency_unit", "params": {"name": "ttft_ms_p50", "value": "0.20354", "min": 1.0}}
    base = files.load_workspace(MINIMAL, [])
    run = BenchmarkRun(tool="vllm", concurrency=8, quality_flags=(flags.from_data(stored),))
    f = EvidenceFile(Provenance(file_name="b.json", size_bytes=1, sha256="a" * 64, tool="vllm"), runs=(run,))
    path = tmp_path / "older.deepdecide.yaml"
    path.write_text(files.workspace_to_yaml(dataclasses.replace(base, evidence=Evidence(files=(f,)))), encoding="utf-8")
    assert "value: '0.20354'" in path.read_text(encoding="utf-8")
    pdf = tmp_path / "r.pdf"
    code, out = _run(["--lang", "es", "report", str(path), "-o", str(pdf)], capsys)
    assert code == 0, out
    text = " ".join((p.extract_text() or "") for p in PdfReader(io.BytesIO(pdf.read_bytes())).pages)
    assert "TTFT p50 es 0,20354 ms" in " ".join(text.split()), "the note in words and Spanish decimals"
    assert "ttft_ms_p50 es" not in text and "0.20354" not in text
    again = files.load_workspace(path)
    assert flags.to_data(again.evidence.runs[0].quality_flags[0]) == stored
