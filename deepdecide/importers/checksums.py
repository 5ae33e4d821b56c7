"""Published checksums: a file imported from a folder where its publisher left a manifest of
SHA-256 digests is checked against it, and the outcome is kept in its provenance.

Manifests recognised (a JSON file beside the imported one, by its publisher's name for it):

* InferenceX's ``evidence.json`` (inferencex-skills): ``{"package", "version", "files": {name: sha256}}``;
* AISimulate's ``artifact-hashes.json``: ``{name: sha256}``.

The file is looked up by its own name. A digest that differs is recorded as a mismatch and said in
the import's notes ("these are not the bytes it published"); the import itself goes on (the user
decides), and a file the manifest does not list is recorded as not listed. A file imported from
memory (no folder) is not checked.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deepdecide.domain.evidence import ChecksumCheck, ChecksumOutcome

if TYPE_CHECKING:
    from deepdecide.importers.result import ImportResult

#: manifest file names, in the order they are looked for
MANIFESTS = ("evidence.json", "artifact-hashes.json")
#: a manifest is small; anything larger is not one
MAX_MANIFEST_BYTES = 1 << 20
_HEX64 = re.compile(r"[0-9a-f]{64}")


def digests(doc: Any) -> dict[str, str] | None:
    """The ``name -> sha256`` mapping a manifest holds, or None when ``doc`` is not a manifest."""
    files = doc.get("files") if isinstance(doc, dict) and isinstance(doc.get("files"), dict) else doc
    if not isinstance(files, dict) or not files:
        return None
    if not all(isinstance(k, str) and isinstance(v, str) and _HEX64.fullmatch(v.lower()) for k, v in files.items()):
        return None
    return {k: v.lower() for k, v in files.items()}


def publisher(doc: Any) -> str:
    if isinstance(doc, dict) and isinstance(doc.get("package"), str):
        return f"{doc['package']} {doc.get('version', '')}".strip()
    return ""


def check(path: str | os.PathLike[str], sha256: str) -> ChecksumCheck | None:
    """The file at ``path`` (whose SHA-256 is ``sha256``) checked against a manifest beside it."""
    target = Path(os.fsdecode(path))
    for name in MANIFESTS:
        manifest = target.parent / name
        if manifest.name == target.name or not manifest.is_file():
            continue
        try:
            if manifest.stat().st_size > MAX_MANIFEST_BYTES:
                continue
            data = manifest.read_bytes()
            doc = json.loads(data)
        except (OSError, ValueError, RecursionError):
            continue
        listed = digests(doc)
        if listed is None:
            continue
        expected = listed.get(target.name, "")
        outcome = (ChecksumOutcome.NOT_LISTED if not expected else
                   ChecksumOutcome.MATCH if expected == sha256.lower() else ChecksumOutcome.MISMATCH)
        return ChecksumCheck(name, hashlib.sha256(data).hexdigest(), outcome, expected, publisher(doc))
    return None


def against_manifest(result: ImportResult, path: str | os.PathLike[str]) -> ImportResult:
    """``result`` with its file checked against a publisher's manifest beside it (when there is one)."""
    p = result.evidence.provenance
    c = check(path, p.sha256)
    if c is None:
        return result
    evidence = replace(result.evidence, provenance=replace(p, checksum=c))
    return replace(result, evidence=evidence, notes=(*result.notes, c.note(p.file_name)))
