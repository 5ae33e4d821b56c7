"""``deepdecide diff`` under Spanish: the changes' keys, words and figures in Spanish; ``--json``
the same English keys and texts in every language."""

from __future__ import annotations

import dataclasses
import json

from deepdecide.analysis.diff import AREAS, area_text, diff_workspaces
from deepdecide.cli.main import main
from deepdecide.domain import i18n
from deepdecide.domain.common import Estimate
from deepdecide.storage.files import load_builtin_workspace, save_workspace


def _edited():
    ws = load_builtin_workspace()
    opts = tuple(dataclasses.replace(o, cost=dataclasses.replace(o.cost, gpu_hour_usd=Estimate(1.5, 1.8, 2.2)))
                 if o.id == "buy-sm100-deepinfer" else o for o in ws.options)
    fewer = dataclasses.replace(ws.evidence, files=ws.evidence.files[1:])
    return ws, dataclasses.replace(ws, options=opts, evidence=fewer,
                                   demand=dataclasses.replace(ws.demand, output_tokens_per_s=250_000))


def test_diff_speaks_spanish_and_json_stays_english(tmp_path, capsys):
    a_ws, b_ws = _edited()
    a, b = tmp_path / "a.deepdecide.yaml", tmp_path / "b.deepdecide.yaml"
    save_workspace(a_ws, a)
    save_workspace(b_ws, b)
    assert main(["--lang", "es", "diff", str(a), str(b)]) == 1
    out = capsys.readouterr().out
    assert "[demanda]" in out and "demand.output_tokens_per_s: 200.000 -> 250.000" in out
    assert "quitado" in out and "removed" not in out and "[precios]" in out
    assert "Resultado" in out or "resultado" in out
    assert main(["--lang", "es", "diff", str(a), str(b), "--json"]) == 1
    spanish_json = capsys.readouterr().out
    assert main(["diff", str(a), str(b), "--json"]) == 1
    assert capsys.readouterr().out == spanish_json  # the same bytes in every language
    data = json.loads(spanish_json)
    assert any(c["area"] == "evidence" and c["after"] == "removed" for c in data["inputs"])
    assert any(c["key"] == "demand.output_tokens_per_s" and c["after"] == "250,000" for c in data["inputs"])


def test_diff_values_and_areas_in_spanish():
    a_ws, b_ws = _edited()
    with i18n.using("es"):
        d = diff_workspaces(a_ws, b_ws)
        assert all(area_text(a) != a or a == "slo" for a in AREAS)
    removed = [c for c in d.inputs if c.area == "evidence"]
    assert removed and all(c.key.startswith("archivo ") and c.after == "quitado" for c in removed)
    assert any(c.key.endswith(": GPU") or ": coste por millón de tokens" in c.key for c in d.outcome)
