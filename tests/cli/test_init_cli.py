"""``deepdecide init``: a new, valid workspace from flags (it asks nothing), or a copy of the sample;
never over an existing file; ``import --into`` a missing file says to run it first."""

from __future__ import annotations

import pytest

from deepdecide.cli.main import main
from deepdecide.domain.workspace import Strategy
from deepdecide.storage.files import check, load_workspace


def test_init_writes_a_valid_workspace_from_flags(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", None)  # nothing is read: it asks nothing
    path = tmp_path / "new.deepdecide.yaml"
    assert main(["init", str(path), "--model", "DeepSeek-V4.1-Flash", "--option", "vllm:nv-h100:keep",
                 "--option", "deepinfer:H100 SXM", "--option", "deepinfer:NVIDIA B200"]) == 0
    out = capsys.readouterr().out
    assert "with 3 options: keep-vllm-nv-h100, port-deepinfer-nv-h100, buy-deepinfer-nv-b200" in out
    ws = load_workspace(path)
    assert check(ws) == []
    assert ws.model == ws.workload.model == "DeepSeek-V4.1-Flash"
    assert [(o.runtime, o.platform, o.strategy) for o in ws.options] == [
        ("vllm", "nv-h100", Strategy.KEEP), ("deepinfer", "nv-h100", Strategy.PORT),
        ("deepinfer", "nv-b200", Strategy.BUY)]  # port: DeepInfer is not on the official list for H100
    assert ws.decision.considered_options == tuple(o.id for o in ws.options)
    assert ws.matrix.platforms and ws.checklist and ws.criteria  # the built-in data, copied in
    assert "matrix: builtin" not in path.read_text()
    # a workspace the analysis reads; with no evidence and no assumption nothing shows that an option
    # meets the SLO: no winner (exit 1), and it says what would make one recommendable
    capsys.readouterr()
    assert main(["evaluate", str(path), "--no-monte-carlo"]) == 1
    said = capsys.readouterr().out
    assert "no recommendation: no option meets the SLO with the evidence at hand" in said
    assert "What would make an option recommendable:" in said
    assert main(["validate", str(path)]) == 0


def test_init_never_overwrites_and_refuses_what_the_matrix_cannot_place(tmp_path, capsys):
    path = tmp_path / "ws.deepdecide.yaml"
    path.write_text("mine\n")
    assert main(["init", str(path), "--model", "M"]) == 2
    assert "exists: init never overwrites a file" in capsys.readouterr().err
    assert path.read_text() == "mine\n"
    new = tmp_path / "new.deepdecide.yaml"
    for argv, said in ((["--option", "vllm:H100 PCIe"], "'H100 PCIe' is not a platform in the matrix; closest: nv-h100"),
                       (["--option", "flashmla:nv-h100"], "FlashMLA is a kernel library"),
                       (["--option", "vllm"], "give an option as RUNTIME:PLATFORM"),
                       (["--option", "vllm:nv-h100:rent"], "the strategy is one of keep, port, buy, dev-only"),
                       (["--option", "vllm:nv-h100", "--option", "vLLM:H100 SXM"], "is given twice")):
        assert main(["init", str(new), "--model", "M", *argv]) == 2
        assert said in capsys.readouterr().err
    assert main(["init", str(new), "--option", "vllm:nv-h100"]) == 2
    assert "needs the model it decides about (--model)" in capsys.readouterr().err
    assert main(["init", str(tmp_path / "new.txt"), "--model", "M"]) == 2
    assert not new.exists()


def test_init_from_sample_and_import_into_a_new_workspace(tmp_path, capsys, shared_fixture):
    sample = tmp_path / "sample.deepdecide.yaml"
    assert main(["init", str(sample), "--from-sample"]) == 0
    assert len(load_workspace(sample).options) == 9
    assert main(["init", str(tmp_path / "x.yaml"), "--from-sample", "--model", "M"]) == 2
    capsys.readouterr()
    new = tmp_path / "new.deepdecide.yaml"
    run = shared_fixture("benchmarks/vllm/vllm_bench_sweep_serve_run0_opt125m.json")
    assert main(["import", str(run), "--into", str(new), "--kind", "own"]) == 3
    assert "no such workspace; create it first with `deepdecide init" in capsys.readouterr().err
    assert not new.exists()
    assert main(["init", str(new), "--model", "facebook/opt-125m", "--option", "vllm:nv-l40s"]) == 0
    assert main(["import", str(run), "--into", str(new), "--kind", "own", "--runtime", "vllm",
                 "--platform", "nv-l40s", "--gpus", "1"]) == 0
    assert len(load_workspace(new).evidence.files) == 1


@pytest.mark.parametrize("lang", ["en", "es"])
def test_init_is_documented(capsys, lang):
    assert main(["--lang", lang, "init", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--option RUNTIME:PLATFORM[:STRATEGY]" in out and "--from-sample" in out
    assert main(["--lang", lang, "--help"]) == 0
    assert "init" in capsys.readouterr().out
