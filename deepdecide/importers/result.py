"""What importing one file gives: below the registry that makes it and the steps that amend it (the
publisher's checksum check, a join of two files, a plan's parity judgement)."""

from __future__ import annotations

from dataclasses import dataclass

from deepdecide.domain.evidence import EvidenceFile, ProvenanceKind
from deepdecide.domain.messages import Message
from deepdecide.importers.secrets import Finding


@dataclass(frozen=True)
class ImportResult:
    """One imported file: its evidence, the format it was recognised as, what is still missing."""

    evidence: EvidenceFile
    tool: str
    format: str
    missing_context: tuple[str, ...] = ()
    notes: tuple[Message, ...] = ()  # what the import did to the file as a whole (rendered where shown)
    model: str = ""  # the model a parity file is about (lm-eval model_args, a baseline's model_name)
    redactions: tuple[Finding, ...] = ()  # what the redaction pass removed: kind and place, never the secret
    # context the file *name* suggests for what is missing (never applied: the user confirms)
    suggestions: tuple[tuple[str, str], ...] = ()
    # who made the file where its format says it (an estimator's output: predicted); None: not said
    file_kind: ProvenanceKind | None = None
