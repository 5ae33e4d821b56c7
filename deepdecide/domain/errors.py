"""Typed errors. Every error a user can cause names the file, the place in it and the reason."""

from __future__ import annotations

from deepdecide.domain.i18n import _


class DeepdecideError(Exception):
    """Base of every error deepdecide reports to a user (never a traceback)."""


class LocatedError(DeepdecideError):
    """An error at a place in a file: ``file:line: key.path: reason``."""

    def __init__(self, reason: str, *, file: str = "", line: int | None = None, path: str = ""):
        self.reason = reason
        self.file = file
        self.line = line
        self.path = path
        super().__init__(reason)

    def __str__(self) -> str:
        return self.message

    @property
    def message(self) -> str:
        # a newline in a file name is shown escaped: the message stays one line
        where = self.file.replace("\n", "\\n").replace("\r", "\\r") if self.file else _("<input>")
        if self.line is not None:
            where += f":{self.line}"
        parts = [where]
        if self.path:
            parts.append(self.path)
        parts.append(self.reason)
        return ": ".join(parts)


class ValidationError(LocatedError):
    """A workspace or data file that does not follow the format."""


class MigratedValue(ValidationError):
    """A value of an older file that its schema's migration read otherwise, or that needs attention under
    a newer schema (a warning on open): named and located, and nothing that blocks saving."""


class ValidationErrors(DeepdecideError):
    """Several validation errors in one file (all reported at once)."""

    def __init__(self, errors: list[ValidationError]):
        self.errors = errors
        super().__init__(f"{len(errors)} errors")

    def __str__(self) -> str:
        return "\n".join(e.message for e in self.errors)


class EvidenceImportError(LocatedError):
    """An evidence file that cannot be imported; ``tried`` lists the formats attempted."""

    def __init__(self, reason: str, *, file: str = "", line: int | None = None, path: str = "",
                 tried: tuple[str, ...] = ()):
        self.tried = tried
        super().__init__(reason, file=file, line=line, path=path)

    @property
    def message(self) -> str:
        msg = super().message
        if self.tried:
            msg += _(" (formats tried: {formats})").format(formats=", ".join(_(t) for t in self.tried))
        return msg


class UnreadableFileError(ValidationError):
    """The file could not be read at all (missing, a folder, no permission, too large)."""


class OutputPathError(LocatedError):
    """A path given to write to that may not be written: it exists and is not a regular file (a
    folder, a FIFO, a socket, a device). A usage error: nothing is written."""


class WriteConflict(Exception):
    """Another writer of a workspace stands in the way (``storage.lock``): nothing was written.
    Deliberately not a ``DeepdecideError``, which a command reports as a problem of its input: the
    command line ends with its own exit code (5), the desktop application offers to reload."""

    def __init__(self, file: str, reason: str):
        self.file = file
        self.reason = reason
        super().__init__(f"{file}: {reason}")
