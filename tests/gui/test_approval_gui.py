"""The Decision page's approval: export for approval, then each approver signs from the application."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from deepdecide.domain import approval
from deepdecide.storage import files

REPO = Path(__file__).resolve().parents[2]
SMALL = REPO / "tests" / "fixtures" / "report" / "small.deepdecide.yaml"


def _finish(qtbot, window, timeout: int = 90000, signal: str = "finished"):
    task = window.tasks.current
    assert task is not None, "no background task started"
    with qtbot.waitSignal(getattr(task.signals, signal), timeout=timeout):
        pass


def test_export_for_approval_and_two_signatures_from_the_application(make_window, interaction, qtbot, tmp_path):
    import dataclasses

    from deepdecide.cli.main import main
    from deepdecide.gui.pdf_export import SignRecordRequest
    from tests.approval.pki import Pki, email_of

    pki = Pki(tmp_path)
    names = {"Platform lead": "Ana Ruiz", "CTO": "Tom Berg", "SRE on-call": "Lee Park", "Finance": "Fay Gold"}
    ws = approval.frozen(files.load_workspace(SMALL))
    rows = tuple(dataclasses.replace(s, name=names[s.role], email=email_of(names[s.role]), issuer_ca_sha256=pki.ca_sha256)
                 for s in ws.signoffs)
    ws_path = tmp_path / "ready.deepdecide.yaml"
    files.save_workspace(dataclasses.replace(ws, signoffs=rows), ws_path)
    window = make_window((str(ws_path),))
    page = window.show_page("decision")
    assert page.missing_label.text() == "Nothing: ready for approval."
    assert "Platform lead" in page.signed_label.text() and "required approver" in page.signed_label.text()
    assert page.export_approval_button.isEnabled()
    record = tmp_path / "for-approval.pdf"
    interaction.pdf_path = str(record)
    page.export_approval_button.click()
    _finish(qtbot, window)
    assert record.is_file()
    # another person's certificate from the same CA in the CTO's role: refused, and the dialog says why
    unchanged = record.read_bytes()
    interaction.sign_answer = SignRecordRequest(record=str(record), role="CTO", verdict="approve",
                                                certificate=str(pki.approver("Lee Park")), passphrase=b"test-only")
    page.sign_button.click()
    _finish(qtbot, window, signal="failed")
    assert len(interaction.errors) == 1 and "is not the approver the record names for 'CTO'" in str(interaction.errors[0][1])
    assert record.read_bytes() == unchanged
    interaction.errors.clear()
    for role, cn in (("Platform lead", "Ana Ruiz"), ("CTO", "Tom Berg")):
        interaction.sign_answer = SignRecordRequest(record=str(record), role=role, verdict="approve",
                                                    certificate=str(pki.approver(cn)), passphrase=b"test-only")
        page.sign_button.click()
        _finish(qtbot, window)
    assert interaction.sign_roles[0][:2] == ("Platform lead", "CTO")
    assert not interaction.errors
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["verify", str(record), "--trust", str(pki.ca_pem)])
    assert code == 0 and "approved" in out.getvalue()


def test_the_decision_page_shows_what_changed_since_the_saved_file(make_window, qtbot, tmp_path):
    import dataclasses

    from deepdecide.domain.edits import SetDecisionField

    ws_path = tmp_path / "sample.deepdecide.yaml"
    files.save_workspace(files.load_builtin_workspace(), ws_path)
    window = make_window((str(ws_path),))
    page = window.show_page("decision")
    assert page.changes_box.title() == "Changes since sample.deepdecide.yaml"
    assert page.changes_label.text().startswith("None:")
    ws = window.document.workspace
    more = dataclasses.replace(ws.demand, output_tokens_per_s=250_000)
    window.document.replace(dataclasses.replace(ws, demand=more), str(ws_path), modified=True)
    window.document.set_baseline(ws, "sample.deepdecide.yaml")
    window.document.edit(SetDecisionField("confirmation", "a two-week canary at 10 % of traffic"), "confirmation")
    page.refresh()
    text = page.changes_label.text()
    assert "<b>Inputs</b>" in text and "demand.output_tokens_per_s: 200,000 → 250,000" in text
    assert "Confirmation: " in text and "decision.confirmation" not in text  # the field by its name here
    assert "<b>Outcome</b>" in text and "Keep H100, serve with SGLang: GPUs" in text


def test_a_fired_revisit_trigger_shows_a_banner_naming_it_and_the_evidence(make_window, tmp_path):
    import dataclasses

    from deepdecide.domain.matrix import SupportStatus

    ws = files.load_builtin_workspace()
    entries = tuple(dataclasses.replace(e, status=SupportStatus.OFFICIAL)
                    if (e.runtime, e.platform) == ("deepinfer", "nv-h100") else e for e in ws.matrix.entries)
    ws_path = tmp_path / "newer.deepdecide.yaml"
    files.save_workspace(ws, ws_path)
    window = make_window((str(ws_path),))
    page = window.show_page("overview")
    assert page.revisit_banner.isHidden()
    window.document.replace(dataclasses.replace(ws, matrix=dataclasses.replace(ws.matrix, entries=entries)),
                            str(ws_path), modified=True)
    page.refresh()
    assert not page.revisit_banner.isHidden()
    text = page.revisit_text.text()
    assert "1 of its own triggers fired" in text
    assert "DeepInfer adds SM90 (H100) to its official support list" in text
    assert "DeepInfer on NVIDIA H100 SXM: the matrix says official" in text  # names, not ids
