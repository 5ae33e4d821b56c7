"""The user's choices for one record export: the export dialog builds one from its fields,
``Interaction.ask_export`` returns it, and ``pdf_export.export_pdf`` turns it into
``report.write_record``. Below the three of them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deepdecide.report import SignRequest


@dataclass(frozen=True)
class ExportRequest:
    """What to write where, and whether to sign it. ``passphrase`` is never shown, logged or stored."""

    path: str
    sections: tuple[str, ...] = ()  # in record order; empty means every section
    sign: bool = False
    certificate: str = ""  # PKCS#12 (.p12/.pfx) file
    signer_name: str = ""
    passphrase: bytes | None = field(default=None, repr=False)
    reason: str = ""
    since: str = ""  # the earlier revision's record: its inputs carried, what changed listed (report --since)

    def sign_request(self) -> SignRequest | None:
        if not self.sign:
            return None
        from deepdecide.report import (
            SignRequest,  # deferred: the record's writer brings reportlab, loaded when a record is exported
        )

        return SignRequest(self.certificate, self.passphrase, self.signer_name, reason=self.reason)
