"""Read the XML that ``nvidia-smi -q -x`` prints, captured on the target machine.

Parsed with defusedxml: the file comes from elsewhere, so entity expansion and external
references are refused.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path
from xml.etree.ElementTree import Element

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from deepdecide.domain.errors import ValidationError
from deepdecide.domain.i18n import _
from deepdecide.domain.machine import MachineProfile
from deepdecide.domain.userfiles import read_user_file

MAX_BYTES = 16 * 1024 * 1024


def _text(elem: Element | None, tag: str) -> str:
    if elem is None:
        return ""
    child = elem.find(tag)
    if child is None or child.text is None:
        return ""
    value = child.text.strip()
    return "" if value in {"N/A", "Not Supported", "[N/A]"} else value


def parse_nvidia_smi_xml(data: bytes, file: str = "<nvidia-smi>") -> MachineProfile:
    """A MachineProfile from ``nvidia-smi -q -x`` output; GPU name, count, driver, CUDA."""
    try:
        root = SafeET.fromstring(data)
    except DefusedXmlException as exc:
        raise ValidationError(_("refused unsafe XML ({kind})").format(kind=type(exc).__name__), file=file) from None
    except SafeET.ParseError as exc:
        line = exc.position[0] if getattr(exc, "position", None) else None
        raise ValidationError(_("not well-formed XML: {reason}").format(reason=exc), file=file, line=line) from None
    if root.tag != "nvidia_smi_log":
        raise ValidationError(
            _("not an nvidia-smi -q -x capture: the root element is <{tag}>, expected <nvidia_smi_log>").format(tag=root.tag),
            file=file, line=1)
    gpus = root.findall("gpu")
    if not gpus:
        raise ValidationError(_("the capture lists no <gpu> element"), file=file, path="nvidia_smi_log")
    names = Counter(_text(g, "product_name") for g in gpus)
    names.pop("", None)
    if not names:
        raise ValidationError(_("no <product_name> in any <gpu>"), file=file, path="nvidia_smi_log/gpu")
    name, count = names.most_common(1)[0]
    notes = []  # in the current language (a machine profile is shown, never stored)
    if len(names) > 1:
        notes.append(_("mixed GPUs: {gpus}; checked {name}").format(
            gpus=", ".join(f"{n} x{c}" for n, c in names.items()), name=name))
    arch = _text(gpus[0], "product_architecture")
    if arch:
        notes.append(_("architecture reported: {arch}").format(arch=arch))
    cuda = _text(root, "cuda_version")
    if cuda:
        notes.append(_("the CUDA version nvidia-smi reports is the newest the driver supports, not the installed "
                       "toolkit"))
    return MachineProfile(
        gpu_name=name,
        gpu_count=count,
        driver=_text(root, "driver_version"),
        cuda=cuda,
        source=f"nvidia-smi -q -x capture {Path(file).name}",
        notes=tuple(notes),
    )


def read_nvidia_smi_file(path: str | os.PathLike[str]) -> MachineProfile:
    """Read a capture of ``nvidia-smi -q -x``; a folder, FIFO, socket or device is refused before it
    is opened (``domain.userfiles``)."""
    name = os.fsdecode(path)
    data = read_user_file(path, max_bytes=MAX_BYTES, too_large=lambda size: _(
        "larger than {n} bytes: not an nvidia-smi capture").format(n=f"{MAX_BYTES:,}"))
    return parse_nvidia_smi_xml(data, name)
