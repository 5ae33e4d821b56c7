"""SLO limits as data: one table (``deepdecide/domain/slo.py``) that every view reads.

A limit added to the table at run time is found in validation, storage, the evaluation (the
capacity interpolation honours it), the Compare page, the record's SLO table, ``diff`` and
``revisit``; the two optional limits of the table (end-to-end latency p90, ITL p99) change the
capacity of real vLLM evidence as a hand calculation from the file says.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import json
from dataclasses import replace

import pytest
from analysis_factory import SRC, E, keep_sweep, workspace
from pypdf import PdfReader

from deepdecide.analysis import evaluate
from deepdecide.analysis.assessment import CapacityBasis
from deepdecide.analysis.diff import input_changes
from deepdecide.analysis.evidence import describe_slo, slo_failures
from deepdecide.analysis.revisit import check_revisit
from deepdecide.domain import slo as slo_table
from deepdecide.domain import validation
from deepdecide.domain.evidence import BenchmarkRun, Evidence, EvidenceFile, Provenance
from deepdecide.domain.matrix import Platform, SupportEntry, SupportStatus
from deepdecide.domain.revisit import ConditionKind, RevisitCondition
from deepdecide.domain.slo import SLO, Bound, Limit, Reading, Unmeasured, judge
from deepdecide.domain.workload import Workload
from deepdecide.domain.workspace import CostInputs, Option, Pricing, Strategy, Topology
from deepdecide.storage import codec, files

#: a limit the table does not have, added at run time: the median end-to-end latency per output token
EXTRA = Limit(
    key="e2e_per_token_p50_ms", id="e2e_per_token_p50", reads=Reading("e2e_per_token_ms", "p50"),
    bound=Bound.UPPER, unit="ms", label="Per-token latency p50", phrase="per-token latency p50 ≤ {limit:g} ms",
    line="SLO p50 ≤ {value} ms", help="End-to-end latency per output token, median, in ms.",
    name="per-token latency p50", maximum=60_000)


@pytest.fixture
def extra(monkeypatch):
    monkeypatch.setattr(slo_table, "LIMITS", (*slo_table.LIMITS, EXTRA))
    return EXTRA


def _per_token(runs: tuple[BenchmarkRun, ...], values: tuple[float, ...]) -> tuple[BenchmarkRun, ...]:
    return tuple(replace(r, e2e_per_token_ms_p50=v) for r, v in zip(runs, values, strict=True))


def _with_runs(ws, runs):
    return replace(ws, evidence=Evidence(files=(EvidenceFile(Provenance("b.json", 1, "00" * 32, "t"), runs),)))


# ---------------------------------------------------------------------------------------------
# the table


def test_every_limit_reads_a_figure_a_normalized_run_has():
    names = {f.name for f in dataclasses.fields(BenchmarkRun)} | {"error_rate"}
    for entry in slo_table.limits():
        for reading in (entry.reads, *entry.fallback):
            assert reading.attribute in names, (entry.key, reading)
        assert "{limit" in entry.phrase and "{value}" in entry.line
    keys = [e.key for e in slo_table.limits()]
    ids = [e.id for e in slo_table.limits()]
    assert len(set(keys)) == len(keys) and len(set(ids)) == len(ids)


def test_the_two_optional_limits_read_their_own_statistic_never_a_relabelled_one():
    e2e, itl = slo_table.limit("e2e_p90_ms"), slo_table.limit("itl_p99_ms")
    assert (e2e.reads.attribute, e2e.fallback, e2e.bound) == ("e2e_ms_p90", (), Bound.UPPER)
    assert (itl.reads.attribute, itl.fallback, itl.bound) == ("itl_ms_p99", (), Bound.UPPER)  # ITL is not TPOT
    assert e2e.optional and itl.optional
    # a run with TPOT p99 and e2e p99 but neither ITL p99 nor e2e p90 meets neither limit: it
    # cannot be judged on them (no relabelled statistic stands in)
    r = BenchmarkRun("t", tpot_ms_p99=10.0, e2e_ms_p99=100.0, itl_ms_p50=5.0, completed=10, failed=0)
    got = slo_table.assess(SLO(max_error_rate=None, e2e_p90_ms=1000, itl_p99_ms=50), r)
    assert got.failures == () and not got.meets
    assert got.unjudged == ("end-to-end latency p90 not measured", "ITL p99 not measured")


def test_the_samples_set_neither_optional_limit():
    for ws in (files.builtin_sample("en"), files.builtin_sample("es")):
        assert ws.slo.get("e2e_p90_ms") is None and ws.slo.get("itl_p99_ms") is None
        assert [e.key for e, _v in ws.slo.active()] == ["ttft_p99_ms", "tpot_p99_ms", "min_interactivity_tps_per_user",
                                                        "max_error_rate"]


def test_what_a_run_without_the_figure_counts_as_is_a_field_of_the_limit(monkeypatch):
    lenient = replace(EXTRA, unmeasured=Unmeasured.NOT_JUDGED)
    monkeypatch.setattr(slo_table, "LIMITS", (*slo_table.LIMITS, lenient))
    slo = SLO(e2e_per_token_p50_ms=20)
    bare = keep_sweep()[0]  # no e2e per token
    assert judge(slo, bare) == ()  # not judged: neither meets nor fails
    assert tuple(map(str, judge(slo, replace(bare, e2e_per_token_ms_p50=25.0)))) == ("per-token latency p50 25 ms > 20 ms",)
    monkeypatch.setattr(slo_table, "LIMITS", (*slo_table.LIMITS[:-1], EXTRA))
    # the default: "not measured" is not "fails": it cannot be judged (it neither meets nor fails)
    assert judge(slo, bare) == ()
    assert slo_table.assess(slo, bare).unjudged == ("per-token latency p50 not measured",)
    failing = replace(EXTRA, unmeasured=Unmeasured.FAILS)
    monkeypatch.setattr(slo_table, "LIMITS", (*slo_table.LIMITS[:-1], failing))
    assert tuple(map(str, judge(slo, bare))) == ("per-token latency p50 not measured",)


def test_an_slo_equals_another_with_the_same_limits_however_written():
    assert SLO() == SLO(max_error_rate=0.01) and hash(SLO()) == hash(SLO(max_error_rate=0.01))
    assert SLO(max_error_rate=None).get("max_error_rate") is None
    assert SLO(ttft_p99_ms=2000).replace(ttft_p99_ms=None) == SLO()
    with pytest.raises(TypeError, match="no limit 'ttft_ms'"):
        SLO(ttft_ms=2000)


# ---------------------------------------------------------------------------------------------
# storage: the YAML keys stay, the record's canonical inputs keep their bytes


def test_the_flat_slo_mapping_reads_and_writes_as_before(tmp_path):
    sample = files.load_builtin_workspace()
    data = files.workspace_to_data(sample)
    assert data["slo"] == {"ttft_p99_ms": 2000, "tpot_p99_ms": 50, "min_interactivity_tps_per_user": 20}
    canonical = json.loads(files.canonical_json(sample))
    # the four limits of the first release always, the optional ones only once set; no revisit
    # condition gains a key
    assert canonical["slo"] == {"ttft_p99_ms": 2000.0, "tpot_p99_ms": 50.0, "min_interactivity_tps_per_user": 20.0,
                                "max_error_rate": 0.01}
    assert all("slo" not in c for c in canonical["decision"]["revisit_conditions"])
    changed = replace(sample, slo=sample.slo.replace(max_error_rate=None, itl_p99_ms=60))
    path = tmp_path / "w.deepdecide.yaml"
    files.save_workspace(changed, path)
    text = path.read_text(encoding="utf-8")
    assert "  max_error_rate: null\n  itl_p99_ms: 60\n" in text
    assert files.load_workspace(path).slo == changed.slo
    assert json.loads(files.canonical_json(changed))["slo"]["itl_p99_ms"] == 60.0


def test_an_unknown_slo_key_is_refused_with_the_nearest_one():
    with pytest.raises(Exception, match=r"unknown key 'itl_p99'; did you mean 'itl_p99_ms'\?") as info:
        codec.from_data(SLO, {"itl_p99": 50})
    assert info.value.path == "itl_p99"


# ---------------------------------------------------------------------------------------------
# a limit added at run time


def test_a_limit_added_to_the_table_is_validated_stored_and_judged(extra):
    ws = workspace(slo=SLO(ttft_p99_ms=2000, tpot_p99_ms=50, min_interactivity_tps_per_user=20,
                           **{extra.key: -1}))
    [problem] = validation.workspace_problems(ws)
    assert problem.path == f"slo.{extra.key}" and "must be in (0, 60,000] ms, got -1" in problem.reason
    # the codec reads and writes it under its key, the JSON schema lists it with its help
    ws = replace(ws, slo=ws.slo.replace(**{extra.key: 20}))
    data = files.workspace_to_data(ws)
    assert data["slo"][extra.key] == 20
    assert codec.from_data(SLO, data["slo"]) == ws.slo
    assert files.json_schema("workspace")["$defs"]["SLO"]["properties"][extra.key]["description"] == extra.help
    assert "per-token latency p50 ≤ 20 ms" in str(describe_slo(ws.slo))


def test_a_limit_added_to_the_table_drives_the_capacity_interpolation(extra):
    """The keep sweep (1000 / 1750 / 2750 / 3500 tok/s/GPU at concurrency 16..128) with per-token
    latency p50 10 / 30 / 40 / 50 ms and the limit at 20 ms: concurrency 16 meets every limit, 32
    misses only the new one, which it reaches at (20 - 10) / (30 - 10) = 0.5 of the step, so the
    capacity is 1000 + 0.5 x (1750 - 1000) = 1375 tok/s/GPU (2937.5 without the limit)."""
    runs = _per_token(keep_sweep(), (10.0, 30.0, 40.0, 50.0))
    ws = _with_runs(workspace(), runs)
    assert evaluate(ws, sensitivity=False).option("keep-vllm-h100").capacity.value == pytest.approx(2937.5)
    ws = replace(ws, slo=ws.slo.replace(**{extra.key: 20}))
    assert tuple(map(str, slo_failures(runs[1], ws.slo))) == ("per-token latency p50 30 ms > 20 ms",)
    cap = evaluate(ws, sensitivity=False).option("keep-vllm-h100").capacity
    assert cap.basis == CapacityBasis.INTERPOLATED and cap.value == pytest.approx(1375.0)
    assert any("per-token latency p50 reaches its limit" in str(t.name) for t in cap.figure.trail)


def test_a_limit_added_to_the_table_is_in_the_record_diff_and_revisit(extra):
    from deepdecide.report import build

    before = workspace()
    after = replace(before, slo=before.slo.replace(**{extra.key: 20}))
    # the record's SLO table lists it once set (an optional limit is not listed while unset)
    pdf = build(after, sections=["context"])
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())
    assert "Per-token latency p50 20 ms" in text
    pdf = build(before, sections=["context"])
    assert "Per-token latency" not in " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    # diff names it by its key path
    changes = [c for c in input_changes(before, after) if c.area == "slo"]
    assert [(c.key, c.before, c.after) for c in changes] == [(f"slo.{extra.key}", "—", "20")]
    # revisit: decided under 20 ms; fires once the workspace's limit is another
    cond = RevisitCondition("the per-token SLO changes", ConditionKind.SLO, slo=SLO(**{extra.key: 20}))
    decided = replace(after, decision=replace(after.decision, revisit_conditions=(cond,), revisit_triggers=()))
    [check] = check_revisit(decided, dt.date(2026, 12, 1)).triggers
    assert check.fired is False
    moved = replace(decided, slo=decided.slo.replace(**{extra.key: 25}))
    [check] = check_revisit(moved, dt.date(2026, 12, 1)).triggers
    assert check.fired is True
    # the condition's SLO is a whole SLO: a limit it leaves out has its default (the error rate 1 %)
    assert str(check.reason) == ("the SLO is error rate ≤ 1 %, per-token latency p50 ≤ 25 ms "
                                 "(decided under error rate ≤ 1 %, per-token latency p50 ≤ 20 ms)")
    # the condition is stored with the SLO's own keys
    stored = files.workspace_to_data(decided)["decision"]["revisit_conditions"][0]
    assert stored["slo"] == {extra.key: 20}
    assert codec.from_data(RevisitCondition, stored) == cond


def test_an_older_slo_condition_states_ttft_and_tpot_in_its_own_fields():
    sample = files.load_builtin_workspace()
    [cond] = [c for c in sample.decision.revisit_conditions if c.kind == ConditionKind.SLO]
    assert (cond.ttft_ms, cond.tpot_ms, cond.slo) == (2000, 50, None)
    assert cond.decided_slo() == {"ttft_p99_ms": 2000, "tpot_p99_ms": 50}
    moved = replace(sample, slo=sample.slo.replace(tpot_p99_ms=40))
    [check] = [t for t in check_revisit(moved, dt.date(2026, 12, 1)).triggers if t.kind == "slo"]
    assert check.fired is True
    assert str(check.reason) == ("the SLO is TTFT p99 ≤ 2,000 ms, TPOT p99 ≤ 40 ms "
                                 "(decided under TTFT p99 ≤ 2,000 ms, TPOT p99 ≤ 50 ms)")


@pytest.mark.gui
def test_a_limit_added_to_the_table_is_a_field_of_the_compare_page(extra, qtbot):
    from deepdecide.gui.document import WorkspaceDocument
    from deepdecide.gui.views.compare_page import ComparePage

    document = WorkspaceDocument(workspace())
    page = ComparePage(document)
    qtbot.addWidget(page)
    page.refresh()
    box = page.slo_fields[extra.key]
    assert box.objectName() == f"slo_{extra.key}" and box.toolTip() == extra.help
    form = box.parentWidget().layout()
    assert form.labelForField(box).text() == "Per-token latency p50 ≤"
    assert box.text() == box.specialValueText()  # not set
    box.setValue(20)
    assert document.workspace.slo.get(extra.key) == 20
    document.undo_stack.undo()
    page.refresh()
    assert document.workspace.slo.get(extra.key) is None and box.value() == 0


# ---------------------------------------------------------------------------------------------
# the two optional limits on real vLLM evidence

L40S = "benchmarks/vllm/vllm_serving_l40s_append_multi.jsonl"  # under ../shared/fixtures (see SOURCES.md)


@pytest.fixture
def l40s(shared_fixture):
    """The vLLM ``--append-result`` file of three deployments (no-features, base, kvcache) on 4x
    L40S at request rates 10, 30 and "inf", as one option's evidence; and the file's objects."""
    registry = pytest.importorskip("deepdecide.importers.registry")
    base = pytest.importorskip("deepdecide.importers.base")
    path = shared_fixture(L40S)
    result = registry.import_file(path, base.ImportContext())
    raw = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    w = workspace()
    m = w.matrix
    m = replace(m, platforms=(*m.platforms, Platform("nv-l40s", "NVIDIA", "L40S", "sm89", aliases=("L40S",))),
                entries=(*m.entries, SupportEntry("vllm", "nv-l40s", SupportStatus.OFFICIAL, SRC)))
    opt = Option("vllm-l40s", "vLLM on L40S", Strategy.BUY, "vllm", "nv-l40s",
                 Topology("4x L40S", gpus_per_node=4, unit_gpus=4), CostInputs(Pricing.RENT, gpu_hour_usd=E(0.8, 1, 1.2)))
    ws = replace(w, matrix=m, options=(*w.options, opt), evidence=Evidence(files=(result.evidence,)),
                 workload=Workload(model=result.evidence.runs[0].model))
    return ws, {(r["deployment"], str(r["request_rate"])): r for r in raw}


def _capacity(ws):
    return evaluate(ws, sensitivity=False).option("vllm-l40s").capacity


def test_itl_and_end_to_end_limits_change_the_capacity_of_real_vllm_runs_as_the_file_says(l40s):
    """By hand from the file (output_throughput / 4 GPUs; the runs ordered by rate, then by
    throughput, heaviest last):

    - the factory's SLO (TTFT p99 <= 2000 ms, TPOT p99 <= 50 ms, interactivity >= 20, error <= 1 %):
      every run at rate 10 and 30 meets it, none at "inf"; from the last rate-30 run (kvcache,
      5806.2 tok/s, p99_tpot_ms 32.86) to the first "inf" run (kvcache, 11011.3 tok/s, p99_tpot_ms
      71.63, its TTFT p99 1250 ms and interactivity 22.7 within the SLO) TPOT p99 reaches 50 ms at
      t = (50 - 32.86) / (71.63 - 32.86) = 0.442: (5806.2 + 0.442 x 5205.1) / 4 = 2026.9 tok/s/GPU;
    - with ITL p99 <= 50 ms: rate 10 meets it (p99_itl_ms 34.2-34.9), rate 30 misses it (74.2-75.3);
      from the last rate-10 run (no-features, 2258.2 tok/s, p99_itl_ms 34.49) to the first rate-30 run
      (base, 5889.4 tok/s, p99_itl_ms 75.28, every other limit met) ITL reaches 50 ms at
      t = 15.51 / 40.79 = 0.380: (2258.2 + 0.380 x 3631.2) / 4 = 909.8 tok/s/GPU;
    - with end-to-end latency p90 <= 10 s as well: the file publishes no end-to-end latency at all
      (no ``*_e2el_ms`` key), so no run can be judged on the limit: the option's capacity cannot be
      judged (not a failure) and it is not recommendable.
    """
    ws, raw = l40s
    tput = {k: r["output_throughput"] for k, r in raw.items()}
    a, b = raw[("kvcache", "30.0")], raw[("kvcache", "inf")]
    t = (50 - a["p99_tpot_ms"]) / (b["p99_tpot_ms"] - a["p99_tpot_ms"])
    by_hand = (tput[("kvcache", "30.0")] + t * (tput[("kvcache", "inf")] - tput[("kvcache", "30.0")])) / 4
    cap = _capacity(ws)
    assert cap.basis == CapacityBasis.INTERPOLATED
    assert cap.value == pytest.approx(by_hand, rel=1e-9) and cap.value == pytest.approx(2026.9, abs=0.1)

    ws = replace(ws, slo=ws.slo.replace(itl_p99_ms=50))
    a, b = raw[("no-features", "10.0")], raw[("base", "30.0")]
    assert max(r["p99_itl_ms"] for k, r in raw.items() if k[1] == "10.0") < 50
    assert min(r["p99_itl_ms"] for k, r in raw.items() if k[1] != "10.0") > 50
    t = (50 - a["p99_itl_ms"]) / (b["p99_itl_ms"] - a["p99_itl_ms"])
    by_hand = (a["output_throughput"] + t * (b["output_throughput"] - a["output_throughput"])) / 4
    cap = _capacity(ws)
    assert cap.basis == CapacityBasis.INTERPOLATED
    assert cap.value == pytest.approx(by_hand, rel=1e-9) and cap.value == pytest.approx(909.8, abs=0.1)
    assert any("ITL p99 reaches its limit" in str(item.name) for item in cap.figure.trail)
    assert "ITL p99 ≤ 50 ms" in str(describe_slo(ws.slo))

    assert not any(k.endswith("_e2el_ms") for r in raw.values() for k in r)
    ws = replace(ws, slo=ws.slo.replace(e2e_p90_ms=10_000))
    cap = _capacity(ws)
    assert cap.basis == CapacityBasis.CANNOT_JUDGE and cap.value is None
    assert cap.unjudged == ("end-to-end latency p90 not measured",)
    # a run that misses ITL p99 says so; the others cannot be judged on the end-to-end limit
    assert all(p.failures or "end-to-end latency p90 not measured" in p.unjudged for p in cap.points)
    assert not any(p.meets_slo for p in cap.points)


def test_a_runs_slo_misses_are_messages_with_figures_in_the_language():
    """Why a run misses the SLO is a catalog message, its figures written in the reader's language with the
    one grouping rule ("TTFT p99 1,784 ms > 1,500 ms"; in Spanish "TTFT p99 1.784 ms > 1.500 ms", never
    "1784 ms" or "54.71 ms"), the limit's words and units in Spanish, a mapped figure's factor too."""
    from deepdecide.analysis.evidence import slo_judgement
    from deepdecide.domain.evidence import StatMapping
    from deepdecide.domain.i18n import using
    from deepdecide.domain.messages import Message

    slo = SLO(ttft_p99_ms=1500, tpot_p99_ms=50, min_interactivity_tps_per_user=20, max_error_rate=0.01)
    run = BenchmarkRun("t", ttft_ms_p99=1784.0, tpot_ms_p99=54.71, interactivity_tps_per_user=11.93,
                       completed=98, failed=2)
    got = slo_judgement(run, slo).failures
    assert all(isinstance(m, Message) for m in got)
    with using("en"):
        assert [str(m) for m in got] == ["TTFT p99 1,784 ms > 1,500 ms", "TPOT p99 54.7 ms > 50 ms",
                                         "interactivity 11.9 tok/s per user < 20 tok/s per user",
                                         "error rate 2.00% > 1.00%"]
    with using("es"):
        said = [str(m) for m in got]
    nb = "\u00a0"
    assert said[0] == f"TTFT p99 1.784{nb}ms > 1.500{nb}ms" and said[1] == f"TPOT p99 54,7{nb}ms > 50{nb}ms"
    assert said[2].startswith("interactividad 11,9") and "per user" not in said[2] and "usuario" in said[2]
    assert said[3].startswith("tasa de error 2,00") and "1,00" in said[3]
    none = slo_judgement(replace(run, completed=0), slo).failures[0]
    with using("es"):
        assert "request" not in str(none) and "completed" not in str(none)
    mapped = StatMapping("ttft_ms_p99", "ttft_ms_mean", 1.5, "stated")
    with using("es"):
        text = str(slo_table.limit("ttft_p99_ms").reason_missed(1784.5, 1500, mapped))
    assert text == f"TTFT p99 ≈ 1.784{nb}ms (ttft_ms_mean × 1,5) > 1.500{nb}ms"


def test_a_near_miss_is_written_apart_from_its_limit():
    """A figure that misses its limit by less than three significant digits show is written with the
    digits that tell them apart ("50.04 ms > 50 ms", never "50.0 ms > 50 ms" which reads as a pass), in
    both languages and after a round trip through stored data; a clear miss keeps three digits."""
    from deepdecide.domain.i18n import using
    from deepdecide.domain.messages import from_data

    nb = "\u00a0"
    ttft, interactivity = slo_table.limit("ttft_p99_ms"), slo_table.limit("min_interactivity_tps_per_user")
    with using("en"):
        assert str(ttft.reason_missed(50.04, 50)) == "TTFT p99 50.04 ms > 50 ms"
        assert str(ttft.reason_missed(1500.4, 1500)) == "TTFT p99 1,500.4 ms > 1,500 ms"
        assert str(ttft.reason_missed(54.71, 50)) == "TTFT p99 54.7 ms > 50 ms"
        assert str(interactivity.reason_missed(19.996, 20)).startswith("interactivity 19.996 tok/s")
        assert str(from_data(ttft.reason_missed(50.04, 50).to_data())) == "TTFT p99 50.04 ms > 50 ms"
    with using("es"):
        assert str(ttft.reason_missed(1500.4, 1500)) == f"TTFT p99 1.500,4{nb}ms > 1.500{nb}ms"
    assert ttft.reason_missed(54.71, 50).to_data()["params"]["figure"] == {"value": 54.71, "unit": "ms"}
