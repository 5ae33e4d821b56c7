"""``deepdecide evaluate``: table, JSON, exit codes, bad input."""

from __future__ import annotations

import json
import re

import pytest

from deepdecide.cli import main as cli_main
from deepdecide.storage.files import sample_workspace_path


@pytest.fixture(autouse=True)
def _only_evaluate(monkeypatch):
    # keep these tests independent of the other commands' modules
    monkeypatch.setattr(cli_main, "COMMAND_MODULES", ("evaluate_cmd",))


def test_evaluate_prints_the_ranking_with_classification_and_reasons(capsys):
    assert cli_main.main(["evaluate", str(sample_workspace_path()), "--draws", "500"]) == 0
    out = capsys.readouterr().out
    assert "winner:" in out
    for col in ("rank", "class", "evidence", "tok/s/GPU", "GPUs (owned+new)", "$/M cash", "$/M all-in*",
                "TCO 3y cash", "TCO 3y all-in*", "P(best)"):
        assert col in out
    assert "Cost view that drives the ranking: all-in" in out
    # options by their names, never their ids (ids stay in --json)
    assert "port-deepinfer-h100" not in out and "keep-sglang-h100" not in out
    line = next(ln for ln in out.splitlines() if "Port DeepInfer to H100 (experimental)" in ln and ln.startswith("-"))
    assert "experimental" in line and "blocked" in line
    assert "not on the official list" in out
    assert "BLOCKER: Persistent KV cache" in out
    assert "not recommendable: not recommendable until someone is named to build Persistent KV cache" in out
    assert "dev-only" in out
    # a mixed option's owned GPUs are its pools' platforms' (the owned H100s its prefill pool uses), never
    # said to be owned on its own B200 platform; a pool-sized capacity says what its range rests on
    assert "328 owned + 312 to buy (owned on NVIDIA H100 SXM, NVIDIA B200: 1,024)" in out
    assert "capacity range: from its pools, each pool's capacity drawn on its own: prefill 4,000 to 8,000" in out
    assert "What would flip the decision" in out
    assert "Monte Carlo (all-in (economic) view): 500 draws" in out
    assert "100 %" not in out
    # the owned fleet and the shortfall, per option (20 % headroom and one spare unit)
    assert "fleet: 1,272 GPUs = 159 nodes of 8: 1,024 owned + 248 to buy (owned on NVIDIA H100 SXM: 1,024)" in out
    assert "fleet: 1,088 GPUs = 136 nodes of 8: 1,024 owned + 64 to buy (owned on NVIDIA H100 SXM: 1,024)" in out
    # SM100 sized per pool at its measured 4 + 64 ratio: 24 configurations + 1 spare of 9 nodes
    assert "fleet: 1,800 GPUs = 225 nodes of 8: 0 owned + 1,800 to buy" in out
    sglang = next(ln for ln in out.splitlines() if ln.startswith("1 ") and "Keep H100, serve with SGLang" in ln)
    assert "≈ $0.5" in sglang and "≈ $0.9" in sglang  # cash and all-in $/M, marked as assumed
    # money over time: the purchases when paid, payback, the hosted API and the budget by fiscal year
    assert "1,800 x $55.0k = $99.0M in 2027-03" in out and "never within the horizon" in out
    # the demand in both directions and each disaggregated option's pools
    assert "Peak demand: 200,000 output tok/s and 1,600,000 input tok/s (8 input tokens per output token)" in out
    assert "measured ratio, 24 configurations; the prefill pool limits; KV transfer: inside one scale-up domain" in out
    assert "each pool sized on its own; KV transfer: RDMA between nodes" in out
    assert "hosted API: $2.06/M output tokens (placeholder)" in out
    assert "Budget by fiscal year, cash" in out and "FY2027" in out
    # a platform's price is one input, said even when it flips nothing
    assert re.search(r"NVIDIA H100 SXM: purchase price per GPU \[.*\]: affects 5 options", out)  # the mixed option's H100 prefill too
    assert "WARNING: the reference unit needs 68 GPUs in one scale-up domain" in out


def test_evaluate_default_is_the_builtin_sample(capsys):
    assert cli_main.main(["evaluate", "--no-monte-carlo"]) == 0
    out = capsys.readouterr().out
    assert "DeepSeek-V4.1-Flash" in out and "Monte Carlo" not in out


def test_evaluate_json(capsys):
    assert cli_main.main(["evaluate", str(sample_workspace_path()), "--json", "--draws", "300", "--seed", "5"]) == 0
    data = json.loads(capsys.readouterr().out)
    port = next(o for o in data["options"] if o["option"] == "port-deepinfer-h100")
    assert port["classification"]["label"] == "experimental"
    assert port["evidence"]["level"] == 0
    assert data["monte_carlo"]["draws"] == 300 and data["monte_carlo"]["seed"] == 5
    assert data["winner"] == data["ranking"][0]
    # both cost views and the owned fleet, and which view drives the ranking
    assert data["cost_view"] == "all-in" and data["monte_carlo"]["cost_view"] == "all-in"
    trt = next(o for o in data["options"] if o["option"] == "keep-trtllm-h100")
    assert trt["costs"]["view"] == "all-in"
    assert trt["costs"]["cash"]["cost_per_m_tokens_usd"]["value"] < trt["costs"]["all_in"]["cost_per_m_tokens_usd"]["value"]
    assert (trt["fleet"]["owned_used"], trt["fleet"]["shortfall_gpus"], trt["fleet"]["acquire"]) == (1024, 248, "buy")
    assert (trt["fleet"]["bought_gpus"], trt["fleet"]["spare_gpus"], trt["fleet"]["units"]) == (248, 8, 158)
    # the monthly cash flow and the money figures, in the workspace currency
    assert data["currency"] == "USD"
    cf = trt["costs"]["cash_flow"]
    assert len(cf["months"]) == 36 and cf["months"][0]["label"] == "2026-11"
    assert sum(m["total"] for m in cf["months"]) == pytest.approx(trt["costs"]["cash"]["tco_usd"]["value"])
    assert trt["costs"]["payback"]["text"]["id"] == "payback.never"
    assert data["money"]["baseline"] == "keep-sglang-h100" and data["money"]["headroom"] == 0.2
    assert any(p["key"] == "fleet.nv-h100.purchase_usd_per_gpu" and p["expired"] for p in data["prices"])
    assert data["crossover"]["api_option"] == "api-deepseek-flash"
    sm = next(o for o in data["options"] if o["option"] == "buy-sm100-deepinfer")
    assert sm["fleet"]["gpus"]["value"] % 8 == 0 and not sm["eligible"]
    assert sm["fleet"]["warnings"][0]["id"] == "fleet.scale_up_exceeds_node"
    assert {r["kind"] for r in data["recommendation_risks"]} >= {"assumed-capacity", "missing-parity"}
    # per-pool figures and the demand in both directions
    assert data["demand"]["input_tps"]["value"] == 1_600_000 and data["demand"]["tokens_in_per_out"] == 8
    pools = sm["pools"]
    assert (pools["ratio"], pools["limiting"], pools["units"]) == ("measured", "prefill", 24)
    assert (pools["prefill"]["gpus"], pools["decode"]["gpus"]) == (100, 1600)
    assert pools["prefill"]["basis"] == pools["decode"]["basis"] == "assumed"
    assert pools["cost_per_m_input_usd"]["unit"] == "$/M input tok"
    mixed = next(o for o in data["options"] if o["option"] == "mixed-h100-prefill-sm100-decode")
    assert (mixed["pools"]["prefill"]["platform"], mixed["pools"]["decode"]["platform"]) == ("nv-h100", "nv-b200")
    assert mixed["pools"]["prefill"]["owned_used"] == 328 and mixed["pools"]["decode"]["new_gpus"] == 312


def test_evaluate_unreadable_file(tmp_path, capsys):
    assert cli_main.main(["evaluate", str(tmp_path / "nope.deepdecide.yaml")]) == 3
    err = capsys.readouterr().err
    assert "nope.deepdecide.yaml" in err
    assert "Traceback" not in err


def test_evaluate_invalid_file_names_the_place(tmp_path, capsys):
    bad = tmp_path / "bad.deepdecide.yaml"
    bad.write_text("kind: workspace\nschema_version: 1\nname: x\nmodel: y\ndecision: 3\n", encoding="utf-8")
    assert cli_main.main(["evaluate", str(bad)]) == 3
    err = capsys.readouterr().err
    assert "bad.deepdecide.yaml" in err and "decision" in err


def test_evaluate_bad_draws_is_a_usage_error(capsys):
    assert cli_main.main(["evaluate", "--draws", "0"]) == 2
    assert "--draws" in capsys.readouterr().err


def test_evaluate_zero_weights_reports_no_ranking(tmp_path, capsys):
    from dataclasses import replace

    from deepdecide.storage.files import load_builtin_workspace, save_workspace

    ws = load_builtin_workspace()
    ws = replace(ws, criteria=tuple(replace(c, weight=0.0) for c in ws.criteria))
    path = tmp_path / "zero.deepdecide.yaml"
    save_workspace(ws, path)
    assert cli_main.main(["evaluate", str(path), "--no-monte-carlo"]) == 1
    out = capsys.readouterr().out
    assert "winner: none" in out and "sum to 0" in out


def test_evaluate_writes_every_weight_with_one_precision(capsys):
    """A 5 % weight beside a 20 % one: "0.050" and "0.200" (never "0.0500"), as the GUI's columns."""
    assert cli_main.main(["evaluate", str(sample_workspace_path()), "--no-monte-carlo"]) == 0
    lines = [ln.strip() for ln in capsys.readouterr().out.splitlines() if ln.strip().startswith("weight ")]
    assert "weight Unowned blockers = 0.050 (5.0 %): winner holds for 0.000 (0.0 %) .. no limit" in lines
    assert any(ln.startswith("weight Cost per million output tokens = 0.200 (20.0 %)") for ln in lines)
    figures = [m for ln in lines for m in re.findall(r"(?<![\d.])\d+\.\d+(?= \()", ln)]
    assert figures and all(len(f.split(".")[1]) == 3 for f in figures), figures


def test_evaluate_json_writes_money_units_in_the_workspace_currency(tmp_path, capsys):
    from dataclasses import replace

    from deepdecide.storage.files import load_builtin_workspace, save_workspace

    ws = load_builtin_workspace()
    ws = replace(ws, assumptions=replace(ws.assumptions, currency="EUR"))
    path = tmp_path / "eur.deepdecide.yaml"
    save_workspace(ws, path)
    assert cli_main.main(["evaluate", str(path), "--json", "--no-monte-carlo"]) == 0
    text = capsys.readouterr().out
    data = json.loads(text)
    assert data["currency"] == "EUR"
    units = re.findall(r'"unit": "([^"]*)"', text)
    assert not [u for u in units if "$" in u]  # never "$/M tokens", "$/GPU-h" or "$" in a EUR workspace
    assert {"€/M tokens", "€/GPU-h", "€"} <= set(units)


def test_evaluate_names_no_winner_when_no_option_meets_the_slo_and_says_what_would(tmp_path, capsys):
    from dataclasses import replace

    from deepdecide.domain.workspace import SLO
    from deepdecide.storage.files import load_builtin_workspace, save_workspace

    ws = load_builtin_workspace()
    # the sample's options rest on assumptions; without them nothing shows that any option meets the SLO
    def unassumed(o):  # neither the option nor its pools state an assumed capacity
        t = o.topology
        t = replace(t, prefill=t.prefill and replace(t.prefill, assumed_tps_per_gpu=None),
                    decode=t.decode and replace(t.decode, assumed_tps_per_gpu=None))
        return replace(o, topology=t, cost=replace(o.cost, assumed_output_tps_per_gpu=None))

    ws = replace(ws, slo=SLO(ttft_p99_ms=2000, tpot_p99_ms=50), options=tuple(unassumed(o) for o in ws.options))
    path = tmp_path / "none.deepdecide.yaml"
    save_workspace(ws, path)
    assert cli_main.main(["evaluate", str(path), "--draws", "200"]) == 1
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith("no recommendation: no option meets the SLO with the evidence at hand")
    assert "What would make an option recommendable:" in out
    assert "What would flip the decision" not in out and "Risks of the recommended option" not in out
    rows = [ln for ln in out.splitlines() if ln.startswith("-  ")]
    assert rows and all(" — " in ln and ("no evidence" in ln or "dev-only" in ln or "cannot be judged" in ln) for ln in rows)
