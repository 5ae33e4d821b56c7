"""Write a benchmark plan's folder (docs/benchmark-plan.md; ``importers.plan`` reads it back).

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
from deepdecide.domain.plan import MANIFEST, BenchmarkPlan, script_text, to_json


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
