"""Write the illustrative sample evidence into the built-in sample workspace.

The sample keeps `matrix: builtin` (and the other built-in sections), so it is not re-saved
through save_workspace (which writes every section inline); instead the `evidence:` section at
the end of the file is replaced by what `deepdecide import --samples` would add. Provenance
import times are fixed to the decision date so the sample is reproducible.

    python tools/add_sample_evidence.py [--imported-at 2026-11-29T00:00:00Z]
"""

from __future__ import annotations

import argparse
import dataclasses

from deepdecide.domain.evidence import Evidence
from deepdecide.importers.samples import import_samples
from deepdecide.storage import codec
from deepdecide.storage.files import load_workspace, sample_workspace_path
from deepdecide.storage.yamlio import atomic_write_bytes, dump_yaml

MARK = "\n# --- evidence: written by tools/add_sample_evidence.py"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--imported-at", default="2026-11-29T00:00:00Z")
    args = parser.parse_args()
    path = sample_workspace_path()
    text = path.read_text(encoding="utf-8")
    if MARK in text:
        text = text[: text.index(MARK)].rstrip("\n") + "\n"
    files = []
    for result in import_samples():
        ev = result.evidence
        files.append(dataclasses.replace(ev, provenance=dataclasses.replace(ev.provenance, imported_at=args.imported_at)))
    section = dump_yaml({"evidence": codec.to_data(Evidence(files=tuple(files)))})
    text += (MARK + " (illustrative, reconstructed from published figures, not measurements;\n"
             "# see data/samples/evidence/README.md). Regenerate instead of editing.\n" + section)
    atomic_write_bytes(path, text.encode("utf-8"))
    ws = load_workspace(path)  # must still be valid
    print(f"{path}: {len(ws.evidence.files)} evidence files, {len(ws.evidence.runs)} runs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
