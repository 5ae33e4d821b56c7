"""The files a record embeds (its inputs, build parameters, an earlier revision's inputs, a signed
approval record), read out of the PDF: below the integrity check, the approval stamps and the
revision, which all read them."""

from __future__ import annotations

import io
import logging

from deepdecide.domain.errors import DeepdecideError
from deepdecide.domain.i18n import _


class UnreadableRecord(DeepdecideError):
    """The file is not a PDF that can be read at all."""


def _quiet_pypdf() -> None:
    """pypdf logs repairs of damaged files; verify reports its own verdict, so keep them off the terminal."""
    logger = logging.getLogger("pypdf")
    if not any(isinstance(h, logging.NullHandler) for h in logger.handlers):
        logger.addHandler(logging.NullHandler())


def extract_attachments(pdf: bytes) -> dict[str, bytes]:
    """The files embedded in a PDF, by name (the first, when a name repeats)."""
    from pypdf import PdfReader  # deferred: pypdf (and cryptography) load when a record is read
    from pypdf.errors import PyPdfError  # deferred: as above

    if not pdf.lstrip()[:5] == b"%PDF-":
        raise UnreadableRecord(_("not a PDF file (no %PDF- header)"))
    _quiet_pypdf()
    try:
        reader = PdfReader(io.BytesIO(pdf), strict=False)
        found = reader.attachments
        return {name: data[0] for name, data in found.items() if data}
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, OSError) as exc:
        raise UnreadableRecord(_("the PDF cannot be parsed (damaged or truncated): {reason}").format(reason=exc)) from None
