"""A file of a known other model than the workload's says so in its import row (a mismatch whatever
context it is given, unless accepted as a proxy), and its context is never asked: the row does not wait
for a confirmation (its name's suggestions are kept and may still be edited)."""

from __future__ import annotations

from dataclasses import replace

from import_folders import FILES, vllm_gpu_folder

from deepdecide.domain.evidence import ProvenanceKind
from deepdecide.importers import context_table as ct
from deepdecide.importers.folder import import_folder
from deepdecide.storage.files import load_builtin_workspace


def test_the_row_names_the_other_model_and_never_asks_its_context(shared_fixture, tmp_path):
    found = import_folder(vllm_gpu_folder(shared_fixture, tmp_path / "sweep"))
    ws = load_builtin_workspace()
    rows = [ct.row_for(path, result, ws.matrix, ws.workload) for path, result in found.imported]
    assert [r.file_name for r in rows] == list(FILES)
    assert rows[0].other_model == "facebook/opt-125m" and rows[0].lacks == ("runtime", "platform", "gpu_count")
    assert rows[4].other_model == "meta-llama/Llama-3.2-3B-Instruct"
    assert not any(r.needs_confirmation for r in rows if r.other_model)
    said = [replace(r, file_kind=ProvenanceKind.THIRD_PARTY) for r in rows if r.other_model]
    assert said and not ct.needs_asking(said) and not ct.blocking(said)
    # the workload's own model (or no workload stated): nothing to say
    opt = replace(ws.workload, model="facebook/opt-125m", aliases=())
    assert [ct.row_for(p, r, ws.matrix, opt).other_model for p, r in found.imported][:4] == [""] * 4
    assert all(ct.row_for(p, r, ws.matrix).other_model == "" for p, r in found.imported)
