"""Quality flags are messages stored by id and parameters (schema 4): they show in the interface
language, a schema-3 file's English flag texts are mapped back to their messages, anything else
stays as written, and a saved workspace reads back the same."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from deepdecide.cli.main import main
from deepdecide.domain import flags, i18n
from deepdecide.domain.errors import ValidationError
from deepdecide.domain.evidence import BenchmarkRun, Evidence, EvidenceFile, Provenance
from deepdecide.domain.messages import Message, plain
from deepdecide.domain.workspace import SCHEMA_VERSION
from deepdecide.storage import files

MINIMAL = Path(__file__).resolve().parents[1] / "fixtures" / "workspaces" / "minimal.deepdecide.yaml"
SHA = "a" * 64

#: English texts a schema-3 workspace holds, as the importers of that version wrote them
OLD_FLAGS = [
    "failed derived: num_prompts - completed",
    "gpu_count from server_info: tp 8 x pp 1 x dp 1 (1 node(s))",
    "output_throughput_tps: file says 120, recomputed total output tokens / duration gives 100 (+20.0 %); "
    "file value kept",
    "platform from the runner label hw='h100'",
    "line 12, mean_ttft_ms: the file holds NaN, not a finite number; left empty",
    "runtime set by the user (was 'sglang')",
    "measured by hand on the staging cluster, see ticket OPS-12",  # a user's own words
]


def _schema3(tmp_path: Path, flag_texts: list[str]) -> Path:
    """A workspace as schema 3 wrote it: one run whose flags are these texts."""
    base = files.load_workspace(MINIMAL, [])
    run = BenchmarkRun(tool="vllm", ttft_ms_p50=5.0, quality_flags=tuple(plain(t) for t in flag_texts))
    f = EvidenceFile(Provenance(file_name="b.json", size_bytes=1, sha256=SHA, tool="vllm"), runs=(run,))
    ws = dataclasses.replace(base, evidence=Evidence(files=(f,)))
    text = files.workspace_to_yaml(ws)
    assert f"schema_version: {SCHEMA_VERSION}\n" in text
    path = tmp_path / "old.deepdecide.yaml"
    path.write_text(text.replace(f"schema_version: {SCHEMA_VERSION}\n", "schema_version: 3\n"), encoding="utf-8")
    return path


def test_a_schema_3_file_maps_known_flag_texts_to_messages_and_keeps_the_rest(tmp_path):
    warnings: list[ValidationError] = []
    ws = files.load_workspace(_schema3(tmp_path, OLD_FLAGS), warnings)
    assert warnings == []  # nothing is lost: nothing to warn about
    got = ws.evidence.runs[0].quality_flags
    assert [m.id for m in got] == ["vllm.failed_derived", "sglang.gpus_nodes", "normalize.disagrees",
                                   "inferencemax.runner", "import.dropped_line_path", "edits.set_by_user_was",
                                   flags.TEXT]
    # the same English text as before, but a counted flag's "(s)" now agrees with its count, and a run's
    # field is named in words ("output tokens/s", not "output_throughput_tps"; the id stays in its params)
    assert [flags.english(m) for m in got] == [
        t.replace("(1 node(s))", "(1 node)").replace("output_throughput_tps:", "output tokens/s:").replace(
            "gpu_count from server_info: tp 8 x pp 1 x dp 1", "GPU count from server_info: TP 8 × PP 1 × DP 1")
        for t in OLD_FLAGS]
    assert got[2].args == {"key": "output_throughput_tps", "own": 120.0, "how": "total output tokens / duration",
                           "derived": 100.0, "diff": 20.0}
    assert got[4].args == {"line": 12, "path": "mean_ttft_ms", "held": "NaN"}


def test_saved_flags_are_ids_and_parameters_and_read_back_the_same(tmp_path):
    ws = files.load_workspace(_schema3(tmp_path, OLD_FLAGS))
    out = tmp_path / "new.deepdecide.yaml"
    files.save_workspace(ws, out)
    text = out.read_text(encoding="utf-8")
    assert f"schema_version: {SCHEMA_VERSION}" in text
    assert "id: vllm.failed_derived" in text and "failed derived" not in text  # locale-independent
    assert "measured by hand on the staging cluster" in text  # user text as written
    again = files.load_workspace(out)
    assert again.evidence.runs[0].quality_flags == ws.evidence.runs[0].quality_flags
    files.save_workspace(again, tmp_path / "third.deepdecide.yaml")
    assert (tmp_path / "third.deepdecide.yaml").read_text(encoding="utf-8") == text


def test_flags_render_in_spanish_and_user_text_stays(tmp_path):
    ws = files.load_workspace(_schema3(tmp_path, OLD_FLAGS))
    got = ws.evidence.runs[0].quality_flags
    with i18n.using("es"):
        shown = [str(m) for m in got]
    assert shown[0] == "peticiones fallidas derivadas: «num_prompts» - «completed»"
    assert shown[2].startswith("tokens de salida/s: el archivo dice 120, recalculado como") and "+20,0 %" in shown[2]
    assert shown[4].startswith("línea 12, mean_ttft_ms: el archivo contiene NaN")
    assert shown[6] == OLD_FLAGS[6]  # never translated


def test_a_flag_of_an_unknown_id_keeps_its_template_and_a_bad_one_is_a_located_error(tmp_path):
    made = Message("future.flag", "{n} things happened", (("n", 3),))
    assert flags.to_data(made) == {"id": "future.flag", "template": "{n} things happened", "params": {"n": 3}}
    assert flags.from_data(flags.to_data(made)) == made
    assert str(flags.from_data({"id": "future.flag", "params": {"n": 3}})) == "future.flag (n=3)"
    path = _schema3(tmp_path, ["x"])
    text = path.read_text(encoding="utf-8").replace("schema_version: 3", f"schema_version: {SCHEMA_VERSION}")
    assert "- x\n" in text
    path.write_text(text.replace("- x\n", "- {id: vllm.failed_derived, params: {n: 1}}\n"), encoding="utf-8")
    with pytest.raises(ValidationError) as info:
        files.load_workspace(path)
    assert info.value.path == "evidence.files[0].runs[0].quality_flags[0]" and info.value.line
    assert "vllm.failed_derived" in info.value.reason


def test_inspect_json_keeps_the_english_flag_texts(tmp_path, capsys):
    src = tmp_path / "run.json"
    src.write_text(json.dumps({"date": "x", "backend": "vllm", "num_prompts": 10, "completed": 9,
                               "median_ttft_ms": 5, "mean_ttft_ms": 6}), encoding="utf-8")
    assert main(["--lang", "es", "inspect", "--json", str(src)]) == 0
    row = json.loads(capsys.readouterr().out.splitlines()[0])
    assert "failed derived: num_prompts - completed" in row["quality_flags"]
    assert main(["--lang", "es", "inspect", str(src)]) == 0
    assert "peticiones fallidas derivadas: «num_prompts» - «completed»" in capsys.readouterr().out


@pytest.mark.parametrize("data", [
    {"id": "vllm.failed_derived"},
    {"id": "vllm.failed_derived", "params": {}},
    {"id": "vllm.failed_derived", "params": None},
    {"id": "normalize.per_gpu_derived", "params": {"gpus": 8}},
    {"id": "normalize.given", "params": {"name": "platform"}},
    {"id": "own.thing", "template": "measured by {who}", "params": {"who": ["a", {"id": "vllm.failed_derived"}]}},
    {"id": "own.thing", "template": "no fields"},
    {"id": "own.thing"},
    {"id": "own.thing", "params": {"a": 1, "b": None}},
    {"id": "text", "params": {"text": "by hand"}},
    "by hand",
])
def test_a_stored_flag_reads_as_the_message_it_was_written_from(data):
    m = flags.from_data(data)
    assert flags.from_data(data) == m
    assert flags.from_data(flags.to_data(m)) == m


def test_the_same_stored_flag_is_read_once_and_shared_but_a_parameter_of_another_class_is_not():
    one = flags.from_data({"id": "own.thing", "template": "n={n}", "params": {"n": 1}})
    assert flags.from_data({"id": "own.thing", "template": "n={n}", "params": {"n": 1}}) is one
    flag = flags.from_data({"id": "own.thing", "template": "n={n}", "params": {"n": True}})
    assert flag is not one and flag.render() != one.render()  # 1 == True, but "1" is not "yes"
    # refused data is never kept: the same data is refused again
    for _ in range(2):
        with pytest.raises(flags.FlagDataError):
            flags.from_data({"id": "own.thing", "template": "n={n}", "params": {"m": 1}})


@pytest.mark.parametrize(("data", "reason"), [
    ({"id": "vllm.failed_derived", "extra": 1, "also": 2}, "unknown key 'also' (expected id, params, template)"),
    ({"id": "normalize.per_gpu_derived"}, "flag 'normalize.per_gpu_derived': params - do not match its template"),
    ({"id": "vllm.failed_derived", "params": [1]}, "params must be a mapping"),
    ({"id": ""}, "expected a text or a mapping with an 'id'"),
    ({"id": 3}, "expected a text or a mapping with an 'id'"),
    ([1], "expected a text or a mapping with an 'id'"),
])
def test_stored_data_that_is_no_flag_is_refused_with_its_reason(data, reason):
    with pytest.raises(flags.FlagDataError) as err:
        flags.from_data(data)
    assert str(err.value).startswith(reason)
