"""A file of a known other model than the workload's says so in its import row (a mismatch whatever
context it is given, unless accepted as a proxy); its runtime and platform are still asked, since a
proxy stands for an option."""

from __future__ import annotations

from dataclasses import replace

from import_folders import FILES, vllm_gpu_folder

from deepdecide.importers import context_table as ct
from deepdecide.importers.folder import import_folder
from deepdecide.storage.files import load_builtin_workspace


def test_the_row_names_the_other_model_and_still_asks_the_context(shared_fixture, tmp_path):
    found = import_folder(vllm_gpu_folder(shared_fixture, tmp_path / "sweep"))
    ws = load_builtin_workspace()
    rows = [ct.row_for(path, result, ws.matrix, ws.workload) for path, result in found.imported]
    assert [r.file_name for r in rows] == list(FILES)
    assert rows[0].other_model == "facebook/opt-125m" and rows[0].lacks == ("runtime", "platform", "gpu_count")
    assert rows[4].other_model == "meta-llama/Llama-3.2-3B-Instruct"
    # the workload's own model (or no workload stated): nothing to say
    opt = replace(ws.workload, model="facebook/opt-125m", aliases=())
    assert [ct.row_for(p, r, ws.matrix, opt).other_model for p, r in found.imported][:4] == [""] * 4
    assert all(ct.row_for(p, r, ws.matrix).other_model == "" for p, r in found.imported)
