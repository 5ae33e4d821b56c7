"""Redaction everywhere people type or files name things: file names and paths never lose a path
component to the entropy heuristic, identities never do, known-prefix tokens are removed
everywhere they are stored or leave the program (workspace, CSV, XLSX, record, new revision),
and typed text (evidence labels and reasons, GUI edits) goes through the pass of imported text
with the redaction reported."""

from __future__ import annotations

import dataclasses
import json
import re
import sys
from pathlib import Path

import pytest

from deepdecide.cli.main import main
from deepdecide.domain import edits
from deepdecide.domain.workspace import SignOff
from deepdecide.importers.secrets import (
    REDACTED,
    redact_edit,
    redact_workspace,
    scan,
    scan_identity,
    scan_known,
    scan_path,
)
from deepdecide.report.canonical import INPUTS_NAME
from deepdecide.report.embedded import extract_attachments
from deepdecide.storage import files

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "corpus"))
import make_evidence_cases as corpus

REPO = Path(__file__).resolve().parents[2]
SMALL = REPO / "tests" / "fixtures" / "report" / "small.deepdecide.yaml"

RESULT_NAME = "1xH100-FP8__openai-10.0qps-itkns-1024-otkns-170-concurrency128-20250101-000000.json"
#: a folder whose letters, digits and slashes run on for 40 characters into the file name: the
#: entropy heuristic used to take "srv/benchmarks/…/1xH100" for a key
RESULT_DIR = "srv/benchmarks/results/files/vllm"
HF_NAME = "results_hf_abcdefghijklmnopqrstuvwxyz0123.json"
GHP = "ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
#: known-prefix tokens: each is removed by every pass, whatever the field
TOKENS = {
    "Hugging Face token": "hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
    "GitHub token": GHP,
    "API key": "sk-proj-Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0Lz",
    "Slack token": "xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOp",
    "AWS key": "AKIAIOSFODNN7EXAMPLE",
    "Google API key": "AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q",
}
#: not secrets: an identity or path scan leaves them as they are (32+ mixed characters)
LOOKS_RANDOM = ("aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3x", "Zq8Xw7Cv6Bn5Mm4Ll3Kk2Jj1Hh0GgFfDd")


def test_a_result_file_name_and_its_path_are_never_taken_for_a_key():
    for text in (RESULT_NAME, f"{RESULT_DIR}/{RESULT_NAME}", f"/{RESULT_DIR}/{RESULT_NAME}",
                 f"/data/{RESULT_DIR}/x/1xH100-FP8__openai", f"C:\\{RESULT_DIR.replace('/', chr(92))}\\{RESULT_NAME}"):
        assert scan(text) == (text, []), text  # free text (an error message naming the path)
        assert scan_path(text) == (text, []), text
    # inside a sentence too: the path is a word of its own
    line = f"cannot read {RESULT_DIR}/{RESULT_NAME}: no runs"
    assert scan(line) == (line, [])
    # a path component that looks random is still a path component
    for random_part in LOOKS_RANDOM:
        for text in (f"/data/{random_part}/run.json", f"{random_part}.json", f"./{random_part}"):
            assert scan_path(text) == (text, []) and scan(text) == (text, []), text


def test_a_known_prefix_token_in_a_file_name_is_removed_and_the_extension_kept():
    assert scan_path(HF_NAME) == ("results_[redacted].json", ["Hugging Face token"])
    for kind, token in TOKENS.items():
        for text in (f"run_{token}.json", f"{RESULT_DIR}/{token}/r.json"):
            clean, kinds = scan_path(text)
            assert token not in clean and kind in kinds and REDACTED in clean, text
            assert clean.endswith(".json")
        assert scan_known(f"x {token} y") == (f"x {REDACTED} y", (kind,))
    assert scan_path("github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz.csv") == (
        f"{REDACTED}.csv", ["GitHub token"])


def test_free_text_keeps_the_entropy_heuristic_for_a_bare_key():
    # an unquoted AWS secret key (base64 with slashes, no file-name characters), at a sentence end too
    for text in ("key wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY."):
        clean, kinds = scan(text)
        assert "wJalrXUtn" not in clean and kinds == ["high-entropy key"]
    assert scan(f"token {LOOKS_RANDOM[0]} here")[1]  # a bare random word in a note still goes


def test_identity_fields_never_lose_a_name_to_the_entropy_heuristic():
    for name in (*LOOKS_RANDOM, "Dr. Ana Ruiz-Berg", "ana.ruiz+approvals@example.com", f"{LOOKS_RANDOM[0]}@example.com"):
        assert scan_identity(name) == (name, []), name
    for kind, token in TOKENS.items():
        clean, kinds = scan_identity(f"Ana Ruiz {token}")
        assert clean == f"Ana Ruiz {REDACTED}" and kinds == [kind]
    assert scan_identity("Ana password: hunter2")[0] == f"Ana password: {REDACTED}"


def test_typed_edits_go_through_the_pass_by_field():
    rows = (SignOff(LOOKS_RANDOM[0], "CTO", conditions=f"password: hunter2, {GHP}"),
            SignOff(f"Tom {GHP}", LOOKS_RANDOM[1]))
    clean, found = redact_edit(edits.SetSignOffs(rows))
    assert clean.signoffs[0].name == LOOKS_RANDOM[0] and clean.signoffs[1].role == LOOKS_RANDOM[1]  # identities
    assert clean.signoffs[0].conditions == f"password: {REDACTED}, {REDACTED}"
    assert clean.signoffs[1].name == f"Tom {REDACTED}"
    assert {(f.kind, f.place) for f in found} == {
        ("credential value", "signoffs[0].conditions"), ("GitHub token", "signoffs[0].conditions"),
        ("GitHub token", "signoffs[1].name")}
    clean, found = redact_edit(edits.SetDecisionField("rationale", f"because {LOOKS_RANDOM[0]} said so"))
    assert clean.value == f"because {REDACTED} said so" and found[0].place == "decision.rationale"
    clean, found = redact_edit(edits.SetDecisionField("decision_makers", (LOOKS_RANDOM[0], f"CTO {GHP}")))
    assert clean.value == (LOOKS_RANDOM[0], f"CTO {REDACTED}") and [f.place for f in found] == [
        "decision.decision_makers[1]"]
    same = edits.SetDecisionField("title", "Serve DeepSeek on H100")
    assert redact_edit(same) == (same, [])
    assert redact_edit(same)[0] is same
    ids = edits.SetDecisionField("chosen_option", GHP)  # an id is never rewritten (it must stay a reference)
    assert redact_edit(ids) == (ids, [])


def _run(argv: list[str], capsys) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def workspace(tmp_path) -> Path:
    path = tmp_path / "w.deepdecide.yaml"
    files.save_workspace(files.load_workspace(SMALL), path)
    return path


def test_import_prints_a_result_file_path_unchanged(tmp_path, workspace, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / RESULT_DIR
    folder.mkdir(parents=True)
    (folder / RESULT_NAME).write_bytes(corpus.dumps(corpus.vllm()))
    code, out, err = _run(["import", f"{RESULT_DIR}/{RESULT_NAME}", "--into", str(workspace), "--kind", "own"], capsys)
    assert code == 0, err
    assert f"{RESULT_DIR}/{RESULT_NAME}: " in out and REDACTED not in out + err
    stored = files.load_workspace(workspace).evidence.files[-1].provenance.file_name
    assert stored == RESULT_NAME


def test_an_hf_token_in_a_file_name_reaches_neither_workspace_nor_csv_nor_xlsx(tmp_path, workspace, capsys):
    openpyxl = pytest.importorskip("openpyxl")
    (tmp_path / HF_NAME).write_bytes(corpus.dumps(corpus.vllm()))
    code, out, err = _run(["import", str(tmp_path / HF_NAME), "--into", str(workspace), "--kind", "own"], capsys)
    assert code == 0, err
    assert "redacted: Hugging Face token in provenance file_name" in out
    token = "hf_abcdefghijklmnopqrstuvwxyz0123"
    assert token not in out + err and token not in workspace.read_text()
    assert files.load_workspace(workspace).evidence.files[-1].provenance.file_name == "results_[redacted].json"
    code, out, err = _run(["export", str(workspace), "--evidence", str(tmp_path / "e.csv"),
                           "--xlsx", str(tmp_path / "e.xlsx"), "--no-monte-carlo"], capsys)
    assert code == 0, err
    assert token not in (tmp_path / "e.csv").read_text(encoding="utf-8-sig")
    wb = openpyxl.load_workbook(tmp_path / "e.xlsx")
    assert not any(isinstance(c.value, str) and token in c.value for s in wb for row in s.iter_rows() for c in row)


def test_a_workspace_edited_by_hand_exports_and_reports_without_its_tokens(tmp_path, workspace, capsys):
    """A token a workspace already holds (typed into the file, written by an older build) never
    reaches a CSV, an XLSX or a record; stderr says where it was."""
    openpyxl = pytest.importorskip("openpyxl")
    ws = files.load_workspace(workspace)
    (tmp_path / "r.json").write_bytes(corpus.dumps(corpus.vllm()))
    assert _run(["import", str(tmp_path / "r.json"), "--into", str(workspace), "--kind", "own"], capsys)[0] == 0
    ws = files.load_workspace(workspace)
    f = ws.evidence.files[-1]
    f = dataclasses.replace(f, provenance=dataclasses.replace(f.provenance, label=f"from {GHP}"))
    rows = tuple(dataclasses.replace(s, conditions=f"only with {TOKENS['API key']}") for s in ws.signoffs)
    ws = dataclasses.replace(ws, signoffs=rows, evidence=dataclasses.replace(
        ws.evidence, files=(*ws.evidence.files[:-1], f)))
    files.save_workspace(ws, workspace)  # as typed into the file
    assert GHP in workspace.read_text()
    code, out, err = _run(["export", str(workspace), "--evidence", str(tmp_path / "e.csv"),
                           "--xlsx", str(tmp_path / "e.xlsx"), "--no-monte-carlo"], capsys)
    assert code == 0, err
    assert re.search(r"redacted: GitHub token in Evidence row \d+, file_label\n", err) and GHP not in out + err
    assert GHP not in (tmp_path / "e.csv").read_text(encoding="utf-8-sig")
    assert "from [redacted]" in (tmp_path / "e.csv").read_text(encoding="utf-8-sig")
    wb = openpyxl.load_workbook(tmp_path / "e.xlsx")
    assert not any(isinstance(c.value, str) and GHP in c.value for s in wb for row in s.iter_rows() for c in row)
    record = tmp_path / "r.pdf"
    code, out, err = _run(["report", str(workspace), "-o", str(record)], capsys)
    assert code == 0, err
    assert "redacted: GitHub token in evidence.files" in err and "redacted: API key in signoffs[0].conditions" in err
    assert f"{workspace} still holds them" in err
    data = record.read_bytes()
    inputs = extract_attachments(data)[INPUTS_NAME].decode()
    for token in (GHP, TOKENS["API key"]):
        assert token not in inputs and token.encode() not in data
    assert json.loads(inputs)  # the embedded inputs are a workspace still
    code, out, _err = _run(["verify", str(record)], capsys)
    assert code == 5 and "intact, unsigned" in out  # the record rebuilds from what it embeds


def test_revise_leaves_out_the_tokens_an_older_record_carries(tmp_path, workspace, capsys, monkeypatch):
    from deepdecide.report import writer

    ws = files.load_workspace(workspace)
    ws = dataclasses.replace(ws, decision=dataclasses.replace(ws.decision, rationale=f"see {GHP}"))
    files.save_workspace(ws, workspace)
    monkeypatch.setattr(writer, "redact_workspace", lambda w: (w, []))  # a record built before this rule
    old = tmp_path / "old.pdf"
    assert _run(["report", str(workspace), "-o", str(old)], capsys)[0] == 0
    assert GHP in extract_attachments(old.read_bytes())[INPUTS_NAME].decode()
    monkeypatch.undo()
    code, out, err = _run(["revise", str(old), "-o", str(tmp_path / "next.deepdecide.yaml")], capsys)
    assert code == 0, err
    assert "redacted: GitHub token in decision.rationale" in err
    assert GHP not in (tmp_path / "next.deepdecide.yaml").read_text()
    assert files.load_workspace(tmp_path / "next.deepdecide.yaml").decision.rationale == f"see {REDACTED}"
    code, out, _err = _run(["verify", str(old)], capsys)
    assert GHP not in out  # verify prints no known-prefix token of the older record either


def test_evidence_set_redacts_the_typed_label_model_and_reason(tmp_path, workspace, capsys):
    (tmp_path / "r.json").write_bytes(corpus.dumps(corpus.vllm()))
    assert _run(["import", str(tmp_path / "r.json"), "--into", str(workspace), "--kind", "own"], capsys)[0] == 0
    code, out, err = _run(["evidence", "set", str(workspace), "r.json", "--label", f"from {GHP}",
                           "--proxy", "password: hunter2 says so"], capsys)
    assert code == 0, err
    assert "redacted: GitHub token in the label" in err and "redacted: credential value in the proxy reason" in err
    text = workspace.read_text()
    assert GHP not in text and "hunter2" not in text and GHP not in out + err and "hunter2" not in out + err
    f = next(x for x in files.load_workspace(workspace).evidence.files if x.provenance.file_name == "r.json")
    assert f.provenance.label == f"from {REDACTED}" and f.proxy.reason == f"password: {REDACTED} says so"


def test_the_whole_workspace_pass_leaves_a_clean_workspace_as_it_is():
    ws = files.load_workspace(SMALL)
    clean, found = redact_workspace(ws)
    assert clean is ws and found == []


def test_a_home_path_a_workspace_holds_reaches_neither_the_record_nor_a_revision(tmp_path, workspace, capsys):
    """Issue 26, 8: a home folder typed into the file by hand (or kept by an older build) is ``~`` in the
    record's inputs and in the revision ``revise`` writes; stderr says where it was."""
    home = "/home/bob"  # hostile test data: a user's home folder, no real path
    ws = files.load_workspace(workspace)
    ws = dataclasses.replace(ws, decision=dataclasses.replace(ws.decision, rationale=f"notes in {home}/plans.txt"))
    files.save_workspace(ws, workspace)
    record = tmp_path / "r.pdf"
    code, _out, err = _run(["report", str(workspace), "-o", str(record)], capsys)
    assert code == 0, err
    assert "redacted: home directory in decision.rationale" in err
    inputs = extract_attachments(record.read_bytes())[INPUTS_NAME].decode()
    assert home not in inputs and "notes in ~/plans.txt" in inputs
    nxt = tmp_path / "next.deepdecide.yaml"
    code, _out, err = _run(["revise", str(record), "-o", str(nxt)], capsys)
    assert code == 0, err
    assert home not in nxt.read_text(encoding="utf-8")
    code, out, _err = _run(["verify", str(record)], capsys)
    assert code == 5 and "intact, unsigned" in out


def test_a_token_in_a_flag_shared_by_runs_is_removed_at_every_place_and_a_second_pass_answers_the_same():
    from deepdecide.domain.messages import Message

    ws = files.load_builtin_workspace()
    ev = ws.evidence
    good, bad = Message("shared_flag", "x", ()), Message("text", "{text}", (("text", f"see {GHP}"),))
    runs = [dataclasses.replace(r, quality_flags=(good, bad)) for r in ev.files[1].runs[:2]]
    f = dataclasses.replace(ev.files[1], runs=(*runs, *ev.files[1].runs[2:]))
    ws = dataclasses.replace(ws, evidence=dataclasses.replace(ev, files=(ev.files[0], f, *ev.files[2:])))
    clean, found = redact_workspace(ws)
    assert [x.place for x in found] == [f"evidence.files[1].runs[{i}].quality_flags[1].params[0][1]"
                                        for i in range(2)]
    assert GHP not in repr(clean.evidence.files[1]) and clean.evidence.files[1].runs[0].quality_flags[0] is good
    again, found_again = redact_workspace(ws)
    assert again is clean and found_again == found and found_again is not found
