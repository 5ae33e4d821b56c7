"""Render the SVG application icon into the formats Windows (.ico) and macOS (.icns) want.

Used by deepdecide.spec at build time, so no binary icon is kept in the repository. Both formats
hold PNG images (Windows Vista and later, macOS 10.7 and later read PNG entries), so Qt's SVG
renderer is the only tool needed: no Pillow, no iconutil.
"""

from __future__ import annotations

import os
import struct
from pathlib import Path

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# icns element types holding PNG data, by pixel size (ic11..ic14 are the @2x variants)
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
    (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512),
)


def render_png(svg: str | os.PathLike[str], size: int) -> bytes:
    """Render the SVG into a square PNG of ``size`` pixels with a transparent background."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([])
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"{svg}: not a valid SVG file")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data.data())


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """Pack PNG images (size -> bytes) into a Windows .ico file."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        png = pngs[size]
        dim = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(png), offset)
        blobs += png
        offset += len(png)
    return header + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """Pack PNG images (size -> bytes) into a macOS .icns file."""
    body = b""
    for kind, size in ICNS_TYPES:
        if size in pngs:
            body += kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_ico(svg: str | os.PathLike[str], target: str | os.PathLike[str]) -> Path:
    pngs = {size: render_png(svg, size) for size in ICO_SIZES}
    path = Path(target)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(ico_bytes(pngs))
    return path


def write_icns(svg: str | os.PathLike[str], target: str | os.PathLike[str]) -> Path:
    pngs = {size: render_png(svg, size) for size in sorted({s for _, s in ICNS_TYPES})}
    path = Path(target)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(icns_bytes(pngs))
    return path
