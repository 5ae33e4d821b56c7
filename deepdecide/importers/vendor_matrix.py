"""NVIDIA AIConfigurator's support matrix as a dated source (``deepdecide matrix --compare``,
``revisit --matrix``): the per-system CSVs and their ``index.json``.

Two layouts, read by their header: ``Model,System,Backend,Version,Mode,Status,ErrMsg`` (the first
committed matrix, 2025-11) and ``HuggingFaceID,Architecture,System,Backend,Version,Mode,Status,
ErrMsg,Command,Source`` (aiconfigurator-core 0.11+: one file per system listed in
``systems/support_matrix/index.json``; ``ErrMsg`` holds multi-line tracebacks). Statuses are
AIConfigurator's five (``domain.matrix_compare.AIC_STATUSES``); a ``PASS`` of the newer layout counts
as measured only with ``Source`` ``silicon``, as aiconfigurator-core's own ``_is_silicon_support_row``
rules. Systems map to platforms through ``importers.aiconfigurator.AIC_SYSTEMS``; a system or
backend deepdecide has no id for is listed as not placed, never guessed. An index names the files
and so the systems the vendor covers; the cells come from the CSVs beside it when they are there.

The file states no date: the as-of is what the user gives (``--as-of``), else "not stated".
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter, defaultdict
from pathlib import Path

from deepdecide.domain.errors import EvidenceImportError
from deepdecide.domain.i18n import _
from deepdecide.domain.matrix_compare import (
    AIC_STATUSES,
    VendorCell,
    VendorMatrix,
    VendorVerdict,
    vendor_source,
)
from deepdecide.importers.aiconfigurator import AIC_BACKENDS, AIC_SYSTEMS
from deepdecide.importers.base import Source
from deepdecide.importers.registry import read_file
from deepdecide.importers.structured import csv_table

OLD_COLUMNS = ("Model", "System", "Backend", "Version", "Mode", "Status")
NEW_COLUMNS = ("HuggingFaceID", "Architecture", "System", "Backend", "Version", "Mode", "Status")
#: checkpoint-name words that name a quantization, not another model (DeepSeek-V4-Flash-FP8 is DeepSeek-V4-Flash)
_QUANT_WORDS = frozenset({"fp8", "fp4", "nvfp4", "mxfp4", "mxfp8", "int4", "int8", "w4a16", "w8a8", "awq", "gptq",
                          "static", "pertensor", "dynamic", "fp16", "bf16", "instruct"})


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[^a-z0-9]+", name.lower().rsplit("/", 1)[-1]) if w]


def model_matches(query: str, model: str) -> bool:
    """``DeepSeek-V4-Flash`` matches ``deepseek-ai/DeepSeek-V4-Flash``, ``nvidia/DeepSeek-V4-Flash-NVFP4`` and
    ``DEEPSEEK_V4_FLASH`` (the same model in another precision or spelling), not ``DeepSeek-V4-Flash-Base-X``
    nor ``DeepSeek-V3.2`` for ``DeepSeek-V3``."""
    q, m = _words(query), _words(model)
    return bool(q) and m[:len(q)] == q and all(w in _QUANT_WORDS for w in m[len(q):])


def is_vendor_matrix(path: str | Path) -> bool:
    """True when the file is an AIConfigurator support matrix CSV or index (by content)."""
    name = str(path)
    try:
        src = Source(Path(name).name, read_file(name), path=name)
    except EvidenceImportError:
        return False
    return _kind(src) != ""


def _kind(src: Source) -> str:
    v = src.json if src.looks_json else None
    if isinstance(v, dict) and isinstance(v.get("files"), list) and v["files"] and \
            all(isinstance(f, str) and f.endswith(".csv") for f in v["files"]):
        return "index"
    table = None if src.looks_json else csv_table(src)
    if table is not None and (table.has(*NEW_COLUMNS) or table.has(*OLD_COLUMNS)):
        return "csv"
    return ""


def _first_line(text: str) -> str:
    line = text.strip().replace("\\n", "\n").split("\n", 1)[0].strip()
    return line[:200]


def read_vendor_matrix(path: str | Path, *, model: str = "", as_of: str = "") -> VendorMatrix:
    """Read an AIConfigurator support-matrix CSV or its index.json (with the CSVs named in it that lie
    beside it). Raises EvidenceImportError naming the file, the line and the reason."""
    name = str(path)
    data = read_file(name)
    src = Source(Path(name).name, data, path=name)
    kind = _kind(src)
    if not kind:
        raise src.error(_("not an AIConfigurator support matrix (a CSV with the columns {new} or {old}) nor its "
                          "index.json").format(new=",".join(NEW_COLUMNS), old=",".join(OLD_COLUMNS)))
    digest = hashlib.sha256(data).hexdigest()
    files: list[tuple[Source, str]] = []
    systems: list[str] = []
    unplaced: set[str] = set()
    if kind == "index":
        for f in src.json["files"]:
            system = Path(f).stem
            systems.append(system)
            if system.lower() not in AIC_SYSTEMS:
                unplaced.add(_("system {system!r}").format(system=system))
            beside = Path(name).parent / f
            if beside.is_file():
                more = read_file(beside)
                files.append((Source(f, more, path=str(beside)), hashlib.sha256(more).hexdigest()))
        layout = _("AIConfigurator support-matrix index ({n} systems, {m} of their CSVs beside it)").format(
            n=len(systems), m=len(files))
    else:
        files.append((src, digest))
        layout = ""
    rows: dict[tuple[str, str], list[dict[str, str]]] = defaultdict(list)
    matched: set[str] = set()
    layouts: set[str] = set()
    for fsrc, _digest in files:
        table = csv_table(fsrc)
        if table is None or not (table.has(*NEW_COLUMNS) or table.has(*OLD_COLUMNS)):
            raise fsrc.error(_("not an AIConfigurator support-matrix CSV"))
        new = table.has(*NEW_COLUMNS)
        layouts.add(_("10 columns with Command and Source (aiconfigurator 0.11+)") if new
                    else _("7 columns (the first committed matrix, 2025)"))
        for line, row in table.rows:
            if len(row) != len(table.header):
                raise fsrc.error(_("expected {n} cells like the header, got {got}").format(n=len(table.header), got=len(row)),
                                 line=line)
            r = dict(zip(table.header, (c.strip() for c in row), strict=True))
            status = r["Status"]
            if status not in AIC_STATUSES:
                raise fsrc.error(_("unknown status {status!r}; AIConfigurator writes {known}").format(
                    status=status, known=", ".join(AIC_STATUSES)), line=line, path="Status")
            m = r["HuggingFaceID"] if new else r["Model"]
            systems.append(r["System"])
            if model and not model_matches(model, m):
                continue
            matched.add(m)
            platform, runtime = AIC_SYSTEMS.get(r["System"].lower(), ""), AIC_BACKENDS.get(r["Backend"].lower(), "")
            if not platform:
                unplaced.add(_("system {system!r}").format(system=r["System"]))
                continue
            if not runtime:
                unplaced.add(_("backend {backend!r}").format(backend=r["Backend"]))
                continue
            r["_measured"] = "1" if status == "PASS" and (not new or r.get("Source") == "silicon") else ""
            rows[(runtime, platform)].append(r)
    cells = []
    for (runtime, platform), rs in rows.items():
        counts = Counter(r["Status"] for r in rs)
        if any(r["_measured"] for r in rs):
            verdict = VendorVerdict.RUNS_MEASURED
        elif counts["HYBRID_PASS"] or counts["PASS"]:
            verdict = VendorVerdict.RUNS_MODELLED  # a PASS without silicon data is no measurement (AIC's own rule)
        elif counts["HW_INCOMPATIBLE"] or counts["FRAMEWORK_INCOMPATIBLE"]:
            verdict = VendorVerdict.INCOMPATIBLE
        else:
            verdict = VendorVerdict.NO_RESULT
        reasons = tuple(dict.fromkeys(_first_line(r["ErrMsg"]) for r in rs
                                      if r["Status"].endswith("_INCOMPATIBLE") and r.get("ErrMsg")))[:3]
        cells.append(VendorCell(
            runtime, platform, rs[0]["System"], verdict, tuple((s, counts[s]) for s in AIC_STATUSES if counts[s]),
            tuple(sorted({r["Version"] for r in rs}, key=_version_key)),
            len({r.get("HuggingFaceID") or r.get("Model", "") for r in rs}),
            reasons if verdict == VendorVerdict.INCOMPATIBLE else ()))
    cells.sort(key=lambda c: (c.runtime, c.platform))
    title = _("AIConfigurator support matrix {file}").format(file=src.name)
    source = vendor_source(title, name, as_of or _("not stated in the file"))
    return VendorMatrix(source, src.name, digest, layout or "; ".join(sorted(layouts)), tuple(cells), model,
                        tuple(sorted(matched)), tuple(sorted(unplaced)), tuple(dict.fromkeys(systems)))


def _version_key(v: str) -> tuple[object, ...]:
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in re.split(r"[.\-]", v))
