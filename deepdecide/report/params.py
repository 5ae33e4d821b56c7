"""A record's build parameters (the embedded ``build.json``): what ``report.build`` writes into a
record and what the integrity check, the approval stamps and the revision read back from one (the
software, the date, the language, the earlier record a revision was checked against). Below all of
them: nothing here draws a record."""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from typing import Any

import reportlab

from deepdecide import __version__
from deepdecide.domain import i18n
from deepdecide.domain.dates import parse_day
from deepdecide.report.canonical import dumps_canonical


def generator_info() -> dict[str, str]:
    """The software whose output the record's bytes depend on (stored in the record). A record is drawn
    one way by one version: ``deepdecide verify`` rebuilds byte for byte only a record whose software is
    this very one, and reports any other as unconfirmed (``report.integrity``). The package version goes
    up with every change to what a record draws or how its bytes are written."""
    return {"deepdecide": __version__, "reportlab": reportlab.Version, "zlib": zlib.ZLIB_VERSION}


@dataclass(frozen=True, slots=True)
class PreviousRecord:
    """The earlier record a revision was built on, as ``deepdecide verify`` found it when the revision
    was built (``revise`` and ``report --since`` run it): the SHA-256 of the PDF file, verify's exit
    code and its headline (English, as ``verify --json`` gives it). The revision record prints it."""

    sha256: str
    exit_code: int
    outcome: str

    def to_data(self) -> dict[str, Any]:
        return {"sha256": self.sha256, "exit_code": self.exit_code, "outcome": self.outcome}


def build_params(sections: tuple[str, ...], language: str | None = None, *, date: str = "",
                 previous_record: PreviousRecord | None = None) -> bytes:
    """The build parameters stored in the record: the sections, the software, the record's date (the
    export day or the one the workspace pins: an input of the build, never read from the clock when
    the record is rebuilt), the earlier record a revision was checked against, and, for a record not
    in English, its language (so that ``verify`` rebuilds it in the same language)."""
    params: dict[str, Any] = {"sections": list(sections), "generator": generator_info()}
    if date:
        params["date"] = date
    if previous_record is not None:
        params["previous_record"] = previous_record.to_data()
    lang = language or i18n.language()
    if lang != i18n.DEFAULT:
        params["language"] = lang
    return dumps_canonical(params)


def _params(params: bytes) -> dict[str, Any]:
    try:
        doc = json.loads(params)
    except ValueError:
        return {}
    return doc if isinstance(doc, dict) else {}


def params_date(params: bytes) -> str:
    """The record's date, from its build parameters ("" where they do not state one)."""
    date = _params(params).get("date")
    if not isinstance(date, str) or len(date) != 10:
        return ""
    day = parse_day(date)
    return day.isoformat() if day is not None else ""


def params_previous_record(params: bytes) -> PreviousRecord | None:
    """The earlier record a revision was checked against, from its build parameters (None: not stated)."""
    found = _params(params).get("previous_record")
    if not isinstance(found, dict):
        return None
    sha, code, text = found.get("sha256"), found.get("exit_code"), found.get("outcome")
    if not isinstance(sha, str) or not isinstance(code, int) or isinstance(code, bool) or not isinstance(text, str):
        return None
    return PreviousRecord(sha, code, text)


def params_language(params: bytes) -> str:
    """The language a record was built in, from its build parameters (English when unstated)."""
    try:
        lang = json.loads(params).get("language")
    except (ValueError, AttributeError):
        return i18n.DEFAULT
    return lang if isinstance(lang, str) and i18n.normalize(lang) == lang else i18n.DEFAULT
