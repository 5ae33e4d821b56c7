"""The foundation's commands: matrix, check, validate; exit codes; no Qt in the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from deepdecide.cli.main import main

FIXTURES = Path(__file__).parent.parent / "fixtures"
MINIMAL = FIXTURES / "workspaces" / "minimal.deepdecide.yaml"


def test_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("deepdecide ")


def test_help_lists_commands_and_exit_codes(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for cmd in ("matrix", "check", "validate", "gui"):
        assert cmd in out
    assert "exit codes" in out


def test_usage_error_exits_2(capsys):
    assert main(["no-such-command"]) == 2
    assert main(["check"]) == 2
    assert "needs --gpu" in capsys.readouterr().err


def test_matrix_from_workspace(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # the source column wraps to the terminal's width: no line break in it
    assert main(["matrix", "--workspace", str(MINIMAL)]) == 0
    out = capsys.readouterr().out
    assert "vLLM" in out and "official" in out and "vLLM GPU install docs (as of 2026-09-24)" in out


def test_matrix_filters_and_json(capsys):
    assert main(["matrix", "--workspace", str(MINIMAL), "--runtime", "engine", "--platform", "H100 SXM", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == 1
    assert rows[0]["status"] == "undocumented" and rows[0]["sources"][0]["as_of"] == "2026-11"
    assert main(["matrix", "--workspace", str(MINIMAL), "--runtime", "nope"]) == 2


def test_matrix_tables_name_platforms_json_keeps_ids(capsys, monkeypatch):
    """The table names each platform ("NVIDIA A100 SXM"), in both languages, never its id ("nv-a100");
    ``--json`` keeps the id."""
    monkeypatch.setenv("COLUMNS", "200")
    for lang in ("en", "es"):
        assert main(["--lang", lang, "matrix", "--platform", "nv-a100"]) == 0
        out = capsys.readouterr().out
        assert "NVIDIA A100" in out and "nv-a100" not in out, out[:400]
    assert main(["matrix", "--platform", "nv-a100", "--json"]) == 0
    assert {json.loads(line)["platform"] for line in capsys.readouterr().out.splitlines()} == {"nv-a100"}


def test_check_with_flags(capsys):
    code = main(["check", "--workspace", str(MINIMAL), "--gpu", "H100 SXM", "--cuda", "12.8", "--python", "3.11",
                 "--os", "linux"])
    assert code == 0
    out = capsys.readouterr().out
    assert "nv-h100" in out
    assert "NOT listed -> experimental" in out  # the engine
    assert "officially listed" in out  # vLLM


def test_check_runtime_exit_code(capsys):
    assert main(["check", "--workspace", str(MINIMAL), "--gpu", "H100 SXM", "--runtime", "engine"]) == 1
    assert main(["check", "--workspace", str(MINIMAL), "--gpu", "H100", "--runtime", "vllm", "--cuda", "12.8",
                 "--python", "3.12", "--os", "linux"]) == 0
    assert main(["check", "--workspace", str(MINIMAL), "--gpu", "B200", "--runtime", "engine", "--cuda", "12.8"]) == 1


def test_check_json_shape(capsys):
    assert main(["check", "--workspace", str(MINIMAL), "--gpu", "B200", "--cuda", "12.8", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    engine = next(r for r in data["runtimes"] if r["runtime"] == "engine")
    assert engine["verdict"] == "listed" and engine["ready"] is False
    assert {"component": "cuda", "spec": ">=13", "machine": "12.8", "state": "unmet"}.items() <= engine["requirements"][0].items()


def test_check_nvidia_smi_file(tmp_path, capsys):
    xml = tmp_path / "smi.xml"
    xml.write_bytes(b"<nvidia_smi_log><driver_version>570.86.15</driver_version><cuda_version>12.8</cuda_version>"
                    b"<gpu id='1'><product_name>NVIDIA H100 80GB HBM3</product_name></gpu></nvidia_smi_log>")
    assert main(["check", "--workspace", str(MINIMAL), "--nvidia-smi", str(xml), "--python", "3.11"]) == 0
    out = capsys.readouterr().out
    assert "NVIDIA H100 80GB HBM3 x1 -> nv-h100" in out and "driver 570.86.15" in out
    bad = tmp_path / "bad.xml"
    bad.write_text("<oops")
    assert main(["check", "--workspace", str(MINIMAL), "--nvidia-smi", str(bad)]) == 3
    assert "bad.xml" in capsys.readouterr().err


def test_validate_good_and_bad(tmp_path, capsys):
    assert main(["validate", str(MINIMAL)]) == 0
    assert "valid workspace file" in capsys.readouterr().out
    bad = tmp_path / "bad.deepdecide.yaml"
    bad.write_text(MINIMAL.read_text().replace("strategy: keep", "strategy: kepp"))
    before = bad.read_bytes()
    assert main(["validate", str(bad)]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:" in err and "options[0].strategy" in err and "did you mean 'keep'" in err
    assert bad.read_bytes() == before  # validate writes nothing
    assert main(["validate", str(tmp_path / "missing.yaml")]) == 3


def test_validate_schema_output(capsys):
    assert main(["validate", "--schema", "workspace", "x"]) == 0
    assert json.loads(capsys.readouterr().out)["properties"]["kind"] == {"const": "workspace"}


def test_cli_alone_has_no_gui_command(capsys):
    # the GUI command comes from deepdecide.launcher (tests/test_launcher.py); the CLI package alone
    # asks for a command
    assert main([]) == 2
    assert "give a command" in capsys.readouterr().err
    assert main(["gui"]) == 2


def test_cli_never_imports_qt():
    code = (
        "import sys; from deepdecide.cli.main import main, build_parser; build_parser();"
        "main(['validate', sys.argv[1]]);"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'pyqtgraph', 'shiboken6')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    proc = subprocess.run([sys.executable, "-c", code, str(MINIMAL)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
