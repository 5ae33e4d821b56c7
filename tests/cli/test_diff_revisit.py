"""``deepdecide diff`` and ``deepdecide revisit`` on the built-in sample, an edited copy and a newer matrix."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json

import pytest

from deepdecide.analysis.diff import diff_workspaces, input_changes
from deepdecide.analysis.revisit import check_revisit
from deepdecide.cli.main import main
from deepdecide.domain.common import Estimate
from deepdecide.domain.matrix import SupportStatus
from deepdecide.domain.revisit import ConditionKind, RevisitCondition
from deepdecide.domain.workspace import RecordStatus, Workspace
from deepdecide.storage.files import load_builtin_workspace, save_workspace


@pytest.fixture(scope="module")
def sample() -> Workspace:
    return load_builtin_workspace()


def _official_on_h100(ws: Workspace) -> Workspace:
    """The sample with a support matrix in which DeepInfer lists SM90 (H100) officially."""
    entries = tuple(dataclasses.replace(e, status=SupportStatus.OFFICIAL)
                    if (e.runtime, e.platform) == ("deepinfer", "nv-h100") else e for e in ws.matrix.entries)
    return dataclasses.replace(ws, matrix=dataclasses.replace(ws.matrix, entries=entries))


def _edited(ws: Workspace) -> Workspace:
    """Demand up, one rental price down, one weight changed."""
    opts = tuple(dataclasses.replace(o, cost=dataclasses.replace(o.cost, gpu_hour_usd=Estimate(1.5, 1.8, 2.2)))
                 if o.id == "buy-sm100-deepinfer" else o for o in ws.options)
    crit = tuple(dataclasses.replace(c, weight=c.weight * 2) if i == 0 else c for i, c in enumerate(ws.criteria))
    return dataclasses.replace(ws, options=opts, criteria=crit,
                               demand=dataclasses.replace(ws.demand, output_tokens_per_s=250_000))


def test_the_sample_states_checkable_triggers(sample):
    kinds = {c.kind for c in sample.decision.revisit_conditions}
    assert {ConditionKind.SUPPORT, ConditionKind.DEMAND, ConditionKind.EVIDENCE_AGE, ConditionKind.SLO} <= kinds
    report = check_revisit(sample, dt.date(2026, 12, 1))
    assert report.fired == ()  # nothing has happened yet
    assert any(t.fired is None for t in report.triggers)  # free text stays for a person


def test_revisit_fires_on_a_matrix_where_deepinfer_lists_sm90(sample, tmp_path, capsys):
    newer = tmp_path / "newer.deepdecide.yaml"
    save_workspace(_official_on_h100(sample), newer)
    assert main(["revisit", "--matrix", str(newer), "--today", "2026-12-01"]) == 1
    out = capsys.readouterr().out
    fired = [ln for ln in out.splitlines() if ln.strip().startswith("FIRED")]
    assert len(fired) == 1 and "SM90 (H100)" in fired[0]
    assert main(["revisit", "--today", "2026-12-01"]) == 0  # the workspace's own matrix: nothing fired
    capsys.readouterr()
    assert main(["revisit", "--matrix", str(newer), "--today", "2026-12-01", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [t["reason"]["id"] for t in data["triggers"] if t["fired"]] == ["revisit.support"]


def test_evidence_age_keeps_firing_after_acceptance(sample):
    """The evidence an accepted decision rests on keeps ageing: the condition fires then too, even where an
    older file says ``while_proposed`` (which no longer silences it), and ``revisit`` says so."""
    late = dt.date(2027, 7, 1)
    assert [t.kind for t in check_revisit(sample, late).fired] == ["evidence_age"]
    older = tuple(dataclasses.replace(c, while_proposed=True) if c.kind == ConditionKind.EVIDENCE_AGE else c
                  for c in sample.decision.revisit_conditions)
    accepted = dataclasses.replace(sample, decision=dataclasses.replace(
        sample.decision, status=RecordStatus.ACCEPTED, revisit_conditions=older))
    [fired] = check_revisit(accepted, late).fired
    assert fired.kind == "evidence_age" and "keeps ageing" in str(fired.reason)
    assert check_revisit(accepted, dt.date(2027, 5, 29)).fired == ()  # not six months yet
    # tests/approval/test_revisions.py runs ``revisit --today 2027-12-03`` on a decision accepted by signatures


def test_evidence_age_counts_from_the_newest_imported_file(sample):
    """A file imported after the stated cut-off moves the cut-off, and the age counts from it."""
    from deepdecide.domain.dates import evidence_cutoff

    first = sample.evidence.files[0]
    later = dataclasses.replace(first, provenance=dataclasses.replace(
        first.provenance, sha256="f" * 64, file_name="new-run.json", imported_at="2026-12-03T09:30:00Z"))
    ws = dataclasses.replace(sample, evidence=dataclasses.replace(sample.evidence,
                                                                  files=(*sample.evidence.files, later)))
    cut = evidence_cutoff(ws)
    assert (cut.date, cut.newest_file, cut.stated) == ("2026-12-03", "new-run.json", "2026-11-29")
    assert check_revisit(sample, dt.date(2027, 6, 1)).fired  # six months after 2026-11-29
    assert not check_revisit(ws, dt.date(2027, 6, 1)).fired  # but not after 2026-12-03


def test_price_and_demand_conditions(sample):
    conds = (
        RevisitCondition("Ascend price known", ConditionKind.PRICE, option="ascend950-deepinfer"),
        RevisitCondition("SM100 rent below $2", ConditionKind.PRICE, option="buy-sm100-deepinfer", below=2.0),
        RevisitCondition("demand above 220k", ConditionKind.DEMAND, above=220_000),
    )
    ws = dataclasses.replace(_edited(sample), decision=dataclasses.replace(sample.decision, revisit_conditions=conds,
                                                                          revisit_triggers=()))
    fired = {t.text for t in check_revisit(ws, dt.date(2026, 12, 1)).fired}
    assert fired == {"SM100 rent below $2", "demand above 220k"} | (
        {"Ascend price known"} if ws.option("ascend950-deepinfer").cost.gpu_hour_usd else set())


def test_diff_lists_input_and_outcome_changes(sample):
    d = diff_workspaces(sample, _edited(sample))
    areas = {c.area for c in d.inputs}
    assert {"demand", "prices", "criteria"} <= areas
    assert any(c.key == "demand.output_tokens_per_s" and c.after == "250,000" for c in d.inputs)
    assert any("GPUs" in c.key for c in d.outcome)
    assert diff_workspaces(sample, sample).identical


def test_diff_of_evidence_and_support_cells(sample):
    fewer = dataclasses.replace(sample, evidence=dataclasses.replace(sample.evidence, files=sample.evidence.files[1:]))
    d = diff_workspaces(sample, _official_on_h100(fewer))
    assert any(c.area == "evidence" and c.after == "removed" for c in d.inputs)
    assert any(c.area == "support" and c.key.startswith("cell deepinfer/nv-h100") and c.after == "official"
               for c in d.inputs)


def test_diff_cli_on_workspaces_and_records(sample, tmp_path, capsys):
    a, b = tmp_path / "a.deepdecide.yaml", tmp_path / "b.deepdecide.yaml"
    save_workspace(sample, a)
    save_workspace(_edited(sample), b)
    assert main(["diff", str(a), str(a)]) == 0
    assert "same inputs, same outcome" in capsys.readouterr().out
    assert main(["diff", str(a), str(b)]) == 1
    out = capsys.readouterr().out
    assert "[demand]" in out and "demand.output_tokens_per_s: 200,000 -> 250,000" in out and "Outcome" in out
    ra, rb = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert main(["report", str(a), "-o", str(ra)]) == 0
    assert main(["report", str(b), "-o", str(rb)]) == 0
    capsys.readouterr()
    assert main(["diff", str(ra), str(rb), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert not data["identical"] and any(c["key"] == "demand.output_tokens_per_s" for c in data["inputs"])
    assert main(["diff", str(ra), str(tmp_path / "missing.pdf")]) == 3


def test_a_weight_change_is_written_with_the_weights_one_precision(sample):
    """"0.200 -> 0.050", as the GUI's columns and ``evaluate`` write weights (not "0.200 -> 0.0500")."""
    crit = tuple(dataclasses.replace(c, weight=0.05) if i == 0 else c for i, c in enumerate(sample.criteria))
    changed = dataclasses.replace(sample, criteria=crit)
    [change] = [c for c in input_changes(sample, changed) if c.area == "criteria"]
    assert (change.before, change.after) == ("0.200", "0.050")


def test_diff_never_prints_python_names_or_reprs(sample, tmp_path, capsys):
    """Runs removed, revisit conditions dropped, a build attestation and a quality flag changed: each
    is named as a reader knows it (a run's label, a condition's text, "runtime / platform / date"), never
    a Python class name, tuple or repr."""
    from deepdecide.domain.evidence import BuildAttestation
    from deepdecide.domain.flags import flag

    ev = sample.evidence
    first = ev.files[0]
    runs = (dataclasses.replace(first.runs[0], quality_flags=(flag("normalize.derived", key="k", how="x"),)),
            *first.runs[1:-1])
    build = BuildAttestation(runtime="deepinfer", platform="nv-b200", date="2026-11-20", log_sha256="0" * 64, by="CI")
    later = dataclasses.replace(
        sample, evidence=dataclasses.replace(ev, files=(dataclasses.replace(first, runs=runs), *ev.files[1:]),
                                             builds=(build,)),
        decision=dataclasses.replace(sample.decision,
                                     revisit_conditions=sample.decision.revisit_conditions[:1]))
    a, b = tmp_path / "a.deepdecide.yaml", tmp_path / "b.deepdecide.yaml"
    save_workspace(sample, a)
    save_workspace(later, b)
    for argv in (["diff", str(a), str(b)], ["diff", "--json", str(a), str(b)]):
        assert main(argv) == 1
        out = capsys.readouterr().out
        for python in ("BenchmarkRun", "RevisitCondition", "BuildAttestation", "Message(", "('", "')", "{'",
                       "None", "<"):
            assert python not in out, (python, out)
    assert main(["diff", str(a), str(b)]) == 1
    out = capsys.readouterr().out
    assert "build deepinfer / nv-b200 / 2026-11-20" in out
    assert f"runs[{len(first.runs)}]" in out and "-> removed" in out
    assert sample.decision.revisit_conditions[1].text[:40] in out
