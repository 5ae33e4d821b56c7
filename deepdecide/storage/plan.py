"""Write a benchmark plan's folder, and read its manifest back (docs/benchmark-plan.md).

The folder is written whole or not at all: the files go to a new folder beside the target, which
is then renamed into place; a target that exists and is not empty is refused (nothing is
overwritten).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from deepdecide.domain.errors import ValidationError
from deepdecide.domain.i18n import _
from deepdecide.domain.plan import MANIFEST, BenchmarkPlan, ManifestError, from_json, script_text, to_json

MAX_MANIFEST_BYTES = 4 * 1024 * 1024


def write_plan(plan: BenchmarkPlan, folder: str | os.PathLike[str]) -> list[Path]:
    """Write the plan's scripts and manifest into ``folder`` (created; it must not exist or be
    empty). Returns the files written, the manifest first."""
    target = Path(folder)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise ValidationError(_("exists and is not an empty folder: the plan is written to a new folder"),
                              file=str(target))
    parent = target.parent if str(target.parent) else Path(".")
    parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".deepdecide-plan-", dir=parent))
    staging.chmod(0o755)  # mkdtemp makes it private; a plan is shared with whoever runs it
    written = [MANIFEST]
    try:
        (staging / MANIFEST).write_text(to_json(plan), encoding="utf-8")
        for item in plan.items:
            script = staging / item.script
            script.parent.mkdir(parents=True, exist_ok=True)
            script.write_text(script_text(plan, item), encoding="utf-8")
            script.chmod(0o755)
            written.append(item.script)
        if target.exists():
            target.rmdir()  # empty (checked above)
        os.replace(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return [target / w for w in written]


def read_manifest(folder: str | os.PathLike[str]) -> BenchmarkPlan | None:
    """The plan whose manifest is at the top of ``folder``; None when there is none. A manifest that
    cannot be read raises ``ValidationError`` naming the file and the key path."""
    path = Path(folder) / MANIFEST
    if not path.is_file():
        return None
    try:
        if path.stat().st_size > MAX_MANIFEST_BYTES:
            raise ValidationError(_("larger than {n} MiB: not a plan's manifest").format(n=MAX_MANIFEST_BYTES >> 20),
                                  file=str(path))
        return from_json(path.read_text(encoding="utf-8"))
    except ManifestError as exc:
        raise ValidationError(exc.reason, file=str(path), path=exc.where) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ValidationError(_("cannot be read: {reason}").format(reason=exc), file=str(path)) from None
