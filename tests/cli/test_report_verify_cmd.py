"""`deepdecide report` and `deepdecide verify` end to end, through main([...])."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from deepdecide.cli.main import main

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "report"))
from pdf_helpers import P12_PASSWORD, SMALL, make_certificate


@pytest.fixture(scope="module")
def cert(tmp_path_factory):
    return make_certificate(tmp_path_factory.mktemp("clicert"))


def test_report_then_verify_intact(tmp_path, capsys):
    out = tmp_path / "r.pdf"
    assert main(["report", str(SMALL), "-o", str(out)]) == 0
    assert "wrote" in capsys.readouterr().out
    assert main(["verify", str(out)]) == 5  # intact, unsigned
    text = capsys.readouterr().out
    assert ": intact, unsigned (decision DR-0042" in text and "identical byte for byte" in text


def test_same_workspace_same_bytes_via_cli(tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert main(["report", str(SMALL), "-o", str(a)]) == 0
    assert main(["report", str(SMALL), "-o", str(b)]) == 0
    assert a.read_bytes() == b.read_bytes()


def test_verify_altered_exits_1_and_says_why(tmp_path, capsys):
    out = tmp_path / "r.pdf"
    main(["report", str(SMALL), "-o", str(out)])
    data = out.read_bytes()
    i = data.index(b"/Title (") + 8
    out.write_bytes(data[:i] + b"X" + data[i + 1:])
    capsys.readouterr()
    assert main(["verify", str(out)]) == 1
    text = capsys.readouterr().out
    assert "ALTERED" in text and "why:" in text


def test_verify_not_a_pdf_exits_3(tmp_path, capsys):
    f = tmp_path / "x.pdf"
    f.write_text("not a pdf")
    assert main(["verify", str(f)]) == 3
    assert "not a PDF" in capsys.readouterr().err
    assert main(["verify", str(tmp_path / "missing.pdf")]) == 3


def test_sign_with_password_from_env_and_verify_with_trust(tmp_path, cert, monkeypatch, capsys):
    monkeypatch.setenv("DEEPDECIDE_P12_PASSWORD", P12_PASSWORD)
    out = tmp_path / "s.pdf"
    assert main(["report", str(SMALL), "-o", str(out), "--sign", str(cert[0]), "--signer", "Ana Ruiz"]) == 0
    assert "signed by Ana Ruiz" in capsys.readouterr().out
    assert main(["verify", str(out), "--trust", str(cert[1])]) == 0
    text = capsys.readouterr().out
    assert "intact and valid; trusted" in text
    assert main(["verify", str(out)]) == 6  # self-signed, not given with --trust
    assert main(["verify", str(out), "--require-trusted"]) == 6  # the old option: now always so


def test_sign_with_password_file(tmp_path, cert, monkeypatch):
    monkeypatch.delenv("DEEPDECIDE_P12_PASSWORD", raising=False)
    pw = tmp_path / "pw.txt"
    pw.write_text(P12_PASSWORD + "\n")
    out = tmp_path / "s.pdf"
    assert main(["report", str(SMALL), "-o", str(out), "--sign", str(cert[0]), "--signer", "A",
                 "--password-file", str(pw)]) == 0
    assert main(["verify", str(out), "--trust", str(cert[1])]) == 0


def test_wrong_password_exits_3_and_leaves_no_pdf(tmp_path, cert, monkeypatch, capsys):
    monkeypatch.setenv("DEEPDECIDE_P12_PASSWORD", "wrong")
    out = tmp_path / "s.pdf"
    assert main(["report", str(SMALL), "-o", str(out), "--sign", str(cert[0]), "--signer", "A"]) == 3
    err = capsys.readouterr().err
    assert "wrong password" in err and str(cert[0]) in err
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_invalid_workspace_exits_3_with_located_error_and_no_pdf(tmp_path, capsys):
    bad = tmp_path / "bad.deepdecide.yaml"
    bad.write_text(SMALL.read_text().replace("chosen_option: keep-h100-vllm", "chosen_option: nope"))
    out = tmp_path / "r.pdf"
    assert main(["report", str(bad), "-o", str(out)]) == 3
    err = capsys.readouterr().err
    assert "bad.deepdecide.yaml" in err and "decision.chosen_option" in err and "unknown option 'nope'" in err
    assert not out.exists()


def test_unwritable_target_is_a_clear_error(tmp_path, capsys):
    assert main(["report", str(SMALL), "-o", str(tmp_path / "no" / "such" / "dir" / "r.pdf")]) == 1
    assert "does not exist" in capsys.readouterr().err
    assert main(["report", str(SMALL), "-o", str(tmp_path)]) == 2  # a folder is no output: a usage error
    assert "is a folder" in capsys.readouterr().err


def test_usage_errors_exit_2(tmp_path, capsys):
    assert main(["report", str(SMALL), "-o", str(tmp_path / "r.pdf"), "--signer", "A"]) == 2
    assert main(["report", str(SMALL), "-o", str(tmp_path / "r.pdf"), "--sign", "x.p12"]) == 2
    assert main(["report", str(SMALL), "-o", str(tmp_path / "r.pdf"), "--sections", "bogus"]) == 1
    assert "unknown section" in capsys.readouterr().err


def test_report_of_the_builtin_workspace(tmp_path):
    out = tmp_path / "builtin.pdf"
    assert main(["report", "-o", str(out), "--sections", "summary,options,cost"]) == 0
    assert main(["verify", str(out)]) == 5


def test_report_and_verify_do_not_import_qt():
    import subprocess

    code = ("import sys, deepdecide.cli.main as m; m.build_parser(); import deepdecide.report.integrity, "
            "deepdecide.report.build, deepdecide.report.signing; "
            "sys.exit(any(k.startswith(('PySide6', 'pyqtgraph')) for k in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], timeout=120).returncode == 0
