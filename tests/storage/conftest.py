"""Every YAML text a storage test parses is read by both loaders, which must agree (loader_parity)."""

from __future__ import annotations

import pytest
from loader_parity import assert_same

from deepdecide.storage import files, yamlio


@pytest.fixture(autouse=True)
def _both_loaders_agree(monkeypatch):
    real = yamlio.parse_yaml

    def parse(text: str, file: str = ""):
        assert_same(text, file)
        return real(text, file)

    monkeypatch.setattr(yamlio, "parse_yaml", parse)
    monkeypatch.setattr(files, "parse_yaml", parse)
