"""The canonical inputs of a record: the workspace as canonical JSON, and the way back.

``storage.files.canonical_json`` writes a float field that holds an int default (``Estimate(0, 0, 0)``)
as ``0`` but the same field read back from JSON as ``0.0``; one decode/encode round trip makes the
form a fixed point, so the JSON embedded in a record rebuilds exactly the record it came from.
"""

from __future__ import annotations

import hashlib
import json

from deepdecide.domain.errors import ValidationError, ValidationErrors
from deepdecide.domain.workspace import Workspace
from deepdecide.storage import codec
from deepdecide.storage.files import canonical_json, check, is_validated

INPUTS_NAME = "deepdecide-inputs.json"
BUILD_NAME = "deepdecide-build.json"
PREVIOUS_NAME = "deepdecide-previous-inputs.json"  # the inputs of the revision this record follows


def validate(ws: Workspace, file: str = "") -> None:
    """Raise the workspace's validation errors (each naming its key path), if any. A workspace that
    ``storage.files`` read and found free of errors and warnings is not checked again."""
    if is_validated(ws):
        return
    errors = check(ws)
    for e in errors:
        e.file = e.file or file
    if errors:
        raise ValidationErrors(errors) if len(errors) > 1 else errors[0]


def workspace_from_json(data: bytes, file: str = INPUTS_NAME, *, check_values: bool = True) -> Workspace:
    """Decode canonical workspace JSON (as embedded in a record) and validate it."""
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValidationError(f"not canonical workspace JSON: {exc}", file=file) from None
    if not isinstance(doc, dict) or doc.get("kind") != "workspace":
        raise ValidationError("not a deepdecide workspace (kind is not 'workspace')", file=file, path="kind")
    body = {k: v for k, v in doc.items() if k != "kind"}
    try:
        ws: Workspace = codec.from_data(Workspace, body)
    except ValidationError as exc:
        exc.file = file
        raise
    if check_values:
        validate(ws, file)
    return ws


def canonical_inputs(ws: Workspace) -> tuple[Workspace, bytes]:
    """The workspace in the exact form a record is built from, and its canonical JSON."""
    validate(ws)
    first = canonical_json(ws)
    normal = workspace_from_json(first, check_values=False)  # same values as ws, validated above
    return normal, canonical_json(normal)


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def dumps_canonical(obj: object) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
