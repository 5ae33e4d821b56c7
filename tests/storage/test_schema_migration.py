"""Schema evolution: a workspace written by an earlier release still opens, validates, evaluates and
reports; a value it holds that breaks a rule its schema did not have is a warning on open and is
carried over on save while unchanged (a changed value must meet the rule); the stored form holds no non-finite number but the unlimited request rate ("inf")."""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import io
import json
import math
import os
import time
from pathlib import Path

import pytest
import yaml

from deepdecide.cli.main import main
from deepdecide.domain import validation
from deepdecide.domain.errors import ValidationError, ValidationErrors
from deepdecide.domain.evidence import BenchmarkRun, Evidence, EvidenceFile, Provenance
from deepdecide.domain.workspace import SCHEMA_VERSION
from deepdecide.report.canonical import workspace_from_json
from deepdecide.storage import codec, files
from deepdecide.storage.yamlio import TEMP_SUFFIX, stale_temp_files

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "workspaces"
V1_SAMPLE = FIXTURES / "v1_sample.deepdecide.yaml"  # the built-in sample as release 1 wrote it: never edit
V1_SAMPLE_SHA256 = "c8a0c10483890f80bd49a68e4a7da884adf1fa6f57ea05a87a6315cbdf4c81e4"
MINIMAL = FIXTURES / "minimal.deepdecide.yaml"


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def _v1(tmp_path: Path, text: str, name: str = "old.deepdecide.yaml") -> Path:
    assert "schema_version: 1\n" in text
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


# ---------------------------------------------------------------------------------------------
# the frozen schema-1 workspace


def test_the_schema_1_sample_is_frozen():
    assert hashlib.sha256(V1_SAMPLE.read_bytes()).hexdigest() == V1_SAMPLE_SHA256
    assert "\nschema_version: 1\n" in V1_SAMPLE.read_text(encoding="utf-8")


def test_every_older_schema_has_a_migration():
    assert sorted(files.MIGRATIONS) == list(range(1, SCHEMA_VERSION))


def test_the_schema_1_sample_opens_validates_evaluates_reports_and_saves(tmp_path):
    warnings: list[ValidationError] = []
    ws = files.load_workspace(V1_SAMPLE, warnings)
    assert ws.schema_version == SCHEMA_VERSION
    # schema 2's sign-off rule: roles as page 1 lists them (migrated); release 1's sample had the Finance
    # Business Partner (informed) sign as consulted: schema 1 let any role sign, so the row stays and its
    # role is listed as consulted (it may sign, and is no required approver), with a warning
    assert [s.role for s in ws.signoffs] == ["Head of Inference Platform", "VP Engineering", "SRE Lead",
                                             "Finance Business Partner (consulted)"]
    assert ws.decision.consulted[-1] == "Finance Business Partner (consulted)"
    assert [w.path for w in warnings] == [f"signoffs[{i}].role" for i in range(4)]
    assert "is listed under decision.consulted" in warnings[3].reason and warnings[3].line
    code, out, err = _run(["validate", str(V1_SAMPLE)])
    assert code == 0 and "valid workspace file" in out and "listed under decision.consulted" in out + err
    code, out, err = _run(["evaluate", str(V1_SAMPLE), "--json", "--draws", "200"])
    assert code == 0, err
    assert json.loads(out)["winner"]
    # nothing the file held breaks a rule now: it reports and saves as it is, no row removed by hand
    pdf = tmp_path / "record.pdf"
    code, out, err = _run(["report", str(V1_SAMPLE), "-o", str(pdf)])
    assert code == 0, err
    code, out, err = _run(["verify", str(pdf)])
    assert "intact" in out
    # saved it is a file of the current schema, with the same decision
    saved = tmp_path / "saved.deepdecide.yaml"
    files.save_workspace(ws, saved)
    assert f"\nschema_version: {SCHEMA_VERSION}\n" in saved.read_text(encoding="utf-8")
    assert files.load_workspace(saved) == ws


# ---------------------------------------------------------------------------------------------
# warnings on open, carried over on save while unchanged


def _power_zero(tmp_path: Path) -> tuple[Path, str]:
    text = MINIMAL.read_text(encoding="utf-8").replace(
        "power_kw_per_gpu: {low: 1.6, likely: 1.73, high: 1.9}\n- id: port-engine",
        "power_kw_per_gpu: {low: 0, likely: 0, high: 0}\n- id: port-engine", 1)
    return _v1(tmp_path, text), text


def test_an_older_file_breaking_a_newer_rule_opens_with_a_warning_and_saves_it_carried_over(tmp_path):
    path, text = _power_zero(tmp_path)
    warnings: list[ValidationError] = []
    ws = files.load_workspace(path, warnings)
    assert [w.path for w in warnings] == ["options[0].cost.power_kw_per_gpu"]
    assert warnings[0].file == str(path) and warnings[0].line is not None
    assert "(0, 100] kW per GPU" in warnings[0].reason and "carried over" in warnings[0].reason
    assert [c.path for c in ws.carried_over] == ["options[0].cost.power_kw_per_gpu"]
    assert ws.carried_over[0].schema == 1
    code, out, err = _run(["validate", str(path)])
    assert code == 0 and "1 warning" in out and "warning:" in err and "options[0].cost.power_kw_per_gpu" in err
    code, out, err = _run(["evaluate", str(path), "--no-monte-carlo"])
    assert "Traceback" not in err and "warning:" in err
    # the user did not change the value: saving is not refused, the value is kept and marked
    files.save_workspace(ws, path)
    saved = path.read_text(encoding="utf-8")
    assert f"\nschema_version: {SCHEMA_VERSION}\n" in saved and "carried_over:" in saved
    warnings.clear()
    again = files.load_workspace(path, warnings)
    assert again == ws and again.options[0].cost.power_kw_per_gpu.likely == 0
    assert [w.path for w in warnings] == ["options[0].cost.power_kw_per_gpu"]
    assert "carried over unchanged from a schema-1 workspace" in warnings[0].reason
    code, out, err = _run(["validate", str(path)])
    assert code == 0 and "1 warning" in out and "carried over" in err
    pdf = tmp_path / "r.pdf"
    code, _out, err = _run(["report", str(path), "-o", str(pdf)])
    assert code == 0 and pdf.exists(), err
    # a save after another edit keeps it too (found again after the rows before it move)
    other = dataclasses.replace(again, name="Renamed")
    files.save_workspace(other, path)
    assert files.load_workspace(path).carried_over == ws.carried_over
    # a changed value must meet the rule: another value still out of range is refused
    cost = again.options[0].cost
    bad = dataclasses.replace(cost, power_kw_per_gpu=dataclasses.replace(cost.power_kw_per_gpu, high=1000.0))
    changed = dataclasses.replace(again, options=(dataclasses.replace(again.options[0], cost=bad),
                                                  *again.options[1:]))
    before = path.read_bytes()
    with pytest.raises(ValidationError) as info:
        files.save_workspace(changed, path)
    assert info.value.path == "options[0].cost.power_kw_per_gpu"
    assert path.read_bytes() == before
    # a fixed value leaves nothing carried over
    good = dataclasses.replace(cost, power_kw_per_gpu=dataclasses.replace(cost.power_kw_per_gpu, low=1.0,
                                                                          likely=1.5, high=2.0))
    fixed = dataclasses.replace(again, options=(dataclasses.replace(again.options[0], cost=good),
                                                *again.options[1:]))
    files.save_workspace(fixed, path)
    assert "carried_over" not in path.read_text(encoding="utf-8")
    warnings.clear()
    assert files.load_workspace(path, warnings).carried_over == () and warnings == []


def test_a_carried_over_value_is_found_again_after_the_rows_before_it_move(tmp_path):
    path, _text = _power_zero(tmp_path)
    ws = files.load_workspace(path)
    moved = dataclasses.replace(ws, options=(*ws.options[1:], ws.options[0]))
    files.save_workspace(moved, path)
    back = files.load_workspace(path)
    assert [c.path for c in back.carried_over] == [f"options[{len(ws.options) - 1}].cost.power_kw_per_gpu"]


def test_the_same_value_in_a_file_of_the_current_schema_is_an_error(tmp_path):
    _path, text = _power_zero(tmp_path)
    current = tmp_path / "new.deepdecide.yaml"
    current.write_text(text.replace("schema_version: 1", f"schema_version: {SCHEMA_VERSION}"), encoding="utf-8")
    with pytest.raises(ValidationError) as info:
        files.load_workspace(current)
    assert info.value.path == "options[0].cost.power_kw_per_gpu" and info.value.line is not None
    code, _out, err = _run(["validate", str(current)])
    assert code == 1 and f"{current}:" in err


def test_a_carried_over_mark_never_excuses_a_limit_that_protects_the_commands(tmp_path):
    base = MINIMAL.read_text(encoding="utf-8").replace("schema_version: 1", f"schema_version: {SCHEMA_VERSION}")
    draws = 10**12
    digest = hashlib.sha256(json.dumps(draws).encode()).hexdigest()
    text = (base + f"assumptions:\n  monte_carlo_draws: {draws}\n"
            f"carried_over:\n- {{path: assumptions.monte_carlo_draws, sha256: '{digest}', schema: 1}}\n")
    path = tmp_path / "forged.deepdecide.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValidationError) as info:
        files.load_workspace(path)
    assert info.value.path == "assumptions.monte_carlo_draws"


def test_limits_that_protect_the_commands_are_errors_in_older_files_too(tmp_path):
    base = MINIMAL.read_text(encoding="utf-8")
    for extra, where in (("assumptions:\n  monte_carlo_draws: 1000000000000\n", "assumptions.monte_carlo_draws"),
                         ("assumptions:\n  monte_carlo_seed: -1\n", "assumptions.monte_carlo_seed"),
                         ("slo: {}\n", None)):
        path = _v1(tmp_path, base + extra)
        if where is None:
            files.load_workspace(path)
            continue
        with pytest.raises(ValidationError) as info:
            files.load_workspace(path)
        assert info.value.path == where
    huge = base.replace("  platform: nv-h100\n  cost:", "  platform: nv-h100\n  topology: {unit_gpus: 1000000000000}\n"
                        "  cost:", 1)
    with pytest.raises(ValidationError) as info:
        files.load_workspace(_v1(tmp_path, huge))
    assert info.value.path == "options[0].topology.unit_gpus" and "[1, 1,000,000] GPUs" in info.value.reason


# ---------------------------------------------------------------------------------------------
# non-finite numbers


def _non_finite(obj) -> list:
    if isinstance(obj, dict):
        return [x for v in obj.values() for x in _non_finite(v)]
    if isinstance(obj, list):
        return [x for v in obj for x in _non_finite(v)]
    return [obj] if isinstance(obj, float) and not math.isfinite(obj) else []


def _with_run(ws, run: BenchmarkRun):
    prov = Provenance(file_name="bench.json", size_bytes=10, sha256="a" * 64, tool="vllm")
    return dataclasses.replace(ws, evidence=Evidence(files=(EvidenceFile(prov, runs=(run,)),)))


def test_an_unlimited_request_rate_is_stored_as_the_string_inf(tmp_path):
    ws = _with_run(files.load_workspace(MINIMAL), BenchmarkRun(tool="vllm", request_rate=math.inf, concurrency=8))
    path = tmp_path / "w.deepdecide.yaml"
    files.save_workspace(ws, path)
    text = path.read_text(encoding="utf-8")
    assert "request_rate: inf\n" in text and not _non_finite(yaml.safe_load(text))
    back = files.load_workspace(path)
    assert back.evidence.runs[0].request_rate == math.inf
    code, _out, err = _run(["validate", str(path)])
    assert code == 0, err
    data = files.canonical_json(ws)
    assert b"Infinity" not in data and b'"request_rate":"inf"' in data
    assert workspace_from_json(data).evidence.runs[0].request_rate == math.inf


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan])
def test_any_other_non_finite_number_is_refused_naming_the_key_path(tmp_path, value):
    ws = _with_run(files.load_workspace(MINIMAL), BenchmarkRun(tool="vllm", ttft_ms_p99=value))
    path = tmp_path / "w.deepdecide.yaml"
    path.write_text("old", encoding="utf-8")
    with pytest.raises(codec.UnstorableValueError) as info:
        files.save_workspace(ws, path)
    assert info.value.path == "evidence.files[0].runs[0].ttft_ms_p99"
    assert path.read_text(encoding="utf-8") == "old"
    with pytest.raises(codec.UnstorableValueError):
        files.canonical_json(ws)
    rate = _with_run(files.load_workspace(MINIMAL), BenchmarkRun(tool="vllm", request_rate=-math.inf))
    with pytest.raises(codec.UnstorableValueError) as info:
        files.save_workspace(rate, path)
    assert info.value.path == "evidence.files[0].runs[0].request_rate"


def test_a_lone_surrogate_is_never_written(tmp_path):
    ws = dataclasses.replace(files.load_workspace(MINIMAL), model="bad \ud800 model")
    path = tmp_path / "w.deepdecide.yaml"
    with pytest.raises(codec.UnstorableValueError) as info:
        files.save_workspace(ws, path)
    assert info.value.path == "model"
    assert not path.exists()


def test_legacy_yaml_inf_and_nan_in_an_older_file_open_with_warnings(tmp_path):
    run = ("evidence:\n  files:\n  - provenance: {file_name: b.json, size_bytes: 1, sha256: " + "a" * 64
           + ", tool: vllm}\n    runs:\n    - {tool: vllm, request_rate: .inf, ttft_ms_p99: .nan, quality_flags: [x]}\n")
    path = _v1(tmp_path, MINIMAL.read_text(encoding="utf-8") + run)
    warnings: list[ValidationError] = []
    ws = files.load_workspace(path, warnings)
    r = ws.evidence.runs[0]
    assert r.request_rate is None and r.max_rate and r.ttft_ms_p99 is None
    assert str(r.quality_flags[0]) == "x" and str(r.quality_flags[1]) == "the file held .nan for TTFT p99; stored as null (schema 2)"
    assert r.quality_flags[1].id == "storage.non_finite_null"
    assert {w.path for w in warnings} == {"evidence.files[0].runs[0].request_rate",
                                          "evidence.files[0].runs[0].ttft_ms_p99"}
    assert all(w.line for w in warnings)
    files.save_workspace(ws, path)  # the converted values are valid: saving stores them so
    text = path.read_text(encoding="utf-8")
    assert not _non_finite(yaml.safe_load(text)) and "max_rate: true" in text
    warnings.clear()
    assert files.load_workspace(path, warnings) == ws and warnings == []
    # in a file of the current schema a YAML .inf is refused, with the stored form to use
    bad = tmp_path / "bad.deepdecide.yaml"
    bad.write_text(text.replace("max_rate: true", "request_rate: .inf"), encoding="utf-8")
    with pytest.raises(ValidationError) as info:
        files.load_workspace(bad)
    assert info.value.path == "evidence.files[0].runs[0].request_rate" and "'inf'" in info.value.reason


# ---------------------------------------------------------------------------------------------
# files as users expect


def test_saving_through_a_symlink_updates_the_target_and_keeps_the_link(tmp_path):
    real_dir = tmp_path / "real"
    real_dir.mkdir()
    real = real_dir / "w.deepdecide.yaml"
    real.write_bytes(MINIMAL.read_bytes())
    link = tmp_path / "link.deepdecide.yaml"
    link.symlink_to(real)
    ws = files.load_workspace(link)
    files.save_workspace(dataclasses.replace(ws, name="Renamed"), link)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert files.load_workspace(real).name == "Renamed"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_import_into_a_symlinked_workspace_updates_the_real_file(tmp_path):
    real = tmp_path / "real.deepdecide.yaml"
    real.write_bytes(MINIMAL.read_bytes())
    link = tmp_path / "link.deepdecide.yaml"
    link.symlink_to(real)
    code, out, err = _run(["import", "--samples", "--into", str(link)])
    assert code == 0, err
    assert link.is_symlink()
    assert files.load_workspace(real).evidence.files


def test_stale_temporary_files_of_killed_saves_are_removed(tmp_path):
    target = tmp_path / "w.deepdecide.yaml"
    target.write_bytes(MINIMAL.read_bytes())
    dead_pid = 2**22 + 12345  # above Linux's default pid_max: no such process
    stale = tmp_path / f".w.deepdecide.yaml.{dead_pid}.k2j3h4{TEMP_SUFFIX}"
    old = tmp_path / f".w.deepdecide.yaml.{os.getpid()}.abcd{TEMP_SUFFIX}"
    live = tmp_path / f".w.deepdecide.yaml.{os.getpid()}.efgh{TEMP_SUFFIX}"
    other = tmp_path / f".other.deepdecide.yaml.{dead_pid}.abcd{TEMP_SUFFIX}"
    unrelated = tmp_path / ".w.deepdecide.yaml.backup"
    for p in (stale, old, live, other, unrelated):
        p.write_text("partial", encoding="utf-8")
    hour_ago = time.time() - 7200
    os.utime(old, (hour_ago, hour_ago))
    assert set(stale_temp_files(target)) == {stale, old}
    files.save_workspace(files.load_workspace(target), target)
    assert not stale.exists() and not old.exists()
    assert live.exists() and other.exists() and unrelated.exists()


# ---------------------------------------------------------------------------------------------
# one place for the ranges


def test_the_metric_names_of_the_validator_are_the_analysis_metrics():
    from deepdecide.analysis import METRICS

    assert set(validation.METRIC_NAMES) == set(METRICS)


def test_id_rule():
    assert validation.id_problem("keep-vllm-h100") is None
    assert validation.id_problem("DR-0001") is None
    assert "CYRILLIC" in validation.id_problem("kеep")
    assert "ZERO WIDTH SPACE" in validation.id_problem("a\u200bb")
    assert "write 'h100'" in validation.id_problem("ｈ100")
    assert "\x1b" not in validation.id_problem("a\x1b[31m")
    assert validation.id_problem("-x") is not None and validation.id_problem("") is not None


def test_several_range_errors_are_reported_together(tmp_path):
    text = MINIMAL.read_text(encoding="utf-8").replace("schema_version: 1", f"schema_version: {SCHEMA_VERSION}")
    text += "assumptions: {utilization: 1.5, horizon_years: 0}\nslo: {max_error_rate: 5}\n"
    path = tmp_path / "w.deepdecide.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValidationErrors) as info:
        files.load_workspace(path)
    assert {e.path for e in info.value.errors} == {"assumptions.utilization", "assumptions.horizon_years",
                                                   "slo.max_error_rate"}
    assert all(e.line for e in info.value.errors)


def test_the_schema_page_lists_every_range_and_limit():
    text = (Path(__file__).resolve().parents[2] / "docs" / "workspace-schema.md").read_text(encoding="utf-8")
    for rule in validation.RULES.values():
        assert f"| `{rule.key}` | {rule.range.text}" in text, rule.key
    for metric in validation.METRIC_NAMES:
        assert f"`{metric}`" in text
    assert f"| {SCHEMA_VERSION} |" in text
    for number in ("67,108,864", "64 levels", "4,000,000 characters", "1 .. 1,000,000", "0 .. 4,294,967,295"):
        assert number in text
