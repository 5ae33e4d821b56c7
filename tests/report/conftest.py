"""Fixtures for the report tests: the small workspace, a built record, a signed record."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdf_helpers import EXPORT_DAY, P12_PASSWORD, SMALL, make_certificate


@pytest.fixture(scope="session")
def small_ws():
    from deepdecide.storage.files import load_workspace

    return load_workspace(SMALL)


@pytest.fixture(scope="session")
def record(small_ws) -> bytes:
    import datetime as dt

    from deepdecide.report import build

    return build(small_ws, export_day=dt.date.fromisoformat(EXPORT_DAY))


@pytest.fixture(scope="session")
def certificate(tmp_path_factory) -> tuple[Path, Path]:
    return make_certificate(tmp_path_factory.mktemp("cert"))


@pytest.fixture(scope="session")
def signed(tmp_path_factory, small_ws, certificate) -> Path:
    import datetime as dt

    from deepdecide.report import SignRequest, write_record

    out = tmp_path_factory.mktemp("signed") / "signed.pdf"
    write_record(small_ws, out, sign=SignRequest(str(certificate[0]), P12_PASSWORD.encode(), "Ana Ruiz"),
                 export_day=dt.date.fromisoformat(EXPORT_DAY))
    return out
