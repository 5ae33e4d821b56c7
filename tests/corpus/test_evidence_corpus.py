"""The standing bad-input corpus of evidence files (made by ``make_evidence_cases.py``, at test
time): for each case ``inspect`` and ``import --into`` either fail with a located message naming
the file (no traceback, the workspace byte-identical) or import with the value flagged; after
any successful import the workspace still validates and evaluates."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from deepdecide.cli.main import main
from deepdecide.storage.files import load_workspace

sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_evidence_cases as corpus

CASES = corpus.cases()
WORKSPACE = Path(__file__).resolve().parents[1] / "fixtures" / "workspaces" / "minimal.deepdecide.yaml"
CONTEXT = ["--runtime", "vllm", "--platform", "h100-sxm", "--gpus", "1", "--kind", "own"]


def test_the_corpus_is_large_and_names_are_unique():
    assert len(CASES) >= 90
    assert len({c.name for c in CASES}) == len(CASES)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    path = tmp_path_factory.mktemp("cases")
    yield path
    corpus.close_sockets()


@pytest.mark.parametrize("case", CASES, ids=[c.name.encode("unicode_escape").decode() for c in CASES])
def test_case(case, folder, tmp_path, capsys):
    try:
        path = corpus.write(case, folder)
    except PermissionError as exc:  # a device node only where the test may make one
        pytest.skip(f"cannot make {case.data} here: {exc}")
    ws = tmp_path / "ws.deepdecide.yaml"
    shutil.copyfile(WORKSPACE, ws)
    before = ws.read_bytes()

    inspect_code = main(["inspect", str(path)])
    out_i = capsys.readouterr()
    json_code = main(["inspect", "--json", str(path)])
    out_j = capsys.readouterr()
    import_code = main(["import", str(path), "--into", str(ws), *CONTEXT])
    out = capsys.readouterr()
    everything = out_i.out + out_i.err + out_j.out + out_j.err + out.out + out.err
    assert "Traceback" not in everything
    for secret in case.absent:
        assert secret not in everything
        assert case.printed_only or secret not in ws.read_text(encoding="utf-8", errors="replace")
    assert not any(c in everything for c in "\x1b\x07\u202e"), "control characters printed raw"

    if case.expect == "fail":
        assert inspect_code != 0 and json_code != 0 and import_code != 0
        assert ws.read_bytes() == before
        shown = corpus_name(case.name)
        for err in (out_i.err, out.err):
            assert shown in err, f"the file is not named: {err!r}"
            assert case.place in err, f"the place {case.place!r} is not named: {err!r}"
        return
    assert inspect_code == 0 and json_code == 0 and import_code == 0, everything
    assert ws.read_bytes() != before
    loaded = load_workspace(ws)  # validates
    if case.expect == "flag":
        ev = loaded.evidence.files[-1]
        texts = [str(f) for r in ev.runs for f in r.quality_flags] + [str(p.tolerance or "") for p in ev.parity]
        assert any(case.place in t for t in texts) or case.place in out_i.out, texts
    assert main(["evaluate", str(ws)]) in (0, 1)
    assert "Traceback" not in capsys.readouterr().err


def corpus_name(name: str) -> str:
    """The file name as the terminal shows it (control characters escaped, a newline too)."""
    from deepdecide.cli.common import one_line

    return one_line(name)
