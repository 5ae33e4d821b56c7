"""Fixtures for the importer tests: the real tool output files copied from shared/fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "importers"


@pytest.fixture
def fixture_path():
    def get(relative: str) -> Path:
        path = FIXTURES / relative
        assert path.is_file(), relative
        return path

    return get
