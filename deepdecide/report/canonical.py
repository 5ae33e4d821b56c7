"""The canonical inputs of a record: the workspace as canonical JSON, and the way back.

``storage.files.canonical_json`` is a fixed point: it writes every number of a float field as a float
(``weight=1`` set by code as ``1.0``), as the field reads back, so the JSON of a workspace is the
JSON of its own decoding, and the JSON embedded in a record rebuilds exactly the record it came from.
The record is built from that decoding (not from the workspace given), as ``deepdecide verify``
rebuilds it.
"""

from __future__ import annotations

import hashlib
import json

from deepdecide.domain.errors import ValidationError, ValidationErrors
from deepdecide.domain.workspace import SCHEMA_VERSION, Workspace
from deepdecide.storage import codec
from deepdecide.storage.files import (
    canonical_json,
    check,
    check_with_warnings,
    document_schema,
    is_validated,
    migrate_body,
)

INPUTS_NAME = "deepdecide-inputs.json"
BUILD_NAME = "deepdecide-build.json"
PREVIOUS_NAME = "deepdecide-previous-inputs.json"  # the inputs of the revision this record follows
APPROVAL_NAME = "deepdecide-approval-record.pdf"  # the signed approval record whose signatures give the status


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
    """Decode canonical workspace JSON (as embedded in a record) and validate it. The inputs of a record
    an earlier build made are of its schema: they are migrated as a file of that schema is, and held
    to the rules that schema had (a later rule they break is no error here)."""
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValidationError(f"not canonical workspace JSON: {exc}", file=file) from None
    if not isinstance(doc, dict) or doc.get("kind") != "workspace":
        raise ValidationError("not a deepdecide workspace (kind is not 'workspace')", file=file, path="kind")
    body = {k: v for k, v in doc.items() if k != "kind"}
    version = SCHEMA_VERSION
    try:
        if document_schema(body) != SCHEMA_VERSION:  # a record of an earlier build: its schema's migrations
            body, version = migrate_body(body, file)
        ws: Workspace = codec.from_data(Workspace, body)
    except ValidationError as exc:
        exc.file = file
        raise
    if check_values and version != SCHEMA_VERSION:  # the rules its schema had; later ones it may break
        errors = check_with_warnings(ws, version)[0]
        for e in errors:
            e.file = e.file or file
        if errors:
            raise ValidationErrors(errors) if len(errors) > 1 else errors[0]
    elif check_values:
        validate(ws, file)
    return ws


def canonical_inputs(ws: Workspace) -> tuple[Workspace, bytes]:
    """The workspace in the exact form a record is built from, and its canonical JSON."""
    validate(ws)
    inputs = canonical_json(ws)  # a fixed point: canonical_json(normal) == inputs
    normal = workspace_from_json(inputs, check_values=False)  # same values as ws, validated above
    return normal, inputs


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def dumps_canonical(obj: object) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
