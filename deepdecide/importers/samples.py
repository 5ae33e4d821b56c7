"""The illustrative sample evidence shipped in ``data/samples/evidence``: real tool formats
(SGLang bench_serving JSONL) reconstructed from published figures, each with the context the
files cannot hold (platform, GPU count, model) and the label saying what it is.

``deepdecide import --samples --into WORKSPACE`` imports them; so does :func:`import_samples`.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from deepdecide.domain.errors import EvidenceImportError
from deepdecide.domain.evidence import ProvenanceKind
from deepdecide.domain.i18n import _
from deepdecide.importers.base import ImportContext
from deepdecide.importers.registry import import_file
from deepdecide.importers.result import ImportResult


def samples_dir() -> Path:
    return Path(str(resources.files("deepdecide.data"))) / "samples" / "evidence"


def sample_evidence() -> list[tuple[Path, ImportContext]]:
    """(file, context with its label and kind) for every sample evidence file in the manifest.

    The sample files are reconstructed from published figures: their kind is ``illustrative``
    unless the manifest entry says otherwise."""
    manifest = samples_dir() / "manifest.json"
    try:
        doc = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise EvidenceImportError(_("cannot be read: {reason}").format(reason=exc), file=str(manifest)) from None
    out = []
    for i, entry in enumerate(doc.get("files", []) if isinstance(doc, dict) else []):
        if not isinstance(entry, dict) or "file" not in entry or not entry.get("label"):
            raise EvidenceImportError(_("each entry needs a file and a label"), file=str(manifest), path=f"files[{i}]")
        try:
            kind = ProvenanceKind(entry.get("kind", ProvenanceKind.ILLUSTRATIVE.value))
        except ValueError:
            raise EvidenceImportError(_("kind must be one of {kinds}").format(kinds=", ".join(k.value for k in ProvenanceKind)),
                                      file=str(manifest), path=f"files[{i}].kind") from None
        out.append((samples_dir() / entry["file"], ImportContext(
            runtime=str(entry.get("runtime", "")), platform=str(entry.get("platform", "")),
            gpu_count=entry.get("gpus"), model=str(entry.get("model", "")),
            quantization=str(entry.get("quantization", "")), label=str(entry["label"]),
            kind=kind)))
    return out


def import_samples() -> list[ImportResult]:
    """Import every sample evidence file (what ``deepdecide import --samples`` adds)."""
    return [import_file(path, ctx) for path, ctx in sample_evidence()]
