"""Files that are one measurement, imported together as one evidence file.

AISBench writes each run as two files of one name in one folder, ``performances/<model>/<dataset>.csv``
(latency statistics and token lengths) and ``.json`` (throughput, request counts, duration and the
load). Each still imports on its own (half a run, flagged so); :func:`join_aisbench` imports the
two as one run (``aisbench.parse_pair``: the stage both hold, stable preferred; refused, naming
both files, when they are not of one run), and the provenance lists both files, each with its
size, SHA-256 and what was taken from it (``Provenance.joined``). :func:`pairs` finds such pairs
among paths; a folder import (``importers.folder``) and the command line join the pairs they are
given automatically.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from pathlib import Path

from deepdecide.domain.errors import EvidenceImportError
from deepdecide.domain.evidence import JoinedFile
from deepdecide.domain.flags import flag
from deepdecide.domain.i18n import N_, _
from deepdecide.importers import aisbench, checksums
from deepdecide.importers.base import ImportContext, Source, take_dropped
from deepdecide.importers.registry import (
    build_result,
    guarded_parse,
    read_file_stat,
    sniff,
    sniff_source,
    still_same,
    stored_file_name,
)
from deepdecide.importers.result import ImportResult

#: what the joined import is called where a format is named
JOINED_FORMAT = N_("AISBench performance CSV + JSON of one run (joined)")

_CSV, _JSON = aisbench.AisbenchCsv(), aisbench.AisbenchJson()


def pairs(paths: Iterable[str]) -> list[tuple[str, str]]:
    """The (CSV, JSON) pairs among ``paths``: one folder, one name, ``.csv`` and ``.json`` (in the
    order of the CSVs as given). Whether both are AISBench results is for the caller to check."""
    given = list(dict.fromkeys(paths))
    by_key = {(os.path.dirname(p), Path(p).stem, Path(p).suffix.lower()): p for p in given}
    out = []
    for p in given:
        folder, stem, suffix = os.path.dirname(p), Path(p).stem, Path(p).suffix.lower()
        other = by_key.get((folder, stem, ".json"))
        if suffix == ".csv" and other is not None:
            out.append((p, other))
    return out


def is_aisbench_pair(csv_result: ImportResult, json_result: ImportResult) -> bool:
    """Whether two single-file imports are an AISBench performance CSV and JSON."""
    return csv_result.format == _CSV.description and json_result.format == _JSON.description


def join_aisbench(csv_path: str, json_path: str, context: ImportContext | None = None) -> ImportResult:
    """One evidence file from an AISBench run's CSV and JSON (see the module's docstring). Raises
    EvidenceImportError naming the file and the reason when either is not what it should be or the
    two are not of one run; changes nothing."""
    context = context or ImportContext()
    sources = []
    for path, importer in ((csv_path, _CSV), (json_path, _JSON)):
        data, before = read_file_stat(path)
        src = Source(Path(os.fsdecode(path)).name, data, path=os.fsdecode(path))
        if type(sniff_source(src)) is not type(importer):
            raise src.error(_("is not an {format}: it cannot be joined with {other}").format(
                format=_(importer.description), other=Path(json_path if path == csv_path else csv_path).name))
        sources.append((src, before))
    (csv_src, _b1), (json_src, _b2) = sources
    take_dropped()  # values dropped while sniffing belong to no run
    parsed = guarded_parse(csv_src, _CSV, lambda: aisbench.parse_pair(csv_src, json_src))
    joined = tuple(JoinedFile(stored_file_name(src.name), len(src.raw), hashlib.sha256(src.raw).hexdigest(),
                              flag(part))
                   for src, part in ((csv_src, "join.aisbench_csv"), (json_src, "join.aisbench_json")))
    result = build_result(csv_src, _CSV, parsed, context, sha256=joined[0].sha256, joined=joined,
                          format_name=JOINED_FORMAT)
    for path, (_src, before) in zip((csv_path, json_path), sources, strict=True):
        if not still_same(path, before):  # rewritten since it was read: the import may be partial
            raise EvidenceImportError(_('changed while being read (is the benchmark still writing it?): try again'),
                                      file=os.fsdecode(path))
    return checksums.against_manifest(result, csv_path)


def aisbench_pairs(paths: Iterable[str]) -> list[tuple[str, str]]:
    """The (CSV, JSON) pairs among ``paths`` (:func:`pairs`) whose contents are an AISBench
    performance CSV and JSON: the files a command line or a file dialog gives are joined like a
    folder's. A file that cannot be read is no pair (its own import says why)."""
    out = []
    for csv_path, json_path in pairs(paths):
        try:
            if isinstance(sniff(csv_path), aisbench.AisbenchCsv) and isinstance(sniff(json_path), aisbench.AisbenchJson):
                out.append((csv_path, json_path))
        except EvidenceImportError:
            continue
    return out
