"""A pseudo-translation of the Qt catalog: every message accented and about 40 % longer, its
``%1`` and ``%n`` markers, HTML tags, accelerators and file-dialog patterns kept. A window in this "language"
shows at once text that does not go through the translator (it stays plain ASCII English) and
layouts that only fit the English lengths."""

from __future__ import annotations

import math
import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

ACCENTED = str.maketrans("aeiouncyszAEIOUNCYSZ", "áéíöüñçýšžÁÉÍÖÜÑÇÝŠŽ")
#: kept as they are: Qt markers, HTML tags and entities, accelerators (&F, &&), glob patterns
_KEEP = re.compile(r"%\d+|%L?n|<[^>]*>|&[A-Za-z#0-9]+;|&.|\(\*[^)]*\)|\*\.\w+")
_PAD = "ẋǎẑ"


def pseudo(text: str) -> str:
    """``text`` accented and padded to about 1.4 times its length (markup untouched)."""
    parts, last = [], 0
    for m in _KEEP.finditer(text):
        parts.append(text[last:m.start()].translate(ACCENTED))
        parts.append(m.group(0))
        last = m.end()
    parts.append(text[last:].translate(ACCENTED))
    visible = len(_KEEP.sub("", text))
    pad = "".join(_PAD[i % len(_PAD)] for i in range(math.ceil(visible * 0.4)))
    out = "".join(parts)
    if not pad:
        return out
    # the padding goes before a trailing ellipsis, colon or closing tag, where a longer word would be
    tail = re.search(r"((?:…|:|\s|</[^>]+>)*)$", out)
    cut = tail.start() if tail else len(out)
    return out[:cut] + pad + out[cut:]


def sources(ts: Path) -> list[tuple[str, str]]:
    root = ET.parse(ts).getroot()
    return [(ctx.findtext("name") or "", msg.findtext("source") or "")
            for ctx in root.iter("context") for msg in ctx.iter("message")]


def write_pseudo_qm(template: Path, out_dir: Path, lrelease: str) -> Path:
    """The pseudo-translated catalog of ``template``, compiled into ``out_dir``; returns the .qm."""
    root = ET.parse(template).getroot()
    for msg in root.iter("message"):
        tr = msg.find("translation")
        assert tr is not None
        text = pseudo(msg.findtext("source") or "")
        forms = tr.findall("numerusform")
        if forms:  # a message with plural forms: each of them
            for form in forms:
                form.text = text
        else:
            tr.text = text
        tr.attrib.pop("type", None)
    ts = out_dir / "deepdecide_pseudo.ts"
    ET.ElementTree(root).write(ts, encoding="utf-8", xml_declaration=True)
    qm = out_dir / "deepdecide_pseudo.qm"
    subprocess.run([lrelease, str(ts), "-qm", str(qm)], check=True, capture_output=True, timeout=120)
    return qm
